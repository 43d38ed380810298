import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeHelpers, NodeOperationError } from 'n8n-workflow';

import {
	CURRENT_EDITION,
	editionAllows,
	editionAtLeast,
	requireEdition,
	runEdition,
} from '../../nodes/AffinityV2/api/edition';
import { AffinityV2Api } from '../../credentials/AffinityV2Api.credentials';
import { credentialExport } from '../../scripts/n8n';
import { DEMO_CREDENTIAL } from '../../scripts/start';

/**
 * The edition a run uses (api/edition.ts): the credential's API Version, or the key's
 * default as Affinity names it in X-Affinity-Api-Version; and the guard of the operations that
 * need 2026-09-17, which stops before the operation's request with a message naming the
 * credential's API Version. The HTTP client is a stub that records what is sent.
 */

interface Sent {
	url: string;
	headers: Record<string, unknown>;
}

function context(apiVersion: string, answeredVersion?: string) {
	const sent: Sent[] = [];
	const ctx = {
		getNode: () => ({ name: 'Affinity v2', type: 'affinityV2', credentials: {} }),
		getInputData: () => [{ json: {} }],
		getNodeParameter: (_name: string, _item: number, fallback: unknown) => fallback,
		getCredentials: async () => ({
			apiKey: 'test-key-not-a-secret',
			baseUrl: 'http://127.0.0.1:9',
			apiVersion,
		}),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: Sent) => {
				sent.push({ url: options.url, headers: options.headers });
				return {
					statusCode: 200,
					headers: answeredVersion ? { 'x-affinity-api-version': answeredVersion } : {},
					body: JSON.stringify({ tenant: { id: 1 }, user: { id: 1 }, grant: {} }),
				};
			},
		},
	};
	return { ctx: ctx as unknown as IExecuteFunctions, sent };
}

describe('editionAtLeast', () => {
	it.each([
		['2026-09-17', '2026-09-17', true],
		['2026-12-01', '2026-09-17', true],
		['2026-07-15', '2026-09-17', false],
		['2024-01-01', '2026-09-17', false],
		['2024-01-01', '2024-01-01', true],
		['current', '2026-09-17', false],
		['', '2026-09-17', false],
	] as const)('%s is %s or later: %s', (edition, since, expected) => {
		expect(editionAtLeast(edition, since)).toBe(expected);
	});

	it('the current edition is the credential’s default', () => {
		const property = new AffinityV2Api().properties.find((p) => p.name === 'apiVersion')!;
		expect(property.default).toBe(CURRENT_EDITION);
	});

	it('the demo credential of npm start stores the version its dialog shows (the default)', () => {
		const property = new AffinityV2Api().properties.find((p) => p.name === 'apiVersion')!;
		const stored = credentialExport({ ...DEMO_CREDENTIAL, apiKey: 'k', baseUrl: 'http://x' });
		expect(stored.data.apiVersion).toBe(property.default);
	});

	it('a credential saved with the key’s default (empty) is told what that means; a chosen version is not', () => {
		const notice = new AffinityV2Api().properties.find(
			(p) => p.name === 'keyDefaultVersionNotice',
		)!;
		expect(notice.displayName).toMatch(/No version is sent.*Default API Version set for this key/);
		const shown = (apiVersion: string) =>
			NodeHelpers.displayParameter({ apiVersion }, notice, null, null);
		expect(shown('')).toBe(true);
		expect(shown('2026-09-17')).toBe(false);
		expect(shown('2026-07-15')).toBe(false);
	});
});

describe('requireEdition', () => {
	it('on a credential saved with 2026-07-15 fails before any request, naming the API Version and what to change', async () => {
		const { ctx, sent } = context('2026-07-15');
		const failure = await requireEdition
			.call(ctx, '2026-09-17', 'Team → Get', 0)
			.catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(NodeOperationError);
		const error = failure as NodeOperationError;
		expect(error.message).toBe(
			"Team → Get needs Affinity API version 2026-09-17 or later; the credential's API Version is 2026-07-15",
		);
		expect(error.description).toMatch(
			/Set API Version to 2026-09-17 in the "Affinity V2 API" credential.*Nothing was sent/,
		);
		expect(sent).toEqual([]);
	});

	it('on 2024-01-01 fails the same way', async () => {
		const { ctx, sent } = context('2024-01-01');
		await expect(requireEdition.call(ctx, '2026-09-17', 'Transcript → Delete', 0)).rejects.toThrow(
			/^Transcript → Delete needs .* API Version is 2024-01-01$/,
		);
		expect(sent).toEqual([]);
	});

	it('on 2026-09-17 lets the operation run, without a request of its own', async () => {
		const { ctx, sent } = context('2026-09-17');
		await expect(requireEdition.call(ctx, '2026-09-17', 'Team → Get', 0)).resolves.toBeUndefined();
		expect(sent).toEqual([]);
	});

	it('with the key’s default, reads the version Affinity names once (whoami), then knows it', async () => {
		const { ctx, sent } = context('', '2026-07-15');
		await expect(requireEdition.call(ctx, '2026-09-17', 'File → Get', 0)).rejects.toThrow(
			"File → Get needs Affinity API version 2026-09-17 or later; the credential's API Version is the key's default, which Affinity answers as 2026-07-15",
		);
		expect(sent.map((s) => s.url)).toEqual(['http://127.0.0.1:9/v2/auth/whoami']);
		expect(sent[0].headers['X-Affinity-Api-Version']).toBeUndefined();
		expect(await runEdition.call(ctx, 0)).toEqual({ edition: '2026-07-15', chosen: false });
		expect(sent).toHaveLength(1);
	});

	it('with the key’s default of 2026-09-17 lets the operation run', async () => {
		const { ctx } = context('', '2026-09-17');
		await expect(requireEdition.call(ctx, '2026-09-17', 'Team → Get', 0)).resolves.toBeUndefined();
	});

	it('with the key’s default and answers that name no version, says to choose one', async () => {
		const { ctx } = context('');
		await expect(requireEdition.call(ctx, '2026-09-17', 'Team → Get', 0)).rejects.toThrow(
			/did not say which API version/,
		);
	});
});

describe('editionAllows (the switches between API v1 and v2)', () => {
	it('answers from the credential, never with a request', async () => {
		for (const [version, expected] of [
			['2026-09-17', true],
			['2026-07-15', false],
			['2024-01-01', false],
		] as const) {
			const { ctx, sent } = context(version);
			expect(await editionAllows.call(ctx, '2026-09-17', 0)).toBe(expected);
			expect(sent).toEqual([]);
		}
	});

	it('with the key’s default, is no until an answer of the run named 2026-09-17', async () => {
		const { ctx, sent } = context('', '2026-09-17');
		expect(await editionAllows.call(ctx, '2026-09-17', 0)).toBe(false);
		expect(sent).toEqual([]);
		await runEdition.call(ctx, 0);
		expect(await editionAllows.call(ctx, '2026-09-17', 0)).toBe(true);
	});
});

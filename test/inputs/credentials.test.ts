/**
 * Bad credentials, for every operation of the action node and for the trigger: plain http to
 * a host other than loopback, an empty key, a key of spaces are refused before any request,
 * naming the Base URL or the API key; an unknown key gets Affinity's 401. The emulator listens
 * on every interface here, so a request sent to its non-loopback address would be in its log.
 * No key appears in any output, error or log line (LeakWatch, after each test).
 */
import { BAD_KEYS, LeakWatch } from './secrets';

import { networkInterfaces } from 'node:os';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { request } from 'undici';

import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId as triggerById, savedJson, triggerHarness } from '../trigger/helpers';
import {
	TARGET_ACCOUNTS,
	allOperations,
	nodeParameters,
	operationApiVersion,
	prepare,
	seeded,
	validInputFiles,
	validParameters,
	type Seeded,
} from './operations';

const fixture = new EmulatorFixture();
const leaks = new LeakWatch();
let port = 0;
let s: Seeded;

/** This machine's first non-loopback IPv4 address: plain http to it must be refused. */
const lanAddress = Object.values(networkInterfaces())
	.flat()
	.find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

beforeAll(async () => {
	leaks.install();
	await fixture.start({ host: '0.0.0.0' });
	port = Number(new URL(fixture.baseUrl).port);
	s = await seeded(fixture);
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());
afterEach(async () => leaks.check(await fixture.requests()));

const loopback = () => `http://127.0.0.1:${port}`;
const credentials = (extra: Record<string, string>): ICredentialDataDecryptedObject => ({
	apiKey: ADMIN_KEY,
	baseUrl: loopback(),
	apiVersion: '',
	ipAllowlistNote: '',
	...extra,
});

interface BadCredential {
	name: string;
	credentials: () => ICredentialDataDecryptedObject;
	/** What message and description must say; refused locally, or the API's answer. */
	names: RegExp;
	local: boolean;
}

const badCredentials: BadCredential[] = [
	...(lanAddress
		? [
				{
					name: `http:// to this machine's address ${lanAddress}`,
					credentials: () => credentials({ baseUrl: `http://${lanAddress}:${port}` }),
					names: /Base URL[\s\S]*plain http/,
					local: true,
				},
			]
		: []),
	{
		name: 'http://0.0.0.0 (reaches local listeners, is not loopback)',
		credentials: () => credentials({ baseUrl: `http://0.0.0.0:${port}` }),
		names: /Base URL[\s\S]*plain http/,
		local: true,
	},
	{
		name: 'http://localhost.evil.example',
		credentials: () => credentials({ baseUrl: 'http://localhost.evil.example' }),
		names: /Base URL[\s\S]*plain http/,
		local: true,
	},
	{
		name: 'http://127.0.0.1@evil.example',
		credentials: () => credentials({ baseUrl: `http://127.0.0.1@evil.example:${port}` }),
		names: /Base URL[\s\S]*plain http/,
		local: true,
	},
	{
		name: 'an empty key',
		credentials: () => credentials({ apiKey: '' }),
		names: /credential has no API key[\s\S]*API key/,
		local: true,
	},
	{
		name: 'a key of only spaces',
		credentials: () => credentials({ apiKey: '   ' }),
		names: /credential has no API key[\s\S]*API key/,
		local: true,
	},
	{
		name: 'an unknown key',
		credentials: () => credentials({ apiKey: BAD_KEYS[0] }),
		names: /Invalid API key[\s\S]*Check the API key/,
		local: false,
	},
];

it('the emulator is reachable on the addresses refused below (so its log would show a request)', async () => {
	for (const host of [lanAddress, '0.0.0.0', '127.0.0.1'].filter(Boolean)) {
		await request(`http://${host}:${port}/v2/auth/whoami`, {
			headers: { authorization: `Bearer ${ADMIN_KEY}` },
		}).then((r) => r.body.text());
	}
	expect((await fixture.requests()).map((r) => r.path)).toEqual(
		Array(lanAddress ? 3 : 2).fill('/v2/auth/whoami'),
	);
});

it('the table of valid parameters covers every operation of the node', () => {
	expect(Object.keys(validParameters(s)).sort()).toEqual(allOperations().sort());
});

describe.each(allOperations())('%s', (operation) => {
	it('succeeds with valid parameters and credentials (the control)', async () => {
		const parameters = await prepare(fixture, s, operation);
		const run = leaks.watch(
			'the run',
			await runAffinityNode({
				credentials: credentials({ apiVersion: operationApiVersion(operation) }),
				parameters: nodeParameters(operation, parameters),
				binary: validInputFiles(operation),
			}),
		);
		expect(run.error).toBeUndefined();
		expect(run.items.length).toBeGreaterThan(0);
	});

	it.each(badCredentials.map((c) => [c.name, c] as const))('refuses %s', async (_name, bad) => {
		await fixture.clearRequests();
		const run = leaks.watch(
			'the run',
			await runAffinityNode({
				credentials: bad.credentials(),
				parameters: nodeParameters(operation, validParameters(s)[operation]),
				binary: validInputFiles(operation),
			}),
		);
		expect(run.items).toEqual([]);
		expect(`${run.error?.message} ${run.error?.description}`).toMatch(bad.names);
		const sent = await fixture.requests();
		if (bad.local) expect(sent).toEqual([]);
		else expect(sent.map((r) => r.status)).toEqual([401]);
	});
});

describe('the trigger', () => {
	it.each(badCredentials.map((c) => [c.name, c] as const))(
		'refuses %s: the poll fails before any request, its state untouched',
		async (_name, bad) => {
			const h = triggerHarness(fixture, { listId: triggerById(TARGET_ACCOUNTS) });
			h.helper.setData(credentials({}));
			expect(await h.poll()).toBeNull();
			const before = savedJson(h);
			await fixture.clearRequests();
			h.helper.setData(bad.credentials());
			const error = leaks.watch(
				'the poll error',
				await h.poll().then(
					() => undefined,
					(e: Error & { description?: string }) => e,
				),
			);
			expect(`${error?.message} ${error?.description}`).toMatch(bad.names);
			expect(savedJson(h)).toBe(before);
			const sent = await fixture.requests();
			if (bad.local) expect(sent).toEqual([]);
			else expect(sent.map((r) => r.status)).toEqual([401]);
		},
	);
});

/**
 * The key scan the input and fault suites rely on: it finds a key wherever it hides, and the
 * log capture sees n8n's own debug lines and what node code logs through this.logger.
 */
import { LeakWatch, expectNoSecrets } from './secrets';

import type { IDataObject } from 'n8n-workflow';
import { LoggerProxy, NodeApiError } from 'n8n-workflow';

import { ADMIN_KEY, ALL_KEYS, EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { TARGET_ACCOUNTS, byId, triggerHarness } from '../trigger/helpers';

const fixture = new EmulatorFixture();
const leaks = new LeakWatch();

beforeAll(async () => {
	leaks.install();
	await fixture.start();
});
afterAll(() => fixture.stop());

describe('the scan', () => {
	const node = {
		id: '1',
		name: 'Affinity',
		type: 'test',
		typeVersion: 1,
		position: [0, 0] as [number, number],
		parameters: {},
	};

	it.each([
		['a plain output item', () => ({ json: { note: `key ${ADMIN_KEY}` } })],
		[
			'the cause of an error (not enumerable)',
			() =>
				new Error('wrapped', {
					cause: { config: { headers: { Authorization: `Bearer ${ALL_KEYS[1]}` } } },
				}),
		],
		[
			'an error description',
			() => new NodeApiError(node, { message: 'x' }, { description: `sent ${ALL_KEYS[2]}` }),
		],
		['a Map in run data', () => new Map([['headers', { authorization: ALL_KEYS[3] }]])],
		['a key cut short to its tail', () => `Bearer affv2-demo-…${ADMIN_KEY.slice(-12)}`],
	])('finds a key in %s', (_where, make) => {
		expect(() => expectNoSecrets({ thing: make() })).toThrow(/An API key/);
	});

	it('finds a key in a log line n8n writes', async () => {
		leaks.logs.clear();
		// LoggerProxy is what n8n-core's engine logs through; the capture replaced its output.
		LoggerProxy.debug('request', { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
		await expect(leaks.check([])).rejects.toThrow(/An API key .* appears in the log lines/);
	});

	it('passes what holds no key', () => {
		expect(() =>
			expectNoSecrets({ run: { json: { id: 3000001, name: 'North Analytics' } } }),
		).not.toThrow();
	});
});

describe("the capture of n8n's logger", () => {
	it("records the engine's debug lines of a run", async () => {
		leaks.logs.clear();
		const run = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: { resource: 'company', operation: 'get', companyId: byId(3000001) },
		});
		expect(run.error).toBeUndefined();
		expect(leaks.logs.messages).toEqual(
			expect.arrayContaining([
				'debug: Workflow execution started',
				'debug: Running node "Affinity" finished successfully',
			]),
		);
		leaks.watch('the run', run);
		await leaks.check(await fixture.requests());
	});

	it('records what node code logs through this.logger (the trigger on a damaged state)', async () => {
		const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS) });
		await h.poll();
		const state = h.staticData().state as IDataObject;
		state.entryIds = '!!not base64!!';
		leaks.logs.clear();
		await h.poll();
		expect(leaks.logs.messages).toEqual([
			expect.stringMatching(/^warn: Affinity v2 Trigger: the saved state could not be read/),
		]);
		await leaks.check(await fixture.requests());
	});
});

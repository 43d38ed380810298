/**
 * Hostile or broken answers, for every operation that calls API v1 and for v2 reads and writes
 * on the same transport, through the real n8n engine against the emulator's faults: an error
 * body that echoes the Authorization header (JSON, or a gateway's HTML page), error bodies of
 * megabytes, answers that trickle a byte a second, write answers of the wrong JSON type, keys
 * that would change a prototype, and downloads larger than the node reads.
 */
import { LeakWatch } from '../inputs/secrets';

import type { IDataObject } from 'n8n-workflow';

import type { FaultSpec, RequestLogEntry } from '../../emulator';
import { resources } from '../../nodes/AffinityV2/actions/resources';
import type { OperationEndpoint } from '../../nodes/AffinityV2/actions/types';
import { ANSWER_LIMITS } from '../../nodes/AffinityV2/transport';
import { ADMIN_KEY, ALL_KEYS, EmulatorFixture } from '../harness/emulator';
import { runAffinityNode, type NodeRun } from '../../testkit/engine';
import {
	nodeParameters,
	prepare,
	seeded,
	validInputFiles,
	type Seeded,
} from '../inputs/operations';

const fixture = new EmulatorFixture();
const leaks = new LeakWatch();
let s: Seeded;

beforeAll(async () => {
	leaks.install();
	await fixture.start();
});
afterAll(() => fixture.stop());
beforeEach(async () => {
	await fixture.reset();
	s = await seeded(fixture);
});
afterEach(async () => leaks.check(await fixture.requests()));

/** Each operation's endpoints, as its file declares them. */
function endpointsOf(name: string): OperationEndpoint[] {
	const [resource, operation] = name.split('.');
	const module = (resources as Record<string, { operations: Record<string, unknown> }>)[resource]
		.operations[operation] as { endpoint?: OperationEndpoint[] };
	return module.endpoint ?? [];
}

const allOperations = Object.entries(resources).flatMap(([resource, module]) =>
	Object.keys(module.operations).map((op) => `${resource}.${op}`),
);
/** Every operation that calls API v1, and the v1 request a fault is armed for: its write, or its download. */
const v1Operations = allOperations
	.map((name) => {
		const v1 = endpointsOf(name).filter((e) => e.api === 'v1');
		const target = v1.find((e) => e.method !== 'GET') ?? v1[v1.length - 1];
		return target ? { name, target } : undefined;
	})
	.filter((op): op is { name: string; target: OperationEndpoint } => !!op);
const v1Writes = v1Operations.filter((op) => op.target.method !== 'GET');

/** The path of an endpoint as a regular expression for the fault queue. */
const pathPattern = (endpoint: OperationEndpoint) =>
	`^${endpoint.path.replace(/\{[^}]+\}/g, '[^/]+')}$`;

const arm = (endpoint: OperationEndpoint, spec: FaultSpec): FaultSpec => ({
	method: endpoint.method,
	path: pathPattern(endpoint),
	...spec,
});

async function runOp(name: string, extra: IDataObject = {}): Promise<NodeRun> {
	const parameters = await prepare(fixture, s, name);
	const [resource, operation] = name.split('.');
	const result = await runAffinityNode({
		credentials: fixture.credentials(),
		parameters: { ...nodeParameters(name, parameters), ...extra },
		binary: validInputFiles(`${resource}.${operation}`),
	});
	return leaks.watch('the run', result);
}

const hits = (log: RequestLogEntry[], endpoint: OperationEndpoint) =>
	log.filter((r) => r.method === endpoint.method && new RegExp(pathPattern(endpoint)).test(r.path));

/** Everything the run keeps (items, the error with its cause and context, the whole run) as text. */
const everything = (result: NodeRun) =>
	JSON.stringify(result.run, (_k, v: unknown) =>
		v instanceof Error ? { ...v, message: v.message, stack: v.stack, cause: v.cause } : v,
	);

function expectKeyNowhere(result: NodeRun): void {
	const text = everything(result);
	for (const key of ALL_KEYS) expect(text).not.toContain(key);
	expect(text).toContain('[redacted]');
}

const unknownOutcome = /may or may not have been applied/;

describe.each(v1Operations)('$name (API v1)', ({ name, target }) => {
	it('an error body that echoes the Authorization header: the key is nowhere', async () => {
		await fixture.fault(arm(target, { kind: 'echo', status: 422 }));
		const result = await runOp(name);
		expect(result.error?.message).toMatch(
			/Request rejected; it was sent with Authorization: Bearer \[redacted\]/,
		);
		expect(result.items).toEqual([]);
		expectKeyNowhere(result);
	});

	it("a gateway's HTML page echoing the headers: said as such, no markup, no key", async () => {
		await fixture.fault(arm(target, { kind: 'echo', status: 502, html: true, times: 4 }));
		const result = await runOp(name);
		expect(result.error?.message).toMatch(/answered 502 .* with an HTML page/);
		expect(`${result.error?.message} ${result.error?.description}`).not.toMatch(/<|Bearer/);
		for (const key of ALL_KEYS) expect(everything(result)).not.toContain(key);
	});

	it('an error body of 900 KB: the message and what is kept are bounded', async () => {
		await fixture.fault(arm(target, { kind: 'huge', status: 422, bytes: 900_000 }));
		const result = await runOp(name);
		const message = result.error?.message ?? '';
		expect(message).toMatch(/^x{1000}… \(899,000 more characters\)/);
		expect(message.length).toBeLessThanOrEqual(ANSWER_LIMITS.messageMaxChars + 40);
		expect(JSON.stringify(result.error).length).toBeLessThan(8 * 1024);
		expect(everything(result).length).toBeLessThan(64 * 1024);
	});

	it('an error body of 2 MB is not read: its status is told', async () => {
		await fixture.fault(arm(target, { kind: 'huge', status: 422, bytes: 2_000_000 }));
		const result = await runOp(name);
		expect(result.error?.message).toMatch(
			/^Affinity answered 422 to .* with a body of more than 1\.0 MB, which the node did not read/,
		);
		expect(everything(result).length).toBeLessThan(64 * 1024);
	});
});

describe.each(v1Writes)('$name (API v1 write)', ({ name, target }) => {
	it('an answer that trickles a byte every 200 ms: given up at the deadline, sent once, outcome unknown', async () => {
		await fixture.fault(arm(target, { kind: 'trickle', intervalMs: 200 }));
		const started = Date.now();
		const result = await runOp(name, { requestOptions: { timeout: 2 } });
		const took = Date.now() - started;
		expect(result.error?.message).toMatch(/^Affinity did not answer in time \(/);
		expect(result.error?.description).toMatch(/^The answer was not complete within 2 s/);
		expect(`${result.error?.description}`).toMatch(unknownOutcome);
		expect(result.error?.context?.writeMayHaveApplied).toBe(true);
		expect(hits(await fixture.requests(), target)).toHaveLength(1);
		expect(took).toBeLessThan(15_000);
	});

	it('an answer that stops mid-body (14 of its bytes, then silence): given up at the deadline, sent once, outcome unknown', async () => {
		await fixture.fault(arm(target, { kind: 'stall', bytes: 14 }));
		const result = await runOp(name, { requestOptions: { timeout: 1 } });
		expect(result.error?.message).toMatch(/^Affinity did not answer in time \(/);
		expect(result.error?.description).toMatch(/^The answer was not complete within 1 s/);
		expect(`${result.error?.description}`).toMatch(unknownOutcome);
		expect(result.error?.context?.writeMayHaveApplied).toBe(true);
		expect(hits(await fixture.requests(), target)).toHaveLength(1);
	});

	it.each([
		['[]', []],
		['a string', 'done'],
		['a number', 7],
		['true', true],
		['null', null],
		['{}', {}],
	])(
		'a write answered with %s: an error that says it may have been applied, no item',
		async (_what, value) => {
			await fixture.fault(arm(target, { kind: 'answer', value }));
			const result = await runOp(name);
			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(/^Affinity answered with an unexpected shape: /);
			expect(result.error?.message).not.toMatch(/Cannot read properties/);
			expect(`${result.error?.description}`).toMatch(unknownOutcome);
			expect(result.error?.context?.writeMayHaveApplied).toBe(true);
			expect(hits(await fixture.requests(), target)).toHaveLength(1);
		},
	);

	it('raw output (Simplify off) of an answer with __proto__, constructor and prototype keys: none kept', async () => {
		await fixture.fault(
			arm(target, {
				kind: 'answer',
				raw: '{"id": 77, "success": true, "name": "x", "__proto__": {"polluted": true}, "nested": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}',
			}),
		);
		const result = await runOp(name, { simplify: false });
		expect(result.error).toBeUndefined();
		const text = JSON.stringify(result.items);
		expect(text).not.toMatch(/__proto__|"constructor"|"prototype"|polluted/);
		for (const item of result.items) {
			const copy = Object.assign({}, item) as Record<string, unknown>;
			expect(copy.polluted).toBeUndefined();
			expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
		}
	});
});

describe('API v2 on the same transport', () => {
	const v2Read: OperationEndpoint = { api: 'v2', method: 'GET', path: '/v2/companies/{companyId}' };
	const v2Write: OperationEndpoint = {
		api: 'v2',
		method: 'POST',
		path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}',
	};

	it.each([
		['a read (company.get)', 'company.get', v2Read],
		['a write (listEntry.updateFieldValue)', 'listEntry.updateFieldValue', v2Write],
	])('%s: an echoed Authorization header reaches nothing', async (_what, name, endpoint) => {
		await fixture.fault(arm(endpoint, { kind: 'echo', status: 422 }));
		const result = await runOp(name);
		expect(result.error?.message).toMatch(/Bearer \[redacted\]/);
		expectKeyNowhere(result);
	});

	it('a record that carries the key (in a value and as a key): redacted in the item', async () => {
		const basic = Buffer.from(`anyone:${ADMIN_KEY}`).toString('base64');
		await fixture.fault(
			arm(v2Read, {
				kind: 'answer',
				raw: JSON.stringify({
					id: 3000001,
					name: `Bearer ${ADMIN_KEY}`,
					note: `Basic ${basic}`,
					[ADMIN_KEY]: encodeURIComponent(ADMIN_KEY),
				}),
			}),
		);
		const result = await runOp('company.get', { simplify: false });
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({ name: 'Bearer [redacted]', note: 'Basic [redacted]' });
		expect(result.items[0]['[redacted]']).toBe('[redacted]');
		expectKeyNowhere(result);
	});

	it('a read that trickles is given up at the deadline each time it is tried', async () => {
		await fixture.fault(arm(v2Read, { kind: 'trickle', intervalMs: 200, times: 4 }));
		const result = await runOp('company.get', { requestOptions: { timeout: 1 } });
		expect(result.error?.message).toMatch(/did not answer in time/);
		expect(hits(await fixture.requests(), v2Read)).toHaveLength(4);
	});

	it('a read that stops mid-body is given up at the deadline each time it is tried', async () => {
		await fixture.fault(arm(v2Read, { kind: 'stall', times: 4 }));
		const result = await runOp('company.get', { requestOptions: { timeout: 1 } });
		expect(result.error?.message).toMatch(/did not answer in time/);
		expect(result.error?.description).toMatch(/^The answer was not complete within 1 s/);
		expect(hits(await fixture.requests(), v2Read)).toHaveLength(4);
	});

	it('a write whose answer stops mid-body: given up at the deadline, sent once, outcome unknown', async () => {
		await fixture.fault(arm(v2Write, { kind: 'stall', bytes: 14 }));
		const result = await runOp('listEntry.updateFieldValue', { requestOptions: { timeout: 1 } });
		expect(result.error?.message).toMatch(/did not answer in time/);
		expect(`${result.error?.description}`).toMatch(unknownOutcome);
		expect(result.error?.context?.writeMayHaveApplied).toBe(true);
		expect(hits(await fixture.requests(), v2Write)).toHaveLength(1);
	});

	it('a 422 of 900 KB to a write: bounded', async () => {
		await fixture.fault(arm(v2Write, { kind: 'huge', bytes: 900_000 }));
		const result = await runOp('listEntry.updateFieldValue');
		expect(result.error?.message.length).toBeLessThanOrEqual(ANSWER_LIMITS.messageMaxChars + 40);
	});

	it('a record with __proto__, Simplify off: not kept', async () => {
		await fixture.fault(
			arm(v2Read, {
				kind: 'answer',
				raw: '{"id": 3000001, "name": "x", "__proto__": {"polluted": true}}',
			}),
		);
		const result = await runOp('company.get', { simplify: false });
		expect(result.error).toBeUndefined();
		expect(JSON.stringify(result.items)).not.toMatch(/__proto__|polluted/);
	});
});

describe('File → Download within the limit', () => {
	const download: OperationEndpoint = {
		api: 'v1',
		method: 'GET',
		path: '/entity-files/download/{entity_file_id}',
	};
	const metadata: OperationEndpoint = {
		api: 'v1',
		method: 'GET',
		path: '/entity-files/{entity_file_id}',
	};

	it('a record that says 300 MB: refused before the download is asked for', async () => {
		await fixture.fault(
			arm(metadata, {
				kind: 'answer',
				value: { id: 1, name: 'big.bin', size: 300 * 1024 * 1024, organization_id: 3000001 },
			}),
		);
		const result = await runOp('file.download');
		expect(result.error?.message).toMatch(
			/is 300\.0 MB, more than File → Download reads \(100 MB\)/,
		);
		expect(hits(await fixture.requests(), download)).toHaveLength(0);
	});

	it('an answer that declares 101 MB: refused unread', async () => {
		await fixture.fault(
			arm(metadata, { kind: 'answer', value: { id: 1, name: 'f.bin', organization_id: 3000001 } }),
			arm(download, { kind: 'file', bytes: 101 * 1024 * 1024 }),
		);
		const result = await runOp('file.download');
		expect(result.error?.message).toMatch(
			/^The file is larger than 100\.0 MB \(101\.0 MB\), the most File → Download reads/,
		);
	});

	it('a record of 1 KB and 5 MB arriving without a length: stopped past 1 KB', async () => {
		await fixture.fault(
			arm(metadata, {
				kind: 'answer',
				value: { id: 1, name: 'f.bin', size: 1024, organization_id: 3000001 },
			}),
			arm(download, { kind: 'file', bytes: 5 * 1024 * 1024, declareLength: false }),
		);
		const result = await runOp('file.download');
		expect(result.error?.message).toMatch(
			/^The download is larger than the file's record says \(1,024 bytes\): it was stopped/,
		);
		expect(result.error?.message).not.toMatch(/5242880|of 1024/);
	});

	it("a file name (Content-Disposition) that holds the key: redacted in the item's binary", async () => {
		await fixture.fault(
			arm(metadata, { kind: 'answer', value: { id: 1, organization_id: 3000001 } }),
			arm(download, {
				kind: 'file',
				bytes: 10,
				headers: { 'content-disposition': `attachment; filename="key ${ADMIN_KEY}.txt"` },
			}),
		);
		const result = await runOp('file.download', { simplify: false });
		expect(result.error).toBeUndefined();
		expect(result.binary[0]?.data?.fileName).toBe('key [redacted].txt');
		for (const key of ALL_KEYS) expect(everything(result)).not.toContain(key);
	});

	it('a file that trickles: given up at the deadline (Request Options → Timeout)', async () => {
		await fixture.fault(
			arm(metadata, { kind: 'answer', value: { id: 1, name: 'f.bin', organization_id: 3000001 } }),
			arm(download, { kind: 'file', bytes: 100, intervalMs: 200 }),
		);
		const result = await runOp('file.download', { requestOptions: { timeout: 2 } });
		expect(result.error?.message).toMatch(/The download did not complete within 2 s/);
		expect(hits(await fixture.requests(), download)).toHaveLength(1);
	});
});

import { LeakWatch } from '../inputs/secrets';

import type { IDataObject } from 'n8n-workflow';

import type { FaultSpec, RequestLogEntry } from '../../emulator';
import { ALL_KEYS, EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode, type NodeRun } from '../../testkit/engine';
import { byId, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * The fault matrix: every operation kind against every fault the emulator injects.
 * Reads finish correctly or fail with an error naming the fault; writes are sent at most once,
 * except after a 429 (which the API did not process); the request log proves it. The trigger's
 * row lives with the trigger's own fault tests.
 */

const fixture = new EmulatorFixture();
// Also scans n8n's log lines (captured at debug level) and the whole run, errors included.
const leaks = new LeakWatch();
beforeAll(async () => {
	leaks.install();
	await fixture.start();
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());
afterEach(async () => leaks.check(await fixture.requests()));

interface Operation {
	name: string;
	kind: 'read' | 'write';
	/** The path the fault is armed for (a regular expression). */
	path: string;
	method: string;
	parameters(): Promise<IDataObject>;
	/** What a success must show. */
	succeeded(run: NodeRun): void;
	/** Paged reads can be hit by shape faults. */
	paged?: boolean;
	/** Faults this operation rightly comes through: a 204 has no body to truncate. */
	unaffectedBy?: string[];
}

let notesField = '';
let entryId = 0;
async function prepare(): Promise<void> {
	const fields = await fixture.api<{ data: Array<{ id: string; name: string }> }>(
		`/v2/lists/${TARGET_ACCOUNTS}/fields?limit=100`,
	);
	notesField = fields.body.data.find((f) => f.name === 'Notes')!.id;
	entryId = (
		await fixture.control<Array<{ id: number }>>('GET', `/lists/${TARGET_ACCOUNTS}/entries`)
	)[0].id;
	await fixture.clearRequests();
}

const operations: Operation[] = [
	{
		name: 'get one (company.get)',
		kind: 'read',
		path: '^/v2/companies/3000001$',
		method: 'GET',
		parameters: async () => ({ resource: 'company', operation: 'get', companyId: byId(3000001) }),
		succeeded: (run) => expect(run.items).toEqual([expect.objectContaining({ id: 3000001 })]),
	},
	{
		name: 'get many (listEntry.getAll, 250 entries)',
		kind: 'read',
		path: `^/v2/lists/${TARGET_ACCOUNTS}/list-entries$`,
		method: 'GET',
		paged: true,
		parameters: async () => ({
			resource: 'listEntry',
			operation: 'getAll',
			listId: byId(TARGET_ACCOUNTS),
			returnAll: true,
		}),
		succeeded: (run) => {
			expect(run.items).toHaveLength(250);
			expect(new Set(run.items.map((i) => i.id)).size).toBe(250);
		},
	},
	{
		name: 'company search (POST, 150 results)',
		kind: 'read',
		path: '^/v2/companies/search$',
		method: 'POST',
		paged: true,
		parameters: async () => ({
			resource: 'company',
			operation: 'search',
			returnAll: false,
			limit: 150,
		}),
		succeeded: (run) => expect(new Set(run.items.map((i) => i.id)).size).toBe(150),
	},
	{
		name: 'field value POST (listEntry.updateFieldValue)',
		kind: 'write',
		path: `^/v2/lists/${TARGET_ACCOUNTS}/list-entries/\\d+/fields/field-\\d+$`,
		method: 'POST',
		parameters: async () => ({
			resource: 'listEntry',
			operation: 'updateFieldValue',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(entryId),
			fieldId: `${notesField}|text`,
			textValue: 'written once',
		}),
		succeeded: (run) => expect(run.items[0]).toMatchObject({ success: true, fieldId: notesField }),
		unaffectedBy: ['truncated JSON'],
	},
	{
		name: 'batch PATCH (listEntry.updateFieldValues)',
		kind: 'write',
		path: `^/v2/lists/${TARGET_ACCOUNTS}/list-entries/\\d+/fields$`,
		method: 'PATCH',
		parameters: async () => ({
			resource: 'listEntry',
			operation: 'updateFieldValues',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(entryId),
			inputMode: 'json',
			updatesJson: JSON.stringify([
				{ id: notesField, value: { type: 'text', data: 'batched once' } },
			]),
		}),
		succeeded: (run) => expect(run.items[0]).toMatchObject({ success: true, updated: 1 }),
	},
	{
		name: 'merge start (company)',
		kind: 'write',
		path: '^/v2/company-merges$',
		method: 'POST',
		parameters: async () => ({
			resource: 'merge',
			operation: 'start',
			entityType: 'company',
			primaryCompanyId: byId(3000030),
			duplicateCompanyId: byId(3000031),
		}),
		succeeded: (run) =>
			expect(run.items[0]).toMatchObject({ entityType: 'company', taskId: expect.any(String) }),
	},
];

interface Fault {
	name: string;
	specs: (op: Operation) => FaultSpec[];
	/** Expected outcome per operation kind: 'ok', or a pattern the error message must match. */
	read: 'ok' | RegExp;
	write: 'ok' | RegExp;
	/** Requests of the faulted kind the emulator must see (reads) / at most (writes). */
	readRequests?: number;
	writeRequests: number;
	timeout?: number;
	onlyPaged?: boolean;
}

const arm = (op: Operation, spec: FaultSpec, times = 1): FaultSpec => ({
	...spec,
	times,
	method: op.method,
	path: op.path,
});
const unknownOutcome = /may or may not have been applied|not sent again/i;

const faults: Fault[] = [
	{
		name: '429 with reset headers',
		specs: (op) => [
			arm(op, { kind: 'status', status: 429, headers: { 'x-ratelimit-limit-user-reset': '1' } }),
		],
		read: 'ok',
		write: 'ok',
		readRequests: 2,
		writeRequests: 2,
	},
	{
		name: '429 without rate-limit headers',
		specs: (op) => [arm(op, { kind: 'status', status: 429, rateLimitHeaders: false })],
		read: 'ok',
		write: 'ok',
		readRequests: 2,
		writeRequests: 2,
	},
	{
		name: '429 storm (beyond the 5 retries)',
		specs: (op) => [
			arm(
				op,
				{ kind: 'status', status: 429, headers: { 'x-ratelimit-limit-user-reset': '0' } },
				10,
			),
		],
		read: /rate limit|Injected fault: HTTP 429/i,
		write: /rate limit|Injected fault: HTTP 429/i,
		readRequests: 6,
		writeRequests: 6,
	},
	{
		name: '500 burst of 2',
		specs: (op) => [arm(op, { kind: 'status', status: 500 }, 2)],
		read: 'ok',
		write: /HTTP 500/,
		readRequests: 3,
		writeRequests: 1,
	},
	{
		name: '503 burst of 4 (beyond the 3 retries)',
		specs: (op) => [arm(op, { kind: 'status', status: 503 }, 4)],
		read: /HTTP 503/,
		write: /HTTP 503/,
		readRequests: 4,
		writeRequests: 1,
	},
	{
		name: '500 after the write was applied',
		specs: (op) => [arm(op, { kind: 'status', status: 500, apply: true })],
		read: 'ok',
		write: /HTTP 500/,
		readRequests: 2,
		writeRequests: 1,
	},
	{
		name: 'connection reset twice',
		specs: (op) => [arm(op, { kind: 'reset', apply: true }, 2)],
		read: 'ok',
		write: /reset/i,
		readRequests: 3,
		writeRequests: 1,
	},
	{
		name: 'connection reset 4 times',
		specs: (op) => [arm(op, { kind: 'reset' }, 4)],
		read: /reset/i,
		write: /reset/i,
		readRequests: 4,
		writeRequests: 1,
	},
	{
		name: 'slower than the timeout',
		specs: (op) => [arm(op, { kind: 'delay', delayMs: 2500 })],
		read: 'ok',
		write: /did not answer in time/i,
		readRequests: 2,
		writeRequests: 1,
		timeout: 1,
	},
	{
		name: 'malformed JSON',
		specs: (op) => [arm(op, { kind: 'malformed' })],
		read: 'ok',
		write: /not valid JSON/i,
		readRequests: 2,
		writeRequests: 1,
	},
	{
		name: 'truncated JSON',
		specs: (op) => [arm(op, { kind: 'truncated' })],
		read: 'ok',
		write: /not valid JSON/i,
		readRequests: 2,
		writeRequests: 1,
	},
	{
		name: 'malformed JSON 4 times',
		specs: (op) => [arm(op, { kind: 'malformed' }, 4)],
		read: /not valid JSON/i,
		write: /not valid JSON/i,
		readRequests: 4,
		writeRequests: 1,
	},
	{
		name: 'no pagination object',
		onlyPaged: true,
		specs: (op) => [arm(op, { kind: 'shape', shape: 'no-pagination' })],
		read: /unexpected shape/i,
		write: 'ok',
		readRequests: 1,
		writeRequests: 0,
	},
	{
		name: '"data" not an array',
		onlyPaged: true,
		specs: (op) => [arm(op, { kind: 'shape', shape: 'data-not-array' })],
		read: /unexpected shape/i,
		write: 'ok',
		readRequests: 1,
		writeRequests: 0,
	},
];

const cases = operations.flatMap((op) =>
	faults
		.filter((f) => !f.onlyPaged || op.paged)
		.map((fault) => [op.name, fault.name, op, fault] as const),
);

describe.each(cases)('%s × %s', (_opName, _faultName, op, fault) => {
	it(
		op.kind === 'read'
			? 'finishes correctly or fails naming the fault'
			: 'is sent at most once, except after a 429',
		async () => {
			await prepare();
			const parameters = await op.parameters();
			await fixture.fault(...fault.specs(op));
			const run = await runAffinityNode({
				credentials: fixture.credentials(),
				parameters: {
					...parameters,
					...(fault.timeout ? { requestOptions: { timeout: fault.timeout } } : {}),
				},
			});
			leaks.watch('the run', run);
			const log: RequestLogEntry[] = await fixture.requests();
			const hit = log.filter((r) => r.method === op.method && new RegExp(op.path).test(r.path));
			const expected = op.unaffectedBy?.includes(fault.name)
				? 'ok'
				: op.kind === 'read'
					? fault.read
					: fault.write;
			if (expected === 'ok') {
				expect(run.error).toBeUndefined();
				op.succeeded(run);
			} else {
				expect(run.error?.message).toMatch(expected);
				if (op.kind === 'write' && fault.writeRequests === 1)
					expect(`${run.error?.message} ${run.error?.description}`).toMatch(unknownOutcome);
			}
			if (op.kind === 'read') {
				// Paged reads make one request per page: the fault adds its retries to the first.
				const pages = hit.length - (fault.readRequests ?? 1) + 1;
				expect(pages).toBeGreaterThanOrEqual(1);
				if (!op.paged) expect(hit).toHaveLength(fault.readRequests ?? 1);
				else
					expect(hit.filter((r) => r.fault).length).toBe(
						Math.min(fault.readRequests ?? 1, hit.length) - (expected === 'ok' ? 1 : 0),
					);
			} else {
				expect(hit).toHaveLength(fault.writeRequests);
				// Every write but the last was answered 429 (not processed): nothing applied twice.
				expect(hit.slice(0, -1).every((r) => r.status === 429)).toBe(true);
			}
			expectNoKey(run.run, log);
			for (const key of ALL_KEYS) expect(JSON.stringify(run.error ?? {})).not.toContain(key);
		},
	);
});

/**
 * The trigger poll row of the fault matrix: every fault the emulator injects, on the
 * 2nd of 3 pages of a poll, through n8n-core's real PollContext. A fault the transport comes
 * through gives a poll that emits exactly the changes; one it cannot gives a clear error
 * naming the fault, static data byte for byte as before, and a next poll (fault gone) that
 * emits every change since the last good poll, each once. The matrix of the action
 * operations is matrix.test.ts; trigger/faults.test.ts has the same kind of checks on the 3rd
 * page, for the name lookup and for n8n's poll budget.
 */
import { LeakWatch } from '../inputs/secrets';

import { NodeHelpers, type IDataObject } from 'n8n-workflow';

import type { FaultSpec, RequestLogEntry } from '../../emulator';
import { requestOptionsParameter } from '../../nodes/AffinityV2/transport/requestOptions';
import { simplifyValue } from '../../nodes/AffinityV2/helpers/simplifyValue';
import { RETRY_POLICY } from '../../nodes/AffinityV2/transport';
import { AffinityV2Trigger } from '../../nodes/AffinityV2Trigger/AffinityV2Trigger.node';
import { EmulatorFixture } from '../harness/emulator';
import {
	TARGET_ACCOUNTS,
	addEntry,
	byId,
	events,
	fetchAll,
	fieldNamed,
	removeEntry,
	savedJson,
	setValue,
	triggerHarness,
} from '../trigger/helpers';

const fixture = new EmulatorFixture();
const leaks = new LeakWatch();

beforeAll(async () => {
	leaks.install();
	await fixture.start();
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());
afterEach(async () => leaks.check(await fixture.requests()));

const PAGES = `^/v2/lists/${TARGET_ACCOUNTS}/list-entries$`;
const isPage = (r: RequestLogEntry) =>
	r.method === 'GET' && r.path === `/v2/lists/${TARGET_ACCOUNTS}/list-entries`;

interface Expected {
	event: 'listEntryAdded' | 'listEntryRemoved' | 'fieldValueChanged';
	listEntryId: number;
	entityId: number;
	/** For changes: the Notes field's value at the last good poll, and now. */
	notes?: { previous: unknown; current: unknown };
}

/** Entries as the last good poll saw them, by position in the list (250, 100 a page). */
let entries: Awaited<ReturnType<typeof fetchAll>> = [];
let notesId = '';
const notesOf = (entry: (typeof entries)[number]) =>
	simplifyValue(entry.entity.fields?.find((f) => f.id === notesId)?.value as never) ?? null;

/**
 * Known changes through the emulator's control API, on each of the three pages: a removal on
 * the 1st, a change on the 2nd (the faulted page) and on the 3rd, an addition at the end.
 * Round 1 changes again the entry round 0 changed on the 3rd page, and removes what round 0
 * added: between two good polls these are one change (previous: the value before round 0)
 * and nothing at all.
 */
async function mutate(round: 0 | 1, earlier: Expected[] = []): Promise<Expected[]> {
	const removed = entries[5 + round];
	const onFaultedPage = entries[150 + round];
	const onLastPage = entries[210];
	await removeEntry(fixture, removed.id);
	await setValue(fixture, onFaultedPage.id, notesId, {
		type: 'text',
		data: `page 2, round ${round}`,
	});
	await setValue(fixture, onLastPage.id, notesId, { type: 'text', data: `page 3, round ${round}` });
	const out: Expected[] = [
		{ event: 'listEntryRemoved', listEntryId: removed.id, entityId: removed.entity.id },
		{
			event: 'fieldValueChanged',
			listEntryId: onFaultedPage.id,
			entityId: onFaultedPage.entity.id,
			notes: { previous: notesOf(onFaultedPage), current: `page 2, round ${round}` },
		},
	];
	if (round === 0) {
		out.push({
			event: 'fieldValueChanged',
			listEntryId: onLastPage.id,
			entityId: onLastPage.entity.id,
			notes: { previous: notesOf(onLastPage), current: 'page 3, round 0' },
		});
		const added = await addEntry(fixture, TARGET_ACCOUNTS, entries[40].entity.id);
		out.push({ event: 'listEntryAdded', listEntryId: added.id, entityId: added.entityId });
		return out;
	}
	// Round 1 after a failed poll: round 0's changes are still to be reported, merged with these.
	const lastPageChange = earlier.find((e) => e.listEntryId === onLastPage.id) as Expected;
	out.push({
		...lastPageChange,
		notes: { previous: lastPageChange.notes?.previous, current: 'page 3, round 1' },
	});
	const addedBefore = earlier.find((e) => e.event === 'listEntryAdded') as Expected;
	await removeEntry(fixture, addedBefore.listEntryId);
	return [...earlier.filter((e) => e.listEntryId !== onLastPage.id && e !== addedBefore), ...out];
}

/** The poll's events are exactly the expected ones, each once, with their details. */
function expectEvents(out: IDataObject[], expected: Expected[]): void {
	const key = (e: { event?: unknown; listEntryId?: unknown }) =>
		`${String(e.event)} ${String(e.listEntryId)}`;
	expect(out.map(key).sort()).toEqual(expected.map(key).sort());
	for (const want of expected) {
		const got = out.find((e) => key(e) === key(want)) as IDataObject;
		expect(got).toMatchObject({
			event: want.event,
			listId: TARGET_ACCOUNTS,
			listEntryId: want.listEntryId,
			entityType: 'company',
			entityId: want.entityId,
		});
		if (want.notes)
			expect(got.changes).toEqual([{ fieldId: notesId, fieldName: 'Notes', ...want.notes }]);
	}
}

interface TriggerFault {
	name: string;
	spec: FaultSpec;
	/** 'ok': the transport comes through; else what the error must say. */
	outcome: 'ok' | RegExp;
	/** Requests for the faulted page, retries included. */
	requests: number;
	/** Request Options → Timeout (seconds) of the trigger. */
	timeout?: number;
}

const beyondReads = RETRY_POLICY.readRetries + 1;
const beyond429 = RETRY_POLICY.rateLimitRetries + 1;
const notJson = /Affinity answered with a body that is not valid JSON/;

const faults: TriggerFault[] = [
	{
		name: '429 with reset headers',
		spec: { kind: 'status', status: 429, headers: { 'x-ratelimit-limit-user-reset': '1' } },
		outcome: 'ok',
		requests: 2,
	},
	{
		name: '429 without rate-limit headers',
		spec: { kind: 'status', status: 429, rateLimitHeaders: false },
		outcome: 'ok',
		requests: 2,
	},
	{
		name: `429 storm (${beyond429}, beyond the ${RETRY_POLICY.rateLimitRetries} retries)`,
		spec: {
			kind: 'status',
			status: 429,
			times: beyond429,
			headers: { 'x-ratelimit-limit-user-reset': '0' },
		},
		outcome: /HTTP 429[\s\S]*rate limit stayed exhausted/,
		requests: beyond429,
	},
	{ name: 'one 500', spec: { kind: 'status', status: 500 }, outcome: 'ok', requests: 2 },
	{
		name: `500 burst of ${beyondReads}`,
		spec: { kind: 'status', status: 500, times: beyondReads },
		outcome: /HTTP 500[\s\S]*server error that did not go away/,
		requests: beyondReads,
	},
	{
		name: `503 burst of ${RETRY_POLICY.readRetries} (the retries)`,
		spec: { kind: 'status', status: 503, times: RETRY_POLICY.readRetries },
		outcome: 'ok',
		requests: RETRY_POLICY.readRetries + 1,
	},
	{
		name: `503 burst of ${beyondReads}`,
		spec: { kind: 'status', status: 503, times: beyondReads },
		outcome: /HTTP 503[\s\S]*server error that did not go away/,
		requests: beyondReads,
	},
	{ name: 'one connection reset', spec: { kind: 'reset' }, outcome: 'ok', requests: 2 },
	{
		name: `connection resets ×${beyondReads}`,
		spec: { kind: 'reset', times: beyondReads },
		outcome: /The connection to Affinity was reset \(GET \/v2\/lists\/102\/list-entries\)/,
		requests: beyondReads,
	},
	{
		name: 'one answer slower than the timeout',
		spec: { kind: 'delay', delayMs: 2500 },
		outcome: 'ok',
		requests: 2,
		timeout: 1,
	},
	{
		name: `answers slower than the timeout ×${beyondReads}`,
		spec: { kind: 'delay', delayMs: 2500, times: beyondReads },
		outcome: /Affinity did not answer in time \(GET \/v2\/lists\/102\/list-entries\)/,
		requests: beyondReads,
		timeout: 1,
	},
	{ name: 'one malformed JSON body', spec: { kind: 'malformed' }, outcome: 'ok', requests: 2 },
	{
		name: `malformed JSON ×${beyondReads}`,
		spec: { kind: 'malformed', times: beyondReads },
		outcome: notJson,
		requests: beyondReads,
	},
	{ name: 'one truncated JSON body', spec: { kind: 'truncated' }, outcome: 'ok', requests: 2 },
	{
		name: `truncated JSON ×${beyondReads}`,
		spec: { kind: 'truncated', times: beyondReads },
		outcome: notJson,
		requests: beyondReads,
	},
	{
		name: 'no "pagination"',
		spec: { kind: 'shape', shape: 'no-pagination' },
		outcome: /unexpected shape: no "data" array with "pagination"/,
		requests: 1,
	},
	{
		name: '"data" not an array',
		spec: { kind: 'shape', shape: 'data-not-array' },
		outcome: /unexpected shape: no "data" array with "pagination"/,
		requests: 1,
	},
];

describe.each(faults.map((f) => [f.name, f] as const))(
	'trigger poll × %s on the 2nd page',
	(_name, fault) => {
		it(
			fault.outcome === 'ok'
				? 'completes and emits exactly the changes'
				: 'fails naming the fault, saves nothing, and the next poll catches up',
			async () => {
				const h = triggerHarness(fixture, {
					listId: byId(TARGET_ACCOUNTS),
					options: { keepPreviousValues: true },
					...(fault.timeout ? { requestOptions: { timeout: fault.timeout } } : {}),
				});
				notesId = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes').id;
				expect(await h.poll()).toBeNull();
				entries = await fetchAll(fixture, TARGET_ACCOUNTS);
				expect(entries).toHaveLength(250);
				const before = savedJson(h);
				const first = await mutate(0);
				await fixture.clearRequests();
				await fixture.fault({ ...fault.spec, method: 'GET', path: PAGES, skip: 1 });

				const outcome = await h.poll().then(
					(result) => ({ result, error: undefined }),
					(error: Error & { description?: string }) => ({ result: undefined, error }),
				);
				leaks.watch('the faulted poll', outcome);
				const pages = (await fixture.requests()).filter(isPage);

				if (fault.outcome === 'ok') {
					expect(outcome.error).toBeUndefined();
					expectEvents(events(outcome.result ?? null), first);
					// The 1st page, the faulted 2nd page with its retries, the 3rd page.
					expect(pages.map((r) => r.fault !== undefined)).toEqual([
						false,
						...Array(fault.requests - 1).fill(true),
						false,
						false,
					]);
					expect(savedJson(h)).not.toBe(before);
					// Committed once: nothing is reported again, and the next change is seen alone.
					expect(await h.poll()).toBeNull();
					const [, again] = entries;
					await setValue(fixture, again.id, notesId, { type: 'text', data: 'after the fault' });
					expectEvents(events(await h.poll()), [
						{
							event: 'fieldValueChanged',
							listEntryId: again.id,
							entityId: again.entity.id,
							notes: { previous: notesOf(again), current: 'after the fault' },
						},
					]);
					return;
				}

				expect(outcome.error).toBeDefined();
				expect(`${outcome.error?.message} ${outcome.error?.description ?? ''}`).toMatch(
					fault.outcome,
				);
				expect(savedJson(h)).toBe(before);
				// The 1st page, then the faulted 2nd page only: the poll stopped there.
				expect(pages).toHaveLength(1 + fault.requests);
				expect(pages[0].status).toBe(200);
				expect(pages.slice(1).every((r) => r.fault !== undefined)).toBe(true);

				// The fault is gone; more changes come. The next poll reports everything since the last
				// good poll, merged, once; the poll after it nothing.
				const all = await mutate(1, first);
				expectEvents(events(await h.poll()), all);
				expect(await h.poll()).toBeNull();
			},
		);
	},
);

describe("the trigger's Request Options", () => {
	it("are the action node's, and survive n8n's parameter resolution (the timeout rows above rely on them)", () => {
		const { description } = new AffinityV2Trigger();
		const { properties } = description;
		expect(properties.find((p) => p.name === 'requestOptions')).toBe(requestOptionsParameter);
		// What n8n keeps of a node's parameters when it saves a workflow: only declared ones.
		const node = { typeVersion: 1 };
		const kept = NodeHelpers.getNodeParameters(
			properties,
			{ listId: byId(TARGET_ACCOUNTS), requestOptions: { timeout: 1 }, undeclared: 1 },
			false,
			false,
			node,
			description,
		);
		expect(kept?.requestOptions).toEqual({ timeout: 1 });
		expect(kept).not.toHaveProperty('undeclared');
	});
});

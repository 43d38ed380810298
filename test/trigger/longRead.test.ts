/**
 * A list that takes longer to read than n8n's time limit for a poll (the durable scheduler's
 * `getPollBudgetMs`) is read over several polls, each going on from where the last stopped:
 * changes made while the read spans polls (on pages read and not yet read, additions, removals,
 * an entry removed and added again) are each reported once, and nothing is invented. Every
 * answer comes 400 ms late and the budget is 2 s, so each poll reads exactly one of the 3 pages
 * and takes one further step (a lookup, a page of names) at most.
 */
import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import {
	TARGET_ACCOUNTS,
	addEntry,
	byId,
	events,
	fetchAll,
	fieldNamed,
	removeEntry,
	setValue,
	triggerHarness,
} from './helpers';

const fixture = new EmulatorFixture();
const BUDGET_MS = 2000;
const PAGE_DELAY_MS = 400;

beforeAll(async () => {
	await fixture.start();
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
	await fixture.control('POST', '/settings', { answerDelayMs: PAGE_DELAY_MS });
});
afterEach(async () => {
	await fixture.control('POST', '/settings', { answerDelayMs: 0 });
});

type Harness = ReturnType<typeof triggerHarness>;
type Seen = [string, number, unknown[]];

/** One poll under the budget: its events as [event, entry id, Notes values]. */
async function poll(h: Harness): Promise<Seen[]> {
	return events(await h.poll('trigger', BUDGET_MS)).map(
		(e: IDataObject): Seen => [
			e.event as string,
			e.listEntryId as number,
			((e.changes as IDataObject[] | undefined) ?? [])
				.filter((c) => c.fieldName === 'Notes')
				.map((c) => c.current),
		],
	);
}

/** Polls until the read in progress is complete (at most `max` polls); all their events. */
async function pollUntilComplete(h: Harness, max = 12): Promise<{ events: Seen[]; polls: number }> {
	const all: Seen[] = [];
	for (let polls = 1; polls <= max; polls++) {
		all.push(...(await poll(h)));
		if (h.staticData().read === undefined) return { events: all, polls };
	}
	throw new Error(`the read was not complete after ${max} polls`);
}

async function pagesRead(): Promise<number> {
	return (await fixture.requests()).filter(
		(r) => r.path === `/v2/lists/${TARGET_ACCOUNTS}/list-entries` && r.status === 200,
	).length;
}

describe('snapshot detection over several polls', () => {
	it('reports each change made while the read spans polls once, removals when it is complete', async () => {
		const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS), event: 'anyChange' });
		// The baseline takes three polls, one page each, and reports nothing.
		expect(await pollUntilComplete(h)).toEqual({ events: [], polls: 3 });
		expect(h.staticData().state).toMatchObject({ count: 250 });

		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes').id;
		const [p1, p1b, p1c] = [entries[5], entries[6], entries[7]].map((e) => e.id);
		const [p2, p2b] = [entries[150], entries[151]].map((e) => e.id);
		const [p3, p3b] = [entries[240], entries[241]].map((e) => e.id);
		await setValue(fixture, p1, notes, { type: 'text', data: 'p1 first' });
		await setValue(fixture, p3, notes, { type: 'text', data: 'p3 first' });
		await removeEntry(fixture, p1b);
		const added1 = await addEntry(fixture, TARGET_ACCOUNTS, undefined, 'Added before the read');
		await fixture.clearRequests();

		// Poll 1 reads page 1: its change; the removal waits for the read to be complete.
		expect(await poll(h)).toEqual([['fieldValueChanged', p1, ['p1 first']]]);
		expect(await pagesRead()).toBe(1);
		expect(h.staticData().read).toMatchObject({ polls: 1 });

		// Between polls: page 1 (read) and page 2 (not read yet) change.
		await setValue(fixture, p1, notes, { type: 'text', data: 'p1 second' });
		await removeEntry(fixture, p1c);
		await setValue(fixture, p2, notes, { type: 'text', data: 'p2 first' });
		await removeEntry(fixture, p2b);
		const added2 = await addEntry(fixture, TARGET_ACCOUNTS, undefined, 'Added during the read');

		// Poll 2 reads page 2, from the page where poll 1 stopped.
		expect(await poll(h)).toEqual([['fieldValueChanged', p2, ['p2 first']]]);
		expect(await pagesRead()).toBe(2);

		// Removed and added again: a new entry of the same company.
		await removeEntry(fixture, p3b);
		const again = await addEntry(fixture, TARGET_ACCOUNTS, entries[241].entity.id);

		// Poll 3 reads the last page: its change and the additions; then the removals, each
		// looked up first (the read spanned polls: a passed-over entry would still be there).
		const third = await pollUntilComplete(h);
		expect(third.events).toEqual([
			['fieldValueChanged', p3, ['p3 first']],
			['listEntryAdded', added1.id, [null]],
			['listEntryAdded', added2.id, [null]],
			['listEntryAdded', again.id, [null]],
			['listEntryRemoved', p1b, []],
			['listEntryRemoved', p2b, []],
			['listEntryRemoved', p3b, []],
		]);
		expect(await pagesRead()).toBe(3);
		const lookups = (await fixture.requests()).filter((r) => /\/list-entries\/\d+$/.test(r.path));
		expect(lookups.map((r) => [Number(r.path.split('/').pop()), r.status])).toEqual([
			[p1b, 404],
			[p2b, 404],
			[p3b, 404],
		]);

		// The next read reports what changed on page 1 after poll 1 had read it.
		const next = (await pollUntilComplete(h)).events;
		expect(next).toEqual([
			['fieldValueChanged', p1, ['p1 second']],
			['listEntryRemoved', p1c, []],
		]);
		// And then nothing: every change reported once.
		expect((await pollUntilComplete(h)).events).toEqual([]);
	});

	it('entries the pages passed over while the read spanned polls are looked up, not reported removed', async () => {
		const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS), event: 'anyChange' });
		await pollUntilComplete(h);
		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes').id;
		await setValue(fixture, entries[102].id, notes, { type: 'text', data: 'passed over' });
		expect(await poll(h)).toEqual([]);
		// As an API whose pages move under a long read would: the next page starts 5 entries on
		// (the emulator's cursor holds the key of the last entry read).
		const read = h.staticData().read as { next: string };
		const cursor = /cursor=([^&]+)/.exec(read.next)![1];
		const state = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { k: number };
		expect(state.k).toBe(entries[99].id);
		state.k = entries[104].id;
		read.next = read.next.replace(cursor, Buffer.from(JSON.stringify(state)).toString('base64url'));
		await fixture.clearRequests();
		// Entries 100 to 104 were never read: looked up at the end, still there, compared then.
		expect((await pollUntilComplete(h)).events).toEqual([
			['fieldValueChanged', entries[102].id, ['passed over']],
		]);
		const lookups = (await fixture.requests()).filter((r) => /\/list-entries\/\d+$/.test(r.path));
		expect(lookups.map((r) => [Number(r.path.split('/').pop()), r.status])).toEqual(
			entries.slice(100, 105).map((e) => [e.id, 200]),
		);
		// The snapshot holds them: the next read reports nothing.
		expect((await pollUntilComplete(h)).events).toEqual([]);
	});

	it('an expired next-page link reads the pages again, skipping the entries already read', async () => {
		const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS) });
		await pollUntilComplete(h);
		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes').id;
		await setValue(fixture, entries[1].id, notes, { type: 'text', data: 'on page 1' });
		await setValue(fixture, entries[201].id, notes, { type: 'text', data: 'on page 3' });
		expect(await poll(h)).toEqual([['fieldValueChanged', entries[1].id, ['on page 1']]]);
		// The API no longer takes the saved link (a cursor that expired): 400 "Invalid cursor".
		const read = h.staticData().read as { next: string };
		read.next = read.next.replace(/cursor=[^&]+/, 'cursor=expired');
		await setValue(fixture, entries[2].id, notes, {
			type: 'text',
			data: 'page 1, after it was read',
		});
		const rest = (await pollUntilComplete(h)).events;
		expect(rest).toEqual([['fieldValueChanged', entries[201].id, ['on page 3']]]);
		const again = (await pollUntilComplete(h)).events;
		expect(again).toEqual([['fieldValueChanged', entries[2].id, ['page 1, after it was read']]]);
	});
});

describe('change-log detection over several polls', () => {
	const changeLog = { listId: byId(TARGET_ACCOUNTS), detection: 'changeLog', event: 'anyChange' };

	it('a backlog of changes larger than a poll reads is reported over several polls, each once, in order', async () => {
		// The trigger and the changes an hour ago: the log is a backlog when the polls read it.
		const real = Date.now.bind(Date);
		const clock = jest.spyOn(Date, 'now').mockImplementation(() => real() - 3_600_000);
		const h = triggerHarness(fixture, changeLog);
		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes').id;
		try {
			await pollUntilComplete(h);
			expect(h.staticData().changeLog).toBeDefined();
			for (let i = 0; i < 230; i++)
				await setValue(fixture, entries[i].id, notes, { type: 'text', data: `backlog ${i}` });
		} finally {
			clock.mockRestore();
		}
		const seen: string[] = [];
		let polls = 0;
		while (seen.length < 230 && polls < 12) {
			polls++;
			for (const [, , values] of await poll(h)) seen.push(String(values[0]));
		}
		expect(seen).toEqual(Array.from({ length: 230 }, (_, i) => `backlog ${i}`));
		// A log page (100 changes) a poll under this budget, each going on from the last.
		expect(polls).toBe(3);
		expect(await poll(h)).toEqual([]);
	});

	it('a reconciliation that spans polls: log changes at each poll, the rest once the read is complete', async () => {
		const h = triggerHarness(fixture, changeLog);
		await pollUntilComplete(h);
		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes').id;
		const size = fieldNamed(fixture, TARGET_ACCOUNTS, 'Deal Size');
		await fixture.control('POST', `/fields/${size.id}/change-tracking`, { enabled: false });
		await setValue(fixture, entries[3].id, size.id, { type: 'number', data: 4242 });
		await setValue(fixture, entries[220].id, size.id, { type: 'number', data: 4343 });
		// A day later: the next polls reconcile (one page a poll).
		const log = h.staticData().changeLog as { reconciledAt: string };
		log.reconciledAt = new Date(Date.parse(log.reconciledAt) - 25 * 3_600_000).toISOString();

		expect(await h.poll('trigger', BUDGET_MS)).toBeNull();
		expect(h.staticData().read).toMatchObject({ polls: 1 });
		// A tracked change during the reconciliation: the log reports it at the next poll.
		await setValue(fixture, entries[120].id, notes, { type: 'text', data: 'during' });
		const second = events(await h.poll('trigger', BUDGET_MS));
		expect(second.map((e) => [e.listEntryId, e.detectedBy])).toEqual([
			[entries[120].id, 'changeLog'],
		]);
		const rest: IDataObject[] = [];
		for (let i = 0; i < 10 && h.staticData().read !== undefined; i++)
			rest.push(...events(await h.poll('trigger', BUDGET_MS)));
		expect(h.staticData().read).toBeUndefined();
		expect(rest.map((e) => [e.event, e.listEntryId, e.detectedBy])).toEqual([
			['fieldValueChanged', entries[3].id, 'reconciliation'],
			['fieldValueChanged', entries[220].id, 'reconciliation'],
		]);
		// Nothing twice: the next polls are quiet.
		for (let i = 0; i < 3; i++) expect(await h.poll('trigger', BUDGET_MS)).toBeNull();
	});
});

/**
 * Change-log detection through n8n-core's real PollContext against the emulator: what a poll
 * costs, field changes from the log with changer and time, additions from the list-entry
 * search, removals, the reconciliation of fields without change tracking, the cursor across
 * same-time changes and failures, manual runs, and the monthly quota guard.
 */
import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../emulator/seed';
import {
	CLOCK_SKEW_MS,
	advanceCursor,
	unseenChanges,
	type ApiFieldChange,
} from '../../nodes/AffinityV2Trigger/changeLog/fieldValueChanges';
import { EmulatorFixture } from '../harness/emulator';
import {
	DEAL_PIPELINE,
	TARGET_ACCOUNTS,
	addEntry,
	byId,
	events,
	fetchAll,
	fieldNamed,
	removeEntry,
	savedJson,
	setParameters,
	setValue,
	triggerHarness,
} from './helpers';

const fixture = new EmulatorFixture();

beforeAll(async () => {
	await fixture.start();
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

const changeLog = (extra: IDataObject = {}) => ({
	listId: byId(TARGET_ACCOUNTS),
	detection: 'changeLog',
	...extra,
});

async function firstEntry() {
	return (await fetchAll(fixture, TARGET_ACCOUNTS))[0];
}

/** Moves the last reconciliation a day back, as if a day had passed. */
function dayLater(h: { staticData(): IDataObject }): void {
	const log = h.staticData().changeLog as { reconciledAt: string };
	log.reconciledAt = new Date(Date.parse(log.reconciledAt) - 25 * 3_600_000).toISOString();
}

describe('changeLog detection', () => {
	it('a quiet poll costs 2 requests: the change log and the list-entry search', async () => {
		const h = triggerHarness(fixture, changeLog());
		expect(await h.poll()).toBeNull();
		await fixture.clearRequests();
		expect(await h.poll()).toBeNull();
		const paths = (await fixture.requests()).map((r) => `${r.method} ${r.path}`);
		expect(paths).toEqual([
			'GET /v2/field-value-changes',
			`POST /v2/lists/${TARGET_ACCOUNTS}/list-entries/search`,
		]);
	});

	it('reports a tracked field change with changer, time and detectedBy, once', async () => {
		const h = triggerHarness(fixture, changeLog());
		await h.poll();
		const entry = await firstEntry();
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		await fixture.control('POST', '/values', {
			listEntryId: entry.id,
			fieldId: notes.id,
			value: { type: 'text', data: 'Signed' },
			changerId: SEEDED_USERS.admin,
		});
		// A change on another list is not this trigger's.
		const other = (await fetchAll(fixture, DEAL_PIPELINE))[0];
		const otherNotes = fieldNamed(fixture, DEAL_PIPELINE, 'Notes');
		await setValue(fixture, other.id, otherNotes.id, { type: 'text', data: 'elsewhere' });

		const got = events(await h.poll());
		expect(got).toHaveLength(1);
		expect(got[0]).toMatchObject({
			event: 'fieldValueChanged',
			listId: TARGET_ACCOUNTS,
			listEntryId: entry.id,
			entityId: entry.entity.id,
			detectedBy: 'changeLog',
			changes: [{ fieldId: notes.id, fieldName: 'Notes', actionType: 'update', current: 'Signed' }],
		});
		expect((got[0].changer as IDataObject).id).toBe(SEEDED_USERS.admin);
		expect(typeof got[0].changedAt).toBe('string');
		expect(await h.poll()).toBeNull();
	});

	it('asks the log for the watched fields only, and reports only them', async () => {
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const stage = fieldNamed(fixture, TARGET_ACCOUNTS, 'Stage');
		const size = fieldNamed(fixture, TARGET_ACCOUNTS, 'Deal Size');
		const h = triggerHarness(fixture, changeLog({ watchedFieldIds: [notes.id, stage.id] }));
		await h.poll();
		const entry = await firstEntry();
		await setValue(fixture, entry.id, size.id, { type: 'number', data: 99 });
		await setValue(fixture, entry.id, notes.id, { type: 'text', data: 'Watched' });
		await fixture.clearRequests();
		const got = events(await h.poll());
		expect(got.map((e) => (e.changes as IDataObject[])[0].fieldId)).toEqual([notes.id]);
		const [logRequest] = await fixture.requests();
		expect(new URLSearchParams(logRequest.query).get('filter')).toMatch(
			new RegExp(`^changedAt>=\\S+ & \\(field\\.id="${notes.id}" \\| field\\.id="${stage.id}"\\)$`),
		);
	});

	it('a deleted value carries its previous value; multi-value items come one by one', async () => {
		const h = triggerHarness(fixture, changeLog());
		const entry = await firstEntry();
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const scores = fieldNamed(fixture, TARGET_ACCOUNTS, 'Scores');
		await setValue(fixture, entry.id, notes.id, { type: 'text', data: 'Old note' });
		await setValue(fixture, entry.id, scores.id, { type: 'number-multi', data: [1, 2] });
		await h.poll();
		await setValue(fixture, entry.id, notes.id, null);
		await setValue(fixture, entry.id, scores.id, { type: 'number-multi', data: [2, 3] });
		const changes = events(await h.poll()).map((e) => (e.changes as IDataObject[])[0]);
		expect(changes).toEqual([
			{
				fieldId: notes.id,
				fieldName: 'Notes',
				actionType: 'delete',
				previous: 'Old note',
				current: null,
			},
			{
				fieldId: scores.id,
				fieldName: 'Scores',
				actionType: 'delete',
				previous: 1,
				current: null,
				multiValueItem: true,
			},
			{
				fieldId: scores.id,
				fieldName: 'Scores',
				actionType: 'add',
				current: 3,
				multiValueItem: true,
			},
		]);
	});

	it('finds added entries through the search and removed ones through a scan, each once', async () => {
		const h = triggerHarness(fixture, changeLog());
		await h.poll();
		const added = await addEntry(fixture, TARGET_ACCOUNTS, undefined, 'Fresh Co');
		await fixture.clearRequests();
		const got = events(await h.poll());
		expect(got).toEqual([
			expect.objectContaining({
				event: 'listEntryAdded',
				listEntryId: added.id,
				detectedBy: 'listEntrySearch',
			}),
		]);
		// No removal: no scan, 2 requests.
		expect(await fixture.requests()).toHaveLength(2);

		const gone = (await firstEntry()).id;
		await removeEntry(fixture, gone);
		const removed = events(await h.poll());
		expect(removed).toEqual([
			expect.objectContaining({
				event: 'listEntryRemoved',
				listEntryId: gone,
				detectedBy: 'listEntrySearch',
			}),
		]);
		expect(await h.poll()).toBeNull();
	});

	it('reconciliation reports untracked fields only, and never what the log reported', async () => {
		const h = triggerHarness(fixture, changeLog());
		await h.poll();
		const [a, b] = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const size = fieldNamed(fixture, TARGET_ACCOUNTS, 'Deal Size');
		await fixture.control('POST', `/fields/${size.id}/change-tracking`, { enabled: false });
		await setValue(fixture, a.id, notes.id, { type: 'text', data: 'Tracked' });
		await setValue(fixture, b.id, size.id, { type: 'number', data: 4242 });
		// An added entry's untracked field changed after the search reported it.
		const added = await addEntry(fixture, TARGET_ACCOUNTS, undefined, 'Later Co');

		const first = events(await h.poll());
		expect(first.map((e) => [e.event, e.listEntryId, e.detectedBy])).toEqual([
			['listEntryAdded', added.id, 'listEntrySearch'],
			['fieldValueChanged', a.id, 'changeLog'],
		]);
		await setValue(fixture, added.id, size.id, { type: 'number', data: 7 });
		expect(await h.poll()).toBeNull();

		dayLater(h);
		const reconciled = events(await h.poll());
		expect(reconciled).toEqual([
			expect.objectContaining({
				event: 'fieldValueChanged',
				listEntryId: b.id,
				detectedBy: 'reconciliation',
				// Weighted Value, a formula on Deal Size, changes with it and is never in the log.
				changes: [
					expect.objectContaining({ fieldId: size.id, current: 4242 }),
					expect.objectContaining({ fieldName: 'Weighted Value' }),
				],
			}),
			expect.objectContaining({
				event: 'fieldValueChanged',
				listEntryId: added.id,
				detectedBy: 'reconciliation',
				changes: [
					expect.objectContaining({ fieldId: size.id, current: 7 }),
					expect.objectContaining({ fieldName: 'Weighted Value' }),
				],
			}),
		]);
		expect(await h.poll()).toBeNull();
		dayLater(h);
		expect(await h.poll()).toBeNull();
	});

	it('changes sharing one timestamp across a page boundary: all reported, none twice', async () => {
		const h = triggerHarness(fixture, changeLog());
		await h.poll();
		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 1000);
		try {
			for (let i = 0; i < 150; i++)
				await setValue(fixture, entries[i].id, notes.id, { type: 'text', data: `Same time ${i}` });
		} finally {
			now.mockRestore();
		}
		const got = events(await h.poll());
		expect(new Set(got.map((e) => e.changedAt)).size).toBe(1);
		expect(got.map((e) => e.listEntryId)).toEqual(entries.slice(0, 150).map((e) => e.id));
		expect(await h.poll()).toBeNull();
	});

	it.each(['whole-second', 'any'])(
		'changes sharing a second, and one just out of the re-read window: each once (filterTimes: %s, empty pages)',
		async (filterTimes) => {
			await fixture.control('POST', '/settings', { filterTimes, emptyPageEvery: 2 });
			const h = triggerHarness(fixture, changeLog());
			await h.poll();
			const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
			const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
			const base = Math.ceil((Date.now() + 2000) / 1000) * 1000;
			const changeAt = async (ms: number, index: number) => {
				const now = jest.spyOn(Date, 'now').mockReturnValue(base + ms);
				try {
					await setValue(fixture, entries[index].id, notes.id, { type: 'text', data: `At ${ms}` });
				} finally {
					now.mockRestore();
				}
			};
			const polled = async () => events(await h.poll()).map((e) => e.listEntryId);
			await changeAt(100, 0);
			expect(await polled()).toEqual([entries[0].id]);
			// 10.5 s later (past the re-read window of the first, whose second is still read
			// again from the whole-second bound), two changes in one second.
			await changeAt(100 + CLOCK_SKEW_MS + 500, 1);
			await changeAt(100 + CLOCK_SKEW_MS + 700, 2);
			expect(await polled()).toEqual([entries[1].id, entries[2].id]);
			// One more in that same second, after the cursor.
			await changeAt(100 + CLOCK_SKEW_MS + 800, 3);
			expect(await polled()).toEqual([entries[3].id]);
			expect(await h.poll()).toBeNull();
			const filters = (await fixture.requests())
				.filter((r) => r.path === '/v2/field-value-changes')
				.map((r) => new URLSearchParams(r.query).get('filter') ?? '');
			expect(filters.some((f) => f.includes('changedAt>='))).toBe(true);
			for (const filter of filters) expect(filter).not.toMatch(/\d\.\d/);
		},
	);

	it('a clock that ran back a second: changes logged later with earlier times, each once', async () => {
		const h = triggerHarness(fixture, changeLog());
		await h.poll();
		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		await setValue(fixture, entries[0].id, notes.id, { type: 'text', data: 'On time' });
		const onTime = events(await h.poll());
		expect(onTime.map((e) => e.listEntryId)).toEqual([entries[0].id]);
		// The server's clock runs back a second: 120 changes (more than a page) are logged
		// before the change already reported.
		await fixture.control('POST', '/clock', { offsetMs: -1000 });
		for (let i = 1; i <= 120; i++)
			await setValue(fixture, entries[i].id, notes.id, { type: 'text', data: `Late ${i}` });
		const { body } = await fixture.api<{ data: Array<{ changedAt: string; value: unknown }> }>(
			`/v2/field-value-changes?filter=${encodeURIComponent(`field.id="${notes.id}"`)}&orderBy=-changedAt&limit=1`,
		);
		expect(Date.parse(body.data[0].changedAt)).toBeLessThanOrEqual(
			Date.parse(String(onTime[0].changedAt)),
		);
		const late = events(await h.poll());
		expect(late.map((e) => e.listEntryId)).toEqual(entries.slice(1, 121).map((e) => e.id));
		expect(
			late.every((e) => Date.parse(String(e.changedAt)) < Date.parse(String(onTime[0].changedAt))),
		).toBe(true);
		expect(await h.poll()).toBeNull();
		// The clock is right again: the next change once, nothing repeated.
		await fixture.control('POST', '/clock', { offsetMs: 0 });
		await setValue(fixture, entries[121].id, notes.id, { type: 'text', data: 'Right again' });
		expect(events(await h.poll()).map((e) => e.listEntryId)).toEqual([entries[121].id]);
		expect(await h.poll()).toBeNull();
	});

	it('a poll that fails half way saves nothing; the next reports everything once', async () => {
		const h = triggerHarness(fixture, changeLog());
		await h.poll();
		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		for (let i = 0; i < 120; i++)
			await setValue(fixture, entries[i].id, notes.id, { type: 'text', data: `Half ${i}` });
		const before = savedJson(h);
		await fixture.fault({
			kind: 'status',
			status: 400,
			path: '^/v2/field-value-changes$',
			skip: 1,
		});
		await expect(h.poll()).rejects.toThrow();
		expect(savedJson(h)).toBe(before);
		expect(events(await h.poll())).toHaveLength(120);
		expect(await h.poll()).toBeNull();
	});

	it('a manual run shows the latest real changes of the log and never touches the state', async () => {
		const h = triggerHarness(fixture, changeLog());
		await h.poll();
		const entry = await firstEntry();
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		await setValue(fixture, entry.id, notes.id, { type: 'text', data: 'Manual' });
		const before = savedJson(h);
		await fixture.clearRequests();
		const manual = events(await h.poll('manual'));
		// The change just made comes first, as it is: no invented change, no sample.
		expect(manual[0]).toMatchObject({
			event: 'fieldValueChanged',
			listEntryId: entry.id,
			entityType: 'company',
			entityName: fixture.emulator.store.companies.get(entry.entity.id)!.name,
			changes: [{ fieldId: notes.id, current: 'Manual' }],
			detectedBy: 'changeLog',
		});
		expect(manual.length).toBeLessThanOrEqual(5);
		expect(
			manual.every(
				(e) =>
					e.sample === undefined && e.testEvent === 'latestChange' && e.listId === TARGET_ACCOUNTS,
			),
		).toBe(true);
		expect(manual.every((e) => typeof e.entityName === 'string')).toBe(true);
		// The list's fields and the log, newest first, the list's type and its entities' names:
		// not a read of the whole list.
		expect((await fixture.requests()).map((r) => r.path)).toEqual([
			`/v2/lists/${TARGET_ACCOUNTS}/fields`,
			'/v2/field-value-changes',
			`/v2/lists/${TARGET_ACCOUNTS}`,
			'/v2/companies',
		]);
		expect(savedJson(h)).toBe(before);
		// The poll reports the change, as a real event: no marker.
		const real = events(await h.poll());
		expect(real).toHaveLength(1);
		expect(real[0]).toMatchObject({ listEntryId: entry.id, detectedBy: 'changeLog' });
		expect(real[0]).not.toHaveProperty('testEvent');
	});

	it('a manual run shows the latest additions as they are, and removals only as marked samples', async () => {
		const h = triggerHarness(fixture, changeLog({ event: 'listEntryAdded' }));
		const added = events(await h.poll('manual'));
		expect(added).toHaveLength(5);
		expect(
			added.every(
				(e) =>
					e.event === 'listEntryAdded' &&
					e.testEvent === 'latestAddition' &&
					e.sample === undefined,
			),
		).toBe(true);
		const all = await fetchAll(fixture, TARGET_ACCOUNTS);
		const latest = all
			.map((e) => e.createdAt)
			.sort()
			.pop();
		expect(all.find((e) => e.id === added[0].listEntryId)?.createdAt).toBe(latest);
		setParameters(h, changeLog({ event: 'listEntryRemoved' }));
		const removed = events(await h.poll('manual'));
		expect(removed).toHaveLength(5);
		expect(
			removed.every(
				(e) => e.event === 'listEntryRemoved' && e.testEvent === 'sample' && e.sample === true,
			),
		).toBe(true);
		expect(savedJson(h)).toBe('{}');
	});
});

describe('the change log cursor', () => {
	const change = (id: number, at: number): ApiFieldChange => ({
		id,
		field: { id: 'field-1' },
		entity: { id: 1 },
		listEntry: { id: 1, listId: 1 },
		changer: null,
		changedAt: new Date(at).toISOString(),
		actionType: 'update',
		type: 'text',
		value: 'x',
	});

	it('a change logged late with a time a second earlier is read once', () => {
		const t = Date.parse('2026-07-01T10:00:00Z');
		const first = [change(1, t), change(2, t + 2000)];
		const cursor = advanceCursor('k', undefined, first, t - CLOCK_SKEW_MS);
		expect(cursor).toMatchObject({ at: new Date(t + 2000).toISOString(), id: 2 });
		// The clock ran back a second: change 3 is logged after 2 with an earlier time. The
		// next read (from the cursor minus the skew) returns 1, 3 and 2 again.
		const reread = [change(1, t), change(3, t + 1000), change(2, t + 2000)];
		expect(unseenChanges(cursor, reread).map((c) => c.id)).toEqual([3]);
		const next = advanceCursor('k', cursor, reread, 0);
		expect(next.id).toBe(2);
		expect(unseenChanges(next, reread)).toEqual([]);
	});

	it('keeps only the ids inside the re-read window', () => {
		const t = Date.parse('2026-07-01T10:00:00Z');
		const cursor = advanceCursor(
			'k',
			undefined,
			[change(1, t), change(2, t + CLOCK_SKEW_MS + 1)],
			0,
		);
		expect(cursor.recent.map(([id]) => id)).toEqual([2]);
	});
});

describe('quota guard', () => {
	it('fails the poll before the monthly quota runs out, saving nothing', async () => {
		await fixture.control('POST', '/rate-limit', { orgLimit: 40 });
		const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS) });
		// 3 calls a poll (250 entries); the reserve is 4 calls (10 % of 40).
		let polls = 0;
		let failure: Error | undefined;
		while (!failure && polls < 20) {
			try {
				await h.poll();
				polls++;
			} catch (error) {
				failure = error as Error;
			}
		}
		// 40 - 3 × 12 = 4 left: a 13th poll would leave 1, under the reserve.
		expect(polls).toBe(12);
		expect(failure?.message).toBe(
			'Stopped before the monthly API quota runs out: 4 of 40 calls left',
		);
		expect((failure as { description?: string }).description).toMatch(/resets at \d{4}-/);
		expect((failure as { description?: string }).description).toMatch(/about 3 calls a poll/);
		const before = savedJson(h);
		await expect(h.poll()).rejects.toThrow(/monthly API quota/);
		expect(savedJson(h)).toBe(before);
	});

	it('with the change log, names what a quiet poll costs', async () => {
		await fixture.control('POST', '/rate-limit', { orgLimit: 1000 });
		const h = triggerHarness(fixture, changeLog({ options: { quotaReservePercent: 99 } }));
		// Baseline 4 calls (996 left), then 2 a quiet poll down to the reserve of 990.
		for (let i = 0; i < 4; i++) await h.poll();
		const failure = await h.poll().catch((error: Error) => error);
		expect(failure).toBeInstanceOf(Error);
		expect((failure as Error).message).toBe(
			'Stopped before the monthly API quota runs out: 990 of 1000 calls left',
		);
		expect((failure as { description?: string }).description).toMatch(/2 calls a quiet poll/);
	});

	it('stops paging too, naming what the pages left would cost from the total', async () => {
		await fixture.control('POST', '/rate-limit', { orgLimit: 1000 });
		const h = triggerHarness(fixture, changeLog({ options: { quotaReservePercent: 99.4 } }));
		// Baseline 4 calls: 996 left; the reserve is 994.
		await h.poll();
		for (let i = 0; i < 150; i++) await addEntry(fixture, TARGET_ACCOUNTS);
		const before = savedJson(h);
		// A quiet poll's 2 calls fit (994 left), but the 150 new entries need 3 more pages of the
		// search (400 entries, 100 read).
		const failure = await h.poll().catch((error: Error) => error);
		expect((failure as Error).message).toBe(
			'Stopped reading pages before the monthly API quota runs out: 994 of 1000 calls left',
		);
		const description = (failure as { description?: string }).description;
		expect(description).toMatch(
			/^1 page \(100 records\) read; the remaining pages would cost about 3 more calls \(300 more records, 100 a page\)\. The account's quota resets at \d{4}-/,
		);
		expect(description).toMatch(/lower "Quota Reserve \(%\)" or turn off "Stop Before/);
		expect(savedJson(h)).toBe(before);
	});

	it('can be turned off, and has nothing to say on plans without a monthly cap', async () => {
		await fixture.control('POST', '/rate-limit', { orgLimit: 12 });
		const h = triggerHarness(fixture, {
			listId: byId(TARGET_ACCOUNTS),
			options: { stopBeforeQuota: false },
		});
		await fixture.clearRequests();
		// 3 calls a poll: with the guard on, the 4th poll would stop (it would leave 0 of 12).
		for (let i = 0; i < 4; i++) await expect(h.poll()).resolves.not.toThrow();
		const spent = await fixture.requests();
		expect(spent).toHaveLength(12);
		expect(spent.every((r) => r.status < 400)).toBe(true);
		await fixture.reset();
		// No monthly cap (no quota headers): the guard, on by default, never stops a poll.
		const unlimited = triggerHarness(fixture, changeLog());
		for (let i = 0; i < 3; i++) await expect(unlimited.poll()).resolves.not.toThrow();
	});
});

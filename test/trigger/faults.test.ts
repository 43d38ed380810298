/**
 * A poll either completes and commits, or fails and commits nothing: faults injected in the
 * middle of a poll leave the saved state byte for byte as it was, and the next poll reports
 * every change since the last good one, once.
 */
import type { FaultSpec } from '../../emulator';
import { RETRY_POLICY } from '../../nodes/AffinityV2/transport';
import { EmulatorFixture, expectNoKey } from '../harness/emulator';
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

const PAGES = `^/v2/lists/${TARGET_ACCOUNTS}/list-entries$`;

/** Three changes, one of each kind; returns the events they must give, as [event, entry id]. */
async function changeThree(round: number): Promise<Array<[string, number]>> {
	const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
	const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
	const tag = `round ${round}`;
	// Seeded entries on the 1st and the 3rd page, so that a failure on the 3rd page splits them.
	const removed = entries[round].id;
	const changed = entries[210 + round].id;
	await removeEntry(fixture, removed);
	await setValue(fixture, changed, notes.id, { type: 'text', data: `changed ${tag}` });
	const added = await addEntry(fixture, TARGET_ACCOUNTS, entries[3].entity.id);
	return [
		['fieldValueChanged', changed],
		['listEntryAdded', added.id],
		['listEntryRemoved', removed],
	];
}

function kinds(items: Array<Record<string, unknown>>): Array<[string, number]> {
	return items.map((e) => [e.event as string, e.listEntryId as number]);
}

const faults: Array<[string, FaultSpec, RegExp]> = [
	[
		'500s beyond the retries',
		{ kind: 'status', status: 500, times: RETRY_POLICY.readRetries + 1 },
		/server error that did not go away/,
	],
	[
		'connection resets beyond the retries',
		{ kind: 'reset', times: RETRY_POLICY.readRetries + 1 },
		/connection to Affinity was reset/,
	],
	[
		'a 429 storm beyond the retry budget',
		{
			kind: 'status',
			status: 429,
			times: RETRY_POLICY.rateLimitRetries + 1,
			headers: { 'x-ratelimit-limit-user-reset': '1' },
		},
		/rate limit stayed exhausted/,
	],
];

describe.each(faults)('%s on the 3rd page of a poll', (_label, fault, description) => {
	it('throws, leaves the state byte-identical, and the next poll reports everything since the last good one', async () => {
		const h = triggerHarness(fixture, {
			listId: byId(TARGET_ACCOUNTS),
			options: { keepPreviousValues: true },
		});
		await h.poll();
		const before = savedJson(h);
		const first = await changeThree(0);
		await fixture.fault({ ...fault, path: PAGES, skip: 2 });
		await fixture.clearRequests();

		const failure = await h.poll().then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failure).toBeDefined();
		expect(`${failure?.message} ${failure?.description}`).toMatch(description);
		expectNoKey(failure);
		expect(savedJson(h)).toBe(before);
		const log = await fixture.requests();
		const pages = log.filter((r) => r.path === `/v2/lists/${TARGET_ACCOUNTS}/list-entries`);
		expect(pages.slice(0, 2).every((r) => r.status === 200)).toBe(true);
		expect(pages.length).toBe(2 + (fault.times ?? 1));

		// More changes after the failure; the next poll has them all, each once.
		const second = await changeThree(1);
		const out = events(await h.poll());
		const expected = [...first, ...second];
		expect(kinds(out).sort()).toEqual(expected.sort());
		const notes = out.filter((e) => e.event === 'fieldValueChanged');
		for (const e of notes)
			expect(e.changes).toEqual([expect.objectContaining({ fieldName: 'Notes' })]);
		expect(await h.poll()).toBeNull();
	});
});

describe('other failures', () => {
	it('a failed name lookup for removed entries fails the poll before it commits', async () => {
		const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS), event: 'listEntryRemoved' });
		await h.poll();
		const before = savedJson(h);
		const [a] = await fetchAll(fixture, TARGET_ACCOUNTS);
		await removeEntry(fixture, a.id);
		await fixture.fault({
			kind: 'status',
			status: 503,
			times: RETRY_POLICY.readRetries + 1,
			path: '^/v2/companies$',
		});
		await expect(h.poll()).rejects.toThrow();
		expect(savedJson(h)).toBe(before);
		expect(events(await h.poll())).toEqual([
			expect.objectContaining({
				event: 'listEntryRemoved',
				listEntryId: a.id,
				entityName: a.entity.name,
			}),
		]);
	});

	it("stops in time within n8n's poll budget, keeping its place and the saved snapshot", async () => {
		const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS) });
		await h.poll();
		const snapshot = JSON.stringify(h.staticData().state);
		const [a] = await fetchAll(fixture, TARGET_ACCOUNTS);
		await removeEntry(fixture, a.id);
		// The 2nd page is slow: the poll sees it cannot read a 3rd one within the budget.
		await fixture.fault({ kind: 'delay', delayMs: 700, path: PAGES, skip: 1 });
		await fixture.clearRequests();
		expect(await h.poll('trigger', 2000)).toBeNull();
		expect(JSON.stringify(h.staticData().state)).toBe(snapshot);
		expect(h.staticData().read).toMatchObject({
			polls: 1,
			next: expect.stringContaining('cursor='),
		});
		const pages = (await fixture.requests()).filter((r) => r.path.endsWith('/list-entries'));
		expect(pages.length).toBeLessThan(3);
		// The next poll goes on from the page where the last one stopped, and reports the removal.
		await fixture.clearRequests();
		expect(kinds(events(await h.poll()) as Array<Record<string, unknown>>)).toEqual([
			['listEntryRemoved', a.id],
		]);
		const rest = (await fixture.requests()).filter((r) => r.path.endsWith('/list-entries'));
		expect(rest.length).toBe(3 - pages.length);
		expect(rest.every((r) => r.query.includes('cursor='))).toBe(true);
		expect(h.staticData().read).toBeUndefined();
	});

	it('a malformed page is a failed poll, not a list that lost its entries', async () => {
		const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS) });
		await h.poll();
		const before = savedJson(h);
		await fixture.fault({ kind: 'shape', shape: 'no-pagination', path: PAGES, skip: 1 });
		await expect(h.poll()).rejects.toThrow(/unexpected shape/);
		expect(savedJson(h)).toBe(before);
		expect(await h.poll()).toBeNull();
	});
});

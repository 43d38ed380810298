import type { IDataObject } from 'n8n-workflow';

import { TRUNCATION_SEED } from '../../emulator/seedExtras';
import { AffinityV2Trigger } from '../../nodes/AffinityV2Trigger/AffinityV2Trigger.node';
import { ADMIN_KEY, EmulatorFixture, expectNoKey } from '../harness/emulator';
import { pollHarness } from '../../testkit/engine';
import { TARGET_ACCOUNTS, byId, events, fieldNamed, setValue } from './helpers';

/**
 * A multi-value field holding more than 100 values (Champions: 110 people on one entry of
 * Target Accounts). The list's read shows the first 100 and the totalCount; a change past the
 * 100th value is seen by snapshot detection only with Complete Multi-Value Fields, on API
 * version 2026-09-17 (its values pages).
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

function harness(apiVersion: string, complete: boolean) {
	const champions = fieldNamed(fixture, TARGET_ACCOUNTS, 'Champions');
	return pollHarness(
		new AffinityV2Trigger(),
		{
			watch: 'list',
			listId: byId(TARGET_ACCOUNTS),
			event: 'fieldValueChanged',
			detection: 'snapshot',
			watchedFieldIds: [champions.id],
			options: complete ? { completeMultiValues: true } : {},
		},
		fixture.credentials(ADMIN_KEY, { apiVersion }),
	);
}

function longEntry() {
	const entry = fixture.emulator.store.entriesByList
		.get(TARGET_ACCOUNTS)!
		.find((e) => e.entityId === TRUNCATION_SEED.companyId)!;
	const champions = fieldNamed(fixture, TARGET_ACCOUNTS, 'Champions');
	const data = entry.values.get(champions.id)!.data as Array<{ id: number }>;
	return { entry, champions, data };
}

/** Replaces the 105th champion by a person not among them: a change past the 100th value. */
async function changePast100(): Promise<{ removed: number; added: number }> {
	const { entry, champions, data } = longEntry();
	expect(data).toHaveLength(110);
	const taken = new Set(data.map((p) => p.id));
	const added = [...fixture.emulator.store.persons.values()].find(
		(p) => p.type === 'external' && !taken.has(p.id),
	)!.id;
	const removed = data[104].id;
	const next = data.map((p, i) => (i === 104 ? { id: added } : p));
	await setValue(fixture, entry.id, champions.id, { type: 'person-multi', data: next });
	return { removed, added };
}

it('on 2026-09-17 with Complete Multi-Value Fields a change past the 100th value is an event with all 110 values', async () => {
	const h = harness('2026-09-17', true);
	expect(events(await h.poll())).toEqual([]);
	const { removed, added } = await changePast100();
	await fixture.clearRequests();
	const found = events(await h.poll());
	expect(found).toHaveLength(1);
	const { entry, champions } = longEntry();
	expect(found[0]).toMatchObject({ event: 'fieldValueChanged', listEntryId: entry.id });
	const [change] = found[0].changes as IDataObject[];
	expect(change.fieldId).toBe(champions.id);
	const ids = (change.current as IDataObject[]).map((p) => p.id);
	expect(ids).toHaveLength(110);
	expect(ids).toContain(added);
	expect(ids).not.toContain(removed);
	expect(change.possiblyTruncated).toBeUndefined();
	const valueReads = (await fixture.requests()).filter((r) => r.path.endsWith('/values'));
	// One paged read of the one cut field: 2 pages for 110 values.
	expect(valueReads.map((r) => r.path)).toEqual(
		Array(2).fill(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${champions.id}/values`,
		),
	);
	// Nothing changed since: no event, the complete value fingerprints the same.
	expect(events(await h.poll())).toEqual([]);
	expectNoKey(found);
});

it('without it the change past the 100th value is not seen (the value is at the cut-off)', async () => {
	const h = harness('2026-09-17', false);
	await h.poll();
	await changePast100();
	await fixture.clearRequests();
	expect(events(await h.poll())).toEqual([]);
	expect((await fixture.requests()).some((r) => r.path.endsWith('/values'))).toBe(false);
});

it.each([false, true])(
	'a person-multi at the cut-off: removing its first value is seen only with the option (%s)',
	async (complete) => {
		const h = harness('2026-09-17', complete);
		await h.poll();
		const { entry, champions, data } = longEntry();
		await setValue(fixture, entry.id, champions.id, { type: 'person-multi', data: data.slice(1) });
		const found = events(await h.poll());
		if (!complete) return expect(found).toEqual([]);
		expect(found).toHaveLength(1);
		const [change] = found[0].changes as IDataObject[];
		expect(change.current).toHaveLength(109);
		expect(change.possiblyTruncated).toBeUndefined();
	},
);

it('on 2026-07-15 the option fails the poll, naming the API Version', async () => {
	const h = harness('2026-07-15', true);
	await expect(h.poll()).rejects.toThrow(
		"Complete Multi-Value Fields needs Affinity API version 2026-09-17 or later; the credential's API Version is 2026-07-15",
	);
});

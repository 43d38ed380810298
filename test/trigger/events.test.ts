/**
 * The trigger through n8n-core's real PollContext against the emulator: each event kind,
 * baseline and manual mode, saved views, watched fields and the state it keeps.
 */
import type { ApiListEntry } from '../../nodes/AffinityV2/helpers/types';
import { EmulatorFixture, expectNoKey } from '../harness/emulator';
import {
	DEAL_PIPELINE,
	INVESTORS,
	TARGET_ACCOUNTS,
	addEntry,
	byId,
	events,
	fetchAll,
	fieldNamed,
	optionId,
	removeEntry,
	savedJson,
	setParameters,
	setValue,
	triggerHarness,
	viewId,
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

const list = { listId: byId(TARGET_ACCOUNTS) };

async function entryIds(): Promise<number[]> {
	return (await fetchAll(fixture, TARGET_ACCOUNTS)).map((e) => e.id);
}

describe('baseline', () => {
	it('records the list on the first poll and emits nothing, in 3 requests for 250 entries', async () => {
		const h = triggerHarness(fixture, list);
		expect(await h.poll()).toBeNull();
		const state = h.staticData().state as {
			count: number;
			key: string;
			entityType: string;
			fields: unknown[];
		};
		expect(state.count).toBe(250);
		expect(state.key).toBe('list:102|view:');
		expect(state.entityType).toBe('company');
		expect(state.fields).toHaveLength(14);
		const log = await fixture.requests();
		expect(log.map((r) => r.path)).toEqual(
			Array(3).fill(`/v2/lists/${TARGET_ACCOUNTS}/list-entries`),
		);
		expect(new URLSearchParams(log[0].query).getAll('fieldTypes')).toEqual(['list']);
		// Nothing changed: the next poll emits nothing either.
		expect(await h.poll()).toBeNull();
	});

	it('reads the credential once a poll, not once a page', async () => {
		const h = triggerHarness(fixture, list);
		await h.poll();
		expect((await fixture.requests()).length).toBe(3);
		expect(h.helper.decryptions).toBe(1);
		await h.poll();
		expect(h.helper.decryptions).toBe(2);
	});

	it('with "Emit Current Entries on First Poll" outputs every entry once as added', async () => {
		const h = triggerHarness(fixture, { ...list, options: { emitCurrentEntries: true } });
		const first = events(await h.poll());
		expect(first).toHaveLength(250);
		expect(new Set(first.map((e) => e.listEntryId)).size).toBe(250);
		expect(first.every((e) => e.event === 'listEntryAdded')).toBe(true);
		expect(await h.poll()).toBeNull();
	});
});

describe('events', () => {
	it('listEntryAdded: a new entry, and the same company added a second time, are two entries', async () => {
		const h = triggerHarness(fixture, { ...list, event: 'listEntryAdded' });
		await h.poll();
		const created = await addEntry(fixture, TARGET_ACCOUNTS, undefined, 'Zephyr Robotics');
		const again = await addEntry(fixture, TARGET_ACCOUNTS, created.entityId);
		const out = events(await h.poll());
		expect(out).toHaveLength(2);
		expect(out.map((e) => e.listEntryId)).toEqual([created.id, again.id]);
		for (const e of out) {
			expect(e).toMatchObject({
				event: 'listEntryAdded',
				listId: TARGET_ACCOUNTS,
				entityType: 'company',
				entityId: created.entityId,
				entityName: 'Zephyr Robotics',
			});
			expect((e.changes as unknown[]).length).toBe(14);
			expect((e.changes as Array<Record<string, unknown>>).every((c) => c.previous === null)).toBe(
				true,
			);
		}
		expectNoKey(out);
		expect(await h.poll()).toBeNull();
	});

	it('listEntryRemoved: the entry id, its company and the company name, looked up by id', async () => {
		const h = triggerHarness(fixture, { ...list, event: 'listEntryRemoved' });
		await h.poll();
		const [first] = await fetchAll(fixture, TARGET_ACCOUNTS);
		await removeEntry(fixture, first.id);
		await fixture.clearRequests();
		const out = events(await h.poll());
		expect(out).toEqual([
			{
				event: 'listEntryRemoved',
				listId: TARGET_ACCOUNTS,
				listEntryId: first.id,
				entityType: 'company',
				entityId: first.entity.id,
				entityName: first.entity.name,
				changes: [],
			},
		]);
		const lookups = (await fixture.requests()).filter((r) => r.path === '/v2/companies');
		expect(lookups).toHaveLength(1);
		expect(new URLSearchParams(lookups[0].query).getAll('ids')).toEqual([String(first.entity.id)]);
	});

	it.each([
		['Investors (persons)', 'person', INVESTORS],
		['Deal Pipeline (opportunities)', 'opportunity', DEAL_PIPELINE],
	])('listEntryRemoved on %s: names looked up by id', async (_label, entityType, listId) => {
		const h = triggerHarness(fixture, { listId: byId(listId), event: 'listEntryRemoved' });
		await h.poll();
		const [first, second] = await fetchAll(fixture, listId);
		await removeEntry(fixture, first.id);
		await removeEntry(fixture, second.id);
		const name = (e: typeof first) =>
			e.entity.name ?? [e.entity.firstName, e.entity.lastName].filter(Boolean).join(' ');
		const out = events(await h.poll());
		expect(out.map((e) => [e.listEntryId, e.entityType, e.entityId, e.entityName])).toEqual([
			[first.id, entityType, first.entity.id, name(first)],
			[second.id, entityType, second.entity.id, name(second)],
		]);
	});

	it('fieldValueChanged: one event per changed entry, naming exactly the changed fields, for every value type', async () => {
		const h = triggerHarness(fixture, {
			...list,
			event: 'fieldValueChanged',
			options: { keepPreviousValues: true },
		});
		await h.poll();
		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const target = entries[5];
		const f = (name: string) => fieldNamed(fixture, TARGET_ACCOUNTS, name);
		const person = 5_000_010;
		const companies = [3_000_020, 3_000_021];
		const updates: Array<[string, { type: string; data: unknown }]> = [
			[
				'Status',
				{ type: 'ranked-dropdown', data: { dropdownOptionId: optionId(f('Status'), 'Won') } },
			],
			['Owner', { type: 'person', data: { id: person } }],
			['Deal Size', { type: 'number', data: 123456 }],
			['Close Date', { type: 'datetime', data: '2026-07-01T07:00:00.000Z' }],
			['Notes', { type: 'text', data: 'Signed "today" ✓' }],
			['Stage', { type: 'dropdown', data: { dropdownOptionId: optionId(f('Stage'), 'IC') } }],
			['Co-investors', { type: 'company-multi', data: companies.map((id) => ({ id })) }],
			['Champions', { type: 'person-multi', data: [{ id: person }, { id: person + 1 }] }],
			[
				'Region',
				{
					type: 'location',
					data: {
						streetAddress: null,
						city: 'Lagos',
						state: 'Lagos',
						country: 'Nigeria',
						continent: 'Africa',
					},
				},
			],
			['Scores', { type: 'number-multi', data: [9, 8, 7] }],
			[
				'Labels',
				{
					type: 'dropdown-multi',
					data: [{ dropdownOptionId: optionId(f('Labels'), 'Strategic') }],
				},
			],
			['Related Company', { type: 'company', data: { id: companies[0] } }],
			[
				'Sites',
				{
					type: 'location-multi',
					data: [
						{
							streetAddress: null,
							city: 'Oslo',
							state: null,
							country: 'Norway',
							continent: 'Europe',
						},
					],
				},
			],
		];
		for (const [name, value] of updates) await setValue(fixture, target.id, f(name).id, value);
		const out = events(await h.poll());
		expect(out).toHaveLength(1);
		const [event] = out;
		expect(event).toMatchObject({
			event: 'fieldValueChanged',
			listEntryId: target.id,
			entityId: target.entity.id,
			entityName: target.entity.name,
		});
		const changes = event.changes as Array<{
			fieldName: string;
			previous: unknown;
			current: unknown;
		}>;
		const byName = new Map(changes.map((c) => [c.fieldName, c]));
		// Every field set (unless it already had that value), plus the formula that follows Deal Size and Status.
		const before = new Map((target.entity.fields ?? []).map((x) => [x.name, x]));
		for (const [name] of updates) expect(byName.has(name)).toBe(true);
		expect(byName.has('Weighted Value')).toBe(true);
		expect(byName.get('Status')?.current).toBe('Won');
		expect(byName.get('Owner')?.current).toMatchObject({ id: person });
		expect(byName.get('Notes')?.current).toBe('Signed "today" ✓');
		expect(byName.get('Region')?.current).toMatchObject({
			line: 'Lagos, Lagos, Nigeria',
			city: 'Lagos',
		});
		expect(byName.get('Scores')?.current).toEqual([9, 8, 7]);
		expect(byName.get('Labels')?.current).toEqual(['Strategic']);
		expect(byName.get('Close Date')?.current).toBe('2026-07-01T07:00:00.000Z');
		// Previous values are the ones the entry had, simplified the same way.
		const { simplifyValue } = await import('../../nodes/AffinityV2/helpers/simplifyValue');
		for (const c of changes)
			expect(c.previous).toEqual(simplifyValue(before.get(c.fieldName)?.value));
		expect(await h.poll()).toBeNull();
	});

	it('only watched fields count: a change elsewhere is no event', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const h = triggerHarness(fixture, {
			...list,
			event: 'fieldValueChanged',
			watchedFieldIds: [status.id],
		});
		await h.poll();
		const log = await fixture.requests();
		expect(new URLSearchParams(log[0].query).getAll('fieldIds')).toEqual([status.id]);
		const [a, b] = await entryIds();
		await setValue(fixture, a, notes.id, { type: 'text', data: 'not watched' });
		expect(await h.poll()).toBeNull();
		await setValue(fixture, b, status.id, {
			type: 'ranked-dropdown',
			data: { dropdownOptionId: optionId(status, 'Lost') },
		});
		const out = events(await h.poll());
		expect(out).toHaveLength(1);
		expect(out[0].listEntryId).toBe(b);
		expect(out[0].changes).toEqual([{ fieldId: status.id, fieldName: 'Status', current: 'Lost' }]);
	});

	it('anyChange: additions, removals and changes of one poll, each once; renames and reorders are none', async () => {
		const h = triggerHarness(fixture, { ...list, options: { includeEntry: true } });
		await h.poll();
		const [a, b, c] = await fetchAll(fixture, TARGET_ACCOUNTS);
		const labels = fieldNamed(fixture, TARGET_ACCOUNTS, 'Labels');
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		await removeEntry(fixture, a.id);
		await setValue(fixture, b.id, notes.id, { type: 'text', data: 'changed' });
		const added = await addEntry(fixture, TARGET_ACCOUNTS, c.entity.id);
		// Not changes: a company renamed, a multi-select given in another order.
		await fixture.control('PATCH', `/companies/${c.entity.id}`, { name: 'Renamed Inc' });
		const current = c.entity.fields?.find((x) => x.id === labels.id)?.value.data as Array<{
			dropdownOptionId: number;
		}> | null;
		if (current && current.length > 1)
			await setValue(fixture, c.id, labels.id, {
				type: 'dropdown-multi',
				data: [...current].reverse(),
			});
		const out = events(await h.poll());
		expect(out.map((e) => [e.event, e.listEntryId])).toEqual([
			['fieldValueChanged', b.id],
			['listEntryAdded', added.id],
			['listEntryRemoved', a.id],
		]);
		expect(out[1].entityName).toBe('Renamed Inc');
		expect((out[0].entry as Record<string, unknown>).fields).toMatchObject({ Notes: 'changed' });
		expect(out[2].entry).toBeUndefined();
		expect(await h.poll()).toBeNull();
	});

	it('says when an association value may be truncated instead of reporting false changes', async () => {
		const champions = fieldNamed(fixture, TARGET_ACCOUNTS, 'Champions');
		const h = triggerHarness(fixture, {
			...list,
			event: 'fieldValueChanged',
			watchedFieldIds: [champions.id],
		});
		await h.poll();
		const [entry] = await entryIds();
		const persons = [...fixture.emulator.store.persons.keys()].slice(0, 200);
		await setValue(fixture, entry, champions.id, {
			type: 'person-multi',
			data: persons.slice(0, 150).map((id) => ({ id })),
		});
		const reached = events(await h.poll());
		expect(reached).toHaveLength(1);
		expect(reached[0].possiblyTruncated).toEqual(['Champions']);
		expect((reached[0].changes as Array<Record<string, unknown>>)[0]).toMatchObject({
			fieldName: 'Champions',
			possiblyTruncated: true,
		});
		expect(
			((reached[0].changes as Array<Record<string, unknown>>)[0].current as unknown[]).length,
		).toBe(100);
		// Changes beyond what the API shows, and a different cut: nothing reported.
		await setValue(fixture, entry, champions.id, {
			type: 'person-multi',
			data: persons.slice(10, 190).map((id) => ({ id })),
		});
		expect(await h.poll()).toBeNull();
		// Back under the cut-off: a real, complete value again.
		await setValue(fixture, entry, champions.id, {
			type: 'person-multi',
			data: persons.slice(0, 3).map((id) => ({ id })),
		});
		const back = events(await h.poll());
		expect(back).toHaveLength(1);
		expect(back[0].possiblyTruncated).toBeUndefined();
		expect(
			((back[0].changes as Array<Record<string, unknown>>)[0].current as unknown[]).length,
		).toBe(3);
	});
});

describe('saved views', () => {
	it('entries entering or leaving the view are added or removed; its columns change values', async () => {
		const hot = viewId(fixture, 'Hot accounts');
		const labels = fieldNamed(fixture, TARGET_ACCOUNTS, 'Labels');
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const h = triggerHarness(fixture, { ...list, watch: 'savedView', savedViewId: byId(hot) });
		await h.poll();
		const inView = await fetchAll(fixture, TARGET_ACCOUNTS, hot);
		const all = await fetchAll(fixture, TARGET_ACCOUNTS);
		const outside = all.find((e) => !inView.some((v) => v.id === e.id))!;
		const [leaving, staying] = inView;
		const hotId = optionId(labels, 'Hot');
		await setValue(fixture, outside.id, labels.id, {
			type: 'dropdown-multi',
			data: [{ dropdownOptionId: hotId }],
		});
		await setValue(fixture, leaving.id, labels.id, {
			type: 'dropdown-multi',
			data: [{ dropdownOptionId: optionId(labels, 'Cold') }],
		});
		await setValue(fixture, staying.id, status.id, {
			type: 'ranked-dropdown',
			data: { dropdownOptionId: optionId(status, 'Negotiation') },
		});
		// Not a column of the view: not seen, not an event.
		await setValue(fixture, staying.id, notes.id, { type: 'text', data: 'invisible to the view' });
		const out = events(await h.poll());
		const kinds = out
			.map((e) => [e.event, e.listEntryId])
			.sort((x, y) => Number(x[1]) - Number(y[1]));
		expect(kinds).toEqual(
			[
				['listEntryAdded', outside.id],
				['listEntryRemoved', leaving.id],
				['fieldValueChanged', staying.id],
			].sort((x, y) => Number(x[1]) - Number(y[1])),
		);
		expect(out.every((e) => e.savedViewId === hot)).toBe(true);
		const changed = out.find((e) => e.event === 'fieldValueChanged')!;
		expect(changed.changes).toEqual([
			{ fieldId: status.id, fieldName: 'Status', current: 'Negotiation' },
		]);
		const log = await fixture.requests();
		expect(
			log.some((r) => r.path === `/v2/lists/${TARGET_ACCOUNTS}/saved-views/${hot}/list-entries`),
		).toBe(true);
	});

	it('refuses a watched field that is not a column of the view, saying how to fix it', async () => {
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const h = triggerHarness(fixture, {
			...list,
			watch: 'savedView',
			savedViewId: byId(viewId(fixture, 'Hot accounts')),
			watchedFieldIds: [notes.id],
		});
		await expect(h.poll()).rejects.toThrow(
			`Watched field "${notes.id}" is not a column of saved view`,
		);
		expect(h.staticData().state).toBeUndefined();
	});

	it("refuses a board view with the API's reason", async () => {
		const h = triggerHarness(fixture, {
			listId: byId(101),
			watch: 'savedView',
			savedViewId: byId(viewId(fixture, 'Pipeline board')),
		});
		await expect(h.poll()).rejects.toThrow(/only sheet-type saved views/);
	});
});

describe('changing what is watched', () => {
	it('another list or view starts a new baseline instead of a flood of events', async () => {
		const h = triggerHarness(fixture, list);
		await h.poll();
		setParameters(h, { listId: byId(101) });
		expect(await h.poll()).toBeNull();
		expect((h.staticData().state as { key: string }).key).toBe('list:101|view:');
		setParameters(h, {
			listId: byId(101),
			watch: 'savedView',
			savedViewId: byId(viewId(fixture, 'Qualified deals')),
		});
		expect(await h.poll()).toBeNull();
		setParameters(h, { ...list, options: { emitCurrentEntries: true } });
		expect(events(await h.poll())).toHaveLength(250);
	});

	it('other watched fields: no false events, and additions and removals meanwhile are still reported', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const h = triggerHarness(fixture, { ...list, watchedFieldIds: [status.id] });
		await h.poll();
		const [a, b] = await entryIds();
		await removeEntry(fixture, a);
		await setValue(fixture, b, notes.id, { type: 'text', data: 'x' });
		setParameters(h, { ...list, watchedFieldIds: [status.id, notes.id] });
		const out = events(await h.poll());
		expect(out.map((e) => [e.event, e.listEntryId])).toEqual([['listEntryRemoved', a]]);
		await setValue(fixture, b, notes.id, { type: 'text', data: 'y' });
		expect(events(await h.poll()).map((e) => e.changes)).toEqual([
			[{ fieldId: notes.id, fieldName: 'Notes', current: 'y' }],
		]);
	});
});

describe('manual "Fetch Test Event"', () => {
	/** An entry past the seeded change history (the first 30 entries of each list have some). */
	async function quietEntry() {
		return (await fetchAll(fixture, TARGET_ACCOUNTS))[100];
	}

	it('with no saved state shows a real field change just made, shaped as a real event, and saves nothing', async () => {
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const entry = await quietEntry();
		await setValue(fixture, entry.id, notes.id, { type: 'text', data: 'Term sheet sent' });
		const h = triggerHarness(fixture, { ...list, event: 'fieldValueChanged' });
		const manual = events(await h.poll('manual'));
		expect(manual.length).toBeGreaterThanOrEqual(1);
		expect(manual.length).toBeLessThanOrEqual(5);
		expect(manual[0]).toEqual({
			event: 'fieldValueChanged',
			testEvent: 'latestChange',
			listId: TARGET_ACCOUNTS,
			listEntryId: entry.id,
			entityType: 'company',
			entityId: entry.entity.id,
			entityName: fixture.emulator.store.companies.get(entry.entity.id)!.name,
			changes: [{ fieldId: notes.id, fieldName: 'Notes', current: 'Term sheet sent' }],
		});
		expect(manual.every((e) => e.testEvent === 'latestChange' && !('sample' in e))).toBe(true);
		expect(savedJson(h)).toBe('{}');

		// A real poll's event of the same change has the same keys, and no marker.
		expect(await h.poll()).toBeNull();
		await setValue(fixture, entry.id, notes.id, { type: 'text', data: 'Signed' });
		const [real] = events(await h.poll());
		expect(real).not.toHaveProperty('testEvent');
		const { testEvent, ...shown } = manual[0];
		expect(testEvent).toBe('latestChange');
		expect(Object.keys(real)).toEqual(Object.keys(shown));
		expect(real.changes).toEqual([{ fieldId: notes.id, fieldName: 'Notes', current: 'Signed' }]);
	});

	it('with Keep Previous Values, a real change shows the value before it, from the log', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		// The first entry with a Status: its seeded history is in the log.
		const statusOf = (e: ApiListEntry) =>
			e.entity.fields?.find((f) => f.id === status.id)?.value.data as { text: string } | null;
		const entry = (await fetchAll(fixture, TARGET_ACCOUNTS)).find((e) => statusOf(e) !== null)!;
		const before = statusOf(entry)!;
		const h = triggerHarness(fixture, {
			...list,
			event: 'fieldValueChanged',
			watchedFieldIds: [status.id],
			options: { keepPreviousValues: true },
		});
		const target = before.text === 'Won' ? 'Negotiation' : 'Won';
		await setValue(fixture, entry.id, status.id, {
			type: 'ranked-dropdown',
			data: { dropdownOptionId: optionId(status, target) },
		});
		const [shown] = events(await h.poll('manual'));
		expect(shown).toMatchObject({ testEvent: 'latestChange', listEntryId: entry.id });
		expect(shown.changes).toEqual([
			{ fieldId: status.id, fieldName: 'Status', previous: before.text, current: target },
		]);
	});

	it('with no saved state shows the entry added last as an addition', async () => {
		const h = triggerHarness(fixture, { ...list, event: 'listEntryAdded' });
		const created = await addEntry(fixture, TARGET_ACCOUNTS, undefined, 'Zephyr Robotics');
		const out = events(await h.poll('manual'));
		expect(out).toHaveLength(5);
		expect(out[0]).toMatchObject({
			event: 'listEntryAdded',
			testEvent: 'latestAddition',
			listEntryId: created.id,
			entityId: created.entityId,
			entityName: 'Zephyr Robotics',
		});
		expect((out[0].changes as unknown[]).length).toBe(14);
		expect(out.every((e) => e.testEvent === 'latestAddition' && !('sample' in e))).toBe(true);
		expect(savedJson(h)).toBe('{}');
	});

	it('on a saved view shows only changes of entries in the view, and its columns', async () => {
		const hot = viewId(fixture, 'Hot accounts');
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const inView = await fetchAll(fixture, TARGET_ACCOUNTS, hot);
		const viewIds = new Set(inView.map((e) => e.id));
		const outside = (await fetchAll(fixture, TARGET_ACCOUNTS)).find((e) => !viewIds.has(e.id))!;
		const inside = inView[inView.length - 1];
		await setValue(fixture, inside.id, status.id, {
			type: 'ranked-dropdown',
			data: { dropdownOptionId: optionId(status, 'Negotiation') },
		});
		// Not a column of the view, and then an entry outside it: neither is shown.
		await setValue(fixture, inside.id, notes.id, { type: 'text', data: 'not a column' });
		await setValue(fixture, outside.id, status.id, {
			type: 'ranked-dropdown',
			data: { dropdownOptionId: optionId(status, 'Won') },
		});
		const h = triggerHarness(fixture, {
			...list,
			watch: 'savedView',
			savedViewId: byId(hot),
			event: 'fieldValueChanged',
		});
		const out = events(await h.poll('manual'));
		expect(out[0]).toMatchObject({
			testEvent: 'latestChange',
			savedViewId: hot,
			listEntryId: inside.id,
			changes: [{ fieldId: status.id, fieldName: 'Status', current: 'Negotiation' }],
		});
		expect(out.every((e) => viewIds.has(e.listEntryId as number))).toBe(true);
		expect(savedJson(h)).toBe('{}');
	});

	it('shows removals, which the log does not record, as marked samples', async () => {
		const h = triggerHarness(fixture, { ...list, event: 'listEntryRemoved' });
		const out = events(await h.poll('manual'));
		const ids = await entryIds();
		expect(out.map((e) => e.listEntryId)).toEqual([...ids].sort((x, y) => y - x).slice(0, 5));
		expect(
			out.every(
				(e) => e.event === 'listEntryRemoved' && e.testEvent === 'sample' && e.sample === true,
			),
		).toBe(true);
		expect(savedJson(h)).toBe('{}');
	});

	it('shows the changes pending since the last poll without consuming them', async () => {
		const h = triggerHarness(fixture, { ...list, event: 'listEntryRemoved' });
		await h.poll();
		const before = savedJson(h);
		const [a] = await entryIds();
		await removeEntry(fixture, a);
		const manual = events(await h.poll('manual'));
		expect(manual.map((e) => [e.event, e.testEvent, e.listEntryId])).toEqual([
			['listEntryRemoved', 'sinceLastPoll', a],
		]);
		expect(manual[0]).not.toHaveProperty('sample');
		expect(savedJson(h)).toBe(before);
		// The poll reports the same event, without the marker.
		const real = events(await h.poll());
		expect(real[0]).not.toHaveProperty('testEvent');
		expect(real).toEqual(manual.map(({ testEvent: _, ...event }) => event));
		expect(savedJson(h)).not.toBe(before);
	});

	it('a key that may not read the change log still gets marked samples, not an error', async () => {
		await fixture.fault({
			kind: 'status',
			status: 403,
			path: '^/v2/field-value-changes$',
			times: 10,
		});
		const h = triggerHarness(fixture, { ...list, event: 'fieldValueChanged' });
		const out = events(await h.poll('manual'));
		expect(out).toHaveLength(5);
		expect(out.every((e) => e.testEvent === 'sample' && e.sample === true)).toBe(true);
		expect((await fixture.requests()).some((r) => r.status === 403)).toBe(true);
	});

	it('shapes the sample as the chosen event when the log holds no change of the watched fields', async () => {
		// Labels (a multi-select) has no change in the log yet.
		const labels = fieldNamed(fixture, TARGET_ACCOUNTS, 'Labels');
		const h = triggerHarness(fixture, {
			...list,
			event: 'fieldValueChanged',
			watchedFieldIds: [labels.id],
		});
		const out = events(await h.poll('manual'));
		expect(out).toHaveLength(5);
		expect(out[0].event).toBe('fieldValueChanged');
		expect(out.every((e) => e.sample === true && e.testEvent === 'sample')).toBe(true);
		expect((out[0].changes as Array<Record<string, unknown>>)[0]).not.toHaveProperty('previous');
		expect((out[0].changes as Array<Record<string, unknown>>)[0].fieldId).toBe(labels.id);
	});
});

describe('state and polls', () => {
	it('keeps the state compact: a few bytes per entry, previous values only when asked', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const sizes: Record<string, number> = {};
		for (const [label, parameters] of [
			['added only', { event: 'listEntryAdded' }],
			['status watched', { watchedFieldIds: [status.id] }],
			['status kept', { watchedFieldIds: [status.id], options: { keepPreviousValues: true } }],
			['all 14 fields', {}],
		] as const) {
			const h = triggerHarness(fixture, { ...list, ...parameters });
			await h.poll();
			sizes[label] = JSON.stringify(h.staticData().state).length / 250;
		}
		expect(sizes['added only']).toBeLessThan(sizes['status watched']);
		expect(sizes['status watched']).toBeLessThan(sizes['status kept']);
		expect(sizes['status kept']).toBeLessThan(6);
		// Less than 14 direct 32-bit hashes an entry would take as base64, even on a list this short.
		expect(sizes['all 14 fields']).toBeLessThan((14 * 4 * 4) / 3);
	});

	it('two polls at once: the second finds the first running and does nothing', async () => {
		const h = triggerHarness(fixture, { ...list, event: 'listEntryRemoved' });
		await h.poll();
		const [a] = await entryIds();
		await removeEntry(fixture, a);
		await fixture.fault({
			kind: 'delay',
			delayMs: 300,
			path: `/v2/lists/${TARGET_ACCOUNTS}/list-entries$`,
		});
		await fixture.clearRequests();
		const [first, second] = await Promise.all([h.poll(), h.poll()]);
		expect(events(first).map((e) => e.listEntryId)).toEqual([a]);
		expect(second).toBeNull();
		expect((await fixture.requests()).filter((r) => r.path.endsWith('/list-entries'))).toHaveLength(
			3,
		);
	});

	it('a damaged state starts a new baseline instead of failing every poll', async () => {
		const h = triggerHarness(fixture, list);
		await h.poll();
		const state = h.staticData().state as { fields: Array<{ rows: string }> };
		state.fields[0].rows = 'not base64!';
		expect(await h.poll()).toBeNull();
		const [a] = await entryIds();
		await removeEntry(fixture, a);
		expect(events(await h.poll()).map((e) => [e.event, e.listEntryId])).toEqual([
			['listEntryRemoved', a],
		]);
	});

	it('fails with a clear error on a list it cannot see, before saving anything', async () => {
		const h = triggerHarness(fixture, { listId: byId(999) });
		await expect(h.poll()).rejects.toThrow('List: list 999 was not found');
		expect(savedJson(h)).toBe('{}');
		const bad = triggerHarness(fixture, { listId: byId('abc') });
		await expect(bad.poll()).rejects.toThrow('Invalid List ID: got "abc"');
	});
});

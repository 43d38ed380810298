/**
 * Field names and ids are user data: a list field called `__proto__`, `constructor` or
 * `toString` (or with such an id) is reported by the trigger like any other field, by its own
 * name and with its own value, in added, changed and removed events and in the saved state;
 * an entity type named so is not looked up as if it were one of the API's directories.
 */
import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import {
	TARGET_ACCOUNTS,
	addEntry,
	byId,
	events,
	fetchAll,
	removeEntry,
	setValue,
	triggerHarness,
} from '../trigger/helpers';

const fixture = new EmulatorFixture();

beforeAll(async () => {
	await fixture.start();
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

/** A text field per hostile name (its id too, for half of them), on Target Accounts. */
async function hostileFields(): Promise<Array<{ id: string; name: string }>> {
	const fields: Array<{ id: string; name: string }> = [];
	for (const [i, name] of NAMES.entries()) {
		const body: IDataObject = { listId: TARGET_ACCOUNTS, name, valueType: 'text' };
		if (i % 2 === 0) body.id = name;
		const { id } = await fixture.control<{ id: string }>('POST', '/fields', body);
		fields.push({ id, name });
	}
	return fields;
}

const text = (data: string) => ({ type: 'text', data });
type Change = { fieldId: string; fieldName: string; previous?: unknown; current: unknown };

/** The changes of an event as [name, previous, current], checking each is a plain own-keyed record. */
function changesOf(event: IDataObject): Array<[string, unknown, unknown]> {
	const changes = event.changes as Change[];
	return changes.map((change) => {
		expect(Object.getPrototypeOf(change)).toBe(Object.prototype);
		expect(Object.keys(change)).toEqual(
			expect.arrayContaining(['fieldId', 'fieldName', 'current']),
		);
		return [change.fieldName, change.previous, change.current];
	});
}

describe('fields named like Object.prototype members', () => {
	it('are reported by name with their values, on addition, change and removal', async () => {
		const fields = await hostileFields();
		const watched = fields.map((f) => f.id);
		const h = triggerHarness(fixture, {
			listId: byId(TARGET_ACCOUNTS),
			watchedFieldIds: watched,
			options: { keepPreviousValues: true },
		});
		const [first] = await fetchAll(fixture, TARGET_ACCOUNTS);
		for (const f of fields) await setValue(fixture, first.id, f.id, text(`old ${f.name}`));
		expect(await h.poll()).toBeNull();

		// Changed: previous and current by field, each its own.
		for (const f of fields) await setValue(fixture, first.id, f.id, text(`new ${f.name}`));
		const added = await addEntry(fixture, TARGET_ACCOUNTS);
		for (const f of fields) await setValue(fixture, added.id, f.id, text(`added ${f.name}`));
		const out = events(await h.poll());
		const changed = out.find(
			(e) => e.event === 'fieldValueChanged' && e.listEntryId === first.id,
		) as IDataObject;
		expect(changesOf(changed)).toEqual(
			fields.map((f) => [f.name, `old ${f.name}`, `new ${f.name}`]),
		);
		expect((changed.changes as Change[]).map((c) => c.fieldId)).toEqual(watched);
		const addition = out.find((e) => e.event === 'listEntryAdded') as IDataObject;
		expect(changesOf(addition)).toEqual(fields.map((f) => [f.name, null, `added ${f.name}`]));

		// Removed: the kept values come back from the saved state, by field.
		await removeEntry(fixture, first.id);
		const removed = events(await h.poll());
		expect(removed).toHaveLength(1);
		expect(changesOf(removed[0])).toEqual(fields.map((f) => [f.name, `new ${f.name}`, null]));
		expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
		expect(Object.getPrototypeOf({})).toBe(Object.prototype);
	});

	it('an entity type named like one (an answer that is not company, person or opportunity) gives removals without names', async () => {
		const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS), event: 'listEntryRemoved' });
		expect(await h.poll()).toBeNull();
		const [first] = await fetchAll(fixture, TARGET_ACCOUNTS);
		for (const entityType of ['__proto__', 'constructor', 'toString']) {
			// The state keeps the entity type the API gave for the list's entries.
			(h.staticData().state as IDataObject).entityType = entityType;
			await fixture.clearRequests();
			const entry = await addEntry(fixture, TARGET_ACCOUNTS, first.entity.id);
			expect(await h.poll()).toBeNull();
			(h.staticData().state as IDataObject).entityType = entityType;
			await removeEntry(fixture, entry.id);
			const out = events(await h.poll());
			expect(out).toEqual([
				expect.objectContaining({
					event: 'listEntryRemoved',
					listEntryId: entry.id,
					entityType,
					entityName: null,
				}),
			]);
			// No name lookup is sent for a type the API has no directory of.
			expect((await fixture.requests()).filter((r) => !r.path.endsWith('/list-entries'))).toEqual(
				[],
			);
		}
	});
});

import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../emulator/seed';
import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

/** The change log through the real engine: fieldValueChange.getAll and listEntry.getFieldValueChanges. */
const fixture = new EmulatorFixture();

const run = (parameters: IDataObject) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters });
const conditions = (...list: Array<{ property: string; operator: string; value?: unknown }>) => ({
	conditions: list,
});

type Change = {
	id: number;
	changedAt: string;
	actionType: string;
	field: { id: string };
	listEntry: { id: number; listId: number } | null;
	changer: { id: number } | null;
};

let seeded: Change[] = [];

beforeAll(async () => {
	await fixture.start();
	const page = await fixture.api<{ data: Change[]; pagination: { nextUrl: string | null } }>(
		'/v2/field-value-changes?limit=100',
	);
	seeded = page.body.data;
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

describe('fieldValueChange.getAll', () => {
	it('returns the change log oldest first, limited, and filtered with escaped conditions', async () => {
		const limited = await run({ resource: 'fieldValueChange', operation: 'getAll', limit: 30 });
		expect(limited.error).toBeUndefined();
		expect(limited.items.map((c) => c.id)).toEqual(seeded.slice(0, 30).map((c) => c.id));
		const pivot = seeded[40];
		const filtered = await run({
			resource: 'fieldValueChange',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions(
				{ property: 'changedAt', operator: 'greaterThanOrEqual', value: pivot.changedAt },
				{ property: 'actionType', operator: 'equals', value: 'update' },
			),
		});
		expect(filtered.error).toBeUndefined();
		expect(filtered.items.length).toBeGreaterThan(0);
		expect(
			filtered.items.every(
				(c) => (c.changedAt as string) >= pivot.changedAt && c.actionType === 'update',
			),
		).toBe(true);
		const sent =
			(await fixture.requests())
				.map((r) => new URLSearchParams(r.query).get('filter'))
				.find(Boolean) ?? '';
		// Whole-second UTC: the filter rejects fractions, even .000.
		const wholeSecond = new Date(pivot.changedAt).toISOString().replace('.000Z', 'Z');
		expect(sent.replace(/\s/g, '')).toBe(`changedAt>=${wholeSecond}&actionType=update`);
	});

	it('reads newest first on request, and reports a bad raw filter as the API words it', async () => {
		const newest = await run({
			resource: 'fieldValueChange',
			operation: 'getAll',
			order: '-changedAt',
			limit: 3,
		});
		expect(newest.items.map((c) => c.changedAt as string)).toEqual(
			[...newest.items.map((c) => c.changedAt as string)].sort().reverse(),
		);
		const bad = await run({
			resource: 'fieldValueChange',
			operation: 'getAll',
			filterMode: 'raw',
			filterRaw: 'entity.id=3',
			limit: 3,
		});
		expect(bad.error?.message).toMatch(/entity\.id/);
	});
});

describe('listEntry.getFieldValueChanges', () => {
	it("returns one entry's changes, including one just made through the API", async () => {
		const change = seeded.find((c) => c.listEntry)!;
		const { id: entryId, listId } = change.listEntry!;
		const notes = (
			await fixture.api<{ data: Array<{ id: string; name: string; type: string }> }>(
				`/v2/lists/${listId}/fields?limit=100`,
			)
		).body.data.find((f) => f.name === 'Notes' && f.type === 'list')!;
		await fixture.api(`/v2/lists/${listId}/list-entries/${entryId}/fields/${notes.id}`, undefined, {
			method: 'POST',
			body: { value: { type: 'text', data: 'changed by a test' } },
		});
		const result = await run({
			resource: 'listEntry',
			operation: 'getFieldValueChanges',
			listId: byId(listId),
			listEntryId: byId(entryId),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.every((c) => (c.listEntry as IDataObject).id === entryId)).toBe(true);
		expect(result.items.at(-1)).toMatchObject({
			field: { id: notes.id },
			value: 'changed by a test',
			changer: { id: SEEDED_USERS.admin },
		});
		const onlyNotes = await run({
			resource: 'listEntry',
			operation: 'getFieldValueChanges',
			listId: byId(listId),
			listEntryId: byId(entryId),
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({ property: 'field.id', operator: 'equals', value: notes.id }),
		});
		expect(onlyNotes.items.map((c) => (c.field as IDataObject).id)).toEqual(
			onlyNotes.items.map(() => notes.id),
		);
	});

	it('an entry that is not on the list is a 404 naming it', async () => {
		const change = seeded.find((c) => c.listEntry)!;
		const other = change.listEntry!.listId === 102 ? 103 : 102;
		const result = await run({
			resource: 'listEntry',
			operation: 'getFieldValueChanges',
			listId: byId(other),
			listEntryId: byId(change.listEntry!.id),
			limit: 5,
		});
		expect(result.error?.message).toMatch(/not found/i);
	});
});

describe('a change whose person or dropdown option was deleted since', () => {
	it('both reads show the text Affinity kept as a deleted-entity reference', async () => {
		const listId = 102;
		const { id: entryId } = await fixture.control<{ id: number }>('POST', '/list-entries', {
			listId,
			name: 'Fresh Co',
		});
		const fields = fixture.emulator.store.lists.get(listId)!.fields;
		const owner = fields.find((f) => f.name === 'Owner')!;
		const stage = fields.find((f) => f.name === 'Stage')!;
		const option = stage.dropdownOptions![0];
		const { id: personId } = await fixture.control<{ id: number }>('POST', '/persons', {
			name: 'Gone Person',
		});
		await fixture.control('POST', '/values', {
			listEntryId: entryId,
			fieldId: owner.id,
			value: { type: 'person', data: { id: personId } },
		});
		await fixture.control('POST', '/values', {
			listEntryId: entryId,
			fieldId: stage.id,
			value: { type: 'dropdown', data: { dropdownOptionId: option.id } },
		});
		await fixture.api(`/v2/persons/${personId}`, undefined, { method: 'DELETE' });
		await fixture.api(
			`/v2/lists/${listId}/fields/${stage.id}/dropdown-options/${option.id}`,
			undefined,
			{ method: 'DELETE' },
		);

		const workspace = await run({
			resource: 'fieldValueChange',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({
				property: 'listEntry.id',
				operator: 'equals',
				value: entryId,
			}),
		});
		const ofEntry = await run({
			resource: 'listEntry',
			operation: 'getFieldValueChanges',
			listId: byId(listId),
			listEntryId: byId(entryId),
			returnAll: true,
		});
		for (const result of [workspace, ofEntry]) {
			expect(result.error).toBeUndefined();
			const added = (fieldId: string) =>
				result.items.find((c) => (c.field as IDataObject).id === fieldId && c.actionType === 'add');
			expect(added(owner.id)).toMatchObject({
				type: 'person',
				value: { referenceType: 'deleted-entity', displayValue: 'Gone Person' },
			});
			expect(added(stage.id)).toMatchObject({
				type: 'dropdown',
				value: { referenceType: 'deleted-entity', displayValue: option.text },
			});
		}
	});
});

import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId, BOARD_CONFIDENTIAL, TARGET_ACCOUNTS } from '../harness/ids';

/** List, list entry (saved views, field values) and field operations through the real engine. */
const fixture = new EmulatorFixture();
const PIPELINE = 101;

const run = (parameters: IDataObject, extra: Partial<Parameters<typeof runAffinityNode>[0]> = {}) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters, ...extra });

interface View {
	id: number;
	name: string;
	type: string;
}
interface Field {
	id: string;
	name: string;
	type: string;
	valueType: string;
}

let views: View[] = [];
let pipelineFields: Field[] = [];
const view = (name: string) => (views.find((v) => v.name === name) as View).id;
const pipelineField = (name: string) => (pipelineFields.find((f) => f.name === name) as Field).id;

beforeAll(async () => {
	await fixture.start();
	views = [
		...(await fixture.api<{ data: View[] }>(`/v2/lists/${PIPELINE}/saved-views`)).body.data,
		...(await fixture.api<{ data: View[] }>(`/v2/lists/${TARGET_ACCOUNTS}/saved-views`)).body.data,
	];
	pipelineFields = (await fixture.api<{ data: Field[] }>(`/v2/lists/${PIPELINE}/fields`)).body.data;
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

describe('list.getAll and list.getFields', () => {
	it('finds lists by part of their name (term), case-insensitively', async () => {
		const result = await run({
			resource: 'list',
			operation: 'getAll',
			term: 'PIPE',
			returnAll: true,
		});
		expect(result.items.map((l) => l.name)).toEqual(['Deal Pipeline']);
		expect(result.items[0].type).toBe('opportunity');
		const [request] = await fixture.requests();
		expect(new URLSearchParams(request.query).get('term')).toBe('PIPE');
	});

	it('refuses a limit of 0 before any request', async () => {
		const result = await run({ resource: 'list', operation: 'getAll', returnAll: false, limit: 0 });
		expect(result.error?.message).toBe('Invalid Limit: got "0"');
		expect(await fixture.requests()).toHaveLength(0);
	});

	it("gives a list's columns with their value types", async () => {
		const result = await run({ resource: 'list', operation: 'getFields', listId: byId(PIPELINE) });
		expect(result.items.map((f) => f.id)).toEqual(pipelineFields.map((f) => f.id));
		expect(result.items.find((f) => f.name === 'Status')).toMatchObject({
			type: 'list',
			valueType: 'ranked-dropdown',
		});
	});

	it('404 for an unknown list; 403 for a private list of another user', async () => {
		const missing = await run({ resource: 'list', operation: 'getFields', listId: byId(999) });
		expect(missing.error?.message).toBe('List: list 999 was not found');
		const forbidden = await run(
			{ resource: 'list', operation: 'getFields', listId: byId(BOARD_CONFIDENTIAL) },
			{ credentials: fixture.credentials(MEMBER_KEY) },
		);
		expect(forbidden.error?.httpCode).toBe('403');
	});
});

describe('list.getSavedViews', () => {
	it("gives a list's saved views of every type, a page of the Limit's size", async () => {
		const all = await run({
			resource: 'list',
			operation: 'getSavedViews',
			listId: byId(TARGET_ACCOUNTS),
			returnAll: true,
		});
		expect(all.error).toBeUndefined();
		expect(all.items.map((v) => [v.name, v.type])).toEqual([
			['Hot accounts', 'sheet'],
			['Large deals', 'sheet'],
			['Overview dashboard', 'dashboard'],
		]);
		expect(Object.keys(all.items[0]).sort()).toEqual(['createdAt', 'id', 'name', 'type']);
		expect(all.items.map((v) => v.id)).toEqual(
			views.filter((v) => all.items.some((i) => i.name === v.name)).map((v) => v.id),
		);

		await fixture.reset();
		const two = await run({
			resource: 'list',
			operation: 'getSavedViews',
			listId: byId(TARGET_ACCOUNTS),
			returnAll: false,
			limit: 2,
		});
		expect(two.items.map((v) => v.name)).toEqual(['Hot accounts', 'Large deals']);
		const requests = await fixture.requests();
		expect(requests).toHaveLength(1);
		expect(new URLSearchParams(requests[0].query).get('limit')).toBe('2');
	});

	it('404 for an unknown list; 403 for a private list of another user', async () => {
		const missing = await run({ resource: 'list', operation: 'getSavedViews', listId: byId(999) });
		expect(missing.error?.message).toBe('List: list 999 was not found');
		const forbidden = await run(
			{ resource: 'list', operation: 'getSavedViews', listId: byId(BOARD_CONFIDENTIAL) },
			{ credentials: fixture.credentials(MEMBER_KEY) },
		);
		expect(forbidden.error?.httpCode).toBe('403');
	});
});

describe('listEntry.getAllInSavedView', () => {
	it("returns the view's rows (its filter applied) with only its columns, simplified with calendar dates", async () => {
		const result = await run({
			resource: 'listEntry',
			operation: 'getAllInSavedView',
			listId: byId(PIPELINE),
			viewId: { __rl: true, mode: 'list', value: String(view('Qualified deals')) },
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		for (const entry of result.items) {
			expect(Object.keys(entry.fields as object).sort()).toEqual([
				'Close Date',
				'Deal Size',
				'Owner',
				'Status',
			]);
			expect((entry.fields as Record<string, unknown>).Status).toBe('Qualified');
			expect(entry.type).toBe('opportunity');
			const closeDate = (entry.fields as Record<string, string | null>)['Close Date'];
			expect((entry.calendarDates as Record<string, string | null>)['Close Date']).toBe(
				closeDate
					? new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
							new Date(closeDate),
						)
					: null,
			);
		}
		const log = await fixture.requests();
		expect(log[0].path).toBe(
			`/v2/lists/${PIPELINE}/saved-views/${view('Qualified deals')}/list-entries`,
		);
	});

	it('a board view is refused by the API with its reason; a view of another list is 404', async () => {
		const board = await run({
			resource: 'listEntry',
			operation: 'getAllInSavedView',
			listId: byId(PIPELINE),
			viewId: byId(view('Pipeline board')),
			returnAll: true,
		});
		expect(board.error?.httpCode).toBe('400');
		expect(board.error?.message).toMatch(/only sheet-type saved views are supported/);
		const elsewhere = await run({
			resource: 'listEntry',
			operation: 'getAllInSavedView',
			listId: byId(PIPELINE),
			viewId: byId(view('Hot accounts')),
			returnAll: true,
		});
		expect(elsewhere.error?.httpCode).toBe('404');
		expect(elsewhere.error?.description).toMatch(/saved view with ID \d+ on list 101/);
	});
});

describe('listEntry.getFieldValues and listEntry.getFieldValue', () => {
	let entryId: number;
	beforeAll(async () => {
		const entries = (
			await fixture.api<{ data: Array<{ id: number }> }>(
				`/v2/lists/${PIPELINE}/list-entries?limit=1`,
			)
		).body.data;
		entryId = entries[0].id;
	});

	it('simplified: one item with every field by name; raw: one item per field, all pages', async () => {
		const simplified = await run({
			resource: 'listEntry',
			operation: 'getFieldValues',
			listId: byId(PIPELINE),
			listEntryId: byId(entryId),
		});
		expect(simplified.error).toBeUndefined();
		expect(simplified.items).toHaveLength(1);
		expect(simplified.items[0]).toMatchObject({ listId: PIPELINE, listEntryId: entryId });
		expect(Object.keys(simplified.items[0].fields as object).sort()).toEqual(
			pipelineFields.map((f) => f.name).sort(),
		);
		// The first pipeline entry's Co-investors hold 105 companies: the API gives 100.
		expect(simplified.items[0].possiblyTruncated).toEqual(['Co-investors']);
		const raw = await run({
			resource: 'listEntry',
			operation: 'getFieldValues',
			listId: byId(PIPELINE),
			listEntryId: byId(entryId),
			simplify: false,
		});
		expect(raw.items.map((f) => f.id)).toEqual(pipelineFields.map((f) => f.id));
		expect(raw.items[0]).toEqual({
			id: expect.any(String),
			name: expect.any(String),
			type: 'list',
			enrichmentSource: null,
			value: expect.any(Object),
		});
	});

	it('sends the chosen fields as ids and the types as types (this endpoint names them so)', async () => {
		const wanted = [pipelineField('Status'), pipelineField('Owner')];
		const result = await run({
			resource: 'listEntry',
			operation: 'getFieldValues',
			listId: byId(PIPELINE),
			listEntryId: byId(entryId),
			fieldIds: wanted,
		});
		expect(Object.keys(result.items[0].fields as object)).toEqual(['Status', 'Owner']);
		const [request] = await fixture.requests();
		expect(new URLSearchParams(request.query).getAll('ids')).toEqual(wanted);
	});

	it('one value: simplified next to its field, raw as the API gives it', async () => {
		const status = pipelineField('Status');
		const raw = (
			await fixture.api<{ value: { type: string; data: { text: string } | null } }>(
				`/v2/lists/${PIPELINE}/list-entries/${entryId}/fields/${status}`,
			)
		).body;
		const result = await run({
			resource: 'listEntry',
			operation: 'getFieldValue',
			listId: byId(PIPELINE),
			listEntryId: byId(entryId),
			fieldId: status,
		});
		expect(result.items[0]).toEqual({
			id: status,
			name: 'Status',
			type: 'list',
			enrichmentSource: null,
			valueType: 'ranked-dropdown',
			value: raw.value.data ? raw.value.data.text : null,
		});
		const closeDate = pipelineField('Close Date');
		const date = await run({
			resource: 'listEntry',
			operation: 'getFieldValue',
			listId: byId(PIPELINE),
			listEntryId: byId(entryId),
			fieldId: closeDate,
		});
		expect(Object.keys(date.items[0])).toContain('calendarDate');
		const rawResult = await run({
			resource: 'listEntry',
			operation: 'getFieldValue',
			listId: byId(PIPELINE),
			listEntryId: byId(entryId),
			fieldId: status,
			simplify: false,
		});
		expect(rawResult.items[0]).toEqual(raw);
	});

	it('a field id that cannot be one is refused before any request; an unknown one is 404; an entry of another list is 404', async () => {
		await fixture.clearRequests();
		const bad = await run({
			resource: 'listEntry',
			operation: 'getFieldValue',
			listId: byId(PIPELINE),
			listEntryId: byId(entryId),
			fieldId: '../fields',
		});
		expect(bad.error?.message).toBe('Invalid Field: got "../fields"');
		expect(await fixture.requests()).toHaveLength(0);
		const unknown = await run({
			resource: 'listEntry',
			operation: 'getFieldValue',
			listId: byId(PIPELINE),
			listEntryId: byId(entryId),
			fieldId: 'field-999999',
		});
		expect(unknown.error?.httpCode).toBe('404');
		const wrongList = await run({
			resource: 'listEntry',
			operation: 'getFieldValues',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(entryId),
		});
		expect(wrongList.error?.message).toBe(
			`List entry ${entryId} not found on list ${TARGET_ACCOUNTS}`,
		);
	});
});

describe('field.getAll', () => {
	it('company fields whose name contains a text, with filterability and sortability', async () => {
		const result = await run({
			resource: 'field',
			operation: 'getAll',
			entity: 'company',
			filterMode: 'conditions',
			filterConditions: {
				conditions: [{ property: 'name', operator: 'contains', value: 'email' }],
			},
			includes: ['filterability', 'sortability'],
			returnAll: true,
		});
		expect(result.items.map((f) => f.name)).toEqual(['First Email', 'Last Email']);
		// Interaction fields filter and sort through their date of activity (FieldFilterability, FieldSortability).
		const dateOfActivity = { id: 'date-of-activity', name: 'Date of Activity', valueType: 'date' };
		for (const field of result.items) {
			expect(field).toMatchObject({
				valueType: 'interaction',
				filterability: { filterableFieldType: 'attribute-on-field', attributes: [dateOfActivity] },
				sortability: { sortableFieldType: 'attribute-on-field', attributes: [dateOfActivity] },
			});
		}
		const [request] = await fixture.requests();
		const query = new URLSearchParams(request.query);
		expect(query.get('filter')).toBe('name =~ email');
		expect(query.getAll('includes')).toEqual(['filterability', 'sortability']);
	});

	it("a list's fields and person fields, by exact name", async () => {
		const list = await run({
			resource: 'field',
			operation: 'getAll',
			entity: 'list',
			listId: byId(PIPELINE),
			filterMode: 'conditions',
			filterConditions: {
				conditions: [{ property: 'name', operator: 'equals', value: 'Deal Size' }],
			},
			returnAll: true,
		});
		expect(list.items).toEqual([
			expect.objectContaining({
				id: pipelineField('Deal Size'),
				name: 'Deal Size',
				valueType: 'number',
			}),
		]);
		const person = await run({
			resource: 'field',
			operation: 'getAll',
			entity: 'person',
			returnAll: false,
			limit: 3,
		});
		const expected = (await fixture.api<{ data: Field[] }>('/v2/persons/fields?limit=3')).body.data;
		expect(person.items).toEqual(expected);
	});

	it('refuses an operator the name filter does not take, and a list entity without a list, before any request', async () => {
		await fixture.clearRequests();
		const operator = await run({
			resource: 'field',
			operation: 'getAll',
			entity: 'company',
			filterMode: 'conditions',
			filterConditions: {
				conditions: [{ property: 'name', operator: 'startsWith', value: 'Last' }],
			},
			returnAll: true,
		});
		expect(operator.error?.message).toBe(
			'Invalid filter: Condition 1 (Name (name)): the operator "starts with" is not available for this property',
		);
		expect(operator.error?.description).toBe(
			'Affinity allows these operators for it: is equal to, contains. Choose another operator.',
		);
		const noList = await run({
			resource: 'field',
			operation: 'getAll',
			entity: 'list',
			listId: byId('={{ "" }}'),
			returnAll: true,
		});
		expect(noList.error?.message).toBe('Invalid List ID: got nothing');
		expect(await fixture.requests()).toHaveLength(0);
	});
});

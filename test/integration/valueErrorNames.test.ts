import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode, type NodeRun } from '../../testkit/engine';
import { byId, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * A typed value that fails its type is refused before any write, and the error names the field
 * as the later errors do: `Field: "Deal Size" (field-1038): "abc" is not a number`. The value
 * is checked locally; its name costs only the field metadata read (GET …/fields, cached per
 * run) the write would have made anyway. When that read fails, or the field is not in scope,
 * the error keeps the id alone: the value's error is the one reported, never the read's.
 */

const COMPANY = 3000002;
const PERSON = 5000008;
const fixture = new EmulatorFixture();

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

type Field = { id: string; name: string; valueType: string };

async function fieldNamed(path: string, name: string): Promise<Field> {
	const res = await fixture.api<{ data: Field[] }>(`${path}?limit=100`);
	const field = res.body.data.find((f) => f.name === name);
	if (!field) throw new Error(`no field ${name} at ${path}`);
	return field;
}

/** The seed has no person number field: one is made with API v1 (POST /fields, value_type 3). */
async function personNumberField(): Promise<Field> {
	const res = await fixture.api<{ id: number; name: string }>('/fields', undefined, {
		method: 'POST',
		body: { name: 'Lead Score', entity_type: 0, value_type: 3 },
	});
	expect(res.status).toBe(200);
	return { id: `field-${res.body.id}`, name: res.body.name, valueType: 'number' };
}

async function firstEntryId(): Promise<number> {
	const entries = await fixture.control<Array<{ id: number }>>(
		'GET',
		`/lists/${TARGET_ACCOUNTS}/entries`,
	);
	return entries[0].id;
}

/** The request log as "METHOD /path". */
async function sent(): Promise<string[]> {
	return (await fixture.requests()).map((r) => `${r.method} ${r.path}`);
}

async function run(parameters: IDataObject, items?: IDataObject[]): Promise<NodeRun> {
	await fixture.clearRequests();
	const result = await runAffinityNode({
		credentials: fixture.credentials(),
		parameters,
		...(items ? { items, continueOnFail: true } : {}),
	});
	expectNoKey(result.error, result.items);
	return result;
}

describe('Update Field Value: a number field given "abc"', () => {
	const scopes: Array<
		[string, () => Promise<{ field: Field; parameters: IDataObject; fieldsPath: string }>]
	> = [
		[
			'company',
			async () => ({
				field: await fieldNamed('/v2/companies/fields', 'Employees'),
				parameters: { resource: 'company', companyId: byId(COMPANY) },
				fieldsPath: '/v2/companies/fields',
			}),
		],
		[
			'person',
			async () => ({
				field: await personNumberField(),
				parameters: { resource: 'person', personId: byId(PERSON) },
				fieldsPath: '/v2/persons/fields',
			}),
		],
		[
			'listEntry',
			async () => ({
				field: await fieldNamed(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Deal Size'),
				parameters: {
					resource: 'listEntry',
					listId: byId(TARGET_ACCOUNTS),
					listEntryId: byId(await firstEntryId()),
				},
				fieldsPath: `/v2/lists/${TARGET_ACCOUNTS}/fields`,
			}),
		],
	];

	it.each(scopes)(
		'%s: the error names the field by name and id; only its metadata is read, nothing written',
		async (_resource, setUp) => {
			const { field, parameters, fieldsPath } = await setUp();
			const result = await run({
				...parameters,
				operation: 'updateFieldValue',
				fieldId: `${field.id}|number`,
				numberValue: '=abc',
			});
			expect(result.error?.message).toBe(
				`Field: "${field.name}" (${field.id}): "abc" is not a number`,
			);
			expect(result.items).toEqual([]);
			expect(await sent()).toEqual([`GET ${fieldsPath}`]);
		},
	);

	it('the hint of the value error is kept (a date the node cannot read)', async () => {
		const closeDate = await fieldNamed(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Close Date');
		const result = await run({
			resource: 'listEntry',
			operation: 'updateFieldValue',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(await firstEntryId()),
			fieldId: `${closeDate.id}|datetime`,
			dateValue: '=someday',
		});
		expect(result.error?.message).toBe(
			`Field: "Close Date" (${closeDate.id}): "someday" is not a date the node can read`,
		);
		expect(result.error?.description).toMatch(/^Use YYYY-MM-DD \(2024-03-10\)/);
		expect(await sent()).toEqual([`GET /v2/lists/${TARGET_ACCOUNTS}/fields`]);
	});

	it('several items: each error names its row (as Map Fields does) and the field; the metadata is read once for the run', async () => {
		const deal = await fieldNamed(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Deal Size');
		const result = await run(
			{
				resource: 'listEntry',
				operation: 'updateFieldValue',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(await firstEntryId()),
				fieldId: `${deal.id}|number`,
				numberValue: '={{ $json.v }}',
			},
			[{ v: 'abc' }, { v: 5 }, { v: 'xyz' }],
		);
		expect(result.items.map((i) => i.error)).toEqual([
			`Row 1: Field: "Deal Size" (${deal.id}): "abc" is not a number`,
			undefined,
			`Row 3: Field: "Deal Size" (${deal.id}): "xyz" is not a number`,
		]);
		expect(await sent()).toEqual([
			`GET /v2/lists/${TARGET_ACCOUNTS}/fields`,
			`POST /v2/lists/${TARGET_ACCOUNTS}/list-entries/${await firstEntryId()}/fields/${deal.id}`,
		]);
	});
});

describe('when the field cannot be named, the value error keeps the id alone', () => {
	const listEntryWrite = async (listId = TARGET_ACCOUNTS, fieldId?: string) => ({
		resource: 'listEntry',
		operation: 'updateFieldValue',
		listId: byId(listId),
		listEntryId: byId(await firstEntryId()),
		fieldId: `${fieldId ?? (await fieldNamed(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Deal Size')).id}|number`,
		numberValue: '=abc',
	});

	it('a field id the list does not have: the id-only value error, not "is not one of"', async () => {
		const result = await run(await listEntryWrite(TARGET_ACCOUNTS, 'field-999999'));
		expect(result.error?.message).toBe('Field: field-999999: "abc" is not a number');
		expect(await sent()).toEqual([`GET /v2/lists/${TARGET_ACCOUNTS}/fields`]);
	});

	it('an unknown list (the metadata read answers 404): the value error, not the 404', async () => {
		const deal = await fieldNamed(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Deal Size');
		const result = await run(await listEntryWrite(999999, deal.id));
		expect(result.error?.message).toBe(`Field: ${deal.id}: "abc" is not a number`);
		expect(await sent()).toEqual(['GET /v2/lists/999999/fields']);
	});

	it('a 403 on the metadata read: the value error, not the 403', async () => {
		const deal = await fieldNamed(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Deal Size');
		const parameters = await listEntryWrite(TARGET_ACCOUNTS, deal.id);
		await fixture.fault({
			kind: 'status',
			status: 403,
			method: 'GET',
			path: `^/v2/lists/${TARGET_ACCOUNTS}/fields`,
		});
		const result = await run(parameters);
		expect(result.error?.message).toBe(`Field: ${deal.id}: "abc" is not a number`);
		expect(await sent()).toEqual([`GET /v2/lists/${TARGET_ACCOUNTS}/fields`]);
	});

	it('the network fails on every try of the metadata read: the value error, no write', async () => {
		const deal = await fieldNamed(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Deal Size');
		const parameters = await listEntryWrite(TARGET_ACCOUNTS, deal.id);
		await fixture.fault({
			kind: 'reset',
			method: 'GET',
			path: `^/v2/lists/${TARGET_ACCOUNTS}/fields`,
			times: 10,
		});
		const result = await run(parameters);
		expect(result.error?.message).toBe(`Field: ${deal.id}: "abc" is not a number`);
		const log = await sent();
		expect(log.length).toBeGreaterThan(0);
		expect(new Set(log)).toEqual(new Set([`GET /v2/lists/${TARGET_ACCOUNTS}/fields`]));
	});
});

describe('Update Field Values: a bad update names its field, nothing is sent', () => {
	it('JSON (a typed value) and Define Below, in the same words as the single write', async () => {
		const notes = await fieldNamed(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Notes');
		const deal = await fieldNamed(`/v2/lists/${TARGET_ACCOUNTS}/fields`, 'Deal Size');
		const entry = await firstEntryId();
		const base = {
			resource: 'listEntry',
			operation: 'updateFieldValues',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(entry),
		};
		const json = await run({
			...base,
			inputMode: 'json',
			updatesJson: JSON.stringify([
				{ id: notes.id, value: 'fine' },
				{ id: deal.id, value: { type: 'number', data: 'abc' } },
			]),
		});
		expect(json.error?.message).toBe(`Update 2: "Deal Size" (${deal.id}): "abc" is not a number`);
		expect(await sent()).toEqual([`GET /v2/lists/${TARGET_ACCOUNTS}/fields`]);

		const picked = await run({
			...base,
			inputMode: 'fields',
			updates: {
				update: [
					{ fieldId: `${notes.id}|text`, textValue: 'fine' },
					{ fieldId: `${deal.id}|number`, numberValue: '=abc' },
				],
			},
		});
		expect(picked.error?.message).toBe(`Update 2: "Deal Size" (${deal.id}): "abc" is not a number`);
		expect(await sent()).toEqual([`GET /v2/lists/${TARGET_ACCOUNTS}/fields`]);
	});
});

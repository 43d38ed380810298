import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityChain, runAffinityNode } from '../../testkit/engine';
import { byId, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * Skip Unchanged Values, through n8n-core's real engine against the emulator: a write whose
 * value the field already holds is not sent (the request log shows the read and no write), the
 * item says so, a changed value is still written, and turned off every value is written. On by
 * default in Map Fields (a sheet run again), off for picked updates and Update Field Value.
 */

const COMPANY = 3000001;
const fixture = new EmulatorFixture();

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

type Field = { id: string; name: string; type: string; valueType: string; readOnly?: boolean };

async function fieldsAt(path: string): Promise<Field[]> {
	return (await fixture.api<{ data: Field[] }>(`${path}?limit=100`)).body.data;
}

async function requestLines(): Promise<string[]> {
	return (await fixture.requests()).map((r) => `${r.method} ${r.path}`);
}

async function run(parameters: IDataObject, items: IDataObject[] = [{}], timezone?: string) {
	await fixture.clearRequests();
	const result = await runAffinityNode({
		credentials: fixture.credentials(),
		items,
		timezone,
		parameters,
	});
	expectNoKey(result);
	return result;
}

function mapping(value: IDataObject) {
	return {
		mappingMode: 'defineBelow',
		value,
		matchingColumns: [],
		schema: [],
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

describe('Update Field Value with Skip Unchanged Values', () => {
	async function dealSize(): Promise<{ entryId: number; field: Field }> {
		const entries = await fixture.control<Array<{ id: number }>>(
			'GET',
			`/lists/${TARGET_ACCOUNTS}/entries`,
		);
		const field = (await fieldsAt(`/v2/lists/${TARGET_ACCOUNTS}/fields`)).find(
			(f) => f.name === 'Deal Size',
		)!;
		return { entryId: entries[0].id, field };
	}

	const setDealSize = (entryId: number, field: Field, value: number, extra: IDataObject = {}) =>
		run({
			resource: 'listEntry',
			operation: 'updateFieldValue',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(entryId),
			fieldId: `${field.id}|number`,
			numberValue: value,
			...extra,
		});

	it('writes a changed value after reading it, and on the second run reads and writes nothing', async () => {
		const { entryId, field } = await dealSize();
		const path = `/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entryId}/fields/${field.id}`;
		const first = await setDealSize(entryId, field, 777_001, { skipUnchanged: true });
		expect(first.error).toBeUndefined();
		expect(first.items[0]).toMatchObject({ success: true, unchanged: false });
		expect((await requestLines()).filter((l) => l.includes(path))).toEqual([
			`GET ${path}`,
			`POST ${path}`,
		]);

		const second = await setDealSize(entryId, field, 777_001, { skipUnchanged: true });
		expect(second.error).toBeUndefined();
		expect(second.items[0]).toMatchObject({
			success: true,
			unchanged: true,
			value: { type: 'number', data: 777_001 },
		});
		expect((await fixture.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
		expect((await requestLines()).filter((l) => l.includes(path))).toEqual([`GET ${path}`]);
	});

	it('off (the default): the unchanged value is written, and the item has no unchanged key', async () => {
		const { entryId, field } = await dealSize();
		await setDealSize(entryId, field, 777_002);
		const again = await setDealSize(entryId, field, 777_002);
		expect(again.error).toBeUndefined();
		expect(again.items[0]).not.toHaveProperty('unchanged');
		expect((await fixture.requests()).map((r) => r.method)).toContain('POST');
		expect(
			(await requestLines()).filter((l) => l.startsWith('GET ') && l.includes(field.id)),
		).toEqual([]);
	});

	it('a date field read back at midnight Pacific holds the same day written at noon UTC, given in another zone: unchanged', async () => {
		const field = (await fieldsAt('/v2/companies/fields')).find(
			(f) => f.valueType === 'datetime' && f.type === 'global' && !f.readOnly,
		)!;
		const write = (value: string, timezone?: string) =>
			run(
				{
					resource: 'company',
					operation: 'updateFieldValue',
					companyId: byId(COMPANY),
					fieldId: `${field.id}|datetime`,
					dateValue: value,
					skipUnchanged: true,
				},
				[{}],
				timezone,
			);
		const first = await write('2026-03-02T09:30:00Z');
		expect(first.items[0]).toMatchObject({ unchanged: false });
		// Stored as 2026-03-02T08:00:00Z (midnight Pacific); 10:30 in Paris is the same day.
		const second = await write('2026-03-02T10:30:00', 'Europe/Paris');
		expect(second.error).toBeUndefined();
		expect(second.items[0]).toMatchObject({ unchanged: true });
		expect((await fixture.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
	});
});

describe('Update Field Values', () => {
	async function companyFields() {
		const fields = await fieldsAt('/v2/companies/fields');
		const employees = fields.find((f) => f.name === 'Employees')!;
		const description = fields.find((f) => f.name === 'Description' && f.type === 'global')!;
		return { employees, description };
	}

	const mapped = (values: IDataObject, extra: IDataObject = {}) =>
		run({
			resource: 'company',
			operation: 'updateFieldValues',
			companyId: byId(COMPANY),
			inputMode: 'columns',
			columns: mapping(values),
			...extra,
		});

	const patchBodies = async () =>
		(await fixture.requests())
			.filter((r) => r.method === 'PATCH')
			.map((r) => JSON.parse(String(r.body)) as { updates: IDataObject[] });

	it('Map Fields skips an unchanged row by default (one read, no PATCH), and sends only the changed value of a row', async () => {
		const { employees, description } = await companyFields();
		const columns = { [`${employees.id}|number`]: 421, [`${description.id}|text`]: 'Same' };
		const first = await mapped(columns);
		expect(first.error).toBeUndefined();
		expect(first.items[0]).toMatchObject({ updated: 2, fieldsUnchanged: [] });

		const second = await mapped(columns);
		expect(second.error).toBeUndefined();
		expect(second.items[0]).toMatchObject({
			success: true,
			updated: 0,
			chunks: [],
			fieldsUnchanged: ['Employees', 'Description'],
		});
		// The field metadata (GET /v2/companies/fields) names the columns; then the one read.
		expect(await requestLines()).toEqual([
			'GET /v2/companies/fields',
			`GET /v2/companies/${COMPANY}/fields`,
		]);

		const third = await mapped({ ...columns, [`${employees.id}|number`]: 422 });
		expect(third.items[0]).toMatchObject({ updated: 1, fieldsUnchanged: ['Description'] });
		expect(await patchBodies()).toEqual([
			{
				operation: 'update-fields',
				updates: [{ id: employees.id, value: { type: 'number', data: 422 } }],
			},
		]);
	});

	it('Map Fields with Skip Unchanged Values off writes every mapped value, without a read', async () => {
		const { employees, description } = await companyFields();
		const columns = { [`${employees.id}|number`]: 423, [`${description.id}|text`]: 'Again' };
		await mapped(columns, { skipUnchanged: false });
		const again = await mapped(columns, { skipUnchanged: false });
		expect(again.items[0]).toMatchObject({ updated: 2 });
		expect(again.items[0]).not.toHaveProperty('fieldsUnchanged');
		expect(await requestLines()).toEqual([
			'GET /v2/companies/fields',
			`PATCH /v2/companies/${COMPANY}/fields`,
		]);
		expect((await patchBodies())[0].updates).toHaveLength(2);
	});

	it('Define Below writes as given by default; turned on, a list entry’s unchanged updates are left out', async () => {
		const entries = await fixture.control<Array<{ id: number }>>(
			'GET',
			`/lists/${TARGET_ACCOUNTS}/entries`,
		);
		const size = (await fieldsAt(`/v2/lists/${TARGET_ACCOUNTS}/fields`)).find(
			(f) => f.name === 'Deal Size',
		)!;
		const picked = (value: number, extra: IDataObject = {}) =>
			run({
				resource: 'listEntry',
				operation: 'updateFieldValues',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entries[1].id),
				updates: { update: [{ fieldId: `${size.id}|number`, numberValue: value }] },
				...extra,
			});
		await picked(5150);
		const byDefault = await picked(5150);
		expect(byDefault.items[0]).toMatchObject({ updated: 1 });
		expect((await patchBodies()).length).toBe(1);

		const skipped = await picked(5150, { skipUnchanged: true });
		expect(skipped.items[0]).toMatchObject({ updated: 0, fieldsUnchanged: ['Deal Size'] });
		expect(await patchBodies()).toEqual([]);
	});
});

describe('right after the record was created (API v2 reads 1 s behind API v1 writes)', () => {
	beforeEach(() => fixture.control('POST', '/settings', { v1ReadDelayMs: 1000 }));

	it('Company → Create, then Update Field Value with Skip Unchanged Values: the read finds the company and the value is written', async () => {
		const field = (await fieldsAt('/v2/companies/fields')).find(
			(f) => f.valueType === 'text' && f.type === 'global' && !f.readOnly,
		)!;
		const chain = await runAffinityChain({
			credentials: fixture.credentials(),
			steps: [
				{
					name: 'Create',
					parameters: {
						resource: 'company',
						operation: 'create',
						name: 'Unchanged Co',
						domain: 'unchanged-co.example',
					},
				},
				{
					name: 'Set',
					parameters: {
						resource: 'company',
						operation: 'updateFieldValue',
						companyId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
						fieldId: `${field.id}|text`,
						textValue: 'Written once',
						skipUnchanged: true,
					},
				},
			],
		});
		expect(chain.nodes.Set.error?.message).toBeUndefined();
		expect(chain.nodes.Set.items[0]).toMatchObject({ success: true, unchanged: false });
		const id = chain.nodes.Create.items[0].id as number;
		const stored = await fixture.api<{ value: { data: unknown } }>(
			`/v2/companies/${id}/fields/${field.id}`,
		);
		expect(stored.body.value.data).toBe('Written once');
	});
});

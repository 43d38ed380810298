import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey, RESTRICTED_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

/**
 * A company's and a person's own field values through n8n-core's real engine: read (one, all),
 * write one, write many in chunks of 100, each written value read back with the node.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const COMPANY = 3000001;
const PERSON = 5000101;

const run = (parameters: IDataObject, apiKey?: string) =>
	runAffinityNode({ credentials: fixture.credentials(apiKey), parameters });

type Field = { id: string; name: string; type: string; valueType: string };
async function globalField(kind: 'companies' | 'persons', name: string): Promise<Field> {
	const res = await fixture.api<{ data: Field[] }>(`/v2/${kind}/fields?limit=100`);
	return res.body.data.find((f) => f.name === name && f.type === 'global')!;
}

describe('company field values', () => {
	it('updateFieldValue writes a dropdown by name (204: what was written); getFieldValue reads it back', async () => {
		const industry = await globalField('companies', 'Industry');
		await fixture.clearRequests();
		const result = await run({
			resource: 'company',
			operation: 'updateFieldValue',
			companyId: byId(COMPANY),
			fieldId: `${industry.id}|dropdown`,
			dropdownValue: '=Climate',
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			success: true,
			companyId: COMPANY,
			fieldId: industry.id,
			fieldName: 'Industry',
			value: { type: 'dropdown' },
		});
		const posts = (await fixture.requests()).filter((r) => r.method === 'POST');
		expect(posts.map((r) => r.path)).toEqual([`/v2/companies/${COMPANY}/fields/${industry.id}`]);
		const read = await run({
			resource: 'company',
			operation: 'getFieldValue',
			companyId: byId(COMPANY),
			fieldId: industry.id,
		});
		expect(read.items[0]).toMatchObject({ id: industry.id, name: 'Industry', value: 'Climate' });
		expectNoKey(result.run);
	});

	it('updateFieldValues sends 101 updates in chunks of 100 and 1; getFieldValues reads them back by name', async () => {
		const ids: string[] = [];
		for (let i = 0; i < 101; i++) {
			const created = await fixture.control<{ id: string }>('POST', '/fields', {
				entityKind: 'company',
				name: `Extra ${i + 1}`,
				valueType: 'text',
			});
			ids.push(created.id);
		}
		await fixture.clearRequests();
		const result = await run({
			resource: 'company',
			operation: 'updateFieldValues',
			companyId: byId(COMPANY),
			inputMode: 'json',
			updatesJson: JSON.stringify(ids.map((id, i) => ({ id, value: `v${i + 1}` }))),
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			success: true,
			companyId: COMPANY,
			updated: 101,
			chunks: [
				{ chunk: 1, updates: 100 },
				{ chunk: 2, updates: 1 },
			],
		});
		const patches = (await fixture.requests()).filter((r) => r.method === 'PATCH');
		expect(
			patches.map((r) => (JSON.parse(r.body!) as { updates: unknown[] }).updates.length),
		).toEqual([100, 1]);
		const read = await run({
			resource: 'company',
			operation: 'getFieldValues',
			companyId: byId(COMPANY),
			fieldIds: [ids[0], ids[100]],
		});
		expect(read.items).toEqual([
			{ companyId: COMPANY, fields: { 'Extra 1': 'v1', 'Extra 101': 'v101' } },
		]);
	});

	it("a read-only field is refused before any request; no permission is Affinity's 403", async () => {
		await fixture.clearRequests();
		const readOnly = await run({
			resource: 'company',
			operation: 'updateFieldValue',
			companyId: byId(COMPANY),
			fieldId: 'affinity-data-description',
			valueType: 'text',
			textValue: 'x',
		});
		expect(readOnly.error?.message).toMatch(
			/^Field: cannot write "affinity-data-description" is an enriched field/,
		);
		expect(await fixture.requests()).toHaveLength(0);
		const employees = await globalField('companies', 'Employees');
		const denied = await run(
			{
				resource: 'company',
				operation: 'updateFieldValue',
				companyId: byId(COMPANY),
				fieldId: `${employees.id}|number`,
				numberValue: 5,
			},
			RESTRICTED_KEY,
		);
		expect(denied.error?.httpCode).toBe('403');
	});
});

describe('person field values', () => {
	it('updateFieldValues (Define Below) writes two fields; getFieldValues and getFieldValue read them back', async () => {
		const title = await globalField('persons', 'Job Title');
		const city = await globalField('persons', 'Home City');
		const result = await run({
			resource: 'person',
			operation: 'updateFieldValues',
			personId: byId(PERSON),
			inputMode: 'fields',
			updates: {
				update: [
					{ fieldId: `${title.id}|text`, textValue: 'CFO' },
					{ fieldId: `${city.id}|location`, locationValue: { city: 'Lagos', country: 'Nigeria' } },
				],
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({ success: true, personId: PERSON, updated: 2 });
		const all = await run({
			resource: 'person',
			operation: 'getFieldValues',
			personId: byId(PERSON),
			fieldTypes: ['global'],
		});
		expect(all.items[0]).toMatchObject({
			personId: PERSON,
			fields: { 'Job Title': 'CFO', 'Home City': { city: 'Lagos', country: 'Nigeria' } },
		});
		const one = await run({
			resource: 'person',
			operation: 'getFieldValue',
			personId: byId(PERSON),
			fieldId: title.id,
			simplify: false,
		});
		expect(one.items[0]).toMatchObject({ id: title.id, value: { type: 'text', data: 'CFO' } });
	});

	it('an unknown person is a 404 naming it; an empty batch is refused locally', async () => {
		const read = await run({
			resource: 'person',
			operation: 'getFieldValues',
			personId: byId(5999999),
		});
		expect(read.error?.httpCode).toBe('404');
		expect(read.error?.description).toMatch(/person with ID 5999999/);
		await fixture.clearRequests();
		const none = await run({
			resource: 'person',
			operation: 'updateFieldValues',
			personId: byId(PERSON),
			inputMode: 'fields',
		});
		expect(none.error?.message).toBe('No updates given');
		expect(await fixture.requests()).toHaveLength(0);
	});
});

import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { loadOptionsHarness } from '../harness/loadOptions';
import { byId, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * Update Field Values of a company, a person and a list entry with Input Mode "Map Fields"
 * (n8n's column mapping), through n8n-core's real engine against the emulator: the mapped
 * fields written in one PATCH, read back; empty ones left out; bad values refused before any
 * request, naming the row and the field.
 */

const fixture = new EmulatorFixture();

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

type Field = { id: string; name: string; type: string; valueType: string };

async function fieldsAt(path: string): Promise<Field[]> {
	return (await fixture.api<{ data: Field[] }>(`${path}?limit=100`)).body.data;
}

function mapping(value: IDataObject | null, mode = 'defineBelow', schema: IDataObject[] = []) {
	return {
		mappingMode: mode,
		value,
		matchingColumns: [],
		schema,
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

async function run(parameters: IDataObject, items: IDataObject[] = [{}]) {
	await fixture.clearRequests();
	return runAffinityNode({
		credentials: fixture.credentials(),
		items,
		parameters: { operation: 'updateFieldValues', inputMode: 'columns', ...parameters },
	});
}

const patches = async () => (await fixture.requests()).filter((r) => r.method === 'PATCH');

it('Company → Update Field Values writes the mapped global fields in one request', async () => {
	const fields = await fieldsAt('/v2/companies/fields');
	const employees = fields.find((f) => f.name === 'Employees')!;
	const description = fields.find((f) => f.name === 'Description' && f.type === 'global')!;
	const result = await run({
		resource: 'company',
		companyId: byId(3000001),
		columns: mapping({
			[`${employees.id}|number`]: 420,
			[`${description.id}|text`]: 'Mapped',
			'field-1007|datetime': null,
		}),
	});
	expect(result.error).toBeUndefined();
	expect(result.items[0]).toMatchObject({ success: true, updated: 2 });
	expect(await patches()).toHaveLength(1);
	const values = await fixture.api<{ data: Array<{ id: string; value: { data: unknown } }> }>(
		'/v2/companies/3000001/fields',
	);
	const read = (id: string) => values.body.data.find((f) => f.id === id)?.value.data;
	expect(read(employees.id)).toBe(420);
	expect(read(description.id)).toBe('Mapped');
});

it('Person → Update Field Values maps the input keys named like the fields automatically', async () => {
	const fields = (await fieldsAt('/v2/persons/fields')).filter(
		(f) => f.type === 'global' && f.valueType === 'text',
	);
	const text = fields[0];
	const result = await run(
		{ resource: 'person', personId: byId(5000150), columns: mapping(null, 'autoMapInputData') },
		[{ [text.name.toUpperCase()]: 'From the input', unrelated: 1 }],
	);
	expect(result.error).toBeUndefined();
	expect(result.items[0]).toMatchObject({ success: true, updated: 1 });
	const body = JSON.parse(String((await patches())[0].body)) as { updates: IDataObject[] };
	expect(body.updates).toEqual([{ id: text.id, value: { type: 'text', data: 'From the input' } }]);
});

it('List Entry → Update Field Values: a bad value is refused before any request, naming the row and the field', async () => {
	const entries = await fixture.control<Array<{ id: number }>>(
		'GET',
		`/lists/${TARGET_ACCOUNTS}/entries`,
	);
	const size = (await fieldsAt(`/v2/lists/${TARGET_ACCOUNTS}/fields`)).find(
		(f) => f.name === 'Deal Size',
	)!;
	const result = await run(
		{
			resource: 'listEntry',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(entries[0].id),
			columns: mapping({ [`${size.id}|number`]: '={{ $json.size }}' }, 'defineBelow', [
				{
					id: `${size.id}|number`,
					displayName: 'Deal Size',
					type: 'number',
					required: false,
					defaultMatch: false,
					display: true,
				},
			]),
		},
		[{ size: 'a lot' }],
	);
	expect(result.error?.message).toMatch(/^Row 1, field "Deal Size": /);
	expect(await fixture.requests()).toEqual([]);
});

it('nothing mapped is refused', async () => {
	const result = await run({ resource: 'company', companyId: byId(3000001), columns: mapping({}) });
	expect(result.error?.message).toBe('Fields: no field mapped');
});

describe('the columns the editor loads', () => {
	it('a list: its writable fields typed, dropdowns with their options by name, no enriched or computed field', async () => {
		const { fields } = await loadOptionsHarness(
			{ resource: 'listEntry', operation: 'upsert', listId: byId(TARGET_ACCOUNTS) },
			fixture.credentials(),
		).resourceMapping('getListEntryColumns');
		const byName = (name: string) => fields.find((f) => f.displayName === name);
		expect(byName('Stage')).toMatchObject({ id: 'field-1041|dropdown', type: 'options' });
		expect(byName('Stage')?.options?.map((o) => o.name)).toEqual(
			expect.arrayContaining(['Sourcing', 'Diligence', 'IC', 'Closed']),
		);
		expect(byName('Deal Size')).toMatchObject({ type: 'number', required: false, display: true });
		expect(byName('Close Date')?.type).toBe('dateTime');
		// People and companies are text (IDs, emails, domains), their column says which.
		expect(byName('Owner (ID, email)')).toMatchObject({
			id: expect.stringMatching(/\|person$/),
			type: 'string',
		});
		expect(byName('Champions (IDs, emails)')?.type).toBe('string');
		expect(byName('Related Company (ID, domain)')?.type).toBe('string');
		expect(byName('Co-investors (IDs, domains)')?.type).toBe('string');
		expect(byName('Owner')).toBeUndefined();
		expect(byName('Employees')?.type).toBe('number');
		expect(byName('Weighted Value')).toBeUndefined();
		expect(byName('Year Founded')).toBeUndefined();
		expect(
			fields.some((f) => f.id.startsWith('affinity-data-') || f.id.startsWith('dealroom-')),
		).toBe(false);
	});

	it('a list with writable fields: no notice (n8n shows it in Map Automatically mode too)', async () => {
		const result = await loadOptionsHarness(
			{ resource: 'listEntry', operation: 'upsert', listId: byId(TARGET_ACCOUNTS) },
			fixture.credentials(),
		).resourceMapping('getListEntryColumns');
		expect(result.fields.length).toBeGreaterThan(0);
		expect(result.emptyFieldsNotice).toBeUndefined();
	});

	it('no list chosen: no columns and a notice', async () => {
		const result = await loadOptionsHarness(
			{ resource: 'listEntry', operation: 'upsert' },
			fixture.credentials(),
		).resourceMapping('getListEntryColumns');
		expect(result.fields).toEqual([]);
		expect(result.emptyFieldsNotice).toMatch(/Choose a list/);
	});

	it('companies: their writable global fields', async () => {
		const { fields } = await loadOptionsHarness(
			{ resource: 'company', operation: 'updateFieldValues' },
			fixture.credentials(),
		).resourceMapping('getCompanyColumns');
		expect(fields.map((f) => f.displayName)).toEqual(
			expect.arrayContaining(['Employees', 'Industry']),
		);
		expect(fields.every((f) => /^field-\d+\|/.test(f.id))).toBe(true);
	});
});

describe('person and company columns by email or domain', () => {
	type Person = { id: number; primaryEmailAddress: string | null };
	async function seededPeople(count: number): Promise<Person[]> {
		const res = await fixture.api<{ data: Person[] }>('/v2/persons?limit=100');
		return res.body.data.filter((p) => p.primaryEmailAddress).slice(0, count);
	}
	type Company = { id: number; domain: string | null };
	async function seededCompanies(count: number): Promise<Company[]> {
		const res = await fixture.api<{ data: Company[] }>('/v2/companies?limit=100');
		return res.body.data.filter((c) => c.domain && c.id !== 3000001).slice(0, count);
	}
	const companyField = async (name: string) =>
		(await fieldsAt('/v2/companies/fields')).find((f) => f.name === name && f.type === 'global')!;
	const searchTerms = async () =>
		(await fixture.requests())
			.filter((r) => r.path.endsWith('/search'))
			.map(
				(r) => `${r.path} ${(JSON.parse(String(r.body)) as { search: IDataObject }).search.term}`,
			);

	it('Company → Update Field Values: a person by email, companies by ID and URL, in one PATCH', async () => {
		const [person] = await seededPeople(1);
		const [parent, rival] = await seededCompanies(2);
		const owner = await companyField('Account Owner');
		const parentField = await companyField('Parent Company');
		const competitors = await companyField('Competitors');
		const result = await run({
			resource: 'company',
			companyId: byId(3000001),
			columns: mapping({
				[`${owner.id}|person`]: ` ${person.primaryEmailAddress!.toUpperCase()} `,
				[`${parentField.id}|company`]: parent.domain,
				[`${competitors.id}|company-multi`]: `${parent.id}, https://www.example.org/x`.replace(
					'www.example.org',
					rival.domain!,
				),
			}),
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({ success: true, updated: 3 });
		const [patch] = await patches();
		expect(await patches()).toHaveLength(1);
		const body = JSON.parse(String(patch.body)) as { updates: IDataObject[] };
		expect(body.updates).toEqual([
			{ id: owner.id, value: { type: 'person', data: { id: person.id } } },
			{ id: parentField.id, value: { type: 'company', data: { id: parent.id } } },
			{
				id: competitors.id,
				value: { type: 'company-multi', data: [{ id: parent.id }, { id: rival.id }] },
			},
		]);
		expect((await searchTerms()).sort()).toEqual(
			[
				`/v2/persons/search ${person.primaryEmailAddress!.toLowerCase()}`,
				`/v2/companies/search ${parent.domain}`,
				`/v2/companies/search ${rival.domain}`,
			].sort(),
		);
		const values = await fixture.api<{ data: Array<{ id: string; value: { data: unknown } }> }>(
			'/v2/companies/3000001/fields',
		);
		const read = (id: string) => values.body.data.find((f) => f.id === id)?.value.data;
		expect((read(owner.id) as IDataObject).id).toBe(person.id);
		expect((read(parentField.id) as IDataObject).id).toBe(parent.id);
	});

	it('Person → Update Field Values, Map Automatically with the columns the editor loads: the input key named like the field takes an email', async () => {
		const [introducer, person] = await seededPeople(2);
		const { fields } = await loadOptionsHarness(
			{ resource: 'person', operation: 'updateFieldValues' },
			fixture.credentials(),
		).resourceMapping('getPersonColumns');
		const column = fields.find((f) => f.displayName === 'Introduced By (ID, email)')!;
		expect(column).toBeDefined();
		const result = await run(
			{
				resource: 'person',
				personId: byId(person.id),
				columns: mapping(null, 'autoMapInputData', fields as unknown as IDataObject[]),
			},
			[{ 'introduced by': introducer.primaryEmailAddress }],
		);
		expect(result.error).toBeUndefined();
		const body = JSON.parse(String((await patches())[0].body)) as { updates: IDataObject[] };
		expect(body.updates).toEqual([
			{ id: column.id.split('|')[0], value: { type: 'person', data: { id: introducer.id } } },
		]);
	});

	it('a mapping without types (an agent’s): the field’s type is read, then the email searched', async () => {
		const [person] = await seededPeople(1);
		const owner = await companyField('Account Owner');
		const result = await run({
			resource: 'company',
			companyId: byId(3000001),
			columns: mapping({ [owner.id]: person.primaryEmailAddress }),
		});
		expect(result.error).toBeUndefined();
		const body = JSON.parse(String((await patches())[0].body)) as { updates: IDataObject[] };
		expect(body.updates).toEqual([
			{ id: owner.id, value: { type: 'person', data: { id: person.id } } },
		]);
	});

	it('a domain no company has: refused naming the row, the field and the value; nothing written', async () => {
		const parentField = await companyField('Parent Company');
		const result = await run({
			resource: 'company',
			companyId: byId(3000001),
			columns: mapping({ [`${parentField.id}|company`]: 'https://nobody-has-this.example/' }),
		});
		expect(result.error?.message).toBe(
			'Row 1, field "Parent Company": no company has the domain "nobody-has-this.example"',
		);
		expect(result.error?.description).toMatch(/create the company first.*Nothing was sent/);
		const sent = await fixture.requests();
		expect(sent.filter((r) => r.method !== 'GET').map((r) => r.path)).toEqual([
			'/v2/companies/search',
		]);
	});

	it('a value that is no ID, email or domain is refused before any request, naming the field', async () => {
		const owner = await companyField('Account Owner');
		const result = await run({
			resource: 'company',
			companyId: byId(3000001),
			columns: mapping({ [`${owner.id}|person`]: 'Ann Smith' }, 'defineBelow', [
				{
					id: `${owner.id}|person`,
					displayName: 'Account Owner (ID, email)',
					type: 'string',
					required: false,
					defaultMatch: false,
					display: true,
				},
			]),
		});
		expect(result.error?.message).toBe(
			'Row 1, field "Account Owner": "Ann Smith" is not a person ID or an email address',
		);
		expect(await fixture.requests()).toEqual([]);
	});
});

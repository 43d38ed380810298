import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId, TARGET_ACCOUNTS } from '../harness/ids';

/** Company operations through the real engine, against the emulator over HTTP. */
const fixture = new EmulatorFixture();

interface Field {
	id: string;
	name: string;
	type: string;
	valueType: string;
}
interface Company {
	id: number;
	name: string;
	domain: string | null;
	domains: string[];
	fields?: Array<{ id: string; name: string; value: { type: string; data: unknown } }>;
}

let fields: Field[] = [];
const fieldId = (name: string, type = 'global') =>
	(fields.find((f) => f.name === name && f.type === type) as Field).id;

const conditions = (...list: Array<{ property: string; operator: string; value?: unknown }>) => ({
	conditions: list,
});

async function allCompanies(query = ''): Promise<Company[]> {
	const out: Company[] = [];
	let next: string | null = `/v2/companies?limit=100${query}`;
	while (next) {
		const page: { body: { data: Company[]; pagination: { nextUrl: string | null } } } =
			await fixture.api(next);
		out.push(...page.body.data);
		next = page.body.pagination.nextUrl
			? new URL(page.body.pagination.nextUrl).pathname +
				new URL(page.body.pagination.nextUrl).search
			: null;
	}
	return out;
}

const run = (parameters: IDataObject, extra: Partial<Parameters<typeof runAffinityNode>[0]> = {}) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters, ...extra });

beforeAll(async () => {
	await fixture.start();
	fields = (await fixture.api<{ data: Field[] }>('/v2/companies/fields')).body.data;
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

describe('company.get', () => {
	it('simplifies the chosen fields by name: dropdown as text, location as line and parts, dates with their calendar day', async () => {
		const wanted = ['Industry', 'Headquarters', 'Founded', 'Key Contacts'].map((n) => fieldId(n));
		const raw = (
			await fixture.api<Company>(
				`/v2/companies/3000003?${wanted.map((f) => `fieldIds=${f}`).join('&')}`,
			)
		).body;
		const result = await run({
			resource: 'company',
			operation: 'get',
			companyId: byId(3000003),
			fieldIds: wanted,
		});
		expect(result.error).toBeUndefined();
		const [company] = result.items;
		const value = (name: string) =>
			raw.fields?.find((f) => f.name === name)?.value.data as Record<string, unknown> | null;
		const simplified = company.fields as Record<string, unknown>;
		const industry = value('Industry');
		expect(simplified.Industry).toBe(industry ? industry.text : null);
		const hq = value('Headquarters') as Record<string, string | null> | null;
		const line = hq
			? [hq.streetAddress, hq.city, hq.state, hq.country].filter(Boolean).join(', ')
			: null;
		expect(simplified.Headquarters).toEqual(hq ? { line, ...hq } : null);
		// Company 3000003 has 120 key contacts: the API gives 100 and the node says so.
		expect(simplified['Key Contacts']).toHaveLength(100);
		expect((simplified['Key Contacts'] as unknown[])[0]).toEqual({
			id: expect.any(Number),
			name: expect.any(String),
			email: expect.anything(),
		});
		expect(company.possiblyTruncated).toEqual(['Key Contacts']);
		const founded = value('Founded') as unknown as string | null;
		expect(simplified.Founded).toBe(founded);
		const day = founded
			? new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
					new Date(founded),
				)
			: null;
		expect((company.calendarDates as Record<string, string | null>).Founded).toBe(day);
	});

	it('answers 404 with the company named, and sends nothing for an id that is not a number', async () => {
		const missing = await run({ resource: 'company', operation: 'get', companyId: byId(3999999) });
		expect(missing.error?.message).toBe('Company 3999999 not found');
		expect(missing.error?.httpCode).toBe('404');
		await fixture.clearRequests();
		// Typed in the field, "abc" is refused by the editor; from an expression it reaches the node.
		const bad = await run({
			resource: 'company',
			operation: 'get',
			companyId: byId('={{ "abc" }}'),
		});
		expect(bad.error?.message).toBe('Invalid Company ID: got "abc"');
		expect(await fixture.requests()).toHaveLength(0);
	});
});

describe('company.getAll with the filter builder', () => {
	it('AND-combines conditions on name and on a dropdown field, as the filter language says', async () => {
		const industry = fieldId('Industry');
		const result = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions(
				{ property: 'name', operator: 'startsWith', value: 'Blue' },
				{ property: industry, operator: 'equals', value: 'Fintech' },
			),
			fieldIds: [industry],
		});
		expect(result.error).toBeUndefined();
		const all = await allCompanies(`&fieldIds=${industry}`);
		const expected = all.filter(
			(c) =>
				c.name.toLowerCase().startsWith('blue') &&
				(c.fields?.[0].value.data as { text?: string } | null)?.text === 'Fintech',
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(result.items.map((c) => c.id)).toEqual(expected.map((c) => c.id));
		const log = await fixture.requests();
		const companiesRequest = log.find((r) => r.path === '/v2/companies');
		expect(new URLSearchParams(companiesRequest?.query).get('filter')).toBe(
			`name =^ Blue & ${industry} = Fintech`,
		);
	});

	it('OR-combines, and a multi-valued field takes "list contains all of"', async () => {
		const tags = fieldId('Tags');
		const result = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			simplify: true,
			filterMode: 'conditions',
			filterCombine: 'or',
			filterConditions: conditions(
				{ property: tags, operator: 'listContainsAll', value: 'B2B, Hardware' },
				{ property: 'id', operator: 'lessThanOrEqual', value: '3000002' },
			),
			fieldIds: [tags],
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(2);
		for (const company of result.items) {
			const companyTags = ((company.fields as Record<string, string[] | null>).Tags ??
				[]) as string[];
			expect(
				(company.id as number) <= 3000002 ||
					(companyTags.includes('B2B') && companyTags.includes('Hardware')),
			).toBe(true);
		}
	});

	it('hostile values stay literal: no company matches instead of every company, and a hostile real name matches exactly', async () => {
		const hostile = [
			'Acme" | name =~ "',
			'x) | (id > 0',
			'\\" | id > 0 | name = "',
			'a & id > 0',
			'[',
			'*',
		];
		for (const value of hostile) {
			const result = await run(
				{
					resource: 'company',
					operation: 'getAll',
					returnAll: true,
					filterMode: 'conditions',
					filterConditions: conditions({
						property: 'name',
						operator: 'equals',
						value: '={{ $json.name }}',
					}),
				},
				{ items: [{ name: value }] },
			);
			expect(result.error).toBeUndefined();
			expect(result.items).toEqual([]);
		}
		const weird = `O'Brien & Sons (Holdings) [UK] \\ "x" | y =~ z / 50% *`;
		await fixture.control('PATCH', '/companies/3000010', { name: weird });
		const result = await run(
			{
				resource: 'company',
				operation: 'getAll',
				returnAll: true,
				filterMode: 'conditions',
				filterConditions: conditions({
					property: 'name',
					operator: 'equals',
					value: '={{ $json.name }}',
				}),
			},
			{ items: [{ name: weird }] },
		);
		expect(result.items.map((c) => c.id)).toEqual([3000010]);
		expect(result.items[0].name).toBe(weird);
	});

	it('refuses an operator a property does not allow, before any request for a built-in property', async () => {
		await fixture.clearRequests();
		const result = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({ property: 'id', operator: 'contains', value: '3' }),
		});
		expect(result.error?.message).toBe(
			'Invalid filter: Condition 1 (ID (id)): the operator "contains" is not available for this property',
		);
		expect(result.error?.description).toMatch(
			/^Affinity allows these operators for it: is equal to, is not equal to, is greater than/,
		);
		expect(await fixture.requests()).toHaveLength(0);
	});

	it("checks a field condition against the field's filterability: one metadata request, no company request", async () => {
		const headquarters = fieldId('Headquarters');
		const industry = fieldId('Industry');
		await fixture.clearRequests();
		const notFilterable = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({ property: headquarters, operator: 'equals', value: 'London' }),
		});
		expect(notFilterable.error?.message).toBe(
			`Invalid filter: Condition 1 (${headquarters}): "${headquarters}" cannot be filtered on here`,
		);
		const wrongOperator = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({ property: industry, operator: 'startsWith', value: 'Fin' }),
		});
		expect(wrongOperator.error?.message).toBe(
			`Invalid filter: Condition 1 (Industry (${industry})): the operator "starts with" is not available for this property`,
		);
		// A person field is compared by person ID.
		const owner = fieldId('Account Owner');
		const byName = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({ property: owner, operator: 'equals', value: 'Ada Okafor' }),
		});
		expect(byName.error?.message).toBe(
			`Invalid filter: Condition 1 (Account Owner (${owner})): "Ada Okafor" is not a whole number`,
		);
		const log = await fixture.requests();
		expect(log.map((r) => r.path)).toEqual(Array(3).fill('/v2/companies/fields'));
	});

	it('refuses an empty value; a raw filter is sent as written and holds, a malformed one is refused before any request', async () => {
		const empty = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({ property: 'domain', operator: 'contains', value: '' }),
		});
		expect(empty.error?.message).toBe(
			'Invalid filter: Condition 1 (Domain (domain)): "contains" needs a value',
		);
		const raw = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'raw',
			filterRaw: 'name =~ Labs & (id < 3000050 | id > 3000390)',
		});
		expect(raw.error).toBeUndefined();
		expect(raw.items.length).toBeGreaterThan(0);
		for (const c of raw.items) {
			expect(String(c.name)).toMatch(/labs/i);
			expect((c.id as number) < 3000050 || (c.id as number) > 3000390).toBe(true);
		}
		await fixture.clearRequests();
		const broken = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'raw',
			filterRaw: 'name = (',
		});
		// Affinity may ignore the filter, so the node reads (and checks) it itself: before any request.
		expect(broken.error?.message).toBe('Invalid Filter Expression: Expected a value at position 8');
		expect(await fixture.requests()).toHaveLength(0);
		expectNoKey(broken.run);
	});
});

describe('company.search', () => {
	it('POSTs the conditions and sorts once per page (201), same body on every page', async () => {
		const employees = fieldId('Employees');
		const parameters = {
			resource: 'company',
			operation: 'search',
			searchConditions: {
				conditions: [{ target: employees, operator: 'is-greater-than', value: '100' }],
			},
			sort: { sorts: [{ fieldId: employees, direction: 'desc' }] },
			returnAll: false,
			limit: 130,
			fieldIds: [employees],
		};
		const result = await run(parameters);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(130);
		const values = result.items.map((c) => (c.fields as Record<string, number>).Employees);
		expect(values.every((v) => v > 100)).toBe(true);
		expect(values).toEqual([...values].sort((a, b) => b - a));
		// The filter names a field: its filterability is checked first, then the pages are POSTed.
		const [metadata, ...log] = await fixture.requests();
		expect(`${metadata.method} ${metadata.path}`).toBe('GET /v2/companies/fields');
		expect(log.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(
			Array(2).fill('POST /v2/companies/search 201'),
		);
		const body = {
			sorts: [{ fieldId: employees, direction: 'desc' }],
			filters: {
				operator: 'and',
				filters: [
					{ valueType: 'number', fieldId: employees, operator: 'is-greater-than', value: 100 },
				],
			},
		};
		for (const entry of log) expect(JSON.parse(entry.body as string)).toEqual(body);
		expect(log.map((r) => new URLSearchParams(r.query).get('limit'))).toEqual(['100', '30']);
	});

	it('conditions in groups, dropdown options by name, relative dates: Affinity filters by them', async () => {
		const tier = fieldId('Tier');
		const employees = fieldId('Employees');
		const options = (
			await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/companies/fields/${tier}/dropdown-options`,
			)
		).body.data;
		const parameters = {
			resource: 'company',
			operation: 'search',
			searchConditions: {
				conditions: [{ target: employees, operator: 'is-between', value: '50', value2: '5000' }],
			},
			searchGroups: {
				groups: [
					{
						match: 'or',
						conditions: {
							condition: [
								{ target: tier, operator: 'is-any-of', value: options[0].text.toUpperCase() },
								{
									target: 'last-email|date-of-activity',
									operator: 'is-within-the-last',
									amount: 2,
									unit: 'year',
								},
							],
						},
					},
				],
			},
			searchMatch: 'and',
			returnAll: true,
			simplify: false,
		};
		const result = await run(parameters);
		expect(result.error).toBeUndefined();
		const log = (await fixture.requests()).filter((r) => r.path === '/v2/companies/search');
		const body = JSON.parse(log[0].body as string) as { filters: unknown };
		expect(body.filters).toEqual({
			operator: 'and',
			filters: [
				{ valueType: 'number', fieldId: employees, operator: 'is-between', value: [50, 5000] },
				{
					operator: 'or',
					filters: [
						{
							valueType: 'ranked-dropdown',
							fieldId: tier,
							operator: 'is-any-of',
							value: [{ dropdownOptionId: options[0].id }],
						},
						{
							valueType: 'date',
							fieldId: 'last-email',
							attributeId: 'date-of-activity',
							operator: 'is-within-the-last',
							value: { amount: [2], unit: 'year' },
						},
					],
				},
			],
		});
		const direct: number[] = [];
		let next: string | null = '/v2/companies/search?limit=100';
		while (next) {
			const page: {
				body: { data: Array<{ id: number }>; pagination: { nextUrl: string | null } };
			} = await fixture.api(next, undefined, { method: 'POST', body });
			direct.push(...page.body.data.map((c) => c.id));
			next = page.body.pagination.nextUrl
				? new URL(page.body.pagination.nextUrl).pathname +
					new URL(page.body.pagination.nextUrl).search
				: null;
		}
		expect(direct.length).toBeGreaterThan(0);
		expect(direct.length).toBeLessThan(400);
		expect(result.items.map((c) => c.id)).toEqual(direct);
	});

	it('refuses a condition the field does not allow, and a short term, before any request', async () => {
		await fixture.clearRequests();
		const wrong = await run({
			resource: 'company',
			operation: 'search',
			searchConditions: {
				conditions: [{ target: fieldId('Employees'), operator: 'contains', value: '1' }],
			},
		});
		expect(wrong.error?.message).toMatch(
			/Condition 1: Employees cannot be filtered with "contains"/,
		);
		expect(wrong.error?.description).toMatch(/Is greater than/);
		const short = await run({ resource: 'company', operation: 'search', term: 'ab' });
		expect(short.error?.message).toMatch(/at least 3 characters/);
		expect(
			(await fixture.requests()).filter((r) => r.path === '/v2/companies/search'),
		).toHaveLength(0);
	});

	it('Total Count Only: one request, one item', async () => {
		const result = await run({
			resource: 'company',
			operation: 'search',
			term: 'quantum',
			output: 'totalCount',
		});
		const expected = (await allCompanies()).filter(
			(c) =>
				c.name.toLowerCase().includes('quantum') || c.domains.some((d) => d.includes('quantum')),
		);
		expect(result.items).toEqual([{ totalCount: expected.length }]);
		const log = (await fixture.requests()).filter((r) => r.path === '/v2/companies/search');
		expect(log).toHaveLength(1);
		expect(new URLSearchParams(log[0].query).get('totalCount')).toBe('true');
	});

	it('refuses a sort without a field before any request; the API refuses an unsortable field', async () => {
		await fixture.clearRequests();
		const empty = await run({
			resource: 'company',
			operation: 'search',
			term: 'x',
			sort: { sorts: [{ fieldId: '', direction: 'asc' }] },
			returnAll: true,
		});
		expect(empty.error?.message).toBe('Sort 1: no field chosen');
		expect(await fixture.requests()).toHaveLength(0);
		const unsortable = await run({
			resource: 'company',
			operation: 'search',
			sort: { sorts: [{ fieldId: fieldId('Headquarters'), direction: 'asc' }] },
			returnAll: true,
		});
		expect(unsortable.error?.httpCode).toBe('400');
		expect(unsortable.error?.message).toMatch(/not sortable/);
	});
});

describe('company.getAll filter refused by the API', () => {
	it('a 400 about an unknown filter parameter says so and points to Search', async () => {
		await fixture.fault({
			kind: 'status',
			status: 400,
			method: 'GET',
			path: '^/v2/companies$',
			body: {
				errors: [
					{ code: 'validation', message: 'Unknown query parameter: filter', param: 'filter' },
				],
			},
		});
		const result = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'raw',
			filterRaw: 'name =~ labs',
		});
		expect(result.error?.message).toBe(
			'Affinity refused the filter parameter of GET /v2/companies: Unknown query parameter: filter',
		);
		expect(result.error?.description).toMatch(/Use Company → Search instead/);
		// A malformed expression is the user's to fix, not a missing parameter.
		const broken = await run({
			resource: 'company',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'raw',
			filterRaw: 'name = (',
		});
		expect(broken.error?.description).not.toMatch(/Search instead/);
	});
});

describe('company.getLists and company.getListEntries', () => {
	it("gives each input item its company's lists, paired to it", async () => {
		const result = await run(
			{
				resource: 'company',
				operation: 'getLists',
				companyId: byId('={{ $json.id }}'),
				returnAll: true,
			},
			{ items: [{ id: 3000001 }, { id: 3000300 }] },
		);
		expect(result.error).toBeUndefined();
		const first = result.items.filter((_, i) => result.paired[i] === 0);
		expect(first.map((l) => l.name)).toEqual(
			expect.arrayContaining(['Target Accounts', 'Board Confidential']),
		);
		expect(first.every((l) => l.type === undefined)).toBe(true);
		const second = result.items.filter((_, i) => result.paired[i] === 1);
		const expected = (
			await fixture.api<{ data: Array<{ id: number }> }>('/v2/companies/3000300/lists')
		).body.data;
		expect(second.map((l) => l.id)).toEqual(expected.map((l) => l.id));
	});

	it('list entries of a company on a list twice: two entries, each with its own list values by name', async () => {
		const result = await run({
			resource: 'company',
			operation: 'getListEntries',
			companyId: byId(3000001),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		const onTargets = result.items.filter((e) => e.listId === TARGET_ACCOUNTS);
		expect(onTargets).toHaveLength(2);
		for (const entry of onTargets) {
			expect(entry.listName).toBe('Target Accounts');
			expect(Object.keys(entry.fields as object)).toEqual(
				expect.arrayContaining(['Status', 'Owner', 'Employees']),
			);
		}
		const raw = await run({
			resource: 'company',
			operation: 'getListEntries',
			companyId: byId(3000001),
			returnAll: true,
			simplify: false,
		});
		expect(Array.isArray(raw.items[0].fields)).toBe(true);
	});

	it('404 for a company that does not exist, on both', async () => {
		for (const operation of ['getLists', 'getListEntries']) {
			const result = await run({
				resource: 'company',
				operation,
				companyId: byId(3999999),
				returnAll: true,
			});
			expect(result.error?.message).toBe('Company 3999999 not found');
		}
	});
});

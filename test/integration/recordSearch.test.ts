import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { loadOptionsHarness } from '../harness/loadOptions';
import { byId, INVESTORS, TARGET_ACCOUNTS } from '../harness/ids';

/** person.search and listEntry.search through the real engine, against the emulator over HTTP. */
const fixture = new EmulatorFixture();

interface Field {
	id: string;
	name: string;
	type: string;
	valueType: string;
}
interface Person {
	id: number;
	firstName: string;
	lastName: string | null;
	primaryEmailAddress: string | null;
}
type Page<T> = { body: { data: T[]; pagination: { nextUrl: string | null; totalCount?: number } } };

let personFields: Field[] = [];
let listFields: Field[] = [];
const personField = (name: string) => (personFields.find((f) => f.name === name) as Field).id;
const listField = (name: string) =>
	(listFields.find((f) => f.name === name && f.type === 'list') as Field).id;

const run = (parameters: IDataObject) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters });

/** Every page of a search, POSTed directly with the same body. */
async function searchDirectly<T>(path: string, body: unknown): Promise<T[]> {
	const out: T[] = [];
	let next: string | null = `${path}?limit=100`;
	while (next) {
		const page: Page<T> = await fixture.api(next, undefined, { method: 'POST', body });
		out.push(...page.body.data);
		next = page.body.pagination.nextUrl
			? new URL(page.body.pagination.nextUrl).pathname +
				new URL(page.body.pagination.nextUrl).search
			: null;
	}
	return out;
}

async function allPersons(): Promise<Person[]> {
	const out: Person[] = [];
	let next: string | null = '/v2/persons?limit=100';
	while (next) {
		const page: Page<Person> = await fixture.api(next);
		out.push(...page.body.data);
		next = page.body.pagination.nextUrl
			? new URL(page.body.pagination.nextUrl).pathname +
				new URL(page.body.pagination.nextUrl).search
			: null;
	}
	return out;
}

beforeAll(async () => {
	await fixture.start();
	personFields = (await fixture.api<{ data: Field[] }>('/v2/persons/fields')).body.data;
	listFields = (await fixture.api<{ data: Field[] }>(`/v2/lists/${TARGET_ACCOUNTS}/fields`)).body
		.data;
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

describe('person.search', () => {
	it('dropdown options by name and a relative date, sorted by an attribute: the pages are POSTed with one body (201)', async () => {
		const seniority = personField('Seniority');
		const options = (
			await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/persons/fields/${seniority}/dropdown-options`,
			)
		).body.data;
		const founder = options.find((o) => o.text === 'Founder') as { id: number };
		const vp = options.find((o) => o.text === 'VP') as { id: number };
		const result = await run({
			resource: 'person',
			operation: 'search',
			searchConditions: {
				conditions: [
					{ target: seniority, operator: 'is-any-of', value: 'founder, VP' },
					{
						target: 'last-email|date-of-activity',
						operator: 'is-within-the-last',
						amount: 5,
						unit: 'year',
					},
				],
			},
			sort: { sorts: [{ fieldId: 'last-contact|date-of-activity', direction: 'desc' }] },
			returnAll: true,
			fieldIds: [seniority],
		});
		expect(result.error).toBeUndefined();
		const body = {
			filters: {
				operator: 'and',
				filters: [
					{
						valueType: 'dropdown',
						fieldId: seniority,
						operator: 'is-any-of',
						value: [{ dropdownOptionId: founder.id }, { dropdownOptionId: vp.id }],
					},
					{
						valueType: 'date',
						fieldId: 'last-email',
						attributeId: 'date-of-activity',
						operator: 'is-within-the-last',
						value: { amount: [5], unit: 'year' },
					},
				],
			},
			sorts: [{ fieldId: 'last-contact', attributeId: 'date-of-activity', direction: 'desc' }],
		};
		const log = (await fixture.requests()).filter((r) => r.path === '/v2/persons/search');
		expect(log.length).toBeGreaterThan(0);
		for (const entry of log) expect(`${entry.method} ${entry.status}`).toBe('POST 201');
		expect(JSON.parse(log[0].body as string)).toEqual(body);
		const direct = await searchDirectly<{ id: number }>('/v2/persons/search', body);
		expect(direct.length).toBeGreaterThan(0);
		expect(direct.length).toBeLessThan((await allPersons()).length);
		expect(result.items.map((p) => p.id)).toEqual(direct.map((p) => p.id));
		expect(
			result.items.every((p) =>
				['Founder', 'VP'].includes((p.fields as Record<string, string>).Seniority),
			),
		).toBe(true);
	});

	it('a term matches first name, last name or primary email; Total Count Only is one request, one item', async () => {
		const persons = await allPersons();
		const term = persons[0].firstName.slice(0, 4).toLowerCase();
		const expected = persons.filter((p) =>
			[p.firstName, p.lastName, p.primaryEmailAddress].some(
				(t) => t !== null && t.toLowerCase().includes(term),
			),
		);
		await fixture.clearRequests();
		const count = await run({
			resource: 'person',
			operation: 'search',
			term,
			output: 'totalCount',
		});
		expect(count.items).toEqual([{ totalCount: expected.length }]);
		const log = await fixture.requests();
		expect(log).toHaveLength(1);
		expect(new URLSearchParams(log[0].query).get('totalCount')).toBe('true');
		const records = await run({ resource: 'person', operation: 'search', term, returnAll: true });
		expect(records.items.map((p) => p.id)).toEqual(expected.map((p) => p.id));
	});

	it('refuses a condition the field does not allow, a short term and a sort without a field, before any request; the API refuses an unsortable field', async () => {
		await fixture.clearRequests();
		const wrong = await run({
			resource: 'person',
			operation: 'search',
			searchConditions: {
				conditions: [{ target: personField('Job Title'), operator: 'is-greater-than', value: '1' }],
			},
		});
		expect(wrong.error?.message).toMatch(
			/Condition 1: Job Title cannot be filtered with "is-greater-than"/,
		);
		expect(wrong.error?.description).toMatch(/Contains/);
		const short = await run({ resource: 'person', operation: 'search', term: 'ab' });
		expect(short.error?.message).toMatch(/at least 3 characters/);
		const noField = await run({
			resource: 'person',
			operation: 'search',
			sort: { sorts: [{ fieldId: '', direction: 'asc' }] },
		});
		expect(noField.error?.message).toBe('Sort 1: no field chosen');
		expect((await fixture.requests()).filter((r) => r.path === '/v2/persons/search')).toHaveLength(
			0,
		);
		const unsortable = await run({
			resource: 'person',
			operation: 'search',
			sort: { sorts: [{ fieldId: personField('Home City'), direction: 'asc' }] },
			returnAll: true,
		});
		expect(unsortable.error?.httpCode).toBe('400');
		expect(unsortable.error?.message).toMatch(/not sortable/);
	});
});

describe('listEntry.search', () => {
	it("filters by a list field's dropdown option by name and a number, sorts by a list field: the list's fields and options are read, the pages POSTed", async () => {
		const status = listField('Status');
		const dealSize = listField('Deal Size');
		const options = (
			await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/lists/${TARGET_ACCOUNTS}/fields/${status}/dropdown-options`,
			)
		).body.data;
		const wanted = options.filter((o) => ['New', 'Qualified'].includes(o.text));
		await fixture.clearRequests();
		const result = await run({
			resource: 'listEntry',
			operation: 'search',
			listId: byId(TARGET_ACCOUNTS),
			searchConditions: {
				conditions: [{ target: status, operator: 'is-any-of', value: 'New, qualified' }],
			},
			searchGroups: {
				groups: [
					{
						match: 'or',
						conditions: {
							condition: [
								{ target: dealSize, operator: 'is-greater-than', value: '0' },
								{ target: dealSize, operator: 'is-empty' },
							],
						},
					},
				],
			},
			sort: {
				sorts: [
					{ fieldId: dealSize, direction: 'desc' },
					{ fieldId: 'created-at', direction: 'asc' },
				],
			},
			returnAll: false,
			limit: 20,
			fieldIds: [status, dealSize],
		});
		expect(result.error).toBeUndefined();
		const body = {
			filters: {
				operator: 'and',
				filters: [
					{
						valueType: 'ranked-dropdown',
						fieldId: status,
						operator: 'is-any-of',
						value: wanted.map((o) => ({ dropdownOptionId: o.id })),
					},
					{
						operator: 'or',
						filters: [
							{ valueType: 'number', fieldId: dealSize, operator: 'is-greater-than', value: 0 },
							{ valueType: 'number', fieldId: dealSize, operator: 'is-empty' },
						],
					},
				],
			},
			sorts: [
				{ fieldId: dealSize, direction: 'desc' },
				{ fieldId: 'created-at', direction: 'asc' },
			],
		};
		const log = await fixture.requests();
		expect(log.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /v2/lists/${TARGET_ACCOUNTS}/fields 200`,
			`GET /v2/lists/${TARGET_ACCOUNTS}/fields/${status}/dropdown-options 200`,
			`POST /v2/lists/${TARGET_ACCOUNTS}/list-entries/search 201`,
		]);
		expect(JSON.parse(log[2].body as string)).toEqual(body);
		expect(new URLSearchParams(log[2].query).get('limit')).toBe('20');
		const direct = await searchDirectly<{ id: number }>(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/search`,
			body,
		);
		expect(direct.length).toBeGreaterThan(20);
		expect(result.items.map((e) => e.id)).toEqual(direct.slice(0, 20).map((e) => e.id));
		expect(
			result.items.every((e) =>
				['New', 'Qualified'].includes((e.fields as Record<string, string>).Status),
			),
		).toBe(true);
		const sizes = result.items
			.map((e) => (e.fields as Record<string, number | null>)['Deal Size'])
			.filter((v) => v !== null && v !== undefined);
		expect(sizes).toEqual([...sizes].sort((a, b) => (b as number) - (a as number)));
	});

	it("a term matches the person's name or email on a person list; Total Count Only agrees with the records", async () => {
		const entries = await searchDirectly<{ id: number; entity: Person }>(
			`/v2/lists/${INVESTORS}/list-entries/search`,
			{},
		);
		const term = entries[0].entity.firstName.slice(0, 4).toLowerCase();
		const expected = entries.filter(({ entity: p }) =>
			[p.firstName, p.lastName, p.primaryEmailAddress].some(
				(t) => t !== null && t.toLowerCase().includes(term),
			),
		);
		const count = await run({
			resource: 'listEntry',
			operation: 'search',
			listId: byId(INVESTORS),
			term,
			output: 'totalCount',
		});
		expect(count.items).toEqual([{ totalCount: expected.length }]);
		const records = await run({
			resource: 'listEntry',
			operation: 'search',
			listId: byId(INVESTORS),
			term,
			returnAll: true,
			simplify: false,
		});
		expect(records.items.map((e) => e.id)).toEqual(expected.map((e) => e.id));
		expect(records.items.every((e) => (e.entity as { id: number }).id > 0)).toBe(true);
	});

	it("options chosen from Status's list (Option Names or IDs) send the same filter as their names typed, without reading the options again; misuse is refused before the search", async () => {
		const status = listField('Status');
		const dealSize = listField('Deal Size');
		const options = (
			await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/lists/${TARGET_ACCOUNTS}/fields/${status}/dropdown-options`,
			)
		).body.data;
		const wanted = options.filter((o) => ['New', 'Qualified'].includes(o.text));
		expect(wanted).toHaveLength(2);
		const search = (conditions: IDataObject[]) =>
			run({
				resource: 'listEntry',
				operation: 'search',
				listId: byId(TARGET_ACCOUNTS),
				searchConditions: { conditions },
				returnAll: true,
			});
		await fixture.clearRequests();
		const chosen = await search([
			{ target: status, operator: 'is-any-of', valueOptions: wanted.map((o) => o.id) },
		]);
		expect(chosen.error).toBeUndefined();
		const chosenLog = await fixture.requests();
		// IDs need no lookup: the list's fields, then the search pages.
		expect(chosenLog[0].path).toBe(`/v2/lists/${TARGET_ACCOUNTS}/fields`);
		expect(chosenLog.some((r) => r.path.endsWith('/dropdown-options'))).toBe(false);
		const posted = chosenLog.filter((r) => r.method === 'POST');
		expect(JSON.parse(posted[0].body as string).filters.filters).toEqual([
			{
				valueType: 'ranked-dropdown',
				fieldId: status,
				operator: 'is-any-of',
				value: wanted.map((o) => ({ dropdownOptionId: o.id })),
			},
		]);
		const typed = await search([
			{ target: status, operator: 'is-any-of', value: 'New, Qualified' },
		]);
		expect(chosen.items.length).toBeGreaterThan(0);
		expect(chosen.items.map((e) => e.id)).toEqual(typed.items.map((e) => e.id));

		await fixture.clearRequests();
		const both = await search([
			{ target: status, operator: 'is-any-of', value: 'New', valueOptions: [wanted[0].id] },
		]);
		expect(both.error?.message).toMatch(
			/Condition 1: Status: options given both in Value and in Option Names or IDs/,
		);
		const onNumber = await search([
			{ target: dealSize, operator: 'is-greater-than', valueOptions: [wanted[0].id] },
		]);
		expect(onNumber.error?.message).toMatch(
			/Condition 1: Deal Size: Option Names or IDs are for dropdown fields, and this field holds number values/,
		);
		expect((await fixture.requests()).filter((r) => r.method === 'POST')).toHaveLength(0);
	});

	it('404 names the list; a list field of another list is refused by the API', async () => {
		const missing = await run({
			resource: 'listEntry',
			operation: 'search',
			listId: byId(999999),
			term: 'acme',
		});
		expect(missing.error?.httpCode).toBe('404');
		expect(missing.error?.description).toMatch(/list with ID 999999/);
		const otherList = (
			await fixture.api<{ data: Field[] }>(`/v2/lists/${INVESTORS}/fields`)
		).body.data.find((f) => f.type === 'list' && f.name === 'Deal Size') as Field;
		const wrong = await run({
			resource: 'listEntry',
			operation: 'search',
			listId: byId(TARGET_ACCOUNTS),
			sort: { sorts: [{ fieldId: otherList.id, direction: 'asc' }] },
		});
		expect(wrong.error?.httpCode).toBe('400');
		expect(wrong.error?.message).toMatch(/no such field/);
	});
});

describe('the pickers of both searches', () => {
	type Capable = Field & {
		filterability: { attributes?: Array<{ id: string }> } | null;
		sortability: { attributes?: Array<{ id: string }> } | null;
	};
	const keys = (fields: Capable[], of: 'filterability' | 'sortability') =>
		fields.flatMap((f) =>
			!f[of] ? [] : f[of]!.attributes ? f[of]!.attributes!.map((a) => `${f.id}|${a.id}`) : [f.id],
		);
	const onList = { listId: byId(TARGET_ACCOUNTS) };

	it("person search and sort fields: the filterable and sortable ones, and the chosen field's operators", async () => {
		const picker = (parameters: IDataObject = {}, path?: string) =>
			loadOptionsHarness(parameters, fixture.credentials(), path);
		const meta = (
			await fixture.api<{ data: Capable[] }>(
				'/v2/persons/fields?includes=filterability&includes=sortability',
			)
		).body.data;
		const search = await picker().loadOptions('getPersonSearchFields');
		expect(search.map((o) => o.value).sort()).toEqual(keys(meta, 'filterability').sort());
		const sort = await picker().loadOptions('getPersonSortFields');
		expect(sort.map((o) => o.value).sort()).toEqual(keys(meta, 'sortability').sort());
		const operators = await picker(
			{ searchConditions: { conditions: [{ target: personField('Seniority') }] } },
			'parameters.searchConditions.conditions[0].operator',
		).loadOptions('getPersonSearchOperators');
		expect(operators.map((o) => o.value)).toEqual([
			'is-any-of',
			'is-none-of',
			'is-empty',
			'is-not-empty',
		]);
		const seniority = personField('Seniority');
		const seniorityOptions = (
			await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/persons/fields/${seniority}/dropdown-options`,
			)
		).body.data;
		const beside = await picker(
			{ searchConditions: { conditions: [{ target: seniority }] } },
			'parameters.searchConditions.conditions[0].valueOptions',
		).loadOptions('getPersonSearchOptions');
		expect(beside.map((o) => o.name)).toEqual(seniorityOptions.map((o) => o.text));
		expect(beside.map((o) => o.name)).toContain('Founder');
	});

	it("list search and sort fields come from the chosen list (its own and its entity's), with Date Added; no list chosen gives none", async () => {
		const picker = (parameters: IDataObject = {}, path?: string) =>
			loadOptionsHarness(parameters, fixture.credentials(), path);
		const meta = (
			await fixture.api<{ data: Capable[] }>(
				`/v2/lists/${TARGET_ACCOUNTS}/fields?includes=filterability&includes=sortability`,
			)
		).body.data;
		await fixture.clearRequests();
		const search = await picker(onList).loadOptions('getListSearchFields');
		expect(search.map((o) => o.value).sort()).toEqual(keys(meta, 'filterability').sort());
		const [request, ...more] = await fixture.requests();
		expect(more).toHaveLength(0);
		expect(request.path).toBe(`/v2/lists/${TARGET_ACCOUNTS}/fields`);
		expect(new URLSearchParams(request.query).getAll('includes')).toEqual(['filterability']);
		const sort = await picker(onList).loadOptions('getListSortFields');
		expect(sort.map((o) => o.value).sort()).toEqual(
			['created-at', ...keys(meta, 'sortability')].sort(),
		);
		const operators = await picker(
			{
				...onList,
				searchGroups: {
					groups: [{ conditions: { condition: [{ target: listField('Deal Size') }] } }],
				},
			},
			'parameters.searchGroups.groups[0].conditions.condition[0].operator',
		).loadOptions('getListSearchOperators');
		expect(operators.map((o) => o.value)).toContain('is-between');
		expect(operators.map((o) => o.value)).not.toContain('is-any-of');
		// Beside a dropdown condition, the field's options; beside another field, none.
		const optionsBeside = (target: string) =>
			picker(
				{ ...onList, searchConditions: { conditions: [{ target }] } },
				'parameters.searchConditions.conditions[0].valueOptions',
			).loadOptions('getListSearchOptions');
		const statusOptions = (
			await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/lists/${TARGET_ACCOUNTS}/fields/${listField('Status')}/dropdown-options`,
			)
		).body.data;
		expect(statusOptions.length).toBeGreaterThan(1);
		expect(await optionsBeside(listField('Status'))).toEqual(
			statusOptions.map((o) => ({ name: o.text, value: o.id })),
		);
		expect(await optionsBeside(listField('Deal Size'))).toEqual([]);
		expect(await optionsBeside('')).toEqual([]);
		expect(await picker().loadOptions('getListSearchOptions')).toEqual([]);
		// Before a list is chosen the option lists are empty, never an error in the editor.
		expect(await picker().loadOptions('getListSearchFields')).toEqual([]);
		expect(await picker().loadOptions('getListSortFields')).toEqual([]);
	});
});

import type { IDataObject, INodeListSearchResult } from 'n8n-workflow';

import { AffinityV2 } from '../../nodes/AffinityV2/AffinityV2.node';
import { SCAN_LIMITS } from '../../nodes/AffinityV2/api/pickerPages';
import { valueTypeName } from '../../nodes/AffinityV2/helpers/valueTypes';
import { EmulatorFixture, expectNoKey } from '../harness/emulator';
import { loadOptionsHarness } from '../harness/loadOptions';
import { TARGET_ACCOUNTS } from '../harness/ids';

/** Pickers and option lists through n8n-core's real LoadOptionsContext, against 5,000 companies. */
const COMPANIES = 5000;
const PIPELINE = 101;
const fixture = new EmulatorFixture();

interface Company {
	id: number;
	name: string;
	domain: string | null;
	domains: string[];
}

let companies: Company[] = [];

async function all<T>(path: string): Promise<T[]> {
	const out: T[] = [];
	let next: string | null = path;
	while (next) {
		const page: { status: number; body: { data: T[]; pagination: { nextUrl: string | null } } } =
			await fixture.api(next);
		out.push(...page.body.data);
		next = page.body.pagination.nextUrl
			? new URL(page.body.pagination.nextUrl).pathname +
				new URL(page.body.pagination.nextUrl).search
			: null;
	}
	return out;
}

/** Every page of a picker, as the editor fetches them while the user scrolls. */
async function everyPage(
	search: (token?: string) => Promise<INodeListSearchResult>,
): Promise<{ values: string[]; calls: number }> {
	const values: string[] = [];
	let token: string | undefined;
	let calls = 0;
	do {
		const page = await search(token);
		calls++;
		values.push(...page.results.map((r) => String(r.value)));
		token = page.paginationToken as string | undefined;
	} while (token && calls < 200);
	return { values, calls };
}

beforeAll(async () => {
	await fixture.start({ sizes: { companies: COMPANIES } });
	companies = await all<Company>('/v2/companies?limit=100');
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.clearRequests();
});

const picker = (parameters: IDataObject = {}) =>
	loadOptionsHarness(parameters, fixture.credentials());

describe('company picker over 5,000 companies', () => {
	it('has 5,000 companies to pick from', () => {
		expect(companies).toHaveLength(COMPANIES);
	});

	it('returns exactly the companies whose name or domain matches the term, page by page', async () => {
		const term = 'quantum';
		const expected = companies
			.filter((c) => c.name.toLowerCase().includes(term) || c.domains.some((d) => d.includes(term)))
			.map((c) => String(c.id));
		expect(expected.length).toBeGreaterThan(100);
		const { values, calls } = await everyPage((token) =>
			picker().listSearch('searchCompanies', 'Quantum', token),
		);
		expect(values.sort()).toEqual(expected.sort());
		expect(calls).toBe(Math.ceil(expected.length / 100));
		// Every page is a POST search (later pages to their nextUrl): the 5,000 are never read.
		const log = await fixture.requests();
		expect(log.map((r) => `${r.method} ${r.path}`)).toEqual(
			Array(calls).fill('POST /v2/companies/search'),
		);
	});

	it('finds one company deep in the directory by its exact name, shown with its domain', async () => {
		const needle = companies[4321];
		const page = await picker().listSearch('searchCompanies', needle.name);
		const hit = page.results.find((r) => r.value === String(needle.id));
		expect(hit?.name).toBe(needle.domain ? `${needle.name} (${needle.domain})` : needle.name);
		expectNoKey(page);
	});

	it('a term shorter than the search allows (3 characters) is matched page by page, never sent to the search', async () => {
		const term = 'qu';
		const page = await picker().listSearch('searchCompanies', term);
		expect(page.results.length).toBeGreaterThan(0);
		const byId = new Map(companies.map((c) => [String(c.id), c]));
		for (const hit of page.results) {
			const company = byId.get(hit.value as string)!;
			expect(`${company.name} ${company.domain ?? ''}`.toLowerCase()).toContain(term);
		}
		const log = await fixture.requests();
		expect(log.length).toBeGreaterThan(0);
		expect(log.every((r) => r.method === 'GET' && r.path === '/v2/companies')).toBe(true);
	});

	it('without a term lists the companies 100 at a time', async () => {
		const first = await picker().listSearch('searchCompanies');
		expect(first.results.map((r) => r.value)).toEqual(
			companies.slice(0, 100).map((c) => String(c.id)),
		);
		const second = await picker().listSearch(
			'searchCompanies',
			undefined,
			first.paginationToken as string,
		);
		expect(second.results.map((r) => r.value)).toEqual(
			companies.slice(100, 200).map((c) => String(c.id)),
		);
	});
});

describe('pickers read past empty pages that carry a nextUrl (emptyPageEvery)', () => {
	it('without a term, no page the picker shows is empty, and every company comes once, in order', async () => {
		await fixture.control('POST', '/settings', { emptyPageEvery: 2 });
		try {
			const pages: number[] = [];
			const { values } = await everyPage(async (token) => {
				const page = await picker().listSearch('searchCompanies', undefined, token);
				pages.push(page.results.length);
				return page;
			});
			expect(pages.every((n) => n > 0)).toBe(true);
			expect(values).toEqual(companies.map((c) => String(c.id)));
			const reads = (await fixture.requests()).filter((r) => r.path === '/v2/companies');
			// The empty pages were read too, inside the picker's calls.
			expect(reads.length).toBeGreaterThan(pages.length);
		} finally {
			await fixture.control('POST', '/settings', { emptyPageEvery: 0 });
		}
	});
});

describe('pickers of endpoints without a search parameter read page by page', () => {
	it('persons: a person on a later page is found by email address', async () => {
		const persons = await all<{ id: number; primaryEmailAddress: string | null }>(
			'/v2/persons?limit=100',
		);
		const needle = persons.filter((p) => p.primaryEmailAddress)[250];
		await fixture.clearRequests();
		const page = await picker().listSearch('searchPersons', needle.primaryEmailAddress as string);
		expect(page.results.map((r) => r.value)).toContain(String(needle.id));
		expect(
			page.results.every((r) =>
				String(r.name)
					.toLowerCase()
					.includes((needle.primaryEmailAddress as string).toLowerCase()),
			),
		).toBe(true);
		// At most the read budget of one call.
		expect((await fixture.requests()).length).toBeLessThanOrEqual(SCAN_LIMITS.pages);
	});

	it('list entries: an entry past the first page of the chosen list is found by its company name', async () => {
		const entries = await all<{ id: number; entity: { name: string } }>(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries?limit=100`,
		);
		const needle = entries[230];
		const page = await picker({
			listId: { __rl: true, mode: 'id', value: String(TARGET_ACCOUNTS) },
		}).listSearch('searchListEntries', needle.entity.name);
		expect(page.results.map((r) => r.value)).toContain(String(needle.id));
		// Name and list first, ids last.
		expect(page.results.find((r) => r.value === String(needle.id))?.name).toMatch(
			new RegExp(`^${needle.entity.name} · Target Accounts · company \\d+, entry ${needle.id}$`),
		);
	});

	it('opportunities by name', async () => {
		const opportunities = await all<{ id: number; name: string }>('/v2/opportunities?limit=100');
		const needle = opportunities[opportunities.length - 1];
		const page = await picker().listSearch('searchOpportunities', needle.name);
		expect(page.results).toContainEqual({ name: needle.name, value: String(needle.id) });
	});

	it('notes by their text, shown with their date', async () => {
		const notes = await all<{ id: number; createdAt: string; content: { html: string } }>(
			'/v2/notes?limit=100',
		);
		const needle = [...notes]
			.reverse()
			.find((n) => /Call notes \d+/.test(n.content.html)) as (typeof notes)[number];
		const words = needle.content.html.match(/Call notes \d+/)?.[0] as string;
		const page = await picker().listSearch('searchNotes', words);
		const hit = page.results.find((r) => r.value === String(needle.id));
		expect(hit?.name).toMatch(new RegExp(`^${needle.createdAt.slice(0, 10)} · ${words}`));
	});

	it('transcripts, and saved views of the chosen list marked by kind', async () => {
		const transcripts = await picker().listSearch('searchTranscripts');
		expect(transcripts.results.length).toBeGreaterThan(0);
		expect(String(transcripts.results[0].name)).toMatch(/^Transcript \d+ \(\d{4}-\d{2}-\d{2} · en/);

		const views = await picker({
			listId: { __rl: true, mode: 'list', value: String(PIPELINE) },
		}).listSearch('searchSavedViews');
		expect(views.results.map((r) => r.name)).toEqual([
			'Qualified deals (sheet view)',
			'Pipeline board (board view: the API serves only sheet views)',
		]);
		const hot = await picker({
			listId: { __rl: true, mode: 'id', value: String(TARGET_ACCOUNTS) },
		}).listSearch('searchSavedViews', 'hot');
		expect(hot.results.map((r) => r.name)).toEqual(['Hot accounts (sheet view)']);
	});

	it('a saved-view or entry picker without a list (or with an expression for it) is empty, and asks nothing', async () => {
		expect(await picker({}).listSearch('searchSavedViews')).toEqual({ results: [] });
		expect(await picker({}).listSearch('searchListEntries')).toEqual({ results: [] });
		const fromAi = {
			__rl: true,
			mode: 'id',
			value: "={{ $fromAI('listId', 'the list', 'number') }}",
		};
		expect(await picker({ listId: fromAi }).listSearch('searchSavedViews')).toEqual({
			results: [],
		});
		expect(await fixture.requests()).toHaveLength(0);
	});
});

describe('option lists', () => {
	it('company filter properties: id, name, domain and the filterable fields with their operators', async () => {
		const options = await picker().loadOptions('getCompanyFilterProperties');
		const byValue = new Map(options.map((o) => [o.value, o]));
		expect(byValue.get('name')?.description).toBe(
			'Operators: is equal to, is not equal to, starts with, ends with, contains, is set (not null), is not set (null), is empty text',
		);
		expect(byValue.has('id') && byValue.has('domain')).toBe(true);
		const fields = await fixture.api<{
			data: Array<{
				id: string;
				name: string;
				valueType: string;
				filterability: { filterableFieldType: string } | null;
			}>;
		}>('/v2/companies/fields?includes=filterability');
		// The filter language of GET /v2/companies takes fields filtered directly, locations aside.
		const filterable = fields.body.data.filter(
			(f) =>
				f.filterability?.filterableFieldType === 'field-only' &&
				!f.valueType.startsWith('location'),
		);
		expect(filterable.length).toBeGreaterThan(5);
		for (const field of filterable)
			expect(byValue.get(field.id)?.name).toBe(`${field.name} (${valueTypeName(field.valueType)})`);
		for (const field of fields.body.data.filter((f) => !f.filterability))
			expect(byValue.has(field.id)).toBe(false);
	});

	it('company sort fields: the name and the sortable fields only', async () => {
		const options = await picker().loadOptions('getCompanySortFields');
		const fields = await fixture.api<{
			data: Array<{ id: string; sortability: { attributes?: Array<{ id: string }> } | null }>;
		}>('/v2/companies/fields?includes=sortability');
		const keys = fields.body.data.flatMap((f) =>
			!f.sortability
				? []
				: f.sortability.attributes
					? f.sortability.attributes.map((a) => `${f.id}|${a.id}`)
					: [f.id],
		);
		expect(options.map((o) => o.value).sort()).toEqual(['name', ...keys].sort());
	});

	it('company search fields and the operators of the field chosen beside them (top level and in a group)', async () => {
		const fields = await picker().loadOptions('getCompanySearchFields');
		const values = fields.map((o) => String(o.value));
		expect(values).toEqual(
			expect.arrayContaining(['field-1003', 'field-1013', 'last-email|date-of-activity']),
		);
		expect(values).not.toContain('field-1012');
		const operators = (parameters: IDataObject, path: string) =>
			loadOptionsHarness(parameters, fixture.credentials(), path).loadOptions(
				'getCompanySearchOperators',
			);
		const number = await operators(
			{ searchConditions: { conditions: [{ target: 'field-1003' }] } },
			'parameters.searchConditions.conditions[0].operator',
		);
		expect(number.map((o) => o.value)).toEqual([
			'is-equal-to',
			'is-not-equal-to',
			'is-greater-than',
			'is-greater-than-or-equal-to',
			'is-less-than',
			'is-less-than-or-equal-to',
			'is-between',
			'is-empty',
			'is-not-empty',
		]);
		const inGroup = await operators(
			{
				searchGroups: {
					groups: [
						{
							match: 'or',
							conditions: {
								condition: [{ target: 'field-1003' }, { target: 'last-email|date-of-activity' }],
							},
						},
					],
				},
			},
			'parameters.searchGroups.groups[0].conditions.condition[1].operator',
		);
		expect(inGroup.map((o) => o.value)).toContain('is-within-the-last');
		expect(inGroup.map((o) => o.value)).not.toContain('is-greater-than');
		expect(inGroup.find((o) => o.value === 'is-within-the-last')?.description).toMatch(
			/units: day, week, month, quarter, year/,
		);
	});

	it("a list's fields, loaded from the list chosen in the node", async () => {
		const options = await picker({
			listId: { __rl: true, mode: 'url', value: `https://x.affinity.co/lists/${PIPELINE}` },
		}).loadOptions('getListFields');
		expect(options.map((o) => o.name)).toEqual(
			expect.arrayContaining(['Status', 'Owner', 'Deal Size', 'Close Date']),
		);
		const [request] = await fixture.requests();
		expect(request.path).toBe(`/v2/lists/${PIPELINE}/fields`);
		// Each described the same way: value type · field type · id.
		const status = options.find((o) => o.name === 'Status');
		expect(status?.description).toMatch(/^[A-Z][\w -]* · list field · field-\d+$/);
		// Value types by their display names, not the API's slugs.
		const weighted = options.find((o) => o.name === 'Weighted Value');
		expect(weighted?.description).toMatch(/^Formula number · list field · field-\d+$/);
		expect(options.map((o) => o.description).join('\n')).not.toMatch(/\b[a-z]+-[a-z]+ ·/);
	});

	it('the fields a read offers are those of the resource chosen now, whichever read method the editor asks with', async () => {
		const company = await picker({ resource: 'company' }).loadOptions('getCompanyFields');
		const person = await picker({ resource: 'person' }).loadOptions('getPersonFields');
		expect(company.map((o) => o.name)).toEqual(expect.arrayContaining(['Account Owner']));
		expect(company).not.toEqual(person);
		// The editor kept the Fields input of Company → Get when List Entry was chosen, and asks with
		// its method: no list is chosen yet, so nothing to offer, and nothing asked of Affinity.
		await fixture.clearRequests();
		expect(await picker({ resource: 'listEntry' }).loadOptions('getCompanyFields')).toEqual([]);
		expect(await fixture.requests()).toHaveLength(0);
		expect(await picker({ resource: 'person' }).loadOptions('getCompanyFields')).toEqual(person);
		expect(await picker({ resource: 'company' }).loadOptions('getListFields')).toEqual(company);
		const pipeline = { __rl: true, mode: 'id', value: String(PIPELINE) };
		expect(
			await picker({ resource: 'listEntry', listId: pipeline }).loadOptions('getPersonFields'),
		).toEqual(await picker({ listId: pipeline }).loadOptions('getListFields'));
	});

	it("every read's field choice reloads when the resource changes (the editor reloads on loadOptionsDependsOn only)", () => {
		const readMethods = ['getCompanyFields', 'getPersonFields', 'getListFields'];
		const choices = new AffinityV2()
			.getNodeType()
			.description.properties.filter((p) =>
				readMethods.includes(String(p.typeOptions?.loadOptionsMethod)),
			);
		expect(choices.length).toBeGreaterThan(10);
		for (const p of choices) expect(p.typeOptions?.loadOptionsDependsOn).toContain('resource');
	});

	it("a list's fields before a list can be read: empty, or the fields chosen so far, and nothing asked", async () => {
		const fromAi = {
			__rl: true,
			mode: 'id',
			value: "={{ $fromAI('listId', 'the list', 'number') }}",
		};
		expect(await picker({}).loadOptions('getListFields')).toEqual([]);
		expect(await picker({ listId: fromAi }).loadOptions('getListFields')).toEqual([]);
		expect(await picker({}).loadOptions('getWritableListEntryFields')).toEqual([]);
		expect(await picker({ listId: fromAi }).loadOptions('getFieldDropdownOptions')).toEqual([]);
		const kept = await picker({ listId: fromAi, fieldIds: ['field-1', 'field-2'] }).loadOptions(
			'getListFields',
		);
		expect(kept.map((o) => o.value)).toEqual(['field-1', 'field-2']);
		expect(await fixture.requests()).toHaveLength(0);
	});

	it('a list Affinity does not know: the fields chosen so far stay, with the reason; without any, a readable error', async () => {
		const unknown = { __rl: true, mode: 'id', value: '999999' };
		const kept = await picker({ listId: unknown, watchedFieldIds: ['field-7'] }).loadOptions(
			'getListFields',
		);
		expect(kept).toEqual([
			{
				name: 'field-7',
				value: 'field-7',
				description: expect.stringMatching(/could not be read: .*999999/),
			},
		]);
		const failure = await picker({ listId: unknown })
			.loadOptions('getListFields')
			.then(
				() => undefined,
				(error: Error & { description?: string }) => error,
			);
		// Not an API error: the editor shows those as "[object Object]", and shows this one's message.
		expect(failure?.constructor.name).toBe('NodeOperationError');
		expect(failure?.message).toMatch(/^List: list 999999 was not found/);
		expect(failure?.description).toMatch(/Affinity has no list with ID 999999/);
	});
});

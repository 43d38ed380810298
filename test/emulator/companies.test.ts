import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import { collect, expect400, follow, type ErrorBody, type Page } from './helpers';

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

type FieldMeta = {
	id: string;
	name: string;
	type: string;
	valueType: string;
	enrichmentSource: string | null;
	filterability?: { operators: string[] } | null;
	sortability?: { directions: string[] } | null;
};
type Field = { id: string; name: string; value: { type: string; data: unknown } };
type Company = { id: number; name: string; domain: string | null; domains: string[]; fields?: Field[] };

const TEXT = ['=', '=^', '=$', '=~', '!=', '= *', '!= *', '= ""'];
const ORDERED = ['=', '>', '>=', '<', '<=', '!=', '= *', '!= *'];
const CHOICE = ['=', '!=', '= *', '!= *'];
const MULTI = ['=', '=~', '=[]', '!='];
const EXPECTED_OPERATORS: Record<string, string[] | null> = {
	text: TEXT,
	number: ORDERED,
	datetime: ORDERED,
	dropdown: CHOICE,
	'ranked-dropdown': CHOICE,
	'filterable-text': CHOICE,
	person: CHOICE,
	company: CHOICE,
	'dropdown-multi': MULTI,
	'filterable-text-multi': MULTI,
	'number-multi': MULTI,
	'person-multi': MULTI,
	'company-multi': MULTI,
	location: null,
	'location-multi': null,
	interaction: null,
	'formula-number': null,
};
const SORTABLE = new Set(['text', 'number', 'datetime', 'dropdown', 'ranked-dropdown', 'filterable-text']);

async function companyFields(): Promise<FieldMeta[]> {
	return (await collect<FieldMeta>(fixture, '/v2/companies/fields?includes=filterability&includes=sortability')).items;
}

async function fieldNamed(name: string, type = 'global'): Promise<FieldMeta> {
	const field = (await companyFields()).find((f) => f.name === name && f.type === type);
	if (!field) throw new Error(`no company field ${name}`);
	return field;
}

const q = encodeURIComponent;

/** Every company with one field's value, to compute what a filter must return. */
async function allWith(field: string): Promise<Array<Company & { value: unknown }>> {
	const { items } = await collect<Company>(fixture, `/v2/companies?fieldIds=${q(field)}`);
	return items.map((c) => ({ ...c, value: c.fields![0].value.data }));
}

async function filtered(filter: string, key = ADMIN_KEY): Promise<number[]> {
	return (await collect<Company>(fixture, `/v2/companies?filter=${q(filter)}`, key)).items.map((c) => c.id);
}

describe('field metadata: includes and filter', () => {
	it('adds filterability and sortability per value type, as the contract says', async () => {
		for (const path of ['/v2/companies/fields', '/v2/persons/fields', '/v2/lists/102/fields', '/v2/lists/101/fields']) {
			const { items } = await collect<FieldMeta>(fixture, `${path}?includes=filterability&includes=sortability`);
			expect(items.length).toBeGreaterThan(10);
			for (const field of items) {
				const operators = EXPECTED_OPERATORS[field.valueType];
				expect({ id: field.id, filterability: field.filterability }).toEqual({ id: field.id, filterability: operators ? { operators } : null });
				expect({ id: field.id, sortability: field.sortability }).toEqual({
					id: field.id,
					sortability: SORTABLE.has(field.valueType) ? { directions: ['asc', 'desc'] } : null,
				});
			}
		}
	});

	it('adds only what is asked for, and nothing without includes', async () => {
		const only = await collect<FieldMeta>(fixture, '/v2/companies/fields?includes=sortability');
		expect(only.items.every((f) => 'sortability' in f && !('filterability' in f))).toBe(true);
		const none = await collect<FieldMeta>(fixture, '/v2/companies/fields');
		expect(none.items.every((f) => !('sortability' in f) && !('filterability' in f))).toBe(true);
	});

	it('refuses unknown includes values, including a comma-joined list', async () => {
		expect(await expect400(fixture, '/v2/companies/fields?includes=colour', 'includes')).toContain('filterability, sortability');
		await expect400(fixture, '/v2/persons/fields?includes=filterability,sortability', 'includes');
		await expect400(fixture, '/v2/lists/102/fields?includes=nope', 'includes');
	});

	it('filters on name with = (exact) and =~ (contains, any case)', async () => {
		const contains = await collect<FieldMeta>(fixture, `/v2/companies/fields?filter=${q('name =~ INDUS')}`);
		expect(contains.items.map((f) => f.id)).toEqual(['field-1001', 'affinity-data-industry']);
		const exact = await collect<FieldMeta>(fixture, `/v2/persons/fields?filter=${q('name = "Job Title"')}`);
		expect(exact.items.map((f) => f.name)).toEqual(['Job Title']);
		const either = await collect<FieldMeta>(fixture, `/v2/companies/fields?filter=${q('name = Tier | name = Founded')}`);
		expect(either.items.map((f) => f.name)).toEqual(['Founded', 'Tier']);
		const none = await collect<FieldMeta>(fixture, `/v2/companies/fields?filter=${q('name = industry')}`);
		expect(none.items).toEqual([]);
	});

	it('keeps filter and includes in the cursor', async () => {
		const first = await fixture.api<Page<FieldMeta>>(`/v2/companies/fields?limit=1&includes=filterability&filter=${q('name =~ e')}`);
		const rest = await collect<FieldMeta>(fixture, `/v2/companies/fields?includes=filterability&filter=${q('name =~ e')}`);
		const second = await follow<Page<FieldMeta>>(first.body.pagination.nextUrl!);
		expect(second.body.data[0]).toEqual(rest.items[1]);
		expect(second.body.data[0].filterability).toBeDefined();
		expect(rest.items.every((f) => f.name.toLowerCase().includes('e'))).toBe(true);
	});

	it('refuses other properties, other operators and bad syntax', async () => {
		expect(await expect400(fixture, `/v2/companies/fields?filter=${q('valueType = text')}`, 'filter')).toContain('Unknown property "valueType"');
		expect(await expect400(fixture, `/v2/companies/fields?filter=${q('name =^ Ind')}`, 'filter')).toContain('Operator "=^"');
		expect(await expect400(fixture, `/v2/persons/fields?filter=${q('name = (')}`, 'filter')).toContain('Unexpected "(" at position 8');
	});
});

describe('GET /v2/companies filter', () => {
	it('compares dropdowns by option text', async () => {
		const industry = await fieldNamed('Industry');
		const all = await allWith(industry.id);
		const expected = all.filter((c) => (c.value as { text: string } | null)?.text === 'Fintech').map((c) => c.id);
		expect(expected.length).toBeGreaterThan(10);
		expect(await filtered(`${industry.id} = Fintech`)).toEqual(expected);
		expect(await filtered(`${industry.id} != Fintech`)).toEqual(all.filter((c) => !expected.includes(c.id)).map((c) => c.id));
		expect(await filtered(`${industry.id} != *`)).toEqual(all.filter((c) => c.value === null).map((c) => c.id));
	});

	it('compares text, numbers and dates; names and domains ignore case for =^ =$ =~', async () => {
		const { items } = await collect<Company>(fixture, '/v2/companies');
		expect(await filtered('name =~ LABS')).toEqual(items.filter((c) => c.name.toLowerCase().includes('labs')).map((c) => c.id));
		expect(await filtered('name =^ north')).toEqual(items.filter((c) => c.name.startsWith('North')).map((c) => c.id));
		expect(await filtered('domain =$ .EXAMPLE.COM & name =^ blue')).toEqual(
			items.filter((c) => c.domain?.endsWith('.example.com') && c.name.startsWith('Blue')).map((c) => c.id),
		);
		expect(await filtered('domain != *')).toEqual(items.filter((c) => c.domain === null).map((c) => c.id));
		expect(await filtered('id = 3000003')).toEqual([3000003]);
		expect(await filtered('id >= 3000398')).toEqual([3000398, 3000399, 3000400]);

		const employees = await fieldNamed('Employees');
		const withEmployees = await allWith(employees.id);
		expect(await filtered(`${employees.id} > 2500`)).toEqual(withEmployees.filter((c) => typeof c.value === 'number' && c.value > 2500).map((c) => c.id));
		expect(await filtered(`${employees.id} <= 100 | ${employees.id} = *  & name =~ labs`)).toEqual(
			withEmployees.filter((c) => (typeof c.value === 'number' && c.value <= 100) || (c.value !== null && c.name.toLowerCase().includes('labs'))).map((c) => c.id),
		);

		const founded = await fieldNamed('Founded');
		const withFounded = await allWith(founded.id);
		// Dates are stored at midnight Pacific; a date compares the calendar date.
		const day = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(iso));
		const target = day(withFounded.find((c) => c.value !== null)!.value as string);
		expect(await filtered(`${founded.id} = ${target}`)).toEqual(withFounded.filter((c) => c.value !== null && day(c.value as string) === target).map((c) => c.id));
		expect(await filtered(`${founded.id} >= 2020-01-01`)).toEqual(withFounded.filter((c) => c.value !== null && day(c.value as string) >= '2020-01-01').map((c) => c.id));
	});

	it('compares person and company references by id, and collections', async () => {
		const owner = await fieldNamed('Account Owner');
		const owners = await allWith(owner.id);
		const someone = (owners.find((c) => c.value !== null)!.value as { id: number }).id;
		expect(await filtered(`${owner.id} = ${someone}`)).toEqual(owners.filter((c) => (c.value as { id: number } | null)?.id === someone).map((c) => c.id));

		const tags = await fieldNamed('Tags');
		const tagged = await allWith(tags.id);
		const texts = (c: { value: unknown }) => ((c.value as Array<{ text: string }> | null) ?? []).map((t) => t.text);
		expect(await filtered(`${tags.id} =~ [B2B, Marketplace]`)).toEqual(tagged.filter((c) => texts(c).includes('B2B') && texts(c).includes('Marketplace')).map((c) => c.id));
		expect(await filtered(`${tags.id} = B2B`)).toEqual(tagged.filter((c) => texts(c).includes('B2B')).map((c) => c.id));
		expect(await filtered(`${tags.id} =[]`)).toEqual(tagged.filter((c) => c.value === null).map((c) => c.id));
		const first = tagged.find((c) => texts(c).length === 2)!;
		const exact = `${tags.id} = [${texts(first).map((t) => `"${t}"`).join(', ')}]`;
		expect(await filtered(exact)).toEqual(tagged.filter((c) => JSON.stringify(texts(c)) === JSON.stringify(texts(first))).map((c) => c.id));

		const keyContacts = await fieldNamed('Key Contacts');
		expect(await filtered(`${keyContacts.id} =~ [5000007, 5000100]`)).toContain(3000003);
		const industries = await fieldNamed('Industry', 'enriched');
		const enriched = await allWith(industries.id);
		expect(await filtered(`${industries.id} = SaaS`)).toEqual(enriched.filter((c) => ((c.value as string[] | null) ?? []).includes('SaaS')).map((c) => c.id));
	});

	it('compares filterable text (service-populated) like a dropdown', async () => {
		const stage = await fieldNamed('Growth Stage', 'enriched');
		expect(stage).toMatchObject({ id: 'dealroom-growth-stage', valueType: 'filterable-text', filterability: { operators: CHOICE } });
		const all = await allWith(stage.id);
		expect(await filtered(`${stage.id} = "Early Growth"`)).toEqual(all.filter((c) => c.value === 'Early Growth').map((c) => c.id));
		expect(await filtered(`${stage.id} != * | ${stage.id} = Seed`)).toEqual(all.filter((c) => c.value === null || c.value === 'Seed').map((c) => c.id));
	});

	it('matches hostile names literally when escaped, and combines them without changing the logic', async () => {
		const hostile = 'Tom & "Jerry" (Holdings) | x\\y [1] *=~! \'q\' /',
			escaped = hostile.replace(/[\\*~!&=><$^|"'()[\]/]/g, (c) => `\\${c}`);
		await fixture.control('PATCH', '/companies/3000010', { name: hostile });
		expect(await filtered(`name = "${hostile.replace(/["\\]/g, (c) => `\\${c}`)}"`)).toEqual([3000010]);
		expect(await filtered(`name = ${escaped.replace(/ /g, '\\ ')}`)).toEqual([3000010]);
		expect(await filtered(`name =~ ${'"(Holdings) |"'} & id < 3000011`)).toEqual([3000010]);
		expect(await filtered(`!(name =~ "Jerry") & id >= 3000009 & id <= 3000011`)).toEqual([3000009, 3000011]);
	});

	it('keeps the filter in the cursor and combines with ids', async () => {
		const page = await fixture.api<Page<Company>>(`/v2/companies?limit=3&filter=${q('name =~ labs')}`);
		const next = await follow<Page<Company>>(page.body.pagination.nextUrl!);
		expect(next.body.data.every((c) => c.name.toLowerCase().includes('labs'))).toBe(true);
		const both = await fixture.api<Page<Company>>(`/v2/companies?ids=3000001&ids=3000003&filter=${q('id != 3000001')}`);
		expect(both.body.data.map((c) => c.id)).toEqual([3000003]);
	});

	it('refuses unknown properties, unfilterable fields, wrong operators and values, and bad syntax (param filter)', async () => {
		expect(await expect400(fixture, `/v2/companies?filter=${q('colour = red')}`, 'filter')).toContain('Unknown property "colour"');
		expect(await expect400(fixture, `/v2/companies?filter=${q('crunchbase-uuid = x')}`, 'filter')).toContain('Unknown property "crunchbase-uuid"');
		expect(await expect400(fixture, `/v2/companies?filter=${q('last-email = *')}`, 'filter')).toContain('supported operators: none');
		const industry = await fieldNamed('Industry');
		expect(await expect400(fixture, `/v2/companies?filter=${q(`${industry.id} =~ Fin`)}`, 'filter')).toContain(`Operator "=~" at position`);
		const employees = await fieldNamed('Employees');
		expect(await expect400(fixture, `/v2/companies?filter=${q(`${employees.id} > many`)}`, 'filter')).toContain('must be a number');
		expect(await expect400(fixture, `/v2/companies?filter=${q('name = a & (id = 1')}`, 'filter')).toContain('Unexpected end of filter');
		expect(await expect400(fixture, `/v2/companies?filter=${q('name = a)')}`, 'filter')).toContain('Unexpected ")" at position 9');
	});
});

describe('POST /v2/companies/search', () => {
	type Search = Page<Company>;
	const search = (body: unknown, query = '', key = ADMIN_KEY) => fixture.api<Search>(`/v2/companies/search${query}`, key, { method: 'POST', body });

	it('answers 201 with a company page; no body means every company', async () => {
		const res = await fixture.api<Search>('/v2/companies/search?totalCount=true', ADMIN_KEY, { method: 'POST' });
		expect(res.status).toBe(201);
		expect(res.body.data).toHaveLength(100);
		expect(res.body.pagination.totalCount).toBe(400);
		expect(res.body.data[0].fields).toBeUndefined();
		expect(res.headers['x-ratelimit-limit-user']).toBe('900');
	});

	it('filters with the filter language, searches a term in name or domain, and counts', async () => {
		const { items } = await collect<Company>(fixture, '/v2/companies');
		const res = await search({ filters: 'name =~ labs', search: { term: 'NORTH' } }, '?totalCount=true');
		const expected = items.filter((c) => c.name.toLowerCase().includes('labs') && (c.name.toLowerCase().includes('north') || c.domains.some((d) => d.includes('north'))));
		expect(res.body.data.map((c) => c.id)).toEqual(expected.map((c) => c.id));
		expect(res.body.pagination.totalCount).toBe(expected.length);
		const byDomain = await search({ search: { term: 'ironfoods' } });
		expect(byDomain.body.data.length).toBeGreaterThan(0);
		expect(byDomain.body.data.every((c) => c.domains.some((d) => d.includes('ironfoods')))).toBe(true);
	});

	it('sorts by name and by sortable fields, empty values last, ties by id', async () => {
		const employees = await fieldNamed('Employees');
		const desc = await collect<Company>(fixture, `/v2/companies?fieldIds=${employees.id}`);
		const res = await search({ sorts: [{ fieldId: employees.id, direction: 'desc' }] }, `?limit=100&fieldIds=${employees.id}`);
		const values = res.body.data.map((c) => c.fields![0].value.data as number | null);
		const sorted = desc.items
			.map((c) => ({ id: c.id, v: c.fields![0].value.data as number | null }))
			.sort((a, b) => (a.v === b.v ? a.id - b.id : a.v === null ? 1 : b.v === null ? -1 : b.v - a.v));
		expect(res.body.data.map((c) => c.id)).toEqual(sorted.slice(0, 100).map((s) => s.id));
		expect(values[0]).toBe(Math.max(...sorted.filter((s) => s.v !== null).map((s) => s.v as number)));

		const byName = await search({ sorts: [{ fieldId: 'name', direction: 'asc' }] }, '?limit=50');
		const names = byName.body.data.map((c) => c.name.toLowerCase());
		expect(names).toEqual([...names].sort());
		const ascNulls = await collect<Company>(fixture, `/v2/companies?fieldIds=${employees.id}`);
		const nulls = ascNulls.items.filter((c) => c.fields![0].value.data === null).length;
		const all = await pagesOfSearch({ sorts: [{ fieldId: employees.id, direction: 'asc' }] }, `?fieldIds=${employees.id}`);
		expect(all.slice(-nulls).every((c) => c.fields![0].value.data === null)).toBe(true);
	});

	async function pagesOfSearch(body: unknown, query: string, withBody = true): Promise<Company[]> {
		const out: Company[] = [];
		let res: { status: number; body: Search } = await search(body, `${query}${query ? '&' : '?'}limit=100`);
		out.push(...res.body.data);
		while (res.body.pagination.nextUrl) {
			res = await follow<Search>(res.body.pagination.nextUrl, ADMIN_KEY, { method: 'POST', body: withBody ? body : undefined });
			expect(res.status).toBe(201);
			out.push(...res.body.data);
		}
		return out;
	}

	it('pages through nextUrl with or without the body, keeping filters, sorts, fields and totalCount', async () => {
		const tier = await fieldNamed('Tier');
		const body = { filters: `${tier.id} = *`, sorts: [{ fieldId: tier.id, direction: 'desc' }, { fieldId: 'name', direction: 'asc' }] };
		const withBody = await pagesOfSearch(body, `?fieldIds=${tier.id}`);
		const withoutBody = await pagesOfSearch(body, `?fieldIds=${tier.id}`, false);
		expect(withoutBody.map((c) => c.id)).toEqual(withBody.map((c) => c.id));
		expect(new Set(withBody.map((c) => c.id)).size).toBe(withBody.length);
		const ranks = withBody.map((c) => (c.fields![0].value.data as { rank: number }).rank);
		expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
		expect(withBody.every((c) => c.fields![0].value.data !== null)).toBe(true);

		const first = await search(body, `?limit=5&totalCount=true&fieldIds=${tier.id}`);
		const second = await follow<Search>(first.body.pagination.nextUrl!, ADMIN_KEY, { method: 'POST' });
		expect(second.body.pagination.totalCount).toBe(withBody.length);
		expect(second.body.data.map((c) => c.id)).toEqual(withBody.slice(5, 10).map((c) => c.id));
		expect(second.body.data[0].fields).toHaveLength(1);
		const back = await follow<Search>(second.body.pagination.prevUrl!, ADMIN_KEY, { method: 'POST' });
		expect(back.body.data.map((c) => c.id)).toEqual(first.body.data.map((c) => c.id));
		// A different body sent to nextUrl does not change the search the cursor carries.
		const other = await follow<Search>(first.body.pagination.nextUrl!, ADMIN_KEY, { method: 'POST', body: { filters: 'id = 1' } });
		expect(other.body.data.map((c) => c.id)).toEqual(second.body.data.map((c) => c.id));
	});

	it('validates the body and the query, naming the member', async () => {
		const cases: Array<[unknown, string]> = [
			[{ sorts: [{ fieldId: 'field-999999', direction: 'asc' }] }, 'sorts'],
			[{ sorts: [{ fieldId: 'crunchbase-uuid', direction: 'asc' }] }, 'sorts'],
			[{ sorts: [{ fieldId: 'name', direction: 'up' }] }, 'sorts'],
			[{ sorts: 'name' }, 'sorts'],
			[{ filters: 'name = (' }, 'filters'],
			[{ filters: 'colour = red' }, 'filters'],
			[{ filters: 42 }, 'filters'],
			[{ search: 'acme' }, 'search'],
			[{ search: { term: 'a', fuzzy: true } }, 'search'],
			[{ filter: 'name = a' }, 'filter'],
			[[1, 2], 'body'],
		];
		for (const [body, param] of cases) {
			const res = await fixture.api<ErrorBody>('/v2/companies/search', ADMIN_KEY, { method: 'POST', body });
			expect({ body, status: res.status, param: res.body.errors[0].param }).toEqual({ body, status: 400, param });
		}
		const keyContacts = await fieldNamed('Key Contacts');
		const notSortable = await search({ sorts: [{ fieldId: keyContacts.id, direction: 'asc' }] });
		expect((notSortable.body as unknown as ErrorBody).errors[0].message).toContain('not sortable');
		for (const [query, param] of [
			['?limit=0', 'limit'],
			['?limit=101', 'limit'],
			['?totalCount=yes', 'totalCount'],
			['?fieldTypes=list', 'fieldTypes'],
			['?fieldIds=crunchbase-uuid', 'fieldIds'],
			['?cursor=nonsense', 'cursor'],
		]) {
			const res = await fixture.api<ErrorBody>(`/v2/companies/search${query}`, ADMIN_KEY, { method: 'POST', body: {} });
			expect({ query, status: res.status, param: res.body.errors[0].param }).toEqual({ query, status: 400, param });
		}
	});

	it('needs the directory permission, and only POST', async () => {
		expect((await search({}, '', RESTRICTED_KEY)).status).toBe(403);
		expect((await search({}, '', MEMBER_KEY)).status).toBe(201);
		const get = await fixture.api<ErrorBody>('/v2/companies/search');
		expect(get.status).toBe(405);
		expect(get.body.errors[0].code).toBe('method-not-allowed');
	});
});

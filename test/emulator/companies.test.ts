import { DEMO_KEYS } from '../../emulator';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import { collect, expect400, follow, type ErrorBody, type Page } from './helpers';

const LEGACY_KEY = DEMO_KEYS.find((k) => k.label === 'legacy')!.key;
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
	filterability?: {
		filterableFieldType: string;
		operators?: Operator[];
		attributes?: Array<{ id: string; operators: Operator[] }>;
	} | null;
	sortability?: { sortableFieldType: string; attributes?: unknown[] } | null;
};
type Field = { id: string; name: string; value: { type: string; data: unknown } };
type Company = {
	id: number;
	name: string;
	domain: string | null;
	domains: string[];
	fields?: Field[];
};

const EMPTY = ['is-empty', 'is-not-empty'];
const DATE = [
	'is-on',
	'is-not-on',
	'is-before',
	'is-on-or-before',
	'is-after',
	'is-on-or-after',
	'is-between',
	'is-within-the-last',
	'is-not-within-the-last',
	'is-within-the-next',
	'is-not-within-the-next',
	'is-between-relative',
	'is-more-than-relative',
	'is-less-than-relative',
	...EMPTY,
];
const SINGLE = ['is-any-of', 'is-none-of', ...EMPTY];
const MULTI = ['has-any-of', 'has-all-of', 'has-none-of', ...EMPTY];
/** The edition's operator ids per value type; null: not filterable in a search. */
const EXPECTED_OPERATORS: Record<string, string[] | null> = {
	text: ['contains', 'does-not-contain', 'starts-with', 'ends-with', ...EMPTY],
	number: [
		'is-equal-to',
		'is-not-equal-to',
		'is-greater-than',
		'is-greater-than-or-equal-to',
		'is-less-than',
		'is-less-than-or-equal-to',
		'is-between',
		...EMPTY,
	],
	datetime: DATE,
	interaction: DATE,
	dropdown: SINGLE,
	'ranked-dropdown': SINGLE,
	'filterable-text': SINGLE,
	person: SINGLE,
	company: SINGLE,
	location: SINGLE,
	'dropdown-multi': MULTI,
	'filterable-text-multi': MULTI,
	'person-multi': MULTI,
	'company-multi': MULTI,
	'location-multi': MULTI,
	'number-multi': null,
	'formula-number': null,
};
const SORTABLE = new Set([
	'text',
	'number',
	'datetime',
	'dropdown',
	'ranked-dropdown',
	'filterable-text',
]);
const DATE_OF_ACTIVITY = { id: 'date-of-activity', name: 'Date of Activity', valueType: 'date' };

type Operator = {
	id: string;
	name: string;
	numberOfValuesRequired: string;
	relativeDateUnits?: string[];
};

async function companyFields(): Promise<FieldMeta[]> {
	return (
		await collect<FieldMeta>(
			fixture,
			'/v2/companies/fields?includes=filterability&includes=sortability',
		)
	).items;
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
	return (await collect<Company>(fixture, `/v2/companies?filter=${q(filter)}`, key)).items.map(
		(c) => c.id,
	);
}

describe('field metadata: includes and filter', () => {
	it('adds the FieldFilterability and FieldSortability of the search per value type', async () => {
		for (const path of [
			'/v2/companies/fields',
			'/v2/persons/fields',
			'/v2/lists/102/fields',
			'/v2/lists/101/fields',
		]) {
			const { items } = await collect<FieldMeta>(
				fixture,
				`${path}?includes=filterability&includes=sortability`,
			);
			expect(items.length).toBeGreaterThan(10);
			for (const field of items) {
				const operators = EXPECTED_OPERATORS[field.valueType];
				const filterability = field.filterability;
				if (!operators)
					expect({ id: field.id, filterability }).toEqual({ id: field.id, filterability: null });
				else if (field.valueType === 'interaction') {
					expect(filterability).toMatchObject({
						filterableFieldType: 'attribute-on-field',
						attributes: [{ ...DATE_OF_ACTIVITY }],
					});
					expect(filterability!.attributes![0].operators.map((o) => o.id)).toEqual(operators);
				} else {
					expect({
						id: field.id,
						type: filterability?.filterableFieldType,
						ids: filterability?.operators?.map((o) => o.id),
					}).toEqual({ id: field.id, type: 'field-only', ids: operators });
				}
				const sortability =
					field.valueType === 'interaction'
						? { sortableFieldType: 'attribute-on-field', attributes: [DATE_OF_ACTIVITY] }
						: SORTABLE.has(field.valueType)
							? { sortableFieldType: 'field-only' }
							: null;
				expect({ id: field.id, sortability: field.sortability }).toEqual({
					id: field.id,
					sortability,
				});
			}
		}
	});

	it('operators say how many values they take; relative ones list their units (quarter from 2026-07-15)', async () => {
		const close = (await companyFields()).find((f) => f.valueType === 'datetime')!;
		const byId = new Map(close.filterability!.operators!.map((o) => [o.id, o]));
		expect(byId.get('is-empty')).toEqual({
			id: 'is-empty',
			name: 'Is empty',
			numberOfValuesRequired: 'none',
		});
		expect(byId.get('is-on')!.numberOfValuesRequired).toBe('one');
		expect(byId.get('is-between')!.numberOfValuesRequired).toBe('two');
		expect(byId.get('is-within-the-last')!.relativeDateUnits).toEqual([
			'day',
			'week',
			'month',
			'quarter',
			'year',
		]);
		const legacy = await fixture.api<Page<FieldMeta>>(
			'/v2/companies/fields?includes=filterability&limit=100',
			LEGACY_KEY,
		);
		const older = legacy.body.data.find((f) => f.id === close.id)!;
		expect(
			older.filterability!.operators!.find((o) => o.id === 'is-within-the-last')!.relativeDateUnits,
		).toEqual(['day', 'week', 'month', 'year']);
		const tags = (await companyFields()).find((f) => f.valueType === 'dropdown-multi')!;
		expect(
			tags.filterability!.operators!.find((o) => o.id === 'has-all-of')!.numberOfValuesRequired,
		).toBe('multi');
	});

	it('adds only what is asked for, and nothing without includes', async () => {
		const only = await collect<FieldMeta>(fixture, '/v2/companies/fields?includes=sortability');
		expect(only.items.every((f) => 'sortability' in f && !('filterability' in f))).toBe(true);
		const none = await collect<FieldMeta>(fixture, '/v2/companies/fields');
		expect(none.items.every((f) => !('sortability' in f) && !('filterability' in f))).toBe(true);
	});

	it('refuses unknown includes values, including a comma-joined list', async () => {
		expect(await expect400(fixture, '/v2/companies/fields?includes=colour', 'includes')).toContain(
			'filterability, sortability',
		);
		await expect400(fixture, '/v2/persons/fields?includes=filterability,sortability', 'includes');
		await expect400(fixture, '/v2/lists/102/fields?includes=nope', 'includes');
	});

	it('filters on name with = (exact) and =~ (contains, any case)', async () => {
		const contains = await collect<FieldMeta>(
			fixture,
			`/v2/companies/fields?filter=${q('name =~ INDUS')}`,
		);
		expect(contains.items.map((f) => f.id)).toEqual(['field-1001', 'affinity-data-industry']);
		const exact = await collect<FieldMeta>(
			fixture,
			`/v2/persons/fields?filter=${q('name = "Job Title"')}`,
		);
		expect(exact.items.map((f) => f.name)).toEqual(['Job Title']);
		const either = await collect<FieldMeta>(
			fixture,
			`/v2/companies/fields?filter=${q('name = Tier | name = Founded')}`,
		);
		expect(either.items.map((f) => f.name)).toEqual(['Founded', 'Tier']);
		const none = await collect<FieldMeta>(
			fixture,
			`/v2/companies/fields?filter=${q('name = industry')}`,
		);
		expect(none.items).toEqual([]);
	});

	it('keeps filter and includes in the cursor', async () => {
		const first = await fixture.api<Page<FieldMeta>>(
			`/v2/companies/fields?limit=1&includes=filterability&filter=${q('name =~ e')}`,
		);
		const rest = await collect<FieldMeta>(
			fixture,
			`/v2/companies/fields?includes=filterability&filter=${q('name =~ e')}`,
		);
		const second = await follow<Page<FieldMeta>>(first.body.pagination.nextUrl!);
		expect(second.body.data[0]).toEqual(rest.items[1]);
		expect(second.body.data[0].filterability).toBeDefined();
		expect(rest.items.every((f) => f.name.toLowerCase().includes('e'))).toBe(true);
	});

	it('refuses other properties, other operators and bad syntax', async () => {
		expect(
			await expect400(fixture, `/v2/companies/fields?filter=${q('valueType = text')}`, 'filter'),
		).toContain('Unknown property "valueType"');
		expect(
			await expect400(fixture, `/v2/companies/fields?filter=${q('name =^ Ind')}`, 'filter'),
		).toContain('Operator "=^"');
		expect(
			await expect400(fixture, `/v2/persons/fields?filter=${q('name = (')}`, 'filter'),
		).toContain('Unexpected "(" at position 8');
	});
});

describe('GET /v2/companies filter', () => {
	// Live, the API ignores `filter` here; these tests run the reference's reading.
	beforeEach(() => fixture.control('POST', '/settings', { companyFilter: 'applied' }));

	it('compares dropdowns by option text', async () => {
		const industry = await fieldNamed('Industry');
		const all = await allWith(industry.id);
		const expected = all
			.filter((c) => (c.value as { text: string } | null)?.text === 'Fintech')
			.map((c) => c.id);
		expect(expected.length).toBeGreaterThan(10);
		expect(await filtered(`${industry.id} = Fintech`)).toEqual(expected);
		expect(await filtered(`${industry.id} != Fintech`)).toEqual(
			all.filter((c) => !expected.includes(c.id)).map((c) => c.id),
		);
		expect(await filtered(`${industry.id} != *`)).toEqual(
			all.filter((c) => c.value === null).map((c) => c.id),
		);
	});

	it('compares text, numbers and dates; names and domains ignore case for =^ =$ =~', async () => {
		const { items } = await collect<Company>(fixture, '/v2/companies');
		expect(await filtered('name =~ LABS')).toEqual(
			items.filter((c) => c.name.toLowerCase().includes('labs')).map((c) => c.id),
		);
		expect(await filtered('name =^ north')).toEqual(
			items.filter((c) => c.name.startsWith('North')).map((c) => c.id),
		);
		expect(await filtered('domain =$ .EXAMPLE.COM & name =^ blue')).toEqual(
			items
				.filter((c) => c.domain?.endsWith('.example.com') && c.name.startsWith('Blue'))
				.map((c) => c.id),
		);
		expect(await filtered('domain != *')).toEqual(
			items.filter((c) => c.domain === null).map((c) => c.id),
		);
		expect(await filtered('id = 3000003')).toEqual([3000003]);
		expect(await filtered('id >= 3000398')).toEqual([3000398, 3000399, 3000400]);

		const employees = await fieldNamed('Employees');
		const withEmployees = await allWith(employees.id);
		expect(await filtered(`${employees.id} > 2500`)).toEqual(
			withEmployees.filter((c) => typeof c.value === 'number' && c.value > 2500).map((c) => c.id),
		);
		expect(await filtered(`${employees.id} <= 100 | ${employees.id} = *  & name =~ labs`)).toEqual(
			withEmployees
				.filter(
					(c) =>
						(typeof c.value === 'number' && c.value <= 100) ||
						(c.value !== null && c.name.toLowerCase().includes('labs')),
				)
				.map((c) => c.id),
		);

		const founded = await fieldNamed('Founded');
		const withFounded = await allWith(founded.id);
		// Dates are stored at midnight Pacific; a date compares the calendar date.
		const day = (iso: string) =>
			new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(iso));
		const target = day(withFounded.find((c) => c.value !== null)!.value as string);
		expect(await filtered(`${founded.id} = ${target}`)).toEqual(
			withFounded
				.filter((c) => c.value !== null && day(c.value as string) === target)
				.map((c) => c.id),
		);
		expect(await filtered(`${founded.id} >= 2020-01-01`)).toEqual(
			withFounded
				.filter((c) => c.value !== null && day(c.value as string) >= '2020-01-01')
				.map((c) => c.id),
		);
	});

	it('compares person and company references by id, and collections', async () => {
		const owner = await fieldNamed('Account Owner');
		const owners = await allWith(owner.id);
		const someone = (owners.find((c) => c.value !== null)!.value as { id: number }).id;
		expect(await filtered(`${owner.id} = ${someone}`)).toEqual(
			owners.filter((c) => (c.value as { id: number } | null)?.id === someone).map((c) => c.id),
		);

		const tags = await fieldNamed('Tags');
		const tagged = await allWith(tags.id);
		const texts = (c: { value: unknown }) =>
			((c.value as Array<{ text: string }> | null) ?? []).map((t) => t.text);
		expect(await filtered(`${tags.id} =~ [B2B, Marketplace]`)).toEqual(
			tagged
				.filter((c) => texts(c).includes('B2B') && texts(c).includes('Marketplace'))
				.map((c) => c.id),
		);
		expect(await filtered(`${tags.id} = B2B`)).toEqual(
			tagged.filter((c) => texts(c).includes('B2B')).map((c) => c.id),
		);
		expect(await filtered(`${tags.id} =[]`)).toEqual(
			tagged.filter((c) => c.value === null).map((c) => c.id),
		);
		const first = tagged.find((c) => texts(c).length === 2)!;
		const exact = `${tags.id} = [${texts(first)
			.map((t) => `"${t}"`)
			.join(', ')}]`;
		expect(await filtered(exact)).toEqual(
			tagged
				.filter((c) => JSON.stringify(texts(c)) === JSON.stringify(texts(first)))
				.map((c) => c.id),
		);

		const keyContacts = await fieldNamed('Key Contacts');
		expect(await filtered(`${keyContacts.id} =~ [5000007, 5000100]`)).toContain(3000003);
		const industries = await fieldNamed('Industry', 'enriched');
		const enriched = await allWith(industries.id);
		expect(await filtered(`${industries.id} = SaaS`)).toEqual(
			enriched
				.filter((c) => ((c.value as string[] | null) ?? []).includes('SaaS'))
				.map((c) => c.id),
		);
	});

	it('compares filterable text (service-populated) like a dropdown', async () => {
		const stage = await fieldNamed('Growth Stage', 'enriched');
		expect(stage).toMatchObject({
			id: 'dealroom-growth-stage',
			valueType: 'filterable-text',
			filterability: { filterableFieldType: 'field-only' },
		});
		expect(stage.filterability!.operators!.map((o) => o.id)).toEqual(SINGLE);
		const all = await allWith(stage.id);
		expect(await filtered(`${stage.id} = "Early Growth"`)).toEqual(
			all.filter((c) => c.value === 'Early Growth').map((c) => c.id),
		);
		expect(await filtered(`${stage.id} != * | ${stage.id} = Seed`)).toEqual(
			all.filter((c) => c.value === null || c.value === 'Seed').map((c) => c.id),
		);
	});

	it('matches hostile names literally when escaped, and combines them without changing the logic', async () => {
		const hostile = 'Tom & "Jerry" (Holdings) | x\\y [1] *=~! \'q\' /',
			escaped = hostile.replace(/[\\*~!&=><$^|"'()[\]/]/g, (c) => `\\${c}`);
		await fixture.control('PATCH', '/companies/3000010', { name: hostile });
		expect(await filtered(`name = "${hostile.replace(/["\\]/g, (c) => `\\${c}`)}"`)).toEqual([
			3000010,
		]);
		expect(await filtered(`name = ${escaped.replace(/ /g, '\\ ')}`)).toEqual([3000010]);
		expect(await filtered(`name =~ ${'"(Holdings) |"'} & id < 3000011`)).toEqual([3000010]);
		expect(await filtered(`!(name =~ "Jerry") & id >= 3000009 & id <= 3000011`)).toEqual([
			3000009, 3000011,
		]);
	});

	it('keeps the filter in the cursor and combines with ids', async () => {
		const page = await fixture.api<Page<Company>>(
			`/v2/companies?limit=3&filter=${q('name =~ labs')}`,
		);
		const next = await follow<Page<Company>>(page.body.pagination.nextUrl!);
		expect(next.body.data.every((c) => c.name.toLowerCase().includes('labs'))).toBe(true);
		const both = await fixture.api<Page<Company>>(
			`/v2/companies?ids=3000001&ids=3000003&filter=${q('id != 3000001')}`,
		);
		expect(both.body.data.map((c) => c.id)).toEqual([3000003]);
	});

	it('refuses unknown properties, unfilterable fields, wrong operators and values, and bad syntax (param filter)', async () => {
		expect(
			await expect400(fixture, `/v2/companies?filter=${q('colour = red')}`, 'filter'),
		).toContain('Unknown property "colour"');
		expect(
			await expect400(fixture, `/v2/companies?filter=${q('crunchbase-uuid = x')}`, 'filter'),
		).toContain('Unknown property "crunchbase-uuid"');
		expect(
			await expect400(fixture, `/v2/companies?filter=${q('last-email = *')}`, 'filter'),
		).toContain('supported operators: none');
		const industry = await fieldNamed('Industry');
		expect(
			await expect400(fixture, `/v2/companies?filter=${q(`${industry.id} =~ Fin`)}`, 'filter'),
		).toContain(`Operator "=~" at position`);
		const employees = await fieldNamed('Employees');
		expect(
			await expect400(fixture, `/v2/companies?filter=${q(`${employees.id} > many`)}`, 'filter'),
		).toContain('must be a number');
		expect(
			await expect400(fixture, `/v2/companies?filter=${q('name = a & (id = 1')}`, 'filter'),
		).toContain('Unexpected end of filter');
		expect(await expect400(fixture, `/v2/companies?filter=${q('name = a)')}`, 'filter')).toContain(
			'Unexpected ")" at position 9',
		);
	});
});

describe('POST /v2/companies/search', () => {
	type Search = Page<Company>;
	const search = (body: unknown, query = '', key = ADMIN_KEY) =>
		fixture.api<Search>(`/v2/companies/search${query}`, key, { method: 'POST', body });

	it('answers 201 with a company page; no body means every company', async () => {
		const res = await fixture.api<Search>('/v2/companies/search?totalCount=true', ADMIN_KEY, {
			method: 'POST',
		});
		expect(res.status).toBe(201);
		expect(res.body.data).toHaveLength(100);
		expect(res.body.pagination.totalCount).toBe(400);
		expect(res.body.data[0].fields).toBeUndefined();
		expect(res.headers['x-ratelimit-limit-user']).toBe('900');
	});

	const and = (...filters: unknown[]) => ({ operator: 'and', filters });
	const or = (...filters: unknown[]) => ({ operator: 'or', filters });

	it('filters by a FilterGroup tree, searches a term in name or domain, and counts', async () => {
		const employees = await fieldNamed('Employees');
		const all = await allWith(employees.id);
		const filters = and({
			valueType: 'number',
			fieldId: employees.id,
			operator: 'is-greater-than',
			value: 100,
		});
		const res = await search({ filters, search: { term: 'NORTH' } }, '?totalCount=true');
		const expected = all.filter(
			(c) =>
				(c.value as number | null) !== null &&
				(c.value as number) > 100 &&
				(c.name.toLowerCase().includes('north') || c.domains.some((d) => d.includes('north'))),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(res.body.data.map((c) => c.id)).toEqual(expected.map((c) => c.id));
		expect(res.body.pagination.totalCount).toBe(expected.length);
		const byDomain = await search({ search: { term: 'ironfoods' } });
		expect(byDomain.body.data.length).toBeGreaterThan(0);
		expect(byDomain.body.data.every((c) => c.domains.some((d) => d.includes('ironfoods')))).toBe(
			true,
		);
	});

	it('search.fieldIds extends the term to those fields; datetime fields are ignored', async () => {
		const description = await fieldNamed('Description');
		const all = await allWith(description.id);
		const word = String(
			all.find((c) => typeof c.value === 'string' && (c.value as string).length > 8)!.value,
		)
			.slice(0, 6)
			.toLowerCase();
		const founded = await fieldNamed('Founded');
		const res = await collect<Company>(fixture, '/v2/companies');
		const extended = await search(
			{ search: { term: word, fieldIds: [description.id, founded.id] } },
			'?limit=100',
		);
		const expected = all.filter(
			(c) =>
				c.name.toLowerCase().includes(word) ||
				c.domains.some((d) => d.includes(word)) ||
				String(c.value ?? '')
					.toLowerCase()
					.includes(word),
		);
		expect(extended.body.data.map((c) => c.id)).toEqual(expected.slice(0, 100).map((c) => c.id));
		expect(res.items.length).toBe(400);
	});

	it('filters by every kind of condition the edition has', async () => {
		const field = async (name: string, type = 'global') => (await fieldNamed(name, type)).id;
		const [
			employees,
			founded,
			tier,
			tags,
			contacts,
			owner,
			parent,
			offices,
			hq,
			growth,
			industry,
			description,
		] = await Promise.all([
			field('Employees'),
			field('Founded'),
			field('Tier'),
			field('Tags'),
			field('Key Contacts'),
			field('Account Owner'),
			field('Parent Company'),
			field('Offices'),
			field('Headquarters'),
			field('Growth Stage', 'enriched'),
			field('Industry', 'enriched'),
			field('Description'),
		]);
		const values = new Map<string, Map<number, unknown>>();
		for (const id of [
			employees,
			founded,
			tier,
			tags,
			contacts,
			owner,
			parent,
			offices,
			hq,
			growth,
			industry,
			description,
			'last-email',
		]) {
			values.set(id, new Map((await allWith(id)).map((c) => [c.id, c.value])));
		}
		const v = <T = never>(id: string, c: number) => values.get(id)!.get(c) as T;
		const ids = [...values.get(employees)!.keys()];
		const pacificDay = (iso: string) =>
			new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(iso));
		const someTier = [...values.get(tier)!.values()].find(Boolean) as { dropdownOptionId: number };
		const someTags = [...values.get(tags)!.values()].find(
			(t) => Array.isArray(t) && t.length >= 2,
		) as Array<{ dropdownOptionId: number }>;
		const someContact = (
			[...values.get(contacts)!.values()].find((t) => Array.isArray(t) && t.length) as Array<{
				id: number;
			}>
		)[0];
		const someOwner = [...values.get(owner)!.values()].find(Boolean) as { id: number };
		const someHq = [...values.get(hq)!.values()].find(Boolean) as { country: string };
		const someOffice = (
			[...values.get(offices)!.values()].find((t) => Array.isArray(t) && t.length) as Array<{
				city: string;
			}>
		)[0];
		const someIndustry = (
			[...values.get(industry)!.values()].find((t) => Array.isArray(t) && t.length) as string[]
		)[0];
		const optionIds = (x: unknown) =>
			((x as Array<{ dropdownOptionId: number }> | null) ?? []).map((o) => o.dropdownOptionId);
		const cases: Array<[string, unknown, (c: number) => boolean]> = [
			[
				'text contains',
				{ valueType: 'text', fieldId: description, operator: 'contains', value: 'an' },
				(c) =>
					String(v(description, c) ?? '')
						.toLowerCase()
						.includes('an'),
			],
			[
				'text is-empty',
				{ valueType: 'text', fieldId: description, operator: 'is-empty' },
				(c) => v(description, c) === null,
			],
			[
				'number is-between',
				{ valueType: 'number', fieldId: employees, operator: 'is-between', value: [50, 500] },
				(c) =>
					v(employees, c) !== null &&
					v<number>(employees, c) >= 50 &&
					v<number>(employees, c) <= 500,
			],
			[
				'number is-less-than-or-equal-to',
				{
					valueType: 'number',
					fieldId: employees,
					operator: 'is-less-than-or-equal-to',
					value: 20,
				},
				(c) => v(employees, c) !== null && v<number>(employees, c) <= 20,
			],
			[
				'date is-on-or-after',
				{ valueType: 'date', fieldId: founded, operator: 'is-on-or-after', value: '2015-01-01' },
				(c) => v(founded, c) !== null && pacificDay(v(founded, c)) >= '2015-01-01',
			],
			[
				'date is-between',
				{
					valueType: 'date',
					fieldId: founded,
					operator: 'is-between',
					value: ['2025-01-01', '2025-06-30'],
				},
				(c) =>
					v(founded, c) !== null &&
					pacificDay(v(founded, c)) >= '2025-01-01' &&
					pacificDay(v(founded, c)) <= '2025-06-30',
			],
			[
				'date is-within-the-last',
				{
					valueType: 'date',
					fieldId: founded,
					operator: 'is-within-the-last',
					value: { amount: [10], unit: 'year' },
				},
				(c) => {
					const at = v<string | null>(founded, c);
					const edge = new Date();
					edge.setUTCFullYear(edge.getUTCFullYear() - 10);
					return at !== null && Date.parse(at) >= edge.getTime() && Date.parse(at) <= Date.now();
				},
			],
			[
				'ranked-dropdown is-any-of',
				{
					valueType: 'ranked-dropdown',
					fieldId: tier,
					operator: 'is-any-of',
					value: [{ dropdownOptionId: someTier.dropdownOptionId }],
				},
				(c) =>
					v<{ dropdownOptionId: number } | null>(tier, c)?.dropdownOptionId ===
					someTier.dropdownOptionId,
			],
			[
				'dropdown-multi has-all-of',
				{
					valueType: 'dropdown-multi',
					fieldId: tags,
					operator: 'has-all-of',
					value: someTags.slice(0, 2).map((t) => ({ dropdownOptionId: t.dropdownOptionId })),
				},
				(c) =>
					someTags.slice(0, 2).every((t) => optionIds(v(tags, c)).includes(t.dropdownOptionId)),
			],
			[
				'dropdown-multi has-none-of',
				{
					valueType: 'dropdown-multi',
					fieldId: tags,
					operator: 'has-none-of',
					value: [{ dropdownOptionId: someTags[0].dropdownOptionId }],
				},
				(c) => !optionIds(v(tags, c)).includes(someTags[0].dropdownOptionId),
			],
			[
				'person-multi has-any-of',
				{
					valueType: 'person-multi',
					fieldId: contacts,
					operator: 'has-any-of',
					value: [{ id: someContact.id }],
				},
				(c) =>
					(v<Array<{ id: number }> | null>(contacts, c) ?? []).some((p) => p.id === someContact.id),
			],
			[
				'person is-none-of',
				{
					valueType: 'person',
					fieldId: owner,
					operator: 'is-none-of',
					value: [{ id: someOwner.id }],
				},
				(c) => v<{ id: number } | null>(owner, c)?.id !== someOwner.id,
			],
			[
				'company is-not-empty',
				{ valueType: 'company', fieldId: parent, operator: 'is-not-empty' },
				(c) => v(parent, c) !== null,
			],
			[
				'location is-any-of',
				{
					valueType: 'location',
					fieldId: hq,
					operator: 'is-any-of',
					value: [{ country: someHq.country }],
				},
				(c) => v<{ country: string } | null>(hq, c)?.country === someHq.country,
			],
			[
				'location-multi has-any-of',
				{
					valueType: 'location-multi',
					fieldId: offices,
					operator: 'has-any-of',
					value: [{ city: someOffice.city }],
				},
				(c) =>
					(v<Array<{ city: string }> | null>(offices, c) ?? []).some(
						(o) => o.city === someOffice.city,
					),
			],
			[
				'filterable-text is-any-of',
				{
					valueType: 'filterable-text',
					fieldId: growth,
					operator: 'is-any-of',
					value: ['Seed', 'Early Growth'],
				},
				(c) => ['Seed', 'Early Growth'].includes(v(growth, c)),
			],
			[
				'filterable-text-multi has-any-of',
				{
					valueType: 'filterable-text-multi',
					fieldId: industry,
					operator: 'has-any-of',
					value: [someIndustry],
				},
				(c) => (v<string[] | null>(industry, c) ?? []).includes(someIndustry),
			],
			[
				'interaction date-of-activity is-on-or-after',
				{
					valueType: 'date',
					fieldId: 'last-email',
					attributeId: 'date-of-activity',
					operator: 'is-on-or-after',
					value: '2024-01-01',
				},
				(c) => {
					const interaction = v<{ sentAt?: string; startTime?: string } | null>('last-email', c);
					const at = interaction?.sentAt ?? interaction?.startTime;
					return !!at && pacificDay(at) >= '2024-01-01';
				},
			],
		];
		for (const [name, filter, predicate] of cases) {
			const expected = ids.filter(predicate);
			const found = (await pagesOfSearch({ filters: and(filter) }, '')).map((c) => c.id);
			expect({ name, found }).toEqual({ name, found: expected });
		}
		// Each case selects some companies and leaves others out, so each could fail.
		expect(
			cases
				.filter(([, , predicate]) => !ids.some(predicate) || ids.every(predicate))
				.map(([name]) => name),
		).toEqual([]);
		// Nested groups: (employees > 100 AND tier any-of) OR growth is Seed.
		const nested = or(
			and(
				{ valueType: 'number', fieldId: employees, operator: 'is-greater-than', value: 100 },
				{
					valueType: 'ranked-dropdown',
					fieldId: tier,
					operator: 'is-any-of',
					value: [{ dropdownOptionId: someTier.dropdownOptionId }],
				},
			),
			{ valueType: 'filterable-text', fieldId: growth, operator: 'is-any-of', value: ['Seed'] },
		);
		const expected = ids.filter(
			(c) =>
				(v<number | null>(employees, c) !== null &&
					v<number>(employees, c) > 100 &&
					v<{ dropdownOptionId: number } | null>(tier, c)?.dropdownOptionId ===
						someTier.dropdownOptionId) ||
				v(growth, c) === 'Seed',
		);
		expect((await pagesOfSearch({ filters: nested }, '')).map((c) => c.id)).toEqual(expected);
	});

	it('sorts by name and by sortable fields, empty values last, ties by id', async () => {
		const employees = await fieldNamed('Employees');
		const desc = await collect<Company>(fixture, `/v2/companies?fieldIds=${employees.id}`);
		const res = await search(
			{ sorts: [{ fieldId: employees.id, direction: 'desc' }] },
			`?limit=100&fieldIds=${employees.id}`,
		);
		const values = res.body.data.map((c) => c.fields![0].value.data as number | null);
		const sorted = desc.items
			.map((c) => ({ id: c.id, v: c.fields![0].value.data as number | null }))
			.sort((a, b) =>
				a.v === b.v ? a.id - b.id : a.v === null ? 1 : b.v === null ? -1 : b.v - a.v,
			);
		expect(res.body.data.map((c) => c.id)).toEqual(sorted.slice(0, 100).map((s) => s.id));
		expect(values[0]).toBe(
			Math.max(...sorted.filter((s) => s.v !== null).map((s) => s.v as number)),
		);

		const byName = await search({ sorts: [{ fieldId: 'name', direction: 'asc' }] }, '?limit=50');
		const names = byName.body.data.map((c) => c.name.toLowerCase());
		expect(names).toEqual([...names].sort());
		const ascNulls = await collect<Company>(fixture, `/v2/companies?fieldIds=${employees.id}`);
		const nulls = ascNulls.items.filter((c) => c.fields![0].value.data === null).length;
		const all = await pagesOfSearch(
			{ sorts: [{ fieldId: employees.id, direction: 'asc' }] },
			`?fieldIds=${employees.id}`,
		);
		expect(all.slice(-nulls).every((c) => c.fields![0].value.data === null)).toBe(true);
	});

	async function pagesOfSearch(body: unknown, query: string, withBody = true): Promise<Company[]> {
		const out: Company[] = [];
		let res: { status: number; body: Search } = await search(
			body,
			`${query}${query ? '&' : '?'}limit=100`,
		);
		out.push(...res.body.data);
		while (res.body.pagination.nextUrl) {
			res = await follow<Search>(res.body.pagination.nextUrl, ADMIN_KEY, {
				method: 'POST',
				body: withBody ? body : undefined,
			});
			expect(res.status).toBe(201);
			out.push(...res.body.data);
		}
		return out;
	}

	it('pages through nextUrl with or without the body, keeping filters, sorts, fields and totalCount', async () => {
		const tier = await fieldNamed('Tier');
		const body = {
			filters: and({ valueType: 'ranked-dropdown', fieldId: tier.id, operator: 'is-not-empty' }),
			sorts: [
				{ fieldId: tier.id, direction: 'desc' },
				{ fieldId: 'name', direction: 'asc' },
			],
		};
		const withBody = await pagesOfSearch(body, `?fieldIds=${tier.id}`);
		const withoutBody = await pagesOfSearch(body, `?fieldIds=${tier.id}`, false);
		expect(withoutBody.map((c) => c.id)).toEqual(withBody.map((c) => c.id));
		expect(new Set(withBody.map((c) => c.id)).size).toBe(withBody.length);
		const ranks = withBody.map((c) => (c.fields![0].value.data as { rank: number }).rank);
		expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
		expect(withBody.every((c) => c.fields![0].value.data !== null)).toBe(true);

		const first = await search(body, `?limit=5&totalCount=true&fieldIds=${tier.id}`);
		const second = await follow<Search>(first.body.pagination.nextUrl!, ADMIN_KEY, {
			method: 'POST',
		});
		expect(second.body.pagination.totalCount).toBe(withBody.length);
		expect(second.body.data.map((c) => c.id)).toEqual(withBody.slice(5, 10).map((c) => c.id));
		expect(second.body.data[0].fields).toHaveLength(1);
		const back = await follow<Search>(second.body.pagination.prevUrl!, ADMIN_KEY, {
			method: 'POST',
		});
		expect(back.body.data.map((c) => c.id)).toEqual(first.body.data.map((c) => c.id));
		// A different body sent to nextUrl does not change the search the cursor carries.
		const other = await follow<Search>(first.body.pagination.nextUrl!, ADMIN_KEY, {
			method: 'POST',
			body: { search: { term: 'zzzzzz' } },
		});
		expect(other.body.data.map((c) => c.id)).toEqual(second.body.data.map((c) => c.id));
	});

	it('validates the body and the query, naming the member', async () => {
		const employees = (await fieldNamed('Employees')).id;
		const number = (extra: Record<string, unknown>) => ({
			filters: and({
				valueType: 'number',
				fieldId: employees,
				operator: 'is-greater-than',
				value: 1,
				...extra,
			}),
		});
		const cases: Array<[unknown, string]> = [
			[{ sorts: [{ fieldId: 'field-999999', direction: 'asc' }] }, 'sorts'],
			[{ sorts: [{ fieldId: 'crunchbase-uuid', direction: 'asc' }] }, 'sorts'],
			[{ sorts: [{ fieldId: 'name', direction: 'up' }] }, 'sorts'],
			[{ sorts: [{ fieldId: 'last-email', direction: 'asc' }] }, 'sorts'],
			[{ sorts: Array(6).fill({ fieldId: 'name', direction: 'asc' }) }, 'sorts'],
			[{ sorts: 'name' }, 'sorts'],
			[{ filters: 'name = (' }, 'filters'],
			[{ filters: { operator: 'xor', filters: [] } }, 'filters.operator'],
			[
				{
					filters: and(
						...Array(51).fill({ valueType: 'text', fieldId: 'field-1002', operator: 'is-empty' }),
					),
				},
				'filters.filters',
			],
			[number({ fieldId: 'colour' }), 'filters.filters[0].fieldId'],
			[number({ valueType: 'text' }), 'filters.filters[0].valueType'],
			[number({ operator: 'contains' }), 'filters.filters[0].operator'],
			[number({ value: 'many' }), 'filters.filters[0].value'],
			[number({ attributeId: 'date-of-activity' }), 'filters.filters[0].attributeId'],
			[
				{
					filters: and({
						valueType: 'date',
						fieldId: 'last-email',
						operator: 'is-on',
						value: '2024-01-01',
					}),
				},
				'filters.filters[0].attributeId',
			],
			[
				{
					filters: and(
						and({ valueType: 'number', fieldId: employees, operator: 'is-empty', value: 1 }),
					),
				},
				'filters.filters[0].filters[0].value',
			],
			[{ search: 'acme' }, 'search'],
			[{ search: { term: 'ab' } }, 'search.term'],
			[{ search: { term: 'acme', fuzzy: true } }, 'search.fuzzy'],
			[{ search: { term: 'acme', fieldIds: ['nope'] } }, 'search.fieldIds[0]'],
			[{ filter: 'name = a' }, 'filter'],
			[[1, 2], 'body'],
		];
		for (const [body, param] of cases) {
			const res = await fixture.api<ErrorBody>('/v2/companies/search', ADMIN_KEY, {
				method: 'POST',
				body,
			});
			expect({ body, status: res.status, param: res.body.errors[0].param }).toEqual({
				body,
				status: 400,
				param,
			});
		}
		const keyContacts = await fieldNamed('Key Contacts');
		const notSortable = await search({ sorts: [{ fieldId: keyContacts.id, direction: 'asc' }] });
		expect(notSortable.status).toBe(400);
		expect((notSortable.body as unknown as ErrorBody).errors[0].message).toContain('not sortable');
		for (const [query, param] of [
			['?limit=0', 'limit'],
			['?limit=101', 'limit'],
			['?totalCount=yes', 'totalCount'],
			['?fieldTypes=list', 'fieldTypes'],
			['?fieldIds=crunchbase-uuid', 'fieldIds'],
			['?cursor=nonsense', 'cursor'],
		]) {
			const res = await fixture.api<ErrorBody>(`/v2/companies/search${query}`, ADMIN_KEY, {
				method: 'POST',
				body: {},
			});
			expect({ query, status: res.status, param: res.body.errors[0].param }).toEqual({
				query,
				status: 400,
				param,
			});
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

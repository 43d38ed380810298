import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import { collect, fieldId, follow, type ErrorBody, type Page } from './helpers';
import { INVESTORS, TARGET_ACCOUNTS } from '../harness/ids';

/** POST /v2/persons/search and POST /v2/lists/{listId}/list-entries/search (SearchCriteria, 201). */
const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const PIPELINE = 101;

type Field = { id: string; name: string; value: { type: string; data: unknown } };
type Person = {
	id: number;
	firstName: string;
	lastName: string | null;
	primaryEmailAddress: string | null;
	fields?: Field[];
};
type Entry = {
	id: number;
	createdAt: string;
	entity: {
		id: number;
		name?: string;
		firstName?: string;
		domain?: string | null;
		fields?: Field[];
	};
};

const and = (...filters: unknown[]) => ({ operator: 'and', filters });
const post = <T>(path: string, body: unknown, key = ADMIN_KEY) =>
	fixture.api<T>(path, key, { method: 'POST', body });
const valueOf = (fields: Field[] | undefined, id: string) =>
	fields?.find((f) => f.id === id)?.value.data ?? null;

/** Every page of a search: the cursor alone (no body) leads to the next page. */
async function allPages<T>(path: string, body: unknown): Promise<{ items: T[]; pages: number }> {
	const first = await post<Page<T>>(path, body);
	expect(first.status).toBe(201);
	const items = [...first.body.data];
	let pages = 1;
	let next = first.body.pagination.nextUrl;
	while (next) {
		const res: { status: number; body: Page<T> } = await follow<Page<T>>(next, ADMIN_KEY, {
			method: 'POST',
		});
		expect(res.status).toBe(201);
		items.push(...res.body.data);
		pages++;
		next = res.body.pagination.nextUrl;
	}
	return { items, pages };
}

describe('POST /v2/persons/search', () => {
	it('no body is every person, paged by id, with a totalCount', async () => {
		const everyone = (await collect<Person>(fixture, '/v2/persons?limit=100')).items;
		const res = await fixture.api<Page<Person>>(
			'/v2/persons/search?totalCount=true&limit=7',
			ADMIN_KEY,
			{ method: 'POST' },
		);
		expect(res.status).toBe(201);
		expect(res.body.pagination.totalCount).toBe(everyone.length);
		const paged = await allPages<Person>('/v2/persons/search?limit=40', undefined);
		expect(paged.items.map((p) => p.id)).toEqual(everyone.map((p) => p.id));
		expect(paged.pages).toBe(Math.ceil(everyone.length / 40));
	});

	it('a term matches first name, last name or primary email; filters and sorts by person fields', async () => {
		const seniority = await fieldId(fixture, '/v2/persons/fields', 'Seniority');
		const jobTitle = await fieldId(fixture, '/v2/persons/fields', 'Job Title');
		const options = (
			await fixture.api<Page<{ id: number; text: string }>>(
				`/v2/persons/fields/${seniority}/dropdown-options`,
			)
		).body.data;
		const founder = options.find((o) => o.text === 'Founder')!;
		const everyone = (
			await collect<Person>(
				fixture,
				`/v2/persons?limit=100&fieldIds=${seniority}&fieldIds=${jobTitle}`,
			)
		).items;
		const term = everyone[3].lastName!.slice(0, 3).toUpperCase();
		const matches = (p: Person) =>
			[p.firstName, p.lastName, p.primaryEmailAddress].some(
				(t) => t !== null && t.toLowerCase().includes(term.toLowerCase()),
			);
		const isFounder = (p: Person) =>
			(valueOf(p.fields, seniority) as { dropdownOptionId: number } | null)?.dropdownOptionId ===
			founder.id;
		const body = {
			filters: and({
				valueType: 'dropdown',
				fieldId: seniority,
				operator: 'is-any-of',
				value: [{ dropdownOptionId: founder.id }],
			}),
			sorts: [{ fieldId: jobTitle, direction: 'desc' }],
		};
		const founders = await allPages<Person>(
			`/v2/persons/search?limit=10&fieldIds=${jobTitle}`,
			body,
		);
		const expected = everyone.filter(isFounder);
		expect(expected.length).toBeGreaterThan(10);
		expect(new Set(founders.items.map((p) => p.id))).toEqual(new Set(expected.map((p) => p.id)));
		const titles = founders.items.map((p) => valueOf(p.fields, jobTitle) as string | null);
		const present = titles.filter((t): t is string => t !== null);
		expect(present).toEqual(
			[...present].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())),
		);
		// Empty values sort last in either direction.
		expect(titles.slice(present.length).every((t) => t === null)).toBe(true);
		const searched = await post<Page<Person>>('/v2/persons/search?totalCount=true&limit=100', {
			search: { term },
		});
		expect(searched.body.data.map((p) => p.id)).toEqual(everyone.filter(matches).map((p) => p.id));
		expect(searched.body.pagination.totalCount).toBe(everyone.filter(matches).length);
		const both = await post<Page<Person>>('/v2/persons/search?limit=100', {
			...body,
			search: { term },
			sorts: undefined,
		});
		expect(both.body.data.map((p) => p.id)).toEqual(
			everyone.filter((p) => matches(p) && isFounder(p)).map((p) => p.id),
		);
	});

	it('refuses what the SearchCriteria schema refuses, naming the member; needs the people permission; only POST', async () => {
		const home = await fieldId(fixture, '/v2/persons/fields', 'Home City');
		for (const [body, param] of [
			[{ search: { term: 'an' } }, 'search.term'],
			[
				{ filters: and({ valueType: 'text', fieldId: home, operator: 'contains', value: 'x' }) },
				'filters.filters[0].valueType',
			],
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
			[{ sorts: [{ fieldId: home, direction: 'asc' }] }, 'sorts'],
			[{ sort: [] }, 'sort'],
		] as Array<[unknown, string]>) {
			const res = await post<ErrorBody>('/v2/persons/search', body);
			expect({ body, status: res.status, param: res.body.errors[0].param }).toEqual({
				body,
				status: 400,
				param,
			});
		}
		expect((await post('/v2/persons/search?fieldTypes=list', {})).status).toBe(400);
		expect((await post('/v2/persons/search', {}, RESTRICTED_KEY)).status).toBe(403);
		expect((await post('/v2/persons/search', {}, MEMBER_KEY)).status).toBe(201);
		const get = await fixture.api<ErrorBody>('/v2/persons/search');
		expect(get.status).toBe(405);
		expect(get.body.errors[0].code).toBe('method-not-allowed');
	});
});

describe('POST /v2/lists/{listId}/list-entries/search', () => {
	const path = (listId: number, query = '') => `/v2/lists/${listId}/list-entries/search${query}`;

	it("filters by list fields and the entity's fields, sorts by a list field and by created-at, pages and counts", async () => {
		const status = (
			await fixture.api<Page<{ id: string; name: string; type: string }>>(
				`/v2/lists/${TARGET_ACCOUNTS}/fields?limit=100`,
			)
		).body.data;
		const dealSize = status.find((f) => f.name === 'Deal Size' && f.type === 'list')!.id;
		const employees = status.find((f) => f.name === 'Employees')!.id;
		const entries = (
			await collect<Entry>(
				fixture,
				`/v2/lists/${TARGET_ACCOUNTS}/list-entries?limit=100&fieldIds=${dealSize}&fieldIds=${employees}`,
			)
		).items;
		const fields = (e: Entry) => e.entity.fields;
		const body = {
			filters: and(
				{ valueType: 'number', fieldId: dealSize, operator: 'is-not-empty' },
				{ valueType: 'number', fieldId: employees, operator: 'is-greater-than', value: 50 },
			),
			sorts: [{ fieldId: dealSize, direction: 'asc' }],
		};
		const expected = entries
			.filter(
				(e) =>
					valueOf(fields(e), dealSize) !== null &&
					((valueOf(fields(e), employees) as number | null) ?? 0) > 50,
			)
			.sort(
				(a, b) =>
					(valueOf(fields(a), dealSize) as number) - (valueOf(fields(b), dealSize) as number) ||
					a.id - b.id,
			);
		expect(expected.length).toBeGreaterThan(5);
		const first = await post<Page<Entry>>(path(TARGET_ACCOUNTS, '?totalCount=true&limit=5'), body);
		expect(first.status).toBe(201);
		expect(first.body.pagination.totalCount).toBe(expected.length);
		const paged = await allPages<Entry>(path(TARGET_ACCOUNTS, '?limit=5'), body);
		expect(paged.items.map((e) => e.id)).toEqual(expected.map((e) => e.id));
		const byAdded = await allPages<Entry>(path(TARGET_ACCOUNTS, '?limit=100'), {
			sorts: [{ fieldId: 'created-at', direction: 'desc' }],
		});
		const added = byAdded.items.map((e) => e.createdAt);
		expect(added).toEqual([...added].sort().reverse());
		expect(byAdded.items).toHaveLength(entries.length);
	});

	it("a term matches the entity's name and primary identifier: company name and domain, person names and email, opportunity name", async () => {
		const companies = (
			await collect<Entry>(fixture, `/v2/lists/${TARGET_ACCOUNTS}/list-entries?limit=100`)
		).items;
		const domain = companies.find((e) => e.entity.domain)!.entity.domain!.split('.')[0];
		const byDomain = await allPages<Entry>(path(TARGET_ACCOUNTS), { search: { term: domain } });
		expect(byDomain.items.map((e) => e.id)).toEqual(
			companies
				.filter((e) =>
					`${e.entity.name} ${e.entity.domain ?? ''}`.toLowerCase().includes(domain.toLowerCase()),
				)
				.map((e) => e.id),
		);
		const investors = (
			await collect<Entry & { entity: Person }>(
				fixture,
				`/v2/lists/${INVESTORS}/list-entries?limit=100`,
			)
		).items;
		const term = investors[1].entity.firstName.slice(0, 4);
		const people = await allPages<Entry>(path(INVESTORS), { search: { term } });
		const matches = (p: Person) =>
			[p.firstName, p.lastName, p.primaryEmailAddress].some(
				(t) => t !== null && t.toLowerCase().includes(term.toLowerCase()),
			);
		expect(people.items.map((e) => e.id)).toEqual(
			investors.filter((e) => matches(e.entity)).map((e) => e.id),
		);
		const deals = await allPages<Entry>(path(PIPELINE), { search: { term: 'series b' } });
		expect(deals.items.length).toBeGreaterThan(0);
		expect(deals.items.every((e) => e.entity.name!.toLowerCase().includes('series b'))).toBe(true);
	});

	it('a restricted opportunity is not found by its name by whom it is hidden from', async () => {
		const admin = (await collect<Entry>(fixture, `/v2/lists/${PIPELINE}/list-entries?limit=100`))
			.items;
		const member = (
			await collect<Entry>(fixture, `/v2/lists/${PIPELINE}/list-entries?limit=100`, MEMBER_KEY)
		).items;
		const hidden = member.find(
			(e) => admin.find((a) => a.id === e.id)!.entity.name !== e.entity.name,
		)!;
		const name = admin.find((a) => a.id === hidden.id)!.entity.name!;
		const asAdmin = await post<Page<Entry>>(path(PIPELINE, '?limit=100'), {
			search: { term: name },
		});
		const asMember = await post<Page<Entry>>(
			path(PIPELINE, '?limit=100'),
			{ search: { term: name } },
			MEMBER_KEY,
		);
		expect(asAdmin.body.data.map((e) => e.id)).toContain(hidden.id);
		expect(asMember.body.data.map((e) => e.id)).not.toContain(hidden.id);
	});

	it('refuses a field of another list and fieldTypes it does not take; 404 for an unknown list; only POST', async () => {
		const otherDealSize = (
			await fixture.api<Page<{ id: string; name: string; type: string }>>(
				`/v2/lists/${INVESTORS}/fields?limit=100`,
			)
		).body.data.find((f) => f.name === 'Deal Size' && f.type === 'list')!.id;
		const wrong = await post<ErrorBody>(path(TARGET_ACCOUNTS), {
			filters: and({ valueType: 'number', fieldId: otherDealSize, operator: 'is-empty' }),
		});
		expect({ status: wrong.status, param: wrong.body.errors[0].param }).toEqual({
			status: 400,
			param: 'filters.filters[0].fieldId',
		});
		expect((await post<ErrorBody>(path(TARGET_ACCOUNTS, '?fieldTypes=list'), {})).status).toBe(201);
		expect((await post<ErrorBody>(path(TARGET_ACCOUNTS, '?fieldTypes=nope'), {})).status).toBe(400);
		expect(
			(await post<ErrorBody>(path(TARGET_ACCOUNTS), { search: { term: 'ab' } })).body.errors[0]
				.param,
		).toBe('search.term');
		expect((await post<ErrorBody>(path(999999), {})).status).toBe(404);
		expect((await fixture.api<ErrorBody>(path(TARGET_ACCOUNTS))).status).toBe(405);
	});
});

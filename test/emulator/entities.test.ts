import { SEEDED_USERS, seedStore } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import {
	collect,
	expect400,
	fieldId,
	follow,
	statusOf,
	type ErrorBody,
	type Page,
} from './helpers';
import { INVESTORS } from '../harness/ids';

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const TARGETS = 102;
const BOARD = 104;
const BIG_COMPANY = 3000003;
const BIG_PERSON = 5000007;

type Field = {
	id: string;
	name: string;
	type: string;
	enrichmentSource: string | null;
	value: { type: string; data: unknown };
};
type Person = {
	id: number;
	firstName: string;
	lastName: string | null;
	emailAddresses: string[];
	type: string;
	fields?: Field[];
};
type EntityEntry = {
	id: number;
	listId: number;
	listName: string;
	createdAt: string;
	creatorId: number | null;
	fields: Field[];
};

describe('GET /v2/persons', () => {
	it('pages every person by id, without fields unless selected', async () => {
		const { items, pages } = await collect<Person>(fixture, '/v2/persons?limit=100');
		expect(items.length).toBe(306);
		expect(pages).toBe(4);
		expect(items.map((p) => p.id)).toEqual([...items.map((p) => p.id)].sort((a, b) => a - b));
		expect(items.every((p) => p.fields === undefined)).toBe(true);
		expect(items[0]).toEqual({
			id: 5000001,
			firstName: 'Alex',
			lastName: 'Admin',
			primaryEmailAddress: 'alex@emulated-ventures.example',
			emailAddresses: ['alex@emulated-ventures.example'],
			type: 'internal',
		});
	});

	it('selects fields by type and by id, and keeps the selection in the cursor', async () => {
		const page = await fixture.api<Page<Person>>(
			'/v2/persons?limit=2&fieldTypes=enriched&fieldTypes=relationship-intelligence',
		);
		const types = new Set(page.body.data.flatMap((p) => p.fields!.map((f) => f.type)));
		expect([...types].sort()).toEqual(['enriched', 'relationship-intelligence']);
		const next = await follow<Page<Person>>(page.body.pagination.nextUrl!);
		expect(next.body.data[0].fields!.map((f) => f.id)).toEqual(
			page.body.data[0].fields!.map((f) => f.id),
		);
		const jobTitle = await fieldId(fixture, '/v2/persons/fields', 'Job Title');
		const one = await fixture.api<Page<Person>>(`/v2/persons?limit=1&fieldIds=${jobTitle}`);
		expect(one.body.data[0].fields!.map((f) => f.name)).toEqual(['Job Title']);
	});

	it('filters by ids', async () => {
		const res = await fixture.api<Page<Person>>('/v2/persons?ids=5000010&ids=5000002&ids=5999999');
		expect(res.body.data.map((p) => p.id)).toEqual([5000002, 5000010]);
	});

	it('validates ids, field types, field ids and limit; 403 without the directory permission', async () => {
		await expect400(fixture, '/v2/persons?ids=0', 'ids');
		await expect400(fixture, '/v2/persons?ids=abc', 'ids');
		await expect400(fixture, '/v2/persons?fieldTypes=list', 'fieldTypes');
		await expect400(fixture, '/v2/persons?fieldIds=field-424242', 'fieldIds');
		await expect400(fixture, '/v2/persons?limit=101', 'limit');
		await expect400(fixture, '/v2/persons?limit=0', 'limit');
		const denied = await fixture.api<ErrorBody>('/v2/persons', RESTRICTED_KEY);
		expect(denied.status).toBe(403);
		expect(denied.body.errors[0]).toEqual({
			code: 'authorization',
			message: expect.stringContaining('Export All People'),
		});
	});
});

describe('GET /v2/persons/{personId}', () => {
	it('returns one person with selected fields; 404, 400 and 403 otherwise', async () => {
		const res = await fixture.api<Person>(`/v2/persons/${BIG_PERSON}?fieldTypes=global`);
		expect(res.status).toBe(200);
		expect(res.body.id).toBe(BIG_PERSON);
		expect(res.body.fields!.every((f) => f.type === 'global')).toBe(true);
		expect((await fixture.api<Person>(`/v2/persons/${BIG_PERSON}`)).body.fields).toBeUndefined();
		expect(await statusOf(fixture, '/v2/persons/5999999')).toBe(404);
		await expect400(fixture, '/v2/persons/0', 'personId');
		await expect400(fixture, '/v2/persons/9007199254740992', 'personId');
		await expect400(fixture, '/v2/persons/abc', 'personId');
		await expect400(fixture, `/v2/persons/${BIG_PERSON}?fieldTypes=list`, 'fieldTypes');
		expect(await statusOf(fixture, `/v2/persons/${BIG_PERSON}`, RESTRICTED_KEY)).toBe(403);
		expect(
			(await fixture.api(`/v2/persons/${BIG_PERSON}`, ADMIN_KEY, { method: 'PATCH', body: {} }))
				.status,
		).toBe(405);
	});
});

describe('nested associations are truncated at 100', () => {
	it('on a company, a person, and on list entries (company, person, opportunity)', async () => {
		const keyContacts = await fieldId(fixture, '/v2/companies/fields', 'Key Contacts');
		const competitors = await fieldId(fixture, '/v2/companies/fields', 'Competitors');
		const company = await fixture.api<{ fields: Field[] }>(
			`/v2/companies/${BIG_COMPANY}?fieldIds=${keyContacts}&fieldIds=${competitors}`,
		);
		expect(company.body.fields.map((f) => (f.value.data as unknown[]).length)).toEqual([100, 100]);

		const employers = await fieldId(fixture, '/v2/persons/fields', 'Employers');
		const person = await fixture.api<Person>(`/v2/persons/${BIG_PERSON}?fieldIds=${employers}`);
		const data = person.body.fields![0].value.data as Array<{
			id: number;
			name: string;
			domain: string | null;
		}>;
		expect(data).toHaveLength(100);
		expect(Object.keys(data[0]).sort()).toEqual(['domain', 'id', 'name']);

		// The store really holds more than 100 (the API cuts them).
		const stored = await fixture.control<
			Array<{ entityId: number; values: Record<string, { data: unknown[] }> }>
		>('GET', `/lists/${TARGETS}/entries`);
		const champions = await fieldId(fixture, `/v2/lists/${TARGETS}/fields`, 'Champions');
		expect(stored.find((e) => e.entityId === BIG_COMPANY)!.values[champions].data).toHaveLength(
			110,
		);

		const entries = await fixture.api<Page<EntityEntry>>(
			`/v2/companies/${BIG_COMPANY}/list-entries`,
		);
		const onTargets = entries.body.data.find((e) => e.listId === TARGETS)!;
		expect((onTargets.fields.find((f) => f.id === champions)!.value.data as unknown[]).length).toBe(
			100,
		);
		expect(
			(onTargets.fields.find((f) => f.id === keyContacts)!.value.data as unknown[]).length,
		).toBe(100);

		const personEntries = await fixture.api<Page<EntityEntry>>(
			`/v2/persons/${BIG_PERSON}/list-entries`,
		);
		expect(
			(personEntries.body.data[0].fields.find((f) => f.id === employers)!.value.data as unknown[])
				.length,
		).toBe(100);

		const coInvestors = await fieldId(fixture, '/v2/lists/101/fields', 'Co-investors');
		const deal = await fixture.api<Page<{ entity: { fields: Field[] } }>>(
			`/v2/lists/101/list-entries?limit=1&fieldIds=${coInvestors}`,
		);
		expect((deal.body.data[0].entity.fields[0].value.data as unknown[]).length).toBe(100);
	});
});

describe('array values with no data are null', () => {
	it('never returns an empty array as a value, even when one is stored', async () => {
		const tags = await fieldId(fixture, '/v2/companies/fields', 'Tags');
		await fixture.control('POST', '/values', {
			companyId: 3000002,
			fieldId: tags,
			value: { type: 'dropdown-multi', data: [] },
		});
		const one = await fixture.api<{ fields: Field[] }>(`/v2/companies/3000002?fieldIds=${tags}`);
		expect(one.body.fields[0].value).toEqual({ type: 'dropdown-multi', data: null });
		const everything = 'fieldTypes=enriched&fieldTypes=global&fieldTypes=relationship-intelligence';
		const texts = [
			JSON.stringify((await collect(fixture, `/v2/companies?${everything}`)).items),
			JSON.stringify((await collect(fixture, `/v2/persons?${everything}`)).items),
			JSON.stringify((await collect(fixture, '/v2/companies/3000001/list-entries')).items),
			JSON.stringify((await collect(fixture, `/v2/lists/101/list-entries?fieldTypes=list`)).items),
		];
		for (const text of texts) {
			expect(text).toContain('"data":null');
			expect(text).not.toContain('"data":[]');
		}
	});
});

describe('wrong methods', () => {
	it.each([
		['PUT', '/v2/persons'],
		['PUT', '/v2/persons/5000007'],
		['PUT', '/v2/companies/3000001/lists'],
		['POST', '/v2/companies/3000001/list-entries'],
		['PATCH', '/v2/opportunities/7000001'],
		['PUT', '/v2/notes'],
		['DELETE', '/v2/notes/400001/replies'],
		['POST', '/v2/transcripts/801/fragments'],
		['PUT', `/v2/users/${SEEDED_USERS.admin}`],
		['POST', '/v2/rate-limit'],
		['DELETE', '/v2/lists/102/list-entries/2147483540/fields'],
	])('%s %s is 405', async (method, path) => {
		const res = await fixture.api<ErrorBody>(path, ADMIN_KEY, {
			method,
			body: method === 'DELETE' ? undefined : {},
		});
		expect(res.status).toBe(405);
		expect(res.body.errors[0].code).toBe('method-not-allowed');
	});
});

describe("a person's and a company's lists and list entries", () => {
	it("lists a company's lists without type, only those the caller can see", async () => {
		const admin = await fixture.api<Page<Record<string, unknown>>>(
			`/v2/companies/${BIG_COMPANY}/lists`,
		);
		expect(admin.body.data.map((l) => l.id)).toEqual([TARGETS, BOARD]);
		expect(admin.body.data[0]).toEqual({
			id: TARGETS,
			name: 'Target Accounts',
			isPublic: true,
			ownerId: SEEDED_USERS.admin,
			creatorId: SEEDED_USERS.admin,
			createdAt: expect.any(String),
		});
		const member = await fixture.api<Page<Record<string, unknown>>>(
			`/v2/companies/${BIG_COMPANY}/lists`,
			MEMBER_KEY,
		);
		expect(member.body.data.map((l) => l.id)).toEqual([TARGETS]);
		expect(await statusOf(fixture, '/v2/companies/3999999/lists')).toBe(404);
		await expect400(fixture, '/v2/companies/0/lists', 'companyId');
		await expect400(fixture, `/v2/companies/${BIG_COMPANY}/lists?limit=500`, 'limit');
	});

	it("pages a company's entries (a company twice on one list gives two) with comprehensive field data", async () => {
		const res = await fixture.api<Page<EntityEntry>>('/v2/companies/3000001/list-entries?limit=2');
		expect(res.body.data.map((e) => e.listId)).toEqual([TARGETS, TARGETS]);
		const rest = await follow<Page<EntityEntry>>(res.body.pagination.nextUrl!);
		expect(rest.body.data.map((e) => [e.listId, e.listName])).toEqual([
			[BOARD, 'Board Confidential'],
		]);
		const entry = res.body.data[0];
		expect(Object.keys(entry).sort()).toEqual([
			'createdAt',
			'creatorId',
			'fields',
			'id',
			'listId',
			'listName',
		]);
		const listFields = await collect<{ id: string }>(fixture, `/v2/lists/${TARGETS}/fields`);
		expect(entry.fields.map((f) => f.id)).toEqual(listFields.items.map((f) => f.id));
		expect(entry.fields.some((f) => f.type === 'list')).toBe(true);
		// The member cannot see the board list: its entry is not there.
		const member = await collect<EntityEntry>(
			fixture,
			'/v2/companies/3000001/list-entries',
			MEMBER_KEY,
		);
		expect(member.items.map((e) => e.listId)).toEqual([TARGETS, TARGETS]);
	});

	it('follows entries added and removed, and 403 without the lists permission', async () => {
		const before = await collect<EntityEntry>(fixture, '/v2/companies/3000300/list-entries');
		expect(before.items).toEqual([]);
		const added = await fixture.control<{ id: number }>('POST', '/list-entries', {
			listId: TARGETS,
			entityId: 3000300,
		});
		const after = await collect<EntityEntry>(fixture, '/v2/companies/3000300/list-entries');
		expect(after.items.map((e) => e.id)).toEqual([added.id]);
		expect((await collect(fixture, '/v2/companies/3000300/lists')).items.map((l) => l.id)).toEqual([
			TARGETS,
		]);
		await fixture.control('DELETE', `/list-entries/${added.id}`);
		expect((await collect(fixture, '/v2/companies/3000300/list-entries')).items).toEqual([]);
		await fixture.control('PATCH', `/users/${SEEDED_USERS.admin}/permissions`, {
			exportLists: false,
		});
		const denied = await fixture.api<ErrorBody>(`/v2/companies/${BIG_COMPANY}/list-entries`);
		expect(denied.status).toBe(403);
		expect(denied.body.errors[0].message).toContain('Export data from Lists');
		expect(await statusOf(fixture, `/v2/persons/${BIG_PERSON}/list-entries`)).toBe(403);
		expect(await statusOf(fixture, `/v2/companies/${BIG_COMPANY}/lists`)).toBe(200);
	});

	it("lists a person's lists and entries; 404 and 400 for bad ids", async () => {
		const lists = await fixture.api<Page<Record<string, unknown>>>(
			`/v2/persons/${BIG_PERSON}/lists`,
		);
		expect(lists.body.data).toEqual([
			{
				id: INVESTORS,
				name: 'Investors',
				isPublic: true,
				ownerId: SEEDED_USERS.member,
				creatorId: SEEDED_USERS.member,
				createdAt: expect.any(String),
			},
		]);
		const entries = await fixture.api<Page<EntityEntry>>(`/v2/persons/${BIG_PERSON}/list-entries`);
		expect(entries.body.data).toHaveLength(1);
		expect(entries.body.data[0]).toMatchObject({ listId: INVESTORS, listName: 'Investors' });
		const listFields = await collect<{ id: string }>(fixture, `/v2/lists/${INVESTORS}/fields`);
		expect(entries.body.data[0].fields.map((f) => f.id)).toEqual(listFields.items.map((f) => f.id));
		expect(await statusOf(fixture, '/v2/persons/5999999/lists')).toBe(404);
		expect(await statusOf(fixture, '/v2/persons/5999999/list-entries')).toBe(404);
		await expect400(fixture, '/v2/persons/-1/list-entries', 'personId');
		await expect400(fixture, `/v2/persons/${BIG_PERSON}/list-entries?limit=0`, 'limit');
	});

	it('serves a company of a 100,000-entry list from an index (the entries of one company, across lists)', async () => {
		const big = new EmulatorFixture();
		await big.start({
			sizes: { bigList: 100_000, targetAccounts: 10, investors: 10, opportunities: 5 },
		});
		try {
			const state = await big.control<{
				lists: Array<{ id: number; name: string; entries: number }>;
			}>('GET', '/state');
			const bigList = state.lists.find((l) => l.name === 'Big Company List')!;
			// 100,000 entries over 400 companies: 250 entries of company 3000001 on the big list.
			const { items, pages } = await collect<EntityEntry>(
				big,
				'/v2/companies/3000001/list-entries?limit=100',
			);
			expect(items.filter((e) => e.listId === bigList.id)).toHaveLength(250);
			expect(pages).toBe(3);
			const lists = await big.api<Page<{ id: number }>>('/v2/companies/3000001/lists');
			expect(lists.body.data.map((l) => l.id)).toContain(bigList.id);
		} finally {
			await big.stop();
		}
	});
});

describe('opportunities', () => {
	type Opportunity = { id: number; name: string; listId: number };

	it('pages opportunities {id, name, listId, listName, isRestricted, isRedacted}, only those on lists the caller can see', async () => {
		const admin = await collect<Opportunity>(fixture, '/v2/opportunities');
		const member = await collect<Opportunity>(fixture, '/v2/opportunities', MEMBER_KEY);
		expect(member.items).toHaveLength(40);
		expect(admin.items).toHaveLength(42);
		expect(new Set(member.items.map((o) => o.listId))).toEqual(new Set([101]));
		const confidential = admin.items.filter((o) => o.listId !== 101);
		expect(confidential.map((o) => o.listId)).toEqual([105, 105]);
		expect(Object.keys(admin.items[0]).sort()).toEqual([
			'id',
			'isRedacted',
			'isRestricted',
			'listId',
			'listName',
			'name',
		]);
		const page = await fixture.api<Page<Opportunity>>('/v2/opportunities?limit=15');
		expect(page.body.data).toHaveLength(15);
		const second = await follow<Page<Opportunity>>(page.body.pagination.nextUrl!);
		expect(second.body.data[0].id).toBe(page.body.data[14].id + 1);
	});

	it('filters by ids, and validates', async () => {
		const res = await fixture.api<Page<Opportunity>>('/v2/opportunities?ids=7000003&ids=7000001');
		expect(res.body.data.map((o) => o.id)).toEqual([7000001, 7000003]);
		await expect400(fixture, '/v2/opportunities?ids=x', 'ids');
		await expect400(fixture, '/v2/opportunities?limit=101', 'limit');
	});

	it('returns one; 403 on a list the caller cannot see, 404 unknown, 400 out of range', async () => {
		const one = await fixture.api<Opportunity>('/v2/opportunities/7000001');
		expect(one.body).toEqual({
			id: 7000001,
			name: expect.stringContaining('Series'),
			listId: 101,
			listName: 'Deal Pipeline',
			isRestricted: false,
			isRedacted: false,
		});
		const confidential = (await collect<Opportunity>(fixture, '/v2/opportunities')).items.find(
			(o) => o.listId === 105,
		)!;
		expect(await statusOf(fixture, `/v2/opportunities/${confidential.id}`)).toBe(200);
		const denied = await fixture.api<ErrorBody>(`/v2/opportunities/${confidential.id}`, MEMBER_KEY);
		expect(denied.status).toBe(403);
		expect(denied.body.errors[0].code).toBe('authorization');
		expect(await statusOf(fixture, '/v2/opportunities/7999999')).toBe(404);
		await expect400(fixture, '/v2/opportunities/0', 'opportunityId');
		await fixture.control('PATCH', `/users/${SEEDED_USERS.admin}/permissions`, {
			exportLists: false,
		});
		expect(await statusOf(fixture, '/v2/opportunities')).toBe(403);
		expect(await statusOf(fixture, '/v2/opportunities/7000001')).toBe(403);
	});
});

describe('deterministic seed', () => {
	const snapshot = (seed: number) =>
		JSON.stringify(seedStore({ seed }), (_key, value) =>
			value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : value,
		);

	it('gives the same account for the same seed, and another for another seed', () => {
		const one = snapshot(1);
		expect(snapshot(1)).toBe(one);
		expect(snapshot(2)).not.toBe(one);
		expect(one).toContain('crunchbase-uuid');
		expect(one).toContain('Confidential Deals');
	});

	it('answers the same over HTTP after a reset', async () => {
		const paths = [
			'/v2/notes?limit=100&includes=repliesCount',
			'/v2/transcripts',
			`/v2/companies/${BIG_COMPANY}/list-entries`,
			'/v2/persons?fieldTypes=global&limit=50',
		];
		const before = await Promise.all(paths.map((p) => fixture.api(p)));
		await fixture.reset();
		const after = await Promise.all(paths.map((p) => fixture.api(p)));
		expect(after.map((r) => r.body)).toEqual(before.map((r) => r.body));
	});
});

import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import { collect, expect400, follow, statusOf, type ErrorBody, type Page } from './helpers';

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

type User = Record<string, unknown> & { id: number; emailAddresses?: string[]; role?: string };
type Field = {
	id: string;
	name: string;
	type: string;
	enrichmentSource: string | null;
	value: { type: string; data: unknown };
};

describe('GET /v2/users/{userId}', () => {
	it('shows emailAddresses (at most 100) and role to a caller with Manage Users', async () => {
		const res = await fixture.api<User>(`/v2/users/${SEEDED_USERS.jordan}`);
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			id: SEEDED_USERS.jordan,
			firstName: 'Jordan',
			lastName: 'Analyst',
			primaryEmailAddress: 'jordan@emulated-ventures.example',
			photoUrl: `https://static.affinity.example/photos/${SEEDED_USERS.jordan}.png`,
			status: 'active',
			emailAddresses: expect.any(Array),
			role: 'standard',
		});
		// Jordan has 105 addresses; the API returns 100.
		expect(fixture.emulator.store.users.get(SEEDED_USERS.jordan)!.emailAddresses).toHaveLength(105);
		expect(res.body.emailAddresses).toHaveLength(100);
		expect(res.body.emailAddresses![0]).toBe('jordan@emulated-ventures.example');
	});

	it('never shows emailAddresses or role to callers without Manage Users', async () => {
		for (const key of [MEMBER_KEY, RESTRICTED_KEY]) {
			for (const id of Object.values(SEEDED_USERS)) {
				const res = await fixture.api<User>(`/v2/users/${id}`, key);
				expect(res.status).toBe(200);
				expect(Object.keys(res.body).sort()).toEqual([
					'firstName',
					'id',
					'lastName',
					'photoUrl',
					'primaryEmailAddress',
					'status',
				]);
			}
		}
		await fixture.control('PATCH', `/users/${SEEDED_USERS.admin}/permissions`, {
			manageUsers: false,
		});
		expect((await fixture.api<User>(`/v2/users/${SEEDED_USERS.admin}`)).body.role).toBeUndefined();
		await fixture.control('PATCH', `/users/${SEEDED_USERS.member}/permissions`, {
			manageUsers: true,
		});
		expect((await fixture.api<User>(`/v2/users/${SEEDED_USERS.admin}`, MEMBER_KEY)).body.role).toBe(
			'admin',
		);
	});

	it('covers every status; 404 unknown, 400 out of int32 range', async () => {
		const invited = await fixture.api<User>(`/v2/users/${SEEDED_USERS.casey}`);
		expect(invited.body).toMatchObject({ status: 'invited', lastName: null, photoUrl: null });
		expect((await fixture.api<User>(`/v2/users/${SEEDED_USERS.devon}`)).body.status).toBe(
			'deactivated',
		);
		const missing = await fixture.api<ErrorBody>('/v2/users/99');
		expect(missing.status).toBe(404);
		expect(missing.body.errors[0].code).toBe('not-found');
		await expect400(fixture, '/v2/users/0', 'userId');
		await expect400(fixture, '/v2/users/2147483648', 'userId');
		await expect400(fixture, '/v2/users/me', 'userId');
	});
});

describe('GET /v2/rate-limit (BETA)', () => {
	type Window = { limit: number; remaining: number; reset: number; used: number };
	type Usage = { callerPerMinute: Window; orgPerMonth?: Window };

	it("reports the caller's minute window, counting this request, and agrees with the headers", async () => {
		await fixture.api('/v2/lists');
		await fixture.api('/v2/lists');
		const res = await fixture.api<Usage>('/v2/rate-limit');
		expect(res.body).toEqual({
			callerPerMinute: { limit: 900, remaining: 897, reset: expect.any(Number), used: 3 },
		});
		expect(res.body.callerPerMinute.reset).toBeGreaterThan(0);
		expect(res.body.callerPerMinute.reset).toBeLessThanOrEqual(60);
		expect(res.headers['x-ratelimit-limit-user-remaining']).toBe('897');
		// Another key has its own window.
		expect((await fixture.api<Usage>('/v2/rate-limit', MEMBER_KEY)).body.callerPerMinute.used).toBe(
			1,
		);
	});

	it('adds the monthly account window only when a monthly budget is set', async () => {
		await fixture.control('POST', '/rate-limit', { limit: 50, orgLimit: 1000 });
		await fixture.api('/v2/lists', MEMBER_KEY);
		const res = await fixture.api<Usage>('/v2/rate-limit');
		expect(res.body.callerPerMinute).toMatchObject({ limit: 50, remaining: 49, used: 1 });
		expect(res.body.orgPerMonth).toEqual({
			limit: 1000,
			remaining: 998,
			reset: expect.any(Number),
			used: 2,
		});
		expect(res.headers['x-ratelimit-limit-org-remaining']).toBe('998');
		await fixture.control('POST', '/rate-limit', { orgLimit: null });
		expect((await fixture.api<Usage>('/v2/rate-limit')).body.orgPerMonth).toBeUndefined();
	});
});

describe('field values of one list entry', () => {
	const TARGETS = 102;
	async function anEntry(listId = TARGETS): Promise<number> {
		return (await fixture.api<Page<{ id: number }>>(`/v2/lists/${listId}/list-entries?limit=1`))
			.body.data[0].id;
	}

	it('pages every field of the entry, 20 at a time, in the order of the list fields, with the same values as the entry', async () => {
		const entryId = await anEntry();
		const listFields = await collect<{ id: string }>(fixture, `/v2/lists/${TARGETS}/fields`);
		const { items, pages } = await collect<Field>(
			fixture,
			`/v2/lists/${TARGETS}/list-entries/${entryId}/fields`,
		);
		expect(items.map((f) => f.id)).toEqual(listFields.items.map((f) => f.id));
		expect(pages).toBe(Math.ceil(listFields.items.length / 20));
		const entry = await fixture.api<{ entity: { fields: Field[] } }>(
			`/v2/lists/${TARGETS}/list-entries/${entryId}?fieldTypes=enriched&fieldTypes=global&fieldTypes=list&fieldTypes=relationship-intelligence`,
		);
		expect(items).toEqual(entry.body.entity.fields);
		expect(Object.keys(items[0]).sort()).toEqual([
			'enrichmentSource',
			'id',
			'name',
			'type',
			'value',
		]);
	});

	it('narrows by ids and types, kept in the cursor; validates both', async () => {
		const entryId = await anEntry();
		const base = `/v2/lists/${TARGETS}/list-entries/${entryId}/fields`;
		const listOnly = await collect<Field>(fixture, `${base}?types=list&limit=3`);
		expect(listOnly.items.length).toBe(14);
		expect(listOnly.items.every((f) => f.type === 'list')).toBe(true);
		const some = await collect<Field>(
			fixture,
			`${base}?ids=affinity-data-location&ids=last-email&ids=field-1001`,
		);
		expect(some.items.map((f) => f.id)).toEqual([
			'field-1001',
			'affinity-data-location',
			'last-email',
		]);
		const both = await collect<Field>(
			fixture,
			`${base}?ids=affinity-data-location&ids=field-1001&types=enriched`,
		);
		expect(both.items.map((f) => f.id)).toEqual(['affinity-data-location']);
		await expect400(fixture, `${base}?types=bogus`, 'types');
		await expect400(fixture, `${base}?ids=field-999999`, 'ids');
		await expect400(fixture, `${base}?ids=crunchbase-uuid`, 'ids');
		await expect400(fixture, `${base}?limit=101`, 'limit');
		await expect400(fixture, `${base}?limit=0`, 'limit');
	});

	it('returns one field value; 404 for fields not on the list, entries of other lists, unknown entries', async () => {
		const entryId = await anEntry();
		const status = (
			await collect<Field>(
				fixture,
				`/v2/lists/${TARGETS}/list-entries/${entryId}/fields?types=list`,
			)
		).items.find((f) => f.name === 'Status')!;
		const one = await fixture.api<Field>(
			`/v2/lists/${TARGETS}/list-entries/${entryId}/fields/${status.id}`,
		);
		expect(one.body).toEqual(status);
		const location = await fixture.api<Field>(
			`/v2/lists/${TARGETS}/list-entries/${entryId}/fields/affinity-data-location`,
		);
		expect(location.body).toMatchObject({
			id: 'affinity-data-location',
			type: 'enriched',
			enrichmentSource: 'affinity-data',
			value: { type: 'location' },
		});
		const pipelineField = (await collect<{ id: string }>(fixture, '/v2/lists/101/fields')).items[0]
			.id;
		expect(
			await statusOf(
				fixture,
				`/v2/lists/${TARGETS}/list-entries/${entryId}/fields/${pipelineField}`,
			),
		).toBe(404);
		expect(
			await statusOf(
				fixture,
				`/v2/lists/${TARGETS}/list-entries/${entryId}/fields/crunchbase-uuid`,
			),
		).toBe(404);
		expect(await statusOf(fixture, `/v2/lists/101/list-entries/${entryId}/fields`)).toBe(404);
		expect(
			await statusOf(fixture, `/v2/lists/${TARGETS}/list-entries/2147000000/fields/${status.id}`),
		).toBe(404);
		await expect400(fixture, `/v2/lists/${TARGETS}/list-entries/0/fields`, 'listEntryId');
		await expect400(fixture, `/v2/lists/0/list-entries/${entryId}/fields/${status.id}`, 'listId');
	});

	it('opportunity entries have only list fields; private lists are 403 to others; the lists permission is needed', async () => {
		const dealEntry = await anEntry(101);
		const { items } = await collect<Field>(
			fixture,
			`/v2/lists/101/list-entries/${dealEntry}/fields`,
		);
		expect(items.length).toBe(14);
		expect(items.every((f) => f.type === 'list')).toBe(true);
		const weighted = items.find((f) => f.name === 'Weighted Value')!;
		expect(weighted.value.type).toBe('formula-number');
		const boardEntry = await anEntry(104);
		expect(
			await statusOf(fixture, `/v2/lists/104/list-entries/${boardEntry}/fields`, MEMBER_KEY),
		).toBe(403);
		expect(
			await statusOf(fixture, `/v2/lists/104/list-entries/${boardEntry}/fields`, ADMIN_KEY),
		).toBe(200);
		await fixture.control('PATCH', `/users/${SEEDED_USERS.admin}/permissions`, {
			exportLists: false,
		});
		expect(await statusOf(fixture, `/v2/lists/101/list-entries/${dealEntry}/fields`)).toBe(403);
		expect(
			await statusOf(fixture, `/v2/lists/101/list-entries/${dealEntry}/fields/${weighted.id}`),
		).toBe(403);
	});
});

describe('partner data', () => {
	it('is in the account (a Crunchbase field with values) but no endpoint lists or returns it', async () => {
		const { store } = fixture.emulator;
		expect(store.entityFields.company.some((f) => f.enrichmentSource === 'crunchbase')).toBe(true);
		expect(store.entityFields.person.some((f) => f.enrichmentSource === 'crunchbase')).toBe(true);
		expect(store.companies.get(3000001)!.values.get('crunchbase-uuid')).toBeDefined();
		expect(store.persons.get(5000007)!.values.get('crunchbase-uuid')).toBeDefined();

		const entry = (await fixture.api<Page<{ id: number }>>('/v2/lists/102/list-entries?limit=1'))
			.body.data[0].id;
		const views = (
			await fixture.api<Page<{ id: number; type: string }>>('/v2/lists/102/saved-views')
		).body.data.filter((v) => v.type === 'sheet');
		const everything =
			'&fieldTypes=enriched&fieldTypes=global&fieldTypes=relationship-intelligence';
		const paths = [
			'/v2/companies/fields?includes=filterability&includes=sortability',
			'/v2/persons/fields',
			'/v2/lists/102/fields',
			'/v2/lists/103/fields',
			'/v2/lists/104/fields',
			`/v2/companies?limit=100${everything}`,
			`/v2/persons?limit=100${everything}`,
			'/v2/companies/3000001/list-entries',
			'/v2/persons/5000007/list-entries',
			`/v2/lists/102/list-entries?limit=100${everything}&fieldTypes=list`,
			`/v2/lists/103/list-entries?limit=100${everything}`,
			`/v2/lists/102/list-entries/${entry}/fields?limit=100`,
			...views.map((v) => `/v2/lists/102/saved-views/${v.id}/list-entries`),
		];
		let text = '';
		for (const path of paths) {
			const { items } = await collect(fixture, path);
			expect(items.length).toBeGreaterThan(0);
			text += JSON.stringify(items);
		}
		text += JSON.stringify(
			(await fixture.api(`/v2/companies/3000001?${everything.slice(1)}`)).body,
		);
		text += JSON.stringify((await fixture.api(`/v2/persons/5000007?${everything.slice(1)}`)).body);
		const searched = await fixture.api<Page>(
			`/v2/companies/search?limit=100${everything}`,
			ADMIN_KEY,
			{ method: 'POST', body: {} },
		);
		text += JSON.stringify(searched.body);
		let next = searched.body.pagination.nextUrl;
		while (next) {
			const page = await follow<Page>(next, ADMIN_KEY, { method: 'POST' });
			text += JSON.stringify(page.body);
			next = page.body.pagination.nextUrl;
		}
		expect(text.length).toBeGreaterThan(1_000_000);
		expect(text.toLowerCase()).not.toContain('crunchbase');
		expect(text).not.toContain('partner-only');
		// Asking for it by id is refused as for any field that does not exist.
		await expect400(fixture, '/v2/companies?fieldIds=crunchbase-uuid', 'fieldIds');
		await expect400(fixture, '/v2/persons/5000007?fieldIds=crunchbase-uuid', 'fieldIds');
		await expect400(fixture, '/v2/lists/102/list-entries?fieldIds=crunchbase-uuid', 'fieldIds');
	});
});

import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../emulator/seed';
import { EmulatorFixture, expectNoKey, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId, INVESTORS } from '../harness/ids';

/** Person, opportunity, user and rate-limit operations through the real engine. */
const fixture = new EmulatorFixture();
const TRUNCATED_PERSON = 5000007;

const run = (parameters: IDataObject, extra: Partial<Parameters<typeof runAffinityNode>[0]> = {}) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters, ...extra });

interface Paged<T> {
	data: T[];
	pagination: { nextUrl: string | null };
}

async function all<T>(path: string, key?: string): Promise<T[]> {
	const out: T[] = [];
	let next: string | null = path;
	while (next) {
		const page: { body: Paged<T> } = await fixture.api(next, key);
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
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

describe('person.get', () => {
	it('picks the person by URL and simplifies fields; an association over 100 is flagged', async () => {
		const fields = (
			await fixture.api<{ data: Array<{ id: string; name: string }> }>('/v2/persons/fields')
		).body.data;
		const employers = fields.find((f) => f.name === 'Employers')?.id as string;
		await fixture.clearRequests();
		const result = await run({
			resource: 'person',
			operation: 'get',
			personId: {
				__rl: true,
				mode: 'url',
				value: `https://emulated-ventures.affinity.co/persons/${TRUNCATED_PERSON}`,
			},
			fieldIds: [employers],
		});
		expect(result.error).toBeUndefined();
		const [person] = result.items;
		expect(person.id).toBe(TRUNCATED_PERSON);
		expect(person.name).toBe([person.firstName, person.lastName].filter(Boolean).join(' '));
		const list = (person.fields as Record<string, Array<{ id: number; name: string }>>).Employers;
		expect(list).toHaveLength(100);
		expect(list[0]).toEqual({
			id: expect.any(Number),
			name: expect.any(String),
			domain: expect.anything(),
		});
		expect(person.possiblyTruncated).toEqual(['Employers']);
		const [request] = await fixture.requests();
		expect(request.path).toBe(`/v2/persons/${TRUNCATED_PERSON}`);
	});

	it('404 names the person; a key without directory export gets 403 with what to check', async () => {
		const missing = await run({ resource: 'person', operation: 'get', personId: byId(5999999) });
		expect(missing.error?.message).toBe('Person 5999999 not found');
		const forbidden = await run(
			{ resource: 'person', operation: 'get', personId: byId(TRUNCATED_PERSON) },
			{ credentials: fixture.credentials(RESTRICTED_KEY) },
		);
		expect(forbidden.error?.httpCode).toBe('403');
		expect(forbidden.error?.description).toMatch(/lacks the permission/);
		expectNoKey(forbidden.run);
	});
});

describe('person.getAll', () => {
	it('pages 100 then 50 for a limit of 150; partner-only fields never appear', async () => {
		const result = await run({
			resource: 'person',
			operation: 'getAll',
			returnAll: false,
			limit: 150,
			fieldTypes: ['enriched'],
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(150);
		const log = await fixture.requests();
		expect(log.map((r) => new URLSearchParams(r.query).get('limit'))).toEqual(['100', '50']);
		for (const person of result.items) {
			expect(Object.keys(person.fields as object)).toEqual([
				'Job Titles',
				'Current Organizations',
				'Location',
			]);
		}
	});

	it('raw output keeps the API shape; Return All gets every person', async () => {
		const result = await run({
			resource: 'person',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		const expected = await all<{ id: number }>('/v2/persons?limit=100');
		expect(result.items.map((p) => p.id)).toEqual(expected.map((p) => p.id));
		expect(result.items[0]).toEqual(expected[0]);
	});

	it('a key without the People directory permission gets 403', async () => {
		const result = await run(
			{ resource: 'person', operation: 'getAll', returnAll: true },
			{ credentials: fixture.credentials(RESTRICTED_KEY) },
		);
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toBe('Missing permission: Export All People directory');
	});
});

describe('person.getListEntries', () => {
	it("gives the person's rows with list name and all field data by name", async () => {
		const investors = await all<{ id: number; entity: { id: number } }>(
			`/v2/lists/${INVESTORS}/list-entries?limit=100`,
		);
		const personId = investors[5].entity.id;
		const result = await run({
			resource: 'person',
			operation: 'getListEntries',
			personId: byId(personId),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		const entry = result.items.find((e) => e.id === investors[5].id);
		expect(entry).toMatchObject({ listId: INVESTORS, listName: 'Investors' });
		expect(Object.keys(entry?.fields as object)).toEqual(
			expect.arrayContaining(['Status', 'Job Title']),
		);
	});

	it('404 for a person that does not exist', async () => {
		const result = await run({
			resource: 'person',
			operation: 'getListEntries',
			personId: byId(5999999),
			returnAll: true,
		});
		expect(result.error?.message).toBe('Person 5999999 not found');
	});
});

describe('opportunity.get and opportunity.getAll', () => {
	it('gets one opportunity by URL, and all of them with Return All', async () => {
		const one = await run({
			resource: 'opportunity',
			operation: 'get',
			opportunityId: {
				__rl: true,
				mode: 'url',
				value: 'https://emulated-ventures.affinity.co/opportunities/7000002',
			},
		});
		expect(one.items).toEqual([
			{
				id: 7000002,
				name: expect.stringMatching(/Series/),
				listId: 101,
				listName: 'Deal Pipeline',
				isRestricted: false,
				isRedacted: false,
			},
		]);
		const many = await run({ resource: 'opportunity', operation: 'getAll', returnAll: true });
		const expected = await all<{ id: number }>('/v2/opportunities?limit=100');
		expect(many.items.map((o) => o.id)).toEqual(expected.map((o) => o.id));
	});

	it("another user's private list: its opportunities are not listed for them, and 403 by ID", async () => {
		const adminView = await run({ resource: 'opportunity', operation: 'getAll', returnAll: true });
		const memberView = await run(
			{ resource: 'opportunity', operation: 'getAll', returnAll: true },
			{ credentials: fixture.credentials(MEMBER_KEY) },
		);
		const hidden = adminView.items.filter((o) => !memberView.items.some((m) => m.id === o.id));
		expect(hidden.map((o) => o.name)).toEqual([
			'Project Falcon — Acquisition',
			'Project Cedar — Secondary',
		]);
		const forbidden = await run(
			{ resource: 'opportunity', operation: 'get', opportunityId: byId(hidden[0].id as number) },
			{ credentials: fixture.credentials(MEMBER_KEY) },
		);
		expect(forbidden.error?.httpCode).toBe('403');
		const missing = await run({
			resource: 'opportunity',
			operation: 'get',
			opportunityId: byId(7999999),
		});
		expect(missing.error?.message).toBe('Opportunity 7999999 not found');
	});

	it('a user without "Export data from Lists" gets a 403 on Get Many, with what to check', async () => {
		await fixture.control('PATCH', `/users/${SEEDED_USERS.member}/permissions`, {
			exportLists: false,
		});
		const result = await run(
			{ resource: 'opportunity', operation: 'getAll', returnAll: true },
			{ credentials: fixture.credentials(MEMBER_KEY) },
		);
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toBe('Missing permission: Export data from Lists');
		expect(result.error?.description).toMatch(/lacks the permission/);
	});
});

describe('user.get', () => {
	it('with Manage Users the email addresses (at most 100) and role come back; without, they do not', async () => {
		const admin = await run({
			resource: 'user',
			operation: 'get',
			userId: String(SEEDED_USERS.jordan),
		});
		expect(admin.items[0]).toMatchObject({
			id: SEEDED_USERS.jordan,
			firstName: 'Jordan',
			status: 'active',
			role: 'standard',
		});
		expect(admin.items[0].emailAddresses).toHaveLength(100);
		const member = await run(
			{ resource: 'user', operation: 'get', userId: '={{ $json.id }}' },
			{ credentials: fixture.credentials(MEMBER_KEY), items: [{ id: SEEDED_USERS.jordan }] },
		);
		expect(member.items[0].emailAddresses).toBeUndefined();
		expect(member.items[0].role).toBeUndefined();
	});

	it('refuses an id beyond int32 before any request; 404 for an unknown user', async () => {
		await fixture.clearRequests();
		const tooBig = await run({ resource: 'user', operation: 'get', userId: '2147483648' });
		expect(tooBig.error?.message).toBe('Invalid User ID: got "2147483648"');
		expect(await fixture.requests()).toHaveLength(0);
		const missing = await run({ resource: 'user', operation: 'get', userId: '999' });
		expect(missing.error?.message).toBe('User 999 not found');
	});
});

describe('rateLimit.get', () => {
	it('gives the per-minute window, and the monthly one only when the account has a monthly quota', async () => {
		await fixture.control('POST', '/rate-limit', { limit: 900 });
		const perMinute = await run({ resource: 'rateLimit', operation: 'get' });
		expect(perMinute.items[0]).toEqual({
			callerPerMinute: {
				limit: 900,
				remaining: expect.any(Number),
				reset: expect.any(Number),
				used: expect.any(Number),
			},
		});
		await fixture.control('POST', '/rate-limit', { orgLimit: 100000 });
		const monthly = await run({ resource: 'rateLimit', operation: 'get' });
		expect(monthly.items[0].orgPerMonth).toEqual({
			limit: 100000,
			remaining: expect.any(Number),
			reset: expect.any(Number),
			used: expect.any(Number),
		});
	});

	it('an invalid key is a clear 401', async () => {
		const result = await run(
			{ resource: 'rateLimit', operation: 'get' },
			{ credentials: fixture.credentials('affv2-wrong-key-000000') },
		);
		expect(result.error?.message).toBe('Invalid API key');
		expect(JSON.stringify(result.run)).not.toContain('affv2-wrong-key-000000');
	});
});

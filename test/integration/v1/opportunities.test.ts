import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../../emulator/seed';
import { EmulatorFixture, expectNoKey } from '../../harness/emulator';
import { runAffinityNode } from '../../../testkit/engine';
import { byId, DEAL_PIPELINE, TARGET_ACCOUNTS } from '../../harness/ids';

/**
 * Opportunity create, update and delete (API v1) in n8n-core's real engine against the
 * emulator: each write read back through v2, v1's errors as messages naming the parameter,
 * bad input refused before any request, and each write sent once after a 500 or a reset.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const PERSON = 5000101;
const COMPANY = 3000001;

/** A value picked "From List" carries no editor validation: what an expression could give. */
const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
const run = (parameters: IDataObject) =>
	runAffinityNode({
		credentials: fixture.credentials(),
		parameters: { resource: 'opportunity', ...parameters },
	});
const personName = (id: number) => {
	const person = fixture.emulator.store.persons.get(id)!;
	return [person.firstName, person.lastName].filter(Boolean).join(' ');
};
const writes = async () => (await fixture.requests()).filter((r) => r.method !== 'GET');

describe('create', () => {
	it('creates on an opportunity list: the opportunity and its entry in v2 names; v2 reads both', async () => {
		await fixture.clearRequests();
		const created = await run({
			operation: 'create',
			name: 'Acme — Seed',
			listId: byId(DEAL_PIPELINE),
			persons: { person: [{ person: byId(PERSON) }] },
			companies: { company: [{ company: byId(COMPANY) }] },
		});
		expect(created.error).toBeUndefined();
		const [opportunity] = created.items;
		expect(opportunity).toEqual({
			id: expect.any(Number),
			name: 'Acme — Seed',
			listId: DEAL_PIPELINE,
			listName: 'Deal Pipeline',
			personIds: [PERSON],
			persons: [{ id: PERSON, name: personName(PERSON) }],
			companyIds: [COMPANY],
			companies: [{ id: COMPANY, name: 'North Analytics' }],
			listEntry: {
				id: expect.any(Number),
				listId: DEAL_PIPELINE,
				type: 'opportunity',
				entityId: opportunity.id,
				creatorId: SEEDED_USERS.admin,
				createdAt: expect.any(String),
			},
		});
		const log = await fixture.requests();
		// The names of its people and companies are read after the write, once per run.
		expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /v2/lists/${DEAL_PIPELINE}`,
			'POST /opportunities',
			'GET /v2/persons',
			'GET /v2/companies',
		]);
		expect(JSON.parse(log[1].body!)).toEqual({
			name: 'Acme — Seed',
			list_id: DEAL_PIPELINE,
			person_ids: [PERSON],
			organization_ids: [COMPANY],
		});
		const got = await run({ operation: 'get', opportunityId: byId(opportunity.id as number) });
		expect(got.items[0]).toMatchObject({ id: opportunity.id, name: 'Acme — Seed' });
		const entry = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'get',
				listId: byId(DEAL_PIPELINE),
				listEntryId: byId((opportunity.listEntry as IDataObject).id as number),
			},
		});
		expect(entry.items[0]).toMatchObject({ entityId: opportunity.id, entityName: 'Acme — Seed' });
		expectNoKey(created.run);
	});

	it('Simplify off gives Affinity’s raw v1 answer', async () => {
		const created = await run({
			operation: 'create',
			name: 'Raw',
			listId: byId(DEAL_PIPELINE),
			simplify: false,
		});
		expect(created.items[0]).toMatchObject({
			name: 'Raw',
			person_ids: [],
			list_entries: [{ list_id: DEAL_PIPELINE, entity_type: 8 }],
		});
	});

	it('refuses a company list before writing anything, saying what to use instead', async () => {
		await fixture.clearRequests();
		const result = await run({ operation: 'create', name: 'A', listId: byId(TARGET_ACCOUNTS) });
		expect(result.error?.message).toMatch(
			/List: "Target Accounts" \(ID 102\) is a company list; an opportunity is created on an opportunity list/,
		);
		expect(result.error?.description).toMatch(/List Entry → Add/);
		expect(await writes()).toEqual([]);
	});

	it.each([
		[{ name: '  ', listId: byId(DEAL_PIPELINE) }, /Name: required/],
		[{ name: 'A', listId: fromList('twelve') }, /List ID/],
		[
			{ name: 'A', listId: byId(DEAL_PIPELINE), persons: { person: [{ person: fromList('x') }] } },
			/People: Person 1/,
		],
	])('refuses bad input %j with zero requests', async (parameters, message) => {
		await fixture.clearRequests();
		const result = await run({ operation: 'create', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(await fixture.requests()).toEqual([]);
	});

	it('sends more than 100 people: v1 documents no limit (the 100 is a note’s)', async () => {
		await fixture.clearRequests();
		const persons = Array.from({ length: 101 }, (_, i) => ({ person: byId(PERSON + i) }));
		const result = await run({
			operation: 'create',
			name: 'Many people',
			listId: byId(DEAL_PIPELINE),
			persons: { person: persons },
		});
		expect(result.error?.message ?? '').not.toMatch(/at most 100/);
		const posts = (await writes()).filter((w) => w.path === '/opportunities');
		expect(posts).toHaveLength(1);
		expect(JSON.parse(posts[0].body ?? '{}').person_ids).toHaveLength(101);
	});

	it('v1’s 422 names the node’s parameter', async () => {
		const result = await run({
			operation: 'create',
			name: 'A',
			listId: byId(DEAL_PIPELINE),
			persons: { person: [{ person: byId(4242) }] },
		});
		expect(result.error?.message).toMatch(/Person 4242 does not exist/);
		expect(result.error?.description).toMatch(/"People" \(sent as "person_ids"\)/);
	});
});

describe('update', () => {
	it('adds a person: reads the opportunity first and sends the whole set; v1 and v2 read the result', async () => {
		await run({
			operation: 'update',
			opportunityId: byId(7000001),
			personsUpdate: 'replace',
			persons: { person: [{ person: byId(PERSON) }] },
		});
		await fixture.clearRequests();
		const result = await run({
			operation: 'update',
			opportunityId: byId(7000001),
			name: 'Renamed deal',
			personsUpdate: 'add',
			persons: { person: [{ person: byId(5000102) }] },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			id: 7000001,
			name: 'Renamed deal',
			listId: DEAL_PIPELINE,
			personIds: [PERSON, 5000102],
			persons: [
				{ id: PERSON, name: personName(PERSON) },
				{ id: 5000102, name: personName(5000102) },
			],
			companyIds: [],
			companies: [],
		});
		const log = await fixture.requests();
		expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /opportunities/7000001',
			'PUT /opportunities/7000001',
			'GET /v2/persons',
		]);
		expect(JSON.parse(log[1].body!)).toEqual({
			name: 'Renamed deal',
			person_ids: [PERSON, 5000102],
		});
		const got = await run({ operation: 'get', opportunityId: byId(7000001) });
		expect(got.items[0]).toMatchObject({ name: 'Renamed deal' });
	});

	it('removes a company; a rename alone sends no read', async () => {
		await run({
			operation: 'update',
			opportunityId: byId(7000001),
			companiesUpdate: 'replace',
			companies: { company: [{ company: byId(COMPANY) }, { company: byId(3000002) }] },
		});
		const removed = await run({
			operation: 'update',
			opportunityId: byId(7000001),
			companiesUpdate: 'remove',
			companies: { company: [{ company: byId(COMPANY) }] },
		});
		expect(removed.items[0].companyIds).toEqual([3000002]);
		await fixture.clearRequests();
		await run({ operation: 'update', opportunityId: byId(7000001), name: 'Only a name' });
		// The opportunity is not read; the names of its companies are, after the write.
		expect((await fixture.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'PUT /opportunities/7000001',
			'GET /v2/companies',
		]);
	});

	it('nothing to update, or Add with nothing picked, is refused with zero requests', async () => {
		await fixture.clearRequests();
		const nothing = await run({ operation: 'update', opportunityId: byId(7000001) });
		expect(nothing.error?.message).toMatch(/Nothing to update/);
		const empty = await run({
			operation: 'update',
			opportunityId: byId(7000001),
			personsUpdate: 'add',
		});
		expect(empty.error?.message).toMatch(/People: pick at least one/);
		expect(await fixture.requests()).toEqual([]);
	});

	it('an unknown opportunity is a 404 naming it', async () => {
		const result = await run({ operation: 'update', opportunityId: byId(7999999), name: 'X' });
		expect(result.error?.message).toMatch(/Opportunity 7999999 not found/);
	});
});

describe('delete', () => {
	it('deletes the opportunity and its entry; v2 finds neither', async () => {
		const result = await run({ operation: 'delete', opportunityId: byId(7000002) });
		expect(result.items).toEqual([{ success: true, opportunityId: 7000002 }]);
		const got = await run({ operation: 'get', opportunityId: byId(7000002) });
		expect(got.error?.message).toMatch(/Opportunity 7000002 not found/);
		const entries = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'getAll',
				listId: byId(DEAL_PIPELINE),
				returnAll: true,
			},
		});
		expect(entries.items.some((e) => e.entityId === 7000002)).toBe(false);
	});
});

describe('each write is sent once', () => {
	const FAULTS = [
		['a 500', { kind: 'status', status: 500, apply: true }],
		['a connection reset', { kind: 'reset', apply: true }],
	] as const;
	const WRITES: Array<[string, string, IDataObject]> = [
		['create', 'POST', { operation: 'create', name: 'Once', listId: byId(DEAL_PIPELINE) }],
		[
			'update',
			'PUT',
			{
				operation: 'update',
				opportunityId: byId(7000001),
				personsUpdate: 'add',
				persons: { person: [{ person: byId(PERSON) }] },
			},
		],
		['delete', 'DELETE', { operation: 'delete', opportunityId: byId(7000002) }],
	];
	describe.each(FAULTS)('after %s', (_label, fault) => {
		it.each(WRITES)('%s', async (_name, method, parameters) => {
			await fixture.clearRequests();
			await fixture.fault({ ...fault, method });
			const result = await run(parameters);
			expect(result.error?.description).toMatch(/may or may not have been applied/);
			expect(result.error?.description).toMatch(/Check/);
			expect((await writes()).map((r) => r.method)).toEqual([method]);
			expectNoKey(result.run);
		});
	});
});

import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import { basic, bearer, deliveries, listenToWebhooks, v1 } from './v1Client';
import { DEAL_PIPELINE, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * The emulator's API v1 opportunities (Create a New Opportunity, Get a Specific Opportunity,
 * Update an Opportunity, Delete an Opportunity) over HTTP: both ways of authenticating, v1's
 * 422s and 404s, the documented shapes, v2 reading what v1 wrote, and the webhook events.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const CONFIDENTIAL_DEALS = 105;
const PERSON = 5000101;
const COMPANY = 3000001;

type V1Opportunity = {
	id: number;
	name: string;
	person_ids: number[];
	organization_ids: number[];
	list_entries: Array<Record<string, unknown>>;
};

it('creates with Basic or Bearer auth; v2 lists the opportunity and its entry', async () => {
	await listenToWebhooks(fixture);
	const created = await v1<V1Opportunity>(fixture, 'POST', '/opportunities', {
		name: 'Acme — Seed',
		list_id: DEAL_PIPELINE,
		person_ids: [PERSON],
		organization_ids: [COMPANY],
	});
	expect(created.status).toBe(200);
	const { id, list_entries } = created.body;
	expect(created.body).toEqual({
		id: expect.any(Number),
		name: 'Acme — Seed',
		person_ids: [PERSON],
		organization_ids: [COMPANY],
		list_entries: [
			{
				id: expect.any(Number),
				creator_id: SEEDED_USERS.admin,
				list_id: DEAL_PIPELINE,
				entity_id: id,
				entity_type: 8,
				created_at: expect.any(String),
			},
		],
	});
	const byBearer = await v1(
		fixture,
		'POST',
		'/opportunities',
		{ name: 'Second', list_id: DEAL_PIPELINE },
		bearer(),
	);
	expect(byBearer.status).toBe(200);

	const v2 = await fixture.api<Record<string, unknown>>(`/v2/opportunities/${id}`);
	expect(v2.body).toMatchObject({ id, name: 'Acme — Seed', listId: DEAL_PIPELINE });
	const entry = await fixture.api<{ entity: { id: number } }>(
		`/v2/lists/${DEAL_PIPELINE}/list-entries/${list_entries[0].id as number}`,
	);
	expect(entry.status).toBe(200);
	expect(entry.body.entity.id).toBe(id);

	const got = await v1<V1Opportunity>(fixture, 'GET', `/opportunities/${id}`);
	expect(got.body).toEqual(created.body);

	const events = await deliveries(fixture, ['opportunity.created', 'list_entry.created']);
	expect(events.find((e) => e.type === 'opportunity.created')?.body).toMatchObject({
		id,
		name: 'Acme — Seed',
	});
	expect(events.find((e) => e.type === 'list_entry.created')?.body).toMatchObject({
		id: list_entries[0].id,
		list_id: DEAL_PIPELINE,
		entity_id: id,
		entity_type: 8,
	});
});

it('answers 401 without a valid key, on v1 paths as on v2', async () => {
	expect(
		(await v1(fixture, 'GET', '/opportunities/7000001', undefined, basic('nope'))).status,
	).toBe(401);
	expect((await v1(fixture, 'GET', '/opportunities/7000001', undefined, 'Token x')).status).toBe(
		401,
	);
});

it.each([
	[{ list_id: DEAL_PIPELINE }, 'name'],
	[{ name: '  ', list_id: DEAL_PIPELINE }, 'name'],
	[{ name: 'A' }, 'list_id'],
	[{ name: 'A', list_id: TARGET_ACCOUNTS }, 'list_id'],
	[{ name: 'A', list_id: 999 }, 'list_id'],
	[{ name: 'A', list_id: DEAL_PIPELINE, person_ids: [42] }, 'person_ids'],
	[{ name: 'A', list_id: DEAL_PIPELINE, organization_ids: ['x'] }, 'organization_ids'],
	[{ name: 'A', list_id: DEAL_PIPELINE, colour: 'red' }, 'colour'],
])('refuses %j with a 422 naming %s, and creates nothing', async (body, param) => {
	const before = fixture.emulator.store.opportunities.size;
	const res = await v1<{ errors: Array<{ param?: string; message: string }> }>(
		fixture,
		'POST',
		'/opportunities',
		body,
	);
	expect(res.status).toBe(422);
	expect(res.body.errors[0].param).toBe(param);
	expect(fixture.emulator.store.opportunities.size).toBe(before);
});

it('a company list is refused with a message saying an opportunity list is needed', async () => {
	const res = await v1<{ errors: Array<{ message: string }> }>(fixture, 'POST', '/opportunities', {
		name: 'A',
		list_id: TARGET_ACCOUNTS,
	});
	expect(res.body.errors[0].message).toMatch(/company list.*type opportunity/);
});

it('a private list the key cannot see is refused as if it did not exist', async () => {
	const res = await v1(
		fixture,
		'POST',
		'/opportunities',
		{ name: 'A', list_id: CONFIDENTIAL_DEALS },
		basic(MEMBER_KEY),
	);
	expect(res.status).toBe(422);
	expect(
		(
			await v1(
				fixture,
				'POST',
				'/opportunities',
				{ name: 'A', list_id: CONFIDENTIAL_DEALS },
				basic(ADMIN_KEY),
			)
		).status,
	).toBe(200);
});

it('updates the name and replaces the sets given; v2 reads the new name', async () => {
	await listenToWebhooks(fixture);
	const res = await v1<V1Opportunity>(fixture, 'PUT', '/opportunities/7000001', {
		name: 'Renamed',
		person_ids: [PERSON, 5000102],
	});
	expect(res.status).toBe(200);
	expect(res.body).toMatchObject({ id: 7000001, name: 'Renamed', person_ids: [PERSON, 5000102] });
	expect(res.body.list_entries).toHaveLength(1);
	const again = await v1<V1Opportunity>(fixture, 'PUT', '/opportunities/7000001', {
		organization_ids: [COMPANY],
	});
	// A set left out stays as it was.
	expect(again.body).toMatchObject({ person_ids: [PERSON, 5000102], organization_ids: [COMPANY] });
	expect((await fixture.api<{ name: string }>('/v2/opportunities/7000001')).body.name).toBe(
		'Renamed',
	);
	const [event] = (await deliveries(fixture, ['opportunity.updated'])).filter(
		(e) => e.type === 'opportunity.updated',
	);
	expect(event.body).toMatchObject({ id: 7000001, name: 'Renamed' });
});

it('a refused update changes nothing; unknown ids are 404', async () => {
	const res = await v1(fixture, 'PUT', '/opportunities/7000001', {
		name: 'Renamed',
		person_ids: [42],
	});
	expect(res.status).toBe(422);
	expect(fixture.emulator.store.opportunities.get(7000001)?.name).not.toBe('Renamed');
	expect((await v1(fixture, 'PUT', '/opportunities/7999999', { name: 'X' })).status).toBe(404);
	expect((await v1(fixture, 'GET', '/opportunities/7999999')).status).toBe(404);
	expect((await v1(fixture, 'DELETE', '/opportunities/7999999')).status).toBe(404);
});

it('deletes the opportunity with its entry: v2 no longer finds either', async () => {
	await listenToWebhooks(fixture);
	const entryId = (await v1<V1Opportunity>(fixture, 'GET', '/opportunities/7000002')).body
		.list_entries[0].id as number;
	const res = await v1(fixture, 'DELETE', '/opportunities/7000002');
	expect(res).toEqual({ status: 200, body: { success: true } });
	expect((await fixture.api('/v2/opportunities/7000002')).status).toBe(404);
	expect((await fixture.api(`/v2/lists/${DEAL_PIPELINE}/list-entries/${entryId}`)).status).toBe(
		404,
	);
	const events = await deliveries(fixture, ['opportunity.deleted', 'list_entry.deleted']);
	expect(events.find((e) => e.type === 'list_entry.deleted')?.body).toMatchObject({
		id: entryId,
		entity_id: 7000002,
	});
});

import { request } from 'undici';

import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import { deliveriesSettled } from '../webhook/helpers';
import { DEAL_PIPELINE, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * The emulator's API v1 routes for list entries, organizations and persons, over HTTP: Basic and
 * Bearer auth, the documented shapes, 422 and 404, what v2 reads after a v1 write, and the
 * webhook deliveries of each write.
 */
const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

async function v1<T = Record<string, unknown>>(
	method: string,
	path: string,
	body?: unknown,
	authorization = `Basic ${Buffer.from(`:${ADMIN_KEY}`).toString('base64')}`,
) {
	const res = await request(`${fixture.baseUrl}${path}`, {
		method: method as 'GET',
		headers: {
			authorization,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.body.text();
	return { status: res.statusCode, body: (text ? JSON.parse(text) : undefined) as T };
}

function companyNotOn(listId: number): number {
	const { store } = fixture.emulator;
	const on = new Set((store.entriesByList.get(listId) ?? []).map((e) => e.entityId));
	return [...store.companies.keys()].find((id) => !on.has(id)) as number;
}

describe('organizations', () => {
	it('create (Bearer too), get with list_entries, update, delete; v2 reads each step', async () => {
		const created = await v1(
			'POST',
			'/organizations',
			{ name: 'Acme', domain: 'acme.example', person_ids: [5000150] },
			`Bearer ${ADMIN_KEY}`,
		);
		expect(created.status).toBe(200);
		expect(created.body).toEqual({
			id: expect.any(Number),
			name: 'Acme',
			domain: 'acme.example',
			domains: ['acme.example'],
			crunchbase_uuid: null,
			global: false,
			person_ids: [5000150],
		});
		const id = created.body.id as number;
		expect((await fixture.api<{ name: string }>(`/v2/companies/${id}`)).body.name).toBe('Acme');
		const got = await v1('GET', `/organizations/${id}`);
		expect(got.body).toMatchObject({ id, list_entries: [] });
		const person = await v1<{ organization_ids: number[] }>('GET', '/persons/5000150');
		expect(person.body.organization_ids).toContain(id);

		const updated = await v1('PUT', `/organizations/${id}`, { name: 'Acme 2', person_ids: [] });
		expect(updated.body).toMatchObject({ name: 'Acme 2', person_ids: [] });
		expect((await fixture.api<{ name: string }>(`/v2/companies/${id}`)).body.name).toBe('Acme 2');

		expect(await v1('DELETE', `/organizations/${id}`)).toEqual({
			status: 200,
			body: { success: true },
		});
		expect((await fixture.api(`/v2/companies/${id}`)).status).toBe(404);
		expect((await v1('GET', `/organizations/${id}`)).status).toBe(404);
	});

	it('422 naming the parameter: no name, a bad domain, an unknown person, an unknown key', async () => {
		const cases: Array<[unknown, string]> = [
			[{ domain: 'x.example' }, 'name'],
			[{ name: 'X', domain: 'not a domain' }, 'domain'],
			[{ name: 'X', person_ids: [1] }, 'person_ids'],
			[{ name: 'X', website: 'x' }, 'website'],
		];
		for (const [body, param] of cases) {
			const res = await v1<{ errors: Array<{ param?: string }> }>('POST', '/organizations', body);
			expect([res.status, res.body.errors[0].param]).toEqual([422, param]);
		}
	});

	it('a global organization keeps its name and cannot be deleted', async () => {
		const global = [...fixture.emulator.store.companies.values()].find((c) => c.isGlobal)!;
		expect((await v1('PUT', `/organizations/${global.id}`, { name: 'Mine' })).status).toBe(422);
		expect((await v1('PUT', `/organizations/${global.id}`, { person_ids: [5000150] })).status).toBe(
			200,
		);
		const refused = await v1<{ errors: Array<{ message: string }> }>(
			'DELETE',
			`/organizations/${global.id}`,
		);
		expect(refused.status).toBe(422);
		expect(refused.body.errors[0].message).toMatch(/global/);
		expect(fixture.emulator.store.companies.has(global.id)).toBe(true);
	});
});

describe('persons', () => {
	it('update names, emails and organizations; v2 reads them; 404 for an unknown person', async () => {
		const res = await v1('PUT', '/persons/5000150', {
			first_name: 'Al',
			emails: ['al@one.example', 'al@two.example'],
			organization_ids: [3000001],
		});
		expect(res.body).toMatchObject({
			id: 5000150,
			type: 0,
			first_name: 'Al',
			primary_email: 'al@one.example',
			emails: ['al@one.example', 'al@two.example'],
			organization_ids: [3000001],
		});
		const read = await fixture.api<{ firstName: string; emailAddresses: string[] }>(
			'/v2/persons/5000150',
		);
		expect(read.body).toMatchObject({
			firstName: 'Al',
			emailAddresses: ['al@one.example', 'al@two.example'],
		});
		expect((await v1('GET', '/persons/1')).status).toBe(404);
		expect((await v1('PUT', '/persons/5000150', { emails: 'x' })).status).toBe(422);
	});
});

describe('list entries', () => {
	it('add to a company list (v2 lists it), refuse an opportunity list, delete', async () => {
		const companyId = companyNotOn(TARGET_ACCOUNTS);
		const added = await v1('POST', `/lists/${TARGET_ACCOUNTS}/list-entries`, {
			entity_id: companyId,
		});
		expect(added.status).toBe(200);
		expect(added.body).toMatchObject({
			list_id: TARGET_ACCOUNTS,
			entity_id: companyId,
			entity_type: 1,
			creator_id: SEEDED_USERS.admin,
		});
		const id = added.body.id as number;
		expect((await fixture.api(`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${id}`)).status).toBe(200);

		const opportunity = await v1('POST', `/lists/${DEAL_PIPELINE}/list-entries`, {
			entity_id: companyId,
		});
		expect(opportunity.status).toBe(422);
		expect((await v1('POST', `/lists/${TARGET_ACCOUNTS}/list-entries`, {})).status).toBe(422);
		expect(
			(await v1('POST', `/lists/${TARGET_ACCOUNTS}/list-entries`, { entity_id: 5000150 })).status,
		).toBe(422);
		expect((await v1('POST', '/lists/999/list-entries', { entity_id: companyId })).status).toBe(
			404,
		);

		expect(await v1('DELETE', `/lists/${TARGET_ACCOUNTS}/list-entries/${id}`)).toEqual({
			status: 200,
			body: { success: true },
		});
		expect((await v1('DELETE', `/lists/${TARGET_ACCOUNTS}/list-entries/${id}`)).status).toBe(404);
	});
});

describe('auth and webhook deliveries', () => {
	it('v1RefusedKeys makes v1 answer 401 while v2 still takes the key', async () => {
		await fixture.control('POST', '/settings', { v1RefusedKeys: ['admin'] });
		expect((await v1('GET', '/persons/5000150')).status).toBe(401);
		expect((await fixture.api('/v2/persons/5000150')).status).toBe(200);
	});

	it('each v1 write is delivered: list_entry.*, organization.*, person.updated', async () => {
		await fixture.api('/v2/webhooks', undefined, {
			method: 'POST',
			body: { url: `${fixture.baseUrl}/_emulator/webhook-sink`, subscriptions: [] },
		});
		await fixture.control('DELETE', '/webhook-sink');
		const org = await v1('POST', '/organizations', { name: 'Hooked' });
		const id = org.body.id as number;
		await v1('PUT', `/organizations/${id}`, { name: 'Hooked 2' });
		const entry = await v1('POST', `/lists/${TARGET_ACCOUNTS}/list-entries`, { entity_id: id });
		await v1('DELETE', `/lists/${TARGET_ACCOUNTS}/list-entries/${entry.body.id as number}`);
		await v1('DELETE', `/organizations/${id}`);
		await v1('PUT', '/persons/5000150', { last_name: 'Hooked' });
		await deliveriesSettled(fixture);
		const got = await fixture.control<Array<{ type: string; body: Record<string, unknown> }>>(
			'GET',
			'/webhook-sink',
		);
		expect(got.map((d) => [d.type, d.body.id, d.body.name ?? d.body.last_name])).toEqual([
			['organization.created', id, 'Hooked'],
			['organization.updated', id, 'Hooked 2'],
			['list_entry.created', entry.body.id, undefined],
			['list_entry.deleted', entry.body.id, undefined],
			['organization.deleted', id, 'Hooked 2'],
			['person.updated', 5000150, 'Hooked'],
		]);
	});
});

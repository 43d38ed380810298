import type { IDataObject } from 'n8n-workflow';

import { DEMO_KEYS } from '../../emulator';
import { SEEDED_USERS } from '../../emulator/seed';
import { Description, explain } from '../../testkit/descriptions/openapi';
import { ADMIN_KEY, EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId, DEAL_PIPELINE, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * The API version a run uses decides which API answers the writes 2026-09-17 added to v2: List
 * Entry → Add, Opportunity → Update (a rename) and Delete, Reminder → Update. On 2026-09-17 the
 * request log shows the v2 endpoint, before it API v1, and each write is read back. A credential
 * saved with 2026-07-15, or the key's default on a key whose default is 2026-07-15, gets the v1
 * paths exactly as before; the key's default on a key of 2026-09-17 is learned from Affinity's
 * answers.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const CURRENT_KEY = DEMO_KEYS.find((k) => k.label === 'current')!.key;
const OPPORTUNITY = 7000002;
const PERSON = 5000101;
const ADMIN_PERSON = SEEDED_USERS.admin;
const MEMBER_PERSON = 5000002;
const COMPANY = 3000001;

/** A credential: an API Version chosen, or '' for the key's default. */
type Setup = { apiVersion: string; key?: string };
const SEPTEMBER: Setup = { apiVersion: '2026-09-17' };
const JULY: Setup = { apiVersion: '2026-07-15' };

const run = (setup: Setup, resource: string, parameters: IDataObject) =>
	runAffinityNode({
		credentials: fixture.credentials(setup.key ?? ADMIN_KEY, { apiVersion: setup.apiVersion }),
		parameters: { resource, ...parameters },
	});

const calls = async () => (await fixture.requests()).map((r) => `${r.method} ${r.path}`);
const writes = async () =>
	(await fixture.requests())
		.filter((r) => r.method !== 'GET')
		.map((r) => ({ call: `${r.method} ${r.path}`, body: r.body ? JSON.parse(r.body) : undefined }));

const september = new Description('2026-09-17');

/** Every v2 write of the log has a body its 2026-09-17 request schema accepts. */
async function v2BodiesValid(): Promise<void> {
	for (const r of await fixture.requests()) {
		if (r.method === 'GET' || !r.path.startsWith('/v2/') || !r.body) continue;
		const template = september.templateOf(r.method, r.path);
		expect(template).toBeDefined();
		const validate = september.request(r.method, template!);
		if (!validate(JSON.parse(r.body)))
			throw new Error(`${r.method} ${r.path}: ${explain(validate)}`);
	}
}

function companyNotOn(listId: number): number {
	const { store } = fixture.emulator;
	const on = new Set((store.entriesByList.get(listId) ?? []).map((e) => e.entityId));
	return [...store.companies.keys()].find((id) => !on.has(id)) as number;
}

describe('List Entry → Add', () => {
	const add = (setup: Setup, companyId: number, extra: IDataObject = {}) =>
		run(setup, 'listEntry', {
			operation: 'add',
			listId: byId(TARGET_ACCOUNTS),
			entityType: 'company',
			companyId: byId(companyId),
			...extra,
		});

	it('on 2026-09-17 calls POST /v2/lists/{listId}/list-entries; the entry is read back', async () => {
		const companyId = companyNotOn(TARGET_ACCOUNTS);
		await fixture.clearRequests();
		const result = await add(SEPTEMBER, companyId, {
			options: { creatorId: byId(MEMBER_PERSON) },
		});
		expect(result.error).toBeUndefined();
		expect(await calls()).toEqual([
			`GET /v2/lists/${TARGET_ACCOUNTS}`,
			`POST /v2/lists/${TARGET_ACCOUNTS}/list-entries`,
		]);
		expect((await writes())[0].body).toEqual({
			entity: { id: companyId },
			creatorId: MEMBER_PERSON,
		});
		await v2BodiesValid();
		const [entry] = result.items;
		expect(entry).toMatchObject({
			type: 'company',
			listId: TARGET_ACCOUNTS,
			entityId: companyId,
			creatorId: MEMBER_PERSON,
			alreadyOnList: false,
		});
		const read = await fixture.api<{ entity: { id: number } }>(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id as number}`,
		);
		expect(read.status).toBe(200);
		expect(read.body.entity.id).toBe(companyId);
		expectNoKey(result);
	});

	it.each([
		['a credential saved with 2026-07-15', JULY],
		['the key’s default on a key of 2026-07-15', { apiVersion: '' }],
	])('with %s calls API v1 as before, and v2 reads the entry', async (_name, setup) => {
		const companyId = companyNotOn(TARGET_ACCOUNTS);
		await fixture.clearRequests();
		const result = await add(setup, companyId);
		expect(result.error).toBeUndefined();
		expect(await calls()).toEqual([
			`GET /v2/lists/${TARGET_ACCOUNTS}`,
			`POST /lists/${TARGET_ACCOUNTS}/list-entries`,
		]);
		expect((await writes())[0].body).toEqual({ entity_id: companyId });
		expect(result.items[0]).toMatchObject({ entityId: companyId, listId: TARGET_ACCOUNTS });
		const read = await fixture.api(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${result.items[0].id as number}`,
		);
		expect(read.status).toBe(200);
	});

	it('with the key’s default on a key of 2026-09-17 learns the version from the list read and calls v2', async () => {
		const companyId = companyNotOn(TARGET_ACCOUNTS);
		await fixture.clearRequests();
		const result = await add({ apiVersion: '', key: CURRENT_KEY }, companyId);
		expect(result.error).toBeUndefined();
		expect(await calls()).toEqual([
			`GET /v2/lists/${TARGET_ACCOUNTS}`,
			`POST /v2/lists/${TARGET_ACCOUNTS}/list-entries`,
		]);
		expect(result.items[0]).toMatchObject({ entityId: companyId, creatorId: ADMIN_PERSON });
	});

	it('on 2026-09-17 the same shape as on 2026-07-15 (Simplify on)', async () => {
		const first = companyNotOn(TARGET_ACCOUNTS);
		const viaV2 = (await add(SEPTEMBER, first)).items[0];
		const second = companyNotOn(TARGET_ACCOUNTS);
		const viaV1 = (await add(JULY, second)).items[0];
		expect(Object.keys(viaV2).sort()).toEqual(Object.keys(viaV1).sort());
	});
});

describe('Opportunity → Update', () => {
	it('on 2026-09-17 a rename is POST /v2/opportunities/{id}, read back with v2', async () => {
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, 'opportunity', {
			operation: 'update',
			opportunityId: byId(OPPORTUNITY),
			name: 'Renamed through v2',
		});
		expect(result.error).toBeUndefined();
		expect(await calls()).toEqual([
			`POST /v2/opportunities/${OPPORTUNITY}`,
			`GET /v2/opportunities/${OPPORTUNITY}`,
		]);
		expect((await writes())[0].body).toEqual({ name: 'Renamed through v2' });
		await v2BodiesValid();
		expect(result.items[0]).toMatchObject({
			id: OPPORTUNITY,
			name: 'Renamed through v2',
			listId: DEAL_PIPELINE,
		});
		const read = await fixture.api<{ name: string }>(`/v2/opportunities/${OPPORTUNITY}`);
		expect(read.body.name).toBe('Renamed through v2');
	});

	it('on 2026-07-15 a rename is PUT /opportunities/{id} (API v1), as before', async () => {
		await fixture.clearRequests();
		const result = await run(JULY, 'opportunity', {
			operation: 'update',
			opportunityId: byId(OPPORTUNITY),
			name: 'Renamed through v1',
		});
		expect(result.error).toBeUndefined();
		expect(await calls()).toEqual([`PUT /opportunities/${OPPORTUNITY}`]);
		expect((await writes())[0].body).toEqual({ name: 'Renamed through v1' });
		const read = await fixture.api<{ name: string }>(`/v2/opportunities/${OPPORTUNITY}`);
		expect(read.body.name).toBe('Renamed through v1');
	});

	it('on 2026-09-17 a change of people stays on API v1 (v2 takes only the name)', async () => {
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, 'opportunity', {
			operation: 'update',
			opportunityId: byId(OPPORTUNITY),
			name: 'With a person',
			personsUpdate: 'add',
			persons: { person: [{ person: byId(PERSON) }] },
		});
		expect(result.error).toBeUndefined();
		expect((await writes()).map((w) => w.call)).toEqual([`PUT /opportunities/${OPPORTUNITY}`]);
		expect(result.items[0]).toMatchObject({ name: 'With a person' });
		expect(result.items[0].personIds).toContain(PERSON);
	});

	it('on 2026-09-17 a name over 255 characters is refused before any request', async () => {
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, 'opportunity', {
			operation: 'update',
			opportunityId: byId(OPPORTUNITY),
			name: 'x'.repeat(256),
		});
		expect(result.error?.message).toMatch(/^Name: .*at most 255 characters; got 256/);
		expect(await calls()).toEqual([]);
	});
});

describe('Opportunity → Delete', () => {
	it.each([
		['2026-09-17', `DELETE /v2/opportunities/${OPPORTUNITY}`, SEPTEMBER],
		['2026-07-15', `DELETE /opportunities/${OPPORTUNITY}`, JULY],
	])('on %s calls %s; v2 no longer finds it', async (_version, call, setup) => {
		await fixture.clearRequests();
		const result = await run(setup, 'opportunity', {
			operation: 'delete',
			opportunityId: byId(OPPORTUNITY),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([{ success: true, opportunityId: OPPORTUNITY }]);
		expect(await calls()).toEqual([call]);
		const read = await fixture.api(`/v2/opportunities/${OPPORTUNITY}`);
		expect(read.status).toBe(404);
	});

	it('with the key’s default and no v2 answer yet in the run, uses API v1 (no extra request)', async () => {
		await fixture.clearRequests();
		const result = await run({ apiVersion: '', key: CURRENT_KEY }, 'opportunity', {
			operation: 'delete',
			opportunityId: byId(OPPORTUNITY),
		});
		expect(result.error).toBeUndefined();
		expect(await calls()).toEqual([`DELETE /opportunities/${OPPORTUNITY}`]);
	});
});

describe('Reminder → Update', () => {
	async function created(): Promise<number> {
		const result = await run(JULY, 'reminder', {
			operation: 'create',
			type: 'one-time',
			dueDate: '2030-01-02T09:00:00Z',
			owner: byId(ADMIN_PERSON),
			about: { company: byId(COMPANY) },
			options: { content: 'Call' },
		});
		expect(result.error).toBeUndefined();
		await fixture.clearRequests();
		return result.items[0].id as number;
	}

	it('on 2026-09-17 is POST /v2/reminders/{id} (ReminderToBeUpdated), read back with v2', async () => {
		const id = await created();
		const result = await run(SEPTEMBER, 'reminder', {
			operation: 'update',
			reminderId: String(id),
			updateFields: {
				owner: byId(MEMBER_PERSON),
				content: 'Call again',
				dueDate: '2030-02-03T10:00:00Z',
				completed: true,
			},
		});
		expect(result.error).toBeUndefined();
		const log = await calls();
		expect(log[0]).toBe(`POST /v2/reminders/${id}`);
		expect(log[1]).toBe(`GET /v2/reminders/${id}`);
		expect(log.some((c) => c.startsWith('PUT '))).toBe(false);
		const [sent] = await writes();
		expect(sent.body).toEqual({
			owner: { id: MEMBER_PERSON },
			content: 'Call again',
			dueDate: '2030-02-03T10:00:00.000Z',
			completedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
		});
		await v2BodiesValid();
		expect(result.items[0]).toMatchObject({
			id,
			content: 'Call again',
			owner: { id: MEMBER_PERSON },
			completedAt: expect.any(String),
		});
		const read = await fixture.api<IDataObject>(`/v2/reminders/${id}`);
		expect(read.body).toMatchObject({ content: 'Call again', owner: { id: MEMBER_PERSON } });
	});

	it('on 2026-09-17 changes a recurring reminder’s period with `recurrence`; over 3650 days is refused before any request', async () => {
		const made = await run(JULY, 'reminder', {
			operation: 'create',
			type: 'recurring',
			periodDays: 14,
			resetTrigger: 'email',
			owner: byId(ADMIN_PERSON),
			about: { company: byId(COMPANY) },
		});
		expect(made.error).toBeUndefined();
		const id = made.items[0].id as number;
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, 'reminder', {
			operation: 'update',
			reminderId: String(id),
			updateFields: { periodDays: 21, resetTrigger: 'event' },
		});
		expect(result.error).toBeUndefined();
		expect(await writes()).toEqual([
			{
				call: `POST /v2/reminders/${id}`,
				body: { recurrence: { periodDays: 21, resetTrigger: 'event' } },
			},
		]);
		await v2BodiesValid();
		expect(result.items[0]).toMatchObject({
			type: 'recurring',
			recurrence: { periodDays: 21, resetTrigger: 'event' },
		});
		await fixture.clearRequests();
		const tooLong = await run(SEPTEMBER, 'reminder', {
			operation: 'update',
			reminderId: String(id),
			updateFields: { periodDays: 3651 },
		});
		expect(tooLong.error?.message).toBe(
			'Update Fields → Every (Days): at most 3650 days; got 3651',
		);
		expect(await calls()).toEqual([]);
	});

	it('on 2026-07-15 is PUT /reminders/{id} (API v1), as before', async () => {
		const id = await created();
		const result = await run(JULY, 'reminder', {
			operation: 'update',
			reminderId: String(id),
			updateFields: { content: 'Call via v1' },
		});
		expect(result.error).toBeUndefined();
		expect(await writes()).toEqual([
			{ call: `PUT /reminders/${id}`, body: { content: 'Call via v1' } },
		]);
		const read = await fixture.api<IDataObject>(`/v2/reminders/${id}`);
		expect(read.body.content).toBe('Call via v1');
	});

	it('on 2026-09-17 a change of type stays on API v1 (v2 cannot change it)', async () => {
		const id = await created();
		const result = await run(SEPTEMBER, 'reminder', {
			operation: 'update',
			reminderId: String(id),
			updateFields: { type: 'recurring', periodDays: 14, resetTrigger: 'email' },
		});
		expect(result.error).toBeUndefined();
		expect((await writes()).map((w) => w.call)).toEqual([`PUT /reminders/${id}`]);
		expect(result.items[0]).toMatchObject({
			type: 'recurring',
			recurrence: { periodDays: 14, resetTrigger: 'email' },
		});
	});
});

describe('operations that need 2026-09-17', () => {
	const needing: Array<[string, string, IDataObject]> = [
		['Team → Get', 'team', { operation: 'get', teamId: '1' }],
		['Team → Get Many', 'team', { operation: 'getAll' }],
		['File → Get', 'file', { operation: 'get', fileId: '1' }],
		['File → Get Many', 'file', { operation: 'getAll' }],
		['Transcript → Delete', 'transcript', { operation: 'delete', transcriptId: byId(1) }],
	];

	it.each(needing)(
		'%s on a credential saved with 2026-07-15 fails with no request, naming the API Version',
		async (what, resource, parameters) => {
			await fixture.clearRequests();
			const result = await run(JULY, resource, parameters);
			expect(result.error?.message).toBe(
				`${what} needs Affinity API version 2026-09-17 or later; the credential's API Version is 2026-07-15`,
			);
			expect(result.error?.description).toMatch(
				/Set API Version to 2026-09-17 in the "Affinity V2 API" credential/,
			);
			expect(await calls()).toEqual([]);
			expectNoKey(result);
		},
	);

	it('with the key’s default on a key of 2026-07-15, reads whoami once to learn it, then stops', async () => {
		await fixture.clearRequests();
		const result = await run({ apiVersion: '' }, 'team', { operation: 'getAll' });
		expect(result.error?.message).toBe(
			"Team → Get Many needs Affinity API version 2026-09-17 or later; the credential's API Version is the key's default, which Affinity answers as 2026-07-15",
		);
		expect(await calls()).toEqual(['GET /v2/auth/whoami']);
	});

	it.each([
		['a credential of 2026-09-17', SEPTEMBER],
		['the key’s default on a key of 2026-09-17', { apiVersion: '', key: CURRENT_KEY }],
	])('with %s runs (Team → Get Many)', async (_name, setup) => {
		const result = await run(setup, 'team', { operation: 'getAll' });
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		expect((await calls()).filter((c) => c.startsWith('GET /v2/teams'))).not.toEqual([]);
	});
});

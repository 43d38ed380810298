import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import { collect, expect400, type ErrorBody, type Page } from './helpers';

/**
 * The emulator's other reads of the 2026-07-15 edition: interactions, relationships, inferred
 * connections, notes of an entity, a person's lists, keyword and semantic search, users,
 * duplicate suggestions and webhooks; validation and answers as the API describes them.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const store = () => fixture.emulator.store;
const q = (filter: string) => encodeURIComponent(filter);
const post = <T = ErrorBody>(path: string, body: unknown, key = ADMIN_KEY) =>
	fixture.api<T>(path, key, { method: 'POST', body });

describe('interactions', () => {
	it('pages each type by id, filters on its own time property, and refuses the other', async () => {
		for (const [path, type, time, other] of [
			['/v2/calls', 'call', 'startTime', 'sentAt'],
			['/v2/chat-messages', 'chat-message', 'sentAt', 'startTime'],
			['/v2/emails', 'email', 'sentAt', 'startTime'],
			['/v2/meetings', 'meeting', 'startTime', 'sentAt'],
		] as const) {
			const expected = [...store().interactions.values()]
				.filter((i) => i.type === type)
				.sort((a, b) => a.id - b.id);
			const { items } = await collect<{ id: number }>(fixture, `${path}?limit=17`);
			expect({ path, ids: items.map((i) => i.id) }).toEqual({
				path,
				ids: expected.map((i) => i.id),
			});
			// Live, a filter takes whole-second times only.
			const pivot = expected[5].time.replace(/\.\d+Z$/, 'Z');
			const after = await collect<{ id: number }>(
				fixture,
				`${path}?filter=${q(`${time}>${pivot}`)}`,
			);
			expect(after.items.map((i) => i.id)).toEqual(
				expected.filter((i) => Date.parse(i.time) > Date.parse(pivot)).map((i) => i.id),
			);
			await expect400(fixture, `${path}?filter=${q(`${other}>${pivot}`)}`, 'filter');
		}
	});

	it("obfuscates an email's subject for a user who took no part and may not see every email", async () => {
		const restrictedPerson = store().users.get(SEEDED_USERS.restricted)!.personId;
		const email = [...store().interactions.values()].find(
			(i) => i.type === 'email' && i.title && !i.personIds.includes(restrictedPerson),
		)!;
		const as = async (key: string) =>
			(
				await fixture.api<{ data: Array<{ id: number; subject: string }> }>(
					`/v2/emails?filter=${q(`id=${email.id}`)}`,
					key,
				)
			).body.data[0].subject;
		expect(await as(ADMIN_KEY)).toBe(email.title);
		expect(await as(RESTRICTED_KEY)).toBe('********');
	});

	it('GET /v2/meetings/{id}: a meeting, 404 for another interaction, 400 for a bad id', async () => {
		const meeting = [...store().interactions.values()].find((i) => i.type === 'meeting')!;
		const res = await fixture.api<{
			id: number;
			organizer: unknown;
			attendeesPreview: { totalCount: number };
		}>(`/v2/meetings/${meeting.id}`);
		expect(res.status).toBe(200);
		expect(res.body.attendeesPreview.totalCount).toBe(meeting.personIds.length);
		const call = [...store().interactions.values()].find((i) => i.type === 'call')!;
		expect((await fixture.api(`/v2/meetings/${call.id}`)).status).toBe(404);
		await expect400(fixture, '/v2/meetings/abc', 'meetingId');
	});
});

describe('relationships', () => {
	it('20 a page by default, strongest first, interactionScore filter and totalCount', async () => {
		const person = store().relationships[0].personIds[0];
		const expected = store().relationships.filter((r) => r.personIds.includes(person));
		const first = await fixture.api<Page<{ interactionScore: number }>>(
			`/v2/persons/${person}/relationships?totalCount=true`,
		);
		expect(first.body.data).toHaveLength(Math.min(20, expected.length));
		expect(first.body.pagination.totalCount).toBe(expected.length);
		const { items } = await collect<{ interactionScore: number }>(
			fixture,
			`/v2/persons/${person}/relationships?filter=${q('interactionScore>=0.5')}&orderBy=interactionScore`,
		);
		const scores = expected
			.map((r) => r.interactionScore)
			.filter((s) => s >= 0.5)
			.sort((a, b) => a - b);
		expect(items.map((r) => r.interactionScore)).toEqual(scores);
		await expect400(fixture, `/v2/persons/${person}/relationships?orderBy=name`, 'orderBy');
		await expect400(
			fixture,
			`/v2/persons/${person}/relationships?filter=${q('interactionScore=high')}`,
			'filter',
		);
		expect((await fixture.api('/v2/companies/3999999/relationships')).status).toBe(404);
	});
});

describe('inferred connections', () => {
	it('need exactly one target.currentCompany.id; at most 50 targets a page', async () => {
		const target = store().inferredTargets.find((t) => t.kind === 'coworker')!;
		const path = '/v2/inferred-connections/coworkers';
		const res = await fixture.api<
			Page<{ target: { currentCompany: { id: number } }; connections: unknown[] }>
		>(`${path}?filter=${q(`target.currentCompany.id=${target.currentCompanyId}`)}&totalCount=true`);
		expect(res.status).toBe(200);
		expect(
			res.body.data.every(
				(g) => g.target.currentCompany.id === target.currentCompanyId && g.connections.length >= 1,
			),
		).toBe(true);
		await expect400(fixture, path, 'filter');
		await expect400(
			fixture,
			`${path}?filter=${q('target.currentCompany.id=1 | target.currentCompany.id=2')}`,
			'filter',
		);
		await expect400(fixture, `${path}?filter=${q('target.title=CEO')}`, 'filter');
		await expect400(
			fixture,
			`${path}?filter=${q(`target.currentCompany.id=${target.currentCompanyId}`)}&limit=51`,
			'limit',
		);
	});
});

describe('notes of an entity and lists of a person', () => {
	it("a company's notes include its people's; limit 0 counts only", async () => {
		const person = [...store().persons.values()].find((p) =>
			Array.isArray(p.values.get('affinity-data-current-organization')?.data),
		)!;
		const companyId = (
			person.values.get('affinity-data-current-organization')!.data as Array<{ id: number }>
		)[0].id;
		const res = await fixture.api<Page>(`/v2/companies/${companyId}/notes?limit=0&totalCount=true`);
		expect(res.status).toBe(200);
		expect(res.body.data).toEqual([]);
		expect(typeof res.body.pagination.totalCount).toBe('number');
		await expect400(fixture, `/v2/persons/${person.id}/notes?filter=${q('id=1')}`, 'filter');
		expect((await fixture.api('/v2/opportunities/7999999/notes')).status).toBe(404);
		expect((await fixture.api(`/v2/persons/${person.id}/lists`)).status).toBe(200);
		expect((await fixture.api('/v2/persons/5999999/lists')).status).toBe(404);
	});
});

describe('keyword and semantic search', () => {
	it('answer 201 and validate their bodies', async () => {
		expect((await post('/v2/notes/search', { prompt: 'roadmap' })).status).toBe(201);
		expect((await post('/v2/files/search', { prompt: 'pricing', limit: 3 })).status).toBe(201);
		for (const [path, body, param] of [
			['/v2/notes/search', { prompt: 'ab' }, 'prompt'],
			['/v2/notes/search', { prompt: 'roadmap', noteIds: [1], companyId: 3000001 }, 'noteIds'],
			['/v2/notes/search', { prompt: 'roadmap', limit: 101 }, 'limit'],
			['/v2/files/search', { prompt: 'pricing', fileIds: ['x'] }, 'fileIds[0]'],
			['/v2/files/search', { prompt: 'pricing', extra: true }, 'extra'],
			['/v2/semantic-search', { prompt: '' }, 'prompt'],
			['/v2/semantic-search', { prompt: 'robotics', entityType: 'persons' }, 'entityType'],
		] as const) {
			const res = await post(path, body);
			expect({ path, body, status: res.status, param: res.body.errors?.[0]?.param }).toEqual({
				path,
				body,
				status: 400,
				param,
			});
		}
		expect((await post('/v2/files/search', { prompt: 'pricing', companyId: 3999999 })).status).toBe(
			404,
		);
	});

	it('semantic search explains itself and scores as text', async () => {
		const res = await post<{
			entityType: string;
			explanation: string;
			data: Array<{ name: string; score: string }>;
		}>('/v2/semantic-search', { prompt: 'health robotics', limit: 5 });
		expect(res.status).toBe(201);
		expect(res.body.entityType).toBe('companies');
		expect(res.body.explanation).toMatch(/"health", "robotics"/);
		expect(res.body.data.length).toBeLessThanOrEqual(5);
		expect(res.body.data.every((c) => /^\d\.\d\d$/.test(c.score))).toBe(true);
	});
});

describe('users and duplicate suggestions', () => {
	it('GET /v2/users: term and filter; private fields only for Manage Users', async () => {
		const { items } = await collect<{ id: number; role?: string }>(
			fixture,
			`/v2/users?term=example&filter=${q('status=active')}`,
		);
		expect(items.map((u) => u.id)).toEqual([
			SEEDED_USERS.admin,
			SEEDED_USERS.member,
			SEEDED_USERS.restricted,
			SEEDED_USERS.jordan,
		]);
		const member = await collect<{ role?: string }>(fixture, '/v2/users', MEMBER_KEY);
		expect(member.items.every((u) => u.role === undefined)).toBe(true);
	});

	it('suggestions: admins only, term of 2 or more, filter, orderBy', async () => {
		expect((await fixture.api('/v2/duplicates/company-suggestions', MEMBER_KEY)).status).toBe(403);
		await expect400(fixture, '/v2/duplicates/company-suggestions?term=a', 'term');
		await expect400(fixture, '/v2/duplicates/person-suggestions?orderBy=id', 'orderBy');
		const { items } = await collect<{ matchCriteria: string }>(
			fixture,
			`/v2/duplicates/person-suggestions?filter=${q('matchCriteria=name')}&orderBy=-createdAt`,
		);
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((s) => s.matchCriteria === 'name')).toBe(true);
	});
});

describe('webhooks', () => {
	const sink = (tag: string) => `${fixture.baseUrl}/_emulator/webhook-sink?to=${tag}`;

	it('refuse URLs with credentials, a URL already taken, unknown event types; the limit is a bad-request without param', async () => {
		expect((await post('/v2/webhooks', { url: sink('a'), subscriptions: [] })).status).toBe(201);
		for (const [body, param] of [
			[{ url: sink('a'), subscriptions: [] }, 'url'],
			[{ url: sink('b').replace('http://', 'http://user:pw@'), subscriptions: [] }, 'url'],
			[{ url: sink('c'), subscriptions: ['nope'] }, 'subscriptions[0]'],
			[{ url: sink('d') }, 'subscriptions'],
		] as const) {
			const res = await post('/v2/webhooks', body);
			expect({ body, status: res.status, param: res.body.errors?.[0]?.param }).toEqual({
				body,
				status: 400,
				param,
			});
		}
		await fixture.control('POST', '/settings', { webhookLimit: 1 });
		const over = await post('/v2/webhooks', { url: sink('e'), subscriptions: [] });
		expect(over.status).toBe(400);
		expect(over.body.errors[0]).toEqual({
			code: 'bad-request',
			message: expect.stringMatching(/limit/),
		});
	});

	it('update answers 204; a URL change is tested first and refused when unreachable', async () => {
		const created = await post<{ id: number }>('/v2/webhooks', {
			url: sink('a'),
			subscriptions: [],
		});
		const path = `/v2/webhooks/${created.body.id}`;
		expect((await post(path, { subscriptions: ['note.created'] })).status).toBe(204);
		const down = await post(path, { url: `${sink('b')}&status=500` });
		expect(down.status).toBe(400);
		expect((await fixture.api<{ url: string; subscriptions: string[] }>(path)).body).toMatchObject({
			url: sink('a'),
			subscriptions: ['note.created'],
		});
		expect((await fixture.api(path, MEMBER_KEY)).status).toBe(404);
		expect((await fixture.api(path, ADMIN_KEY, { method: 'DELETE' })).status).toBe(204);
		expect((await fixture.api(path)).status).toBe(404);
	});
});

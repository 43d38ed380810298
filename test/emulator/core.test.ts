import { Agent, request } from 'undici';

import { SEEDED_USERS } from '../../emulator/seed';
import {
	ADMIN_KEY,
	ALLOWLISTED_KEY,
	EmulatorFixture,
	MEMBER_KEY,
	RESTRICTED_KEY,
} from '../harness/emulator';

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

type Paged = {
	data: Array<{ id: number; name?: string }>;
	pagination: { nextUrl: string | null; prevUrl: string | null };
};

async function follow(url: string, key = ADMIN_KEY) {
	const res = await request(url, { headers: { authorization: `Bearer ${key}` } });
	return { status: res.statusCode, body: (await res.body.json()) as Paged };
}

describe('auth', () => {
	it('401 with an error body for a missing or invalid key', async () => {
		const res = await fixture.api('/v2/lists', 'nope');
		expect(res.status).toBe(401);
		expect(res.body).toEqual({ errors: [{ code: 'authentication', message: 'Invalid API key' }] });
		const missing = await request(`${fixture.baseUrl}/v2/lists`);
		expect(missing.statusCode).toBe(401);
		await missing.body.dump();
	});

	it('a key with an IP allowlist works from 127.0.0.1 and gets 403 from 127.0.0.2', async () => {
		expect((await fixture.api('/v2/lists', ALLOWLISTED_KEY)).status).toBe(200);
		const agent = new Agent({ localAddress: '127.0.0.2' });
		const res = await request(`${fixture.baseUrl}/v2/lists`, {
			dispatcher: agent,
			headers: { authorization: `Bearer ${ALLOWLISTED_KEY}` },
		});
		expect(res.statusCode).toBe(403);
		expect(await res.body.json()).toEqual({
			errors: [{ code: 'authorization', message: expect.stringContaining('127.0.0.2') }],
		});
		await agent.close();
	});

	it('whoami names the tenant, the user and the grant', async () => {
		const res = await fixture.api<{
			user: { id: number };
			tenant: { subdomain: string };
			grant: { type: string };
		}>('/v2/auth/whoami', MEMBER_KEY);
		// A user is its internal person: whoami's user.id is the member's person id.
		expect(res.body.user.id).toBe(SEEDED_USERS.member);
		expect(fixture.emulator.store.persons.get(res.body.user.id)?.type).toBe('internal');
		expect(res.body.grant.type).toBe('api-key');
		expect(res.body.tenant.subdomain).toMatch(/affinity\.co$/);
	});

	it('a private list is invisible in /v2/lists and 403 for a user it is not shared with', async () => {
		const admin = await fixture.api<Paged>('/v2/lists', ADMIN_KEY);
		const member = await fixture.api<Paged>('/v2/lists', MEMBER_KEY);
		const board = admin.body.data.find((l) => l.name === 'Board Confidential')!;
		expect(member.body.data.map((l) => l.id)).not.toContain(board.id);
		expect((await fixture.api(`/v2/lists/${board.id}/list-entries`, MEMBER_KEY)).status).toBe(403);
	});

	it('a key without the directory permission gets 403 on /v2/companies', async () => {
		const res = await fixture.api('/v2/companies', RESTRICTED_KEY);
		expect(res.status).toBe(403);
		expect(res.body).toEqual({
			errors: [
				{ code: 'authorization', message: expect.stringContaining('Export All Organizations') },
			],
		});
	});
});

describe('paging', () => {
	it('pages a list by opaque cursors with absolute nextUrl and prevUrl, and the pages add up', async () => {
		const seen: number[] = [];
		let url: string | null = `${fixture.baseUrl}/v2/lists/102/list-entries?limit=100`;
		let previous: string | null = null;
		while (url) {
			const page = await follow(url);
			expect(page.status).toBe(200);
			seen.push(...page.body.data.map((e) => e.id));
			expect(page.body.pagination.prevUrl === null).toBe(previous === null);
			previous = url;
			url = page.body.pagination.nextUrl;
			if (url)
				expect(url).toMatch(
					new RegExp(
						`^${fixture.baseUrl}/v2/lists/102/list-entries\\?cursor=[A-Za-z0-9_-]+&limit=100$`,
					),
				);
		}
		expect(seen).toHaveLength(250);
		expect([...seen].sort((a, b) => a - b)).toEqual(seen);
		const back = await follow(`${fixture.baseUrl}/v2/lists/102/list-entries?limit=100`);
		const second = await follow(back.body.pagination.nextUrl!);
		const first = await follow(second.body.pagination.prevUrl!);
		expect(first.body.data.map((e) => e.id)).toEqual(back.body.data.map((e) => e.id));
	});

	it('keeps the field selection in the cursor', async () => {
		const page1 = await fixture.api<Paged & { data: Array<{ entity: { fields: unknown[] } }> }>(
			'/v2/lists/102/list-entries?limit=2&fieldTypes=list',
		);
		const page2 = await follow(page1.body.pagination.nextUrl!);
		expect(
			(page2.body.data[0] as unknown as { entity: { fields: unknown[] } }).entity.fields.length,
		).toBe(page1.body.data[0].entity.fields.length);
	});

	it('does not skip or repeat entries when entries are added and removed between pages', async () => {
		const page1 = await fixture.api<Paged>('/v2/lists/102/list-entries?limit=100');
		const ids1 = page1.body.data.map((e) => e.id);
		await fixture.control('DELETE', `/list-entries/${ids1[10]}`);
		await fixture.control('POST', '/list-entries', { listId: 102, entityId: 3000005 });
		const rest: number[] = [];
		let url = page1.body.pagination.nextUrl;
		while (url) {
			const page = await follow(url);
			rest.push(...page.body.data.map((e) => e.id));
			url = page.body.pagination.nextUrl;
		}
		expect(rest).toHaveLength(151);
		expect(new Set([...ids1, ...rest]).size).toBe(251);
	});

	it.each([
		['limit=0', 'limit'],
		['limit=101', 'limit'],
		['limit=abc', 'limit'],
		['cursor=garbage', 'cursor'],
		['fieldTypes=bogus', 'fieldTypes'],
		['fieldIds=field-999999', 'fieldIds'],
	])('400 with param for %s', async (query, param) => {
		const res = await fixture.api<{ errors: Array<{ param?: string }> }>(
			`/v2/lists/102/list-entries?${query}`,
		);
		expect(res.status).toBe(400);
		expect(res.body.errors[0].param).toBe(param);
	});

	it('404 for unknown ids and paths, 400 for ids out of range, 405 for wrong methods', async () => {
		expect((await fixture.api('/v2/lists/99999/list-entries')).status).toBe(404);
		expect((await fixture.api('/v2/companies/123')).status).toBe(404);
		expect((await fixture.api('/v2/nothing-here')).status).toBe(404);
		expect((await fixture.api('/v2/companies/0')).status).toBe(400);
		expect((await fixture.api('/v2/companies/9007199254740992')).status).toBe(400);
		const wrong = await fixture.api('/v2/lists', ADMIN_KEY, { method: 'PUT' });
		expect(wrong.status).toBe(405);
		expect(wrong.body).toEqual({
			errors: [{ code: 'method-not-allowed', message: expect.any(String) }],
		});
	});

	it('lists the same company twice on one list as two entries', async () => {
		const entries = await fixture.control<Array<{ id: number; entityId: number }>>(
			'GET',
			'/lists/102/entries',
		);
		const counts = new Map<number, number>();
		for (const e of entries) counts.set(e.entityId, (counts.get(e.entityId) ?? 0) + 1);
		expect([...counts.values()].filter((n) => n === 2).length).toBeGreaterThanOrEqual(1);
	});
});

describe('rate limits', () => {
	it('sends the x-ratelimit headers on every answer and 429 past the budget', async () => {
		await fixture.control('POST', '/rate-limit', { limit: 3, windowMs: 60_000 });
		const statuses: number[] = [];
		let last: Record<string, unknown> = {};
		for (let i = 0; i < 4; i++) {
			const res = await fixture.api('/v2/lists');
			statuses.push(res.status);
			last = res.headers;
			expect(res.headers['x-ratelimit-limit-user']).toBe('3');
		}
		expect(statuses).toEqual([200, 200, 200, 429]);
		expect(last['x-ratelimit-limit-user-remaining']).toBe('0');
		expect(Number(last['x-ratelimit-limit-user-reset'])).toBeGreaterThan(0);
	});

	it('reports a monthly account budget in the org headers', async () => {
		await fixture.control('POST', '/rate-limit', { orgLimit: 2 });
		await fixture.api('/v2/lists');
		const res = await fixture.api('/v2/lists');
		expect(res.headers['x-ratelimit-limit-org']).toBe('2');
		expect(res.headers['x-ratelimit-limit-org-remaining']).toBe('0');
		expect((await fixture.api('/v2/lists')).status).toBe(429);
	});
});

describe('faults and the request log', () => {
	it('injects statuses, malformed and truncated bodies and wrong shapes for the next matching requests', async () => {
		await fixture.fault(
			{ kind: 'status', status: 503, path: '^/v2/lists$' },
			{ kind: 'malformed', path: '^/v2/lists$' },
			{ kind: 'truncated', path: '^/v2/lists$' },
			{ kind: 'shape', shape: 'no-pagination', path: '^/v2/lists$' },
			{ kind: 'shape', shape: 'data-not-array', path: '^/v2/lists$' },
		);
		const raw = async () => {
			const res = await request(`${fixture.baseUrl}/v2/lists`, {
				headers: { authorization: `Bearer ${ADMIN_KEY}` },
			});
			return { status: res.statusCode, text: await res.body.text() };
		};
		expect((await raw()).status).toBe(503);
		const malformed = (await raw()).text;
		expect(() => JSON.parse(malformed)).toThrow();
		const truncated = (await raw()).text;
		expect(() => JSON.parse(truncated)).toThrow();
		expect(JSON.parse((await raw()).text).pagination).toBeUndefined();
		expect(Array.isArray(JSON.parse((await raw()).text).data)).toBe(false);
		expect(JSON.parse((await raw()).text).data.length).toBeGreaterThan(0);
		const log = await fixture.requests();
		expect(log.map((r) => r.fault ?? null)).toEqual([
			'status',
			'malformed',
			'truncated',
			'shape',
			'shape',
			null,
		]);
		expect(JSON.stringify(log)).not.toContain(ADMIN_KEY);
	});

	it('resets the connection, and delays an answer', async () => {
		await fixture.fault({ kind: 'reset' }, { kind: 'delay', delayMs: 300 });
		await expect(
			request(`${fixture.baseUrl}/v2/lists`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } }),
		).rejects.toThrow();
		const started = Date.now();
		expect((await fixture.api('/v2/lists')).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
	});
});

describe('scale', () => {
	it('serves a list of 100,000 entries, first page and deep pages alike', async () => {
		const big = new EmulatorFixture();
		await big.start({
			sizes: { bigList: 100_000, targetAccounts: 10, investors: 10, opportunities: 5 },
		});
		try {
			const lists = await big.api<Paged>('/v2/lists');
			const list = lists.body.data.find((l) => l.name === 'Big Company List')!;
			let url: string | null =
				`${big.baseUrl}/v2/lists/${list.id}/list-entries?limit=100&fieldTypes=list`;
			let count = 0;
			for (let i = 0; i < 50 && url; i++) {
				const page = await follow(url);
				count += page.body.data.length;
				url = page.body.pagination.nextUrl;
			}
			expect(count).toBe(5000);
			const state = await big.control<{ lists: Array<{ name: string; entries: number }> }>(
				'GET',
				'/state',
			);
			expect(state.lists.find((l) => l.name === 'Big Company List')?.entries).toBe(100_000);
		} finally {
			await big.stop();
		}
	});
});

describe('saved views', () => {
	type Entry = {
		id: number;
		entity: { fields: Array<{ id: string; name: string; value: { data: unknown } }> };
	};
	it('applies the view filter, returns only its columns, and follows value changes in and out of it', async () => {
		const views = await fixture.api<{ data: Array<{ id: number; name: string; type: string }> }>(
			'/v2/lists/102/saved-views',
		);
		const hot = views.body.data.find((v) => v.name === 'Hot accounts')!;
		const page = await fixture.api<{ data: Entry[] }>(
			`/v2/lists/102/saved-views/${hot.id}/list-entries`,
		);
		expect(page.status).toBe(200);
		expect(page.body.data.length).toBeGreaterThan(0);
		for (const entry of page.body.data) {
			expect(entry.entity.fields.map((f) => f.name).sort()).toEqual([
				'Deal Size',
				'Labels',
				'Status',
			]);
			const labels = entry.entity.fields.find((f) => f.name === 'Labels')!.value.data as Array<{
				text: string;
			}>;
			expect(labels.map((l) => l.text)).toContain('Hot');
		}
		// Clearing Labels moves the first entry out of the view.
		const first = page.body.data[0];
		const labelsField = first.entity.fields.find((f) => f.name === 'Labels')!.id;
		await fixture.control('POST', '/values', {
			listEntryId: first.id,
			fieldId: labelsField,
			value: null,
		});
		const after = await fixture.api<{ data: Entry[] }>(
			`/v2/lists/102/saved-views/${hot.id}/list-entries`,
		);
		expect(after.body.data.map((e) => e.id)).not.toContain(first.id);
		expect(after.body.data).toHaveLength(page.body.data.length - 1);
	});

	it('refuses board and dashboard views, and views of another list', async () => {
		const views = await fixture.api<{ data: Array<{ id: number; type: string }> }>(
			'/v2/lists/102/saved-views',
		);
		const dashboard = views.body.data.find((v) => v.type === 'dashboard')!;
		expect(
			(await fixture.api(`/v2/lists/102/saved-views/${dashboard.id}/list-entries`)).status,
		).toBe(400);
		expect(
			(await fixture.api(`/v2/lists/101/saved-views/${dashboard.id}/list-entries`)).status,
		).toBe(404);
	});
});

import { request } from 'undici';

import { DEMO_KEYS } from '../../emulator';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import type { ErrorBody, Page } from './helpers';
import { Description, explain } from '../../testkit/descriptions/openapi';

/**
 * X-Affinity-Api-Version: each key has a Default API Version, the request header overrides it
 * for one request, an unsupported value is a validation error, and every answer names the
 * version used. From 2026-07-15 the Opportunity carries listName, isRestricted, isRedacted, and
 * the fields of a restricted opportunity the caller cannot manage come back `hidden`.
 */

const LEGACY_KEY = DEMO_KEYS.find((k) => k.label === 'legacy')!.key;
const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

const edition = new Description('2026-07-15');
const older = new Description('2024-01-01');

async function call<T = unknown>(
	path: string,
	key = ADMIN_KEY,
	version?: string,
	init: { method?: string; body?: unknown } = {},
) {
	const res = await request(`${fixture.baseUrl}${path}`, {
		method: (init.method ?? 'GET') as 'GET',
		headers: {
			authorization: `Bearer ${key}`,
			...(version === undefined ? {} : { 'x-affinity-api-version': version }),
			...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: init.body === undefined ? undefined : JSON.stringify(init.body),
	});
	const text = await res.body.text();
	return {
		status: res.statusCode,
		version: res.headers['x-affinity-api-version'],
		body: (text ? JSON.parse(text) : undefined) as T,
	};
}

function expectValid(
	description: Description,
	method: string,
	template: string,
	status: number,
	body: unknown,
): void {
	const validate = description.response(method, template, status);
	if (!validate(body))
		throw new Error(
			`${description.edition} ${method} ${template} ${status}:\n${explain(validate)}`,
		);
}

interface Opportunity {
	id: number;
	name: string;
	listId: number;
	listName?: string;
	isRestricted?: boolean;
	isRedacted?: boolean;
}

const RESTRICTED = 7000004;

describe('the version of an answer', () => {
	it('is the key default without the header: 2026-07-15 for the admin key, 2024-01-01 for the legacy key', async () => {
		expect((await call('/v2/auth/whoami')).version).toBe('2026-07-15');
		expect((await call('/v2/auth/whoami', LEGACY_KEY)).version).toBe('2024-01-01');
		const keys = await fixture.control<Array<{ label: string; defaultVersion: string }>>(
			'GET',
			'/keys',
		);
		expect(keys.find((k) => k.label === 'legacy')!.defaultVersion).toBe('2024-01-01');
	});

	it('is the header when it names a supported version, `current` the latest', async () => {
		for (const version of ['2024-01-01', '2026-07-15', '2026-09-17']) {
			expect((await call('/v2/auth/whoami', LEGACY_KEY, version)).version).toBe(version);
		}
		expect((await call('/v2/auth/whoami', ADMIN_KEY, 'current')).version).toBe('2026-09-17');
	});

	it('is named on errors too: 404, 403, 400', async () => {
		const missing = await call('/v2/companies/3999999', ADMIN_KEY, '2024-01-01');
		expect([missing.status, missing.version]).toEqual([404, '2024-01-01']);
		const denied = await call('/v2/lists/104', MEMBER_KEY);
		expect([denied.status, denied.version]).toEqual([403, '2026-07-15']);
		const bad = await call('/v2/lists?limit=0', LEGACY_KEY);
		expect([bad.status, bad.version]).toEqual([400, '2024-01-01']);
	});

	it.each(['2025-01-01', 'latest', '2026-07-15,2024-01-01', ''])(
		'an unsupported version "%s" is a validation error naming the header',
		async (version) => {
			const res = await call<ErrorBody>('/v2/lists', ADMIN_KEY, version);
			expect(res.status).toBe(400);
			expect(res.body.errors[0]).toMatchObject({
				code: 'validation',
				param: 'X-Affinity-Api-Version',
			});
			// The API's own wording (it lists no supported versions).
			expect(res.body.errors[0].message).toBe(`The provided version: '${version}' is not valid.`);
			expectValid(edition, 'get', '/v2/lists', 400, res.body);
			expect(res.version).toBe('2026-07-15');
		},
	);
});

describe('restricted opportunities', () => {
	it('2026-07-15: listName and the flags; the admin sees a restricted deal in full, the member redacted', async () => {
		const admin = await call<Opportunity>(`/v2/opportunities/${RESTRICTED}`);
		expect(admin.body).toMatchObject({
			listName: 'Deal Pipeline',
			isRestricted: true,
			isRedacted: false,
			name: expect.stringContaining('Series'),
		});
		const member = await call<Opportunity>(`/v2/opportunities/${RESTRICTED}`, MEMBER_KEY);
		expect(member.body).toEqual({
			id: RESTRICTED,
			listId: 101,
			listName: 'Deal Pipeline',
			name: '[Hidden]',
			isRestricted: true,
			isRedacted: true,
		});
		expectValid(edition, 'get', '/v2/opportunities/{opportunityId}', 200, member.body);
		const page = await call<Page<Opportunity>>('/v2/opportunities?limit=100', MEMBER_KEY);
		expectValid(edition, 'get', '/v2/opportunities', 200, page.body);
		const restricted = page.body.data.filter((o) => o.isRestricted);
		expect(restricted.map((o) => o.id)).toEqual([7000004, 7000014, 7000024, 7000034]);
		expect(restricted.every((o) => o.isRedacted && o.name === '[Hidden]')).toBe(true);
		expect(page.body.data.filter((o) => !o.isRestricted).every((o) => !o.isRedacted)).toBe(true);
	});

	it('2024-01-01: the older Opportunity {id, name, listId}, redacted names still masked', async () => {
		const admin = await call<Opportunity>(`/v2/opportunities/${RESTRICTED}`, LEGACY_KEY);
		expect(Object.keys(admin.body).sort()).toEqual(['id', 'listId', 'name']);
		expectValid(older, 'get', '/v2/opportunities/{opportunityId}', 200, admin.body);
		const member = await call<Opportunity>(
			`/v2/opportunities/${RESTRICTED}`,
			MEMBER_KEY,
			'2024-01-01',
		);
		expect(member.body).toEqual({ id: RESTRICTED, listId: 101, name: '[Hidden]' });
	});

	it('opportunity list entries: the flags on the entity, no fields when redacted', async () => {
		const path = '/v2/lists/101/list-entries?fieldTypes=list&limit=100';
		type Entry = { entity: Opportunity & { fields: unknown[] } };
		const member = await call<Page<Entry>>(path, MEMBER_KEY);
		expectValid(edition, 'get', '/v2/lists/{listId}/list-entries', 200, member.body);
		const redacted = member.body.data.find((e) => e.entity.id === RESTRICTED)!.entity;
		expect(redacted).toEqual({
			id: RESTRICTED,
			listId: 101,
			name: '[Hidden]',
			isRestricted: true,
			isRedacted: true,
			fields: [],
		});
		const admin = await call<Page<Entry>>(path);
		const full = admin.body.data.find((e) => e.entity.id === RESTRICTED)!.entity;
		expect(full).toMatchObject({ isRestricted: true, isRedacted: false });
		expect(full.fields.length).toBeGreaterThan(0);
		const legacy = await call<Page<Entry>>(path, LEGACY_KEY);
		expectValid(older, 'get', '/v2/lists/{listId}/list-entries', 200, legacy.body);
	});

	it('notes: the opportunity previews and attached opportunities carry the flags', async () => {
		const notes = await call<Page<{ id: number; opportunitiesPreview?: { data: Opportunity[] } }>>(
			'/v2/notes?includes=opportunitiesPreview&limit=100',
		);
		const previews = notes.body.data.flatMap((n) => n.opportunitiesPreview?.data ?? []);
		expect(previews.length).toBeGreaterThan(0);
		for (const preview of previews)
			expect(preview).toEqual(
				expect.objectContaining({
					listName: expect.any(String),
					isRestricted: expect.any(Boolean),
					isRedacted: expect.any(Boolean),
				}),
			);
		expectValid(edition, 'get', '/v2/notes', 200, notes.body);
	});

	describe('entry fields of a restricted opportunity the caller cannot manage', () => {
		let fieldsPath = '';
		beforeAll(async () => {
			const entries = await fixture.control<Array<{ id: number; entityId: number }>>(
				'GET',
				'/lists/101/entries',
			);
			fieldsPath = `/v2/lists/101/list-entries/${entries.find((e) => e.entityId === RESTRICTED)!.id}/fields`;
		});

		type Field = { id: string; type: string; value: { type: string; data: unknown } };

		it('2026-07-15: every field `hidden`, without data; the admin reads the values', async () => {
			const member = await call<Page<Field>>(`${fieldsPath}?limit=100`, MEMBER_KEY);
			expectValid(
				edition,
				'get',
				'/v2/lists/{listId}/list-entries/{listEntryId}/fields',
				200,
				member.body,
			);
			expect(member.body.data.length).toBeGreaterThan(0);
			expect(member.body.data.every((f) => f.type === 'hidden' && f.value.data === null)).toBe(
				true,
			);
			const one = await call<Field>(`${fieldsPath}/${member.body.data[0].id}`, MEMBER_KEY);
			expect(one.body).toMatchObject({ type: 'hidden', value: { data: null } });
			expectValid(
				edition,
				'get',
				'/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}',
				200,
				one.body,
			);
			const admin = await call<Page<Field>>(`${fieldsPath}?limit=100`);
			expect(admin.body.data.some((f) => f.type === 'hidden')).toBe(false);
			expect(admin.body.data.some((f) => f.value.data !== null)).toBe(true);
		});

		it('2024-01-01: the values as before the change', async () => {
			const member = await call<Page<Field>>(`${fieldsPath}?limit=100`, MEMBER_KEY, '2024-01-01');
			expect(member.body.data.some((f) => f.type === 'hidden')).toBe(false);
			expectValid(
				older,
				'get',
				'/v2/lists/{listId}/list-entries/{listEntryId}/fields',
				200,
				member.body,
			);
		});

		it('2026-07-15: writes are refused with 403; the admin may write', async () => {
			const [first] = (await call<Page<Field>>(`${fieldsPath}?limit=100`)).body.data.filter(
				(f) => f.value.type === 'text',
			);
			const body = { value: { type: 'text', data: 'x' } };
			const one = await call<ErrorBody>(`${fieldsPath}/${first.id}`, MEMBER_KEY, undefined, {
				method: 'POST',
				body,
			});
			expect(one.status).toBe(403);
			expectValid(
				edition,
				'post',
				'/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}',
				403,
				one.body,
			);
			const batch = await call(fieldsPath, MEMBER_KEY, undefined, {
				method: 'PATCH',
				body: { operation: 'update-fields', updates: [{ id: first.id, ...body }] },
			});
			expect(batch.status).toBe(403);
			expect(
				(await call(`${fieldsPath}/${first.id}`, ADMIN_KEY, undefined, { method: 'POST', body }))
					.status,
			).toBe(204);
		});
	});
});

import { FormData, request } from 'undici';

import { DEMO_KEYS } from '../../emulator';
import type { FieldDef } from '../../emulator/model';
import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import type { ErrorBody, Page } from './helpers';
import { Description, explain } from '../../testkit/descriptions/openapi';
import { deliveries, listenToWebhooks } from './v1Client';
import { BOARD_CONFIDENTIAL, DEAL_PIPELINE, INVESTORS, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * The operations edition 2026-09-17 adds (all BETA), over HTTP: teams, v2 files, every value of
 * one field, adding a list entry, updating and deleting an opportunity, updating a reminder,
 * deleting a transcript. Each answer is validated against the 2026-09-17 description; each
 * write is read back and fires the webhooks its v1 equivalent fires. A request answered in
 * 2026-07-15 or 2024-01-01 (header or key default) gets what those editions answer for a route
 * they lack: 404, or 405 where the path is served for another method.
 */

const key = (label: string) => DEMO_KEYS.find((k) => k.label === label)!.key;
const CURRENT_KEY = key('current');
const LEGACY_KEY = key('legacy');
const CURRENT = '2026-09-17';

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const described = new Description(CURRENT);
const previous = new Description('2026-07-15');

interface Call {
	key?: string;
	/** X-Affinity-Api-Version; undefined: the key's default. */
	version?: string;
	method?: string;
	body?: unknown;
}

async function call<T = Record<string, unknown>>(path: string, init: Call = {}) {
	const url = path.startsWith('http') ? path : `${fixture.baseUrl}${path}`;
	const res = await request(url, {
		method: (init.method ?? 'GET') as 'GET',
		headers: {
			authorization: `Bearer ${init.key ?? CURRENT_KEY}`,
			...(init.version === undefined ? {} : { 'x-affinity-api-version': init.version }),
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

/** Asserts the answer is documented and valid in the description of its edition. */
function expectValid(
	res: { status: number; body: unknown },
	method: string,
	path: string,
	description = described,
): void {
	const template = description.templateOf(method, new URL(path, fixture.baseUrl).pathname);
	if (!template)
		throw new Error(`${method} ${path}: not in the ${description.edition} description`);
	expect({ path, documented: description.documents(method, template, res.status) }).toEqual({
		path,
		documented: true,
	});
	if (!description.hasResponseBody(method, template, res.status)) {
		expect(res.body).toBeUndefined();
		return;
	}
	const validate = description.response(method, template, res.status);
	if (!validate(res.body))
		throw new Error(
			`${description.edition} ${method} ${path} ${res.status}:\n${explain(validate)}\n${JSON.stringify(res.body).slice(0, 600)}`,
		);
}

/** A call whose answer must be valid in 2026-09-17; returns it. */
async function valid<T = Record<string, unknown>>(path: string, init: Call = {}) {
	const res = await call<T>(path, init);
	const method = init.method ?? 'GET';
	expectValid(res, method, path);
	// A body the API took must be one the description accepts.
	if (res.status < 300 && init.body !== undefined) {
		const template = described.templateOf(method, new URL(path, fixture.baseUrl).pathname)!;
		const validate = described.request(method, template);
		if (!validate(init.body)) throw new Error(`${method} ${path} request:\n${explain(validate)}`);
	}
	return res;
}

async function expect400(path: string, param: string, init: Call = {}): Promise<string> {
	const res = await valid<ErrorBody>(path, init);
	expect({ path, status: res.status, param: res.body.errors?.[0]?.param }).toEqual({
		path,
		status: 400,
		param,
	});
	return res.body.errors[0].message;
}

/** Every item of a paged answer, following nextUrl (each page validated). */
async function all<T>(path: string, init: Call = {}): Promise<{ items: T[]; pages: number }> {
	const items: T[] = [];
	let url: string | null = path;
	let pages = 0;
	while (url) {
		const res: { status: number; body: Page<T> } = await valid<Page<T>>(url, init);
		expect(res.status).toBe(200);
		items.push(...res.body.data);
		pages++;
		url = res.body.pagination.nextUrl;
	}
	return { items, pages };
}

/** The ids a paged read of another area lists (its answers are that area's tests' business). */
async function idsAt(path: string): Promise<string[]> {
	const ids: string[] = [];
	let url: string | null = path;
	while (url) {
		const res: { body: Page<{ id: string }> } = await call<Page<{ id: string }>>(url);
		ids.push(...res.body.data.map((f) => f.id));
		url = res.body.pagination.nextUrl;
	}
	return ids;
}

const RESTRICTED_OPPORTUNITY = 7000004;
const COMPANY = 3000001;

describe('keys and editions', () => {
	it('the current key answers 2026-09-17 by default; admin keeps 2026-07-15, legacy 2024-01-01', async () => {
		expect((await call('/v2/auth/whoami')).version).toBe(CURRENT);
		expect((await call('/v2/auth/whoami', { key: ADMIN_KEY })).version).toBe('2026-07-15');
		expect((await call('/v2/auth/whoami', { key: LEGACY_KEY })).version).toBe('2024-01-01');
		const keys = await fixture.control<Array<{ label: string; defaultVersion: string }>>(
			'GET',
			'/keys',
		);
		expect(keys.find((k) => k.label === 'current')?.defaultVersion).toBe(CURRENT);
	});

	// Each new operation, and what an older edition answers for it (as for a route it lacks).
	const NEW_OPERATIONS: Array<{ method: string; path: string; older: 404 | 405; body?: unknown }> =
		[
			{ method: 'GET', path: '/v2/teams', older: 404 },
			{ method: 'GET', path: '/v2/teams/1', older: 404 },
			{ method: 'GET', path: '/v2/files', older: 404 },
			{ method: 'GET', path: '/v2/files/1', older: 404 },
			{ method: 'GET', path: `/v2/companies/${COMPANY}/fields/field-1001/values`, older: 404 },
			{ method: 'GET', path: '/v2/persons/5000007/fields/field-1001/values', older: 404 },
			{
				method: 'GET',
				path: `/v2/lists/${TARGET_ACCOUNTS}/list-entries/1/fields/field-1/values`,
				older: 404,
			},
			{
				method: 'POST',
				path: `/v2/lists/${TARGET_ACCOUNTS}/list-entries`,
				older: 405,
				body: { entity: { id: COMPANY } },
			},
			{ method: 'POST', path: '/v2/opportunities/7000001', older: 405, body: { name: 'X' } },
			{ method: 'DELETE', path: '/v2/opportunities/7000001', older: 405 },
			{ method: 'POST', path: '/v2/reminders/1', older: 405, body: { content: 'X' } },
			{ method: 'DELETE', path: '/v2/transcripts/801', older: 405 },
		];

	it.each([
		['2026-07-15 by header', { key: CURRENT_KEY, version: '2026-07-15' }],
		['2026-07-15 by key default', { key: ADMIN_KEY }],
		['2024-01-01 by key default', { key: LEGACY_KEY }],
		['2024-01-01 by header', { key: ADMIN_KEY, version: '2024-01-01' }],
	])(
		'on %s, each new operation answers as an unknown route there, and changes nothing',
		async (_label, init) => {
			const answers = [];
			for (const op of NEW_OPERATIONS) {
				const res = await call<ErrorBody>(op.path, { ...init, method: op.method, body: op.body });
				answers.push({ op: `${op.method} ${op.path}`, status: res.status, body: res.body });
			}
			expect(answers).toEqual(
				NEW_OPERATIONS.map((op) => ({
					op: `${op.method} ${op.path}`,
					status: op.older,
					body: {
						errors: [
							op.older === 404
								? { code: 'not-found', message: `No endpoint ${op.path}` }
								: {
										code: 'method-not-allowed',
										message: `Method ${op.method} is not allowed for ${op.path}`,
									},
						],
					},
				})),
			);
			// The same as a route that never existed, and as another method on a known path.
			const unknown = await call<ErrorBody>('/v2/nothing-here', init);
			expect(unknown.status).toBe(404);
			const otherMethod = await call<ErrorBody>('/v2/opportunities/7000001', {
				...init,
				method: 'PUT',
			});
			expect(otherMethod.body.errors[0].code).toBe('method-not-allowed');
			expect(fixture.emulator.store.opportunities.get(7000001)?.name).not.toBe('X');
			expect(fixture.emulator.store.reminders.get(1)?.content).not.toBe('X');
			expect(fixture.emulator.store.transcripts.has(801)).toBe(true);
		},
	);

	it('GET /v2/files/search stays a 405 in both editions (search is POST only)', async () => {
		for (const version of [CURRENT, '2026-07-15']) {
			const res = await call<ErrorBody>('/v2/files/search', { version });
			expect({ version, status: res.status }).toEqual({ version, status: 405 });
		}
	});
});

describe('teams', () => {
	type Team = {
		id: number;
		name: string;
		membersPreview?: { data: Array<{ user: { id: number } }>; totalCount: number };
		accessibleListsPreview?: { data: Array<{ id: number }>; totalCount: number };
	};

	it('pages through the teams by name, with their members and lists when asked', async () => {
		const plain = await valid<Page<Team>>('/v2/teams');
		expect(plain.body.data.map((t) => t.name)).toEqual([
			'Everyone',
			'Investments',
			'New Hires',
			'Platform',
		]);
		expect(plain.body.data[0]).not.toHaveProperty('membersPreview');
		expect(plain.body.data[0]).not.toHaveProperty('privacyType');
		const full = await valid<Page<Team>>(
			'/v2/teams?includes=membersPreview&includes=accessibleListsPreview&totalCount=true',
		);
		expect(full.body.pagination.totalCount).toBe(4);
		const investments = full.body.data.find((t) => t.name === 'Investments')!;
		expect(investments.membersPreview!.data.map((m) => m.user.id)).toEqual([
			SEEDED_USERS.admin,
			SEEDED_USERS.member,
			SEEDED_USERS.jordan,
		]);
		expect(investments.membersPreview!.totalCount).toBe(3);
		expect(investments.accessibleListsPreview!.data.map((l) => l.id)).toEqual([
			DEAL_PIPELINE,
			TARGET_ACCOUNTS,
			BOARD_CONFIDENTIAL,
		]);
		const empty = full.body.data.find((t) => t.name === 'New Hires')!;
		expect(empty.membersPreview).toEqual({ data: [], totalCount: 0 });
		expect(empty.accessibleListsPreview).toEqual({ data: [], totalCount: 0 });
	});

	it('a list the caller cannot see is not among a team’s lists', async () => {
		const res = await valid<Team>('/v2/teams/1?includes=accessibleListsPreview', {
			key: MEMBER_KEY,
			version: CURRENT,
		});
		expect(res.body.accessibleListsPreview).toEqual({
			data: [
				expect.objectContaining({ id: DEAL_PIPELINE, type: 'opportunity' }),
				expect.objectContaining({ id: TARGET_ACCOUNTS }),
			],
			totalCount: 2,
		});
	});

	it('filters, orders and pages; a cursor keeps the order', async () => {
		const inv = await valid<Page<Team>>(`/v2/teams?filter=${encodeURIComponent('name=^inv')}`);
		expect(inv.body.data.map((t) => t.name)).toEqual(['Investments']);
		const byId = await valid<Page<Team>>(`/v2/teams?filter=${encodeURIComponent('id=2 | id=4')}`);
		expect(byId.body.data.map((t) => t.id)).toEqual([4, 2]);
		const { items, pages } = await all<Team>('/v2/teams?orderBy=-createdAt&limit=1');
		expect(pages).toBe(4);
		expect(items.map((t) => t.name)).toEqual(['New Hires', 'Everyone', 'Platform', 'Investments']);
	});

	it('one team by id, with previews; bad ids, includes and orders are 400s naming them', async () => {
		const team = await valid<Team>(
			'/v2/teams/3?includes=membersPreview&includes=accessibleListsPreview',
		);
		expect(team.body).toMatchObject({ id: 3, name: 'Everyone' });
		expect(team.body.membersPreview!.totalCount).toBe(6);
		expect((await valid('/v2/teams/99')).status).toBe(404);
		await expect400('/v2/teams/abc', 'teamId');
		await expect400('/v2/teams/1?includes=members', 'includes');
		await expect400('/v2/teams/1?includes=membersPreview&includes=membersPreview', 'includes');
		await expect400('/v2/teams?orderBy=name&orderBy=-name', 'orderBy');
		await expect400('/v2/teams?orderBy=size', 'orderBy');
		await expect400('/v2/teams?limit=101', 'limit');
		await expect400('/v2/teams?filter=size%3D1', 'filter');
	});

	it('the members and accessible-lists collections are not served (no shape described)', async () => {
		expect((await call('/v2/teams/1/members')).status).toBe(404);
		expect((await call('/v2/teams/1/accessible-lists')).status).toBe(404);
	});
});

describe('files', () => {
	type FileSummary = {
		id: number;
		name: string;
		size: number;
		type: string | null;
		creator: { id: number } | null;
		createdAt: string;
	};

	async function uploadV1(content: Buffer, name: string, type: string): Promise<number> {
		const form = new FormData();
		form.append('organization_id', String(COMPANY));
		form.append('file', new Blob([new Uint8Array(content)], { type }), name);
		const res = await request(`${fixture.baseUrl}/entity-files`, {
			method: 'POST',
			headers: { authorization: `Bearer ${ADMIN_KEY}` },
			body: form,
		});
		const body = (await res.body.json()) as { entity_files: Array<{ id: number }> };
		expect(res.statusCode).toBe(200);
		return body.entity_files[0].id;
	}

	it('lists the seeded files and a v1 upload, newest first; one file has a signed link to its bytes', async () => {
		const content = Buffer.from('%PDF-1.4 narwhal deck');
		const id = await uploadV1(content, 'narwhal deck.pdf', 'application/pdf');
		const { items, pages } = await all<FileSummary>('/v2/files?limit=10');
		expect(pages).toBeGreaterThan(1);
		expect(items.length).toBe(fixture.emulator.store.files.size);
		expect(items[0]).toEqual({
			id,
			name: 'narwhal deck.pdf',
			size: content.length,
			type: 'application/pdf',
			creator: { id: SEEDED_USERS.admin },
			createdAt: expect.any(String),
			updatedAt: null,
		});
		// Seeded files: no uploader or content type recorded.
		expect(items[1]).toMatchObject({ creator: null, type: null });
		const times = items.map((f) => Date.parse(f.createdAt));
		expect([...times].sort((a, b) => b - a)).toEqual(times);

		const one = await valid<FileSummary & { downloadUrl: string }>(`/v2/files/${id}`);
		expect(one.body).toMatchObject({ id, name: 'narwhal deck.pdf', size: content.length });
		const download = await request(one.body.downloadUrl);
		expect(download.statusCode).toBe(200);
		expect(Buffer.from(await download.body.arrayBuffer())).toEqual(content);
		// A seeded file's link serves its text.
		const seeded = await valid<{ downloadUrl: string; size: number }>('/v2/files/1');
		const bytes = Buffer.from(await (await request(seeded.body.downloadUrl)).body.arrayBuffer());
		expect(bytes.length).toBe(seeded.body.size);
	});

	it('filters by creator and upload time; counts; unknown and malformed ids', async () => {
		const id = await uploadV1(Buffer.from('hello'), 'hello.txt', 'text/plain');
		const mine = await valid<Page<FileSummary>>(
			`/v2/files?totalCount=true&filter=${encodeURIComponent(`creator.id=${SEEDED_USERS.admin}`)}`,
		);
		expect(mine.body.data.map((f) => f.id)).toEqual([id]);
		expect(mine.body.pagination.totalCount).toBe(1);
		const recent = await valid<Page<FileSummary>>(
			`/v2/files?filter=${encodeURIComponent('createdAt>2026-06-01T00:00:00Z')}`,
		);
		expect(recent.body.data.map((f) => f.id)).toEqual([id]);
		expect((await valid('/v2/files/999999')).status).toBe(404);
		await expect400('/v2/files/0', 'fileId');
		await expect400('/v2/files/2147483648', 'fileId');
		await expect400('/v2/files?limit=0', 'limit');
		await expect400(`/v2/files?filter=${encodeURIComponent('name=x')}`, 'filter');
	});
});

describe('every value of a field', () => {
	type Paged = {
		type: string;
		data: Array<Record<string, unknown> | string>;
		pagination: Page['pagination'];
	};

	async function fieldIdNamed(path: string, name: string): Promise<string> {
		const res = await call<Page<{ id: string; name: string }>>(`${path}?limit=100`);
		const found = res.body.data.find((f) => f.name === name);
		if (!found) throw new Error(`no field ${name} at ${path}`);
		return found.id;
	}

	it('pages past the 100 a company’s field shows: every one of 120 Key Contacts, in order', async () => {
		const fieldId = await fieldIdNamed('/v2/companies/fields', 'Key Contacts');
		const cut = await call<{ value: { data: Array<{ id: number }>; totalCount: number } }>(
			`/v2/companies/3000003/fields/${fieldId}`,
		);
		expect(cut.body.value.data).toHaveLength(100);
		expect(cut.body.value.totalCount).toBe(120);
		const { items, pages } = await all<{ id: number }>(
			`/v2/companies/3000003/fields/${fieldId}/values`,
		);
		expect(pages).toBe(2);
		expect(items).toHaveLength(120);
		expect(new Set(items.map((p) => p.id)).size).toBe(120);
		expect(items.slice(0, 100)).toEqual(cut.body.value.data);
		const first = await valid<Paged>(`/v2/companies/3000003/fields/${fieldId}/values?limit=7`);
		expect(first.body.type).toBe('person-multi');
		expect(first.body.data).toHaveLength(7);
	});

	it('a person’s 130 Employers and a list entry’s 110 Champions', async () => {
		const employers = await fieldIdNamed('/v2/persons/fields', 'Employers');
		expect((await all(`/v2/persons/5000007/fields/${employers}/values`)).items).toHaveLength(130);
		const entry = fixture.emulator.store.entriesByList
			.get(TARGET_ACCOUNTS)!
			.find((e) => e.entityId === 3000003)!;
		const champions = fixture.emulator.store.lists
			.get(TARGET_ACCOUNTS)!
			.fields.find((f) => f.name === 'Champions')!.id;
		const path = `/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${champions}/values`;
		expect((await all(path)).items).toHaveLength(110);
	});

	it('a single value is a page of one, an empty one a page of none; other value types are 400', async () => {
		const store = fixture.emulator.store;
		const fields = store.entityFields.company;
		const owner = fields.find((f) => f.valueType === 'person' && f.type === 'global')!;
		const company = [...store.companies.values()].find((c) => c.values.has(owner.id))!;
		const path = `/v2/companies/${company.id}/fields/${owner.id}/values`;
		const one = await valid<Paged>(path);
		expect(one.body).toMatchObject({
			type: 'person',
			data: [{ id: (company.values.get(owner.id)!.data as { id: number }).id }],
		});
		company.values.delete(owner.id);
		expect((await valid<Paged>(path)).body.data).toEqual([]);
		const byType = (type: string): FieldDef => fields.find((f) => f.valueType === type)!;
		const numbers = byType('number-multi');
		await expect400(`/v2/companies/3000003/fields/${numbers.id}/values`, 'fieldId');
		expect((await valid('/v2/companies/3000003/fields/field-999999/values')).status).toBe(404);
		expect((await valid('/v2/companies/9999999/fields/field-1001/values')).status).toBe(404);
		await expect400(`${path}?limit=101`, 'limit');
	});

	it('every field of a paged value type answers valid pages, on companies, persons and entries of each list', async () => {
		const store = fixture.emulator.store;
		const targets: Array<{ base: string; fields: FieldDef[] }> = [
			{ base: '/v2/companies/3000003', fields: store.entityFields.company },
			{ base: '/v2/persons/5000007', fields: store.entityFields.person },
		];
		for (const list of store.lists.values()) {
			const entry = store.entriesByList.get(list.id)?.[0];
			if (entry)
				targets.push({
					base: `/v2/lists/${list.id}/list-entries/${entry.id}`,
					fields: (await idsAt(`/v2/lists/${list.id}/fields`)).map((id) => store.fields.get(id)!),
				});
		}
		const answered = new Set<string>();
		for (const { base, fields } of targets) {
			const listed = new Set(await idsAt(`${base}/fields?limit=100`));
			for (const field of fields.filter((f) => listed.has(f.id))) {
				const res = await valid<Paged>(`${base}/fields/${field.id}/values`);
				if (res.status === 200) {
					expect(res.body.type).toBe(field.valueType);
					answered.add(field.valueType);
				} else
					expect({ field: field.id, status: res.status }).toEqual({ field: field.id, status: 400 });
			}
		}
		expect([...answered].sort()).toEqual(
			expect.arrayContaining([
				'company',
				'company-multi',
				'dropdown',
				'dropdown-multi',
				'filterable-text-multi',
				'location',
				'location-multi',
				'person',
				'person-multi',
				'ranked-dropdown',
			]),
		);
	});

	it('the fields of a restricted opportunity are 403 to one who may not manage it', async () => {
		const entry = fixture.emulator.store.entriesByList
			.get(DEAL_PIPELINE)!
			.find((e) => e.entityId === RESTRICTED_OPPORTUNITY)!;
		const champions = fixture.emulator.store.lists
			.get(DEAL_PIPELINE)!
			.fields.find((f) => f.name === 'Champions')!.id;
		const path = `/v2/lists/${DEAL_PIPELINE}/list-entries/${entry.id}/fields/${champions}/values`;
		expect((await valid(path, { key: MEMBER_KEY, version: CURRENT })).status).toBe(403);
		expect((await valid(path)).status).toBe(200);
	});
});

describe('POST /v2/lists/{listId}/list-entries', () => {
	type Entry = {
		id: number;
		type: string;
		listId: number;
		creatorId: number;
		entity: { id: number };
	};

	it('adds a company (201, the entry with its entity); v2 reads it back; webhooks hear it', async () => {
		await listenToWebhooks(fixture);
		const res = await valid<Entry>(`/v2/lists/${TARGET_ACCOUNTS}/list-entries`, {
			method: 'POST',
			body: { entity: { id: 3000300 } },
		});
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({
			type: 'company',
			listId: TARGET_ACCOUNTS,
			creatorId: SEEDED_USERS.admin,
			entity: { id: 3000300, fields: [] },
		});
		const back = await call<Entry>(`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${res.body.id}`);
		expect(back.body.entity.id).toBe(3000300);
		const events = await deliveries(fixture, ['list_entry.created']);
		expect(events.find((e) => e.type === 'list_entry.created')?.body).toMatchObject({
			id: res.body.id,
			entity_id: 3000300,
		});
	});

	it('adds a person, with another internal person as its creator', async () => {
		const res = await valid<Entry>(`/v2/lists/${INVESTORS}/list-entries`, {
			method: 'POST',
			body: { entity: { id: 5000150 }, creatorId: SEEDED_USERS.jordan },
		});
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({ type: 'person', creatorId: SEEDED_USERS.jordan });
	});

	it('gives a new entry its list’s first open Status and its creator as Owners', async () => {
		const store = fixture.emulator.store;
		const list = store.lists.get(TARGET_ACCOUNTS)!;
		const status = list.fields.find((f) => f.valueType === 'ranked-dropdown')!;
		status.statusDropdown = true;
		status.dropdownOptions = status.dropdownOptions!.map((o, i) => ({
			...o,
			rank: i,
			statusCategory: i === 0 ? ('won' as const) : ('open' as const),
		}));
		const owners = await call<{ id: number }>('/fields', {
			key: ADMIN_KEY,
			method: 'POST',
			body: {
				name: 'Owners',
				entity_type: 1,
				value_type: 0,
				list_id: TARGET_ACCOUNTS,
				allows_multiple: true,
			},
		});
		expect(owners.status).toBe(200);
		const res = await valid<Entry>(`/v2/lists/${TARGET_ACCOUNTS}/list-entries`, {
			method: 'POST',
			body: { entity: { id: 3000301 }, creatorId: SEEDED_USERS.member },
		});
		const entry = store.entries.get(res.body.id)!;
		expect(entry.values.get(status.id)?.data).toEqual({
			dropdownOptionId: status.dropdownOptions![1].id,
		});
		expect(entry.values.get(`field-${owners.body.id}`)?.data).toEqual([
			{ id: SEEDED_USERS.member },
		]);
	});

	it('refuses, changing nothing: an opportunity list, a missing or wrong entity, unknown properties, a creator who is no user, a required field', async () => {
		const before = fixture.emulator.store.entries.size;
		const add = (listId: number, body: unknown, param: string) =>
			expect400(`/v2/lists/${listId}/list-entries`, param, { method: 'POST', body });
		await add(DEAL_PIPELINE, { entity: { id: 7000001 } }, 'listId');
		await add(TARGET_ACCOUNTS, {}, 'entity');
		await add(TARGET_ACCOUNTS, { entity: { id: 5000150 } }, 'entity.id');
		await add(TARGET_ACCOUNTS, { entity: { id: COMPANY, name: 'x' } }, 'entity.name');
		await add(TARGET_ACCOUNTS, { entity: { id: COMPANY }, fields: [] }, 'fields');
		await add(TARGET_ACCOUNTS, { entity: { id: COMPANY }, creatorId: 5000150 }, 'creatorId');
		const field = fixture.emulator.store.lists.get(TARGET_ACCOUNTS)!.fields[0];
		(field as FieldDef & { isRequired?: boolean }).isRequired = true;
		const required = await valid<ErrorBody>(`/v2/lists/${TARGET_ACCOUNTS}/list-entries`, {
			method: 'POST',
			body: { entity: { id: COMPANY } },
		});
		expect(required.status).toBe(400);
		expect(required.body.errors.map((e) => e.param)).toEqual([field.id]);
		expect(fixture.emulator.store.entries.size).toBe(before);
		expect(
			(
				await valid(`/v2/lists/999999/list-entries`, {
					method: 'POST',
					body: { entity: { id: COMPANY } },
				})
			).status,
		).toBe(404);
		const privateList = await call(`/v2/lists/${BOARD_CONFIDENTIAL}/list-entries`, {
			key: MEMBER_KEY,
			version: CURRENT,
			method: 'POST',
			body: { entity: { id: COMPANY } },
		});
		expect(privateList.status).toBe(403);
	});
});

describe('POST and DELETE /v2/opportunities/{opportunityId}', () => {
	it('renames (204; only what is given changes); webhooks hear opportunity.updated', async () => {
		await listenToWebhooks(fixture);
		const res = await valid('/v2/opportunities/7000001', {
			method: 'POST',
			body: { name: 'Renamed in v2' },
		});
		expect(res.status).toBe(204);
		const back = await call<{ name: string; listId: number }>('/v2/opportunities/7000001');
		expect(back.body).toMatchObject({ name: 'Renamed in v2', listId: DEAL_PIPELINE });
		expect((await valid('/v2/opportunities/7000001', { method: 'POST', body: {} })).status).toBe(
			204,
		);
		expect(fixture.emulator.store.opportunities.get(7000001)?.name).toBe('Renamed in v2');
		const [event] = (await deliveries(fixture, ['opportunity.updated'])).filter(
			(e) => e.type === 'opportunity.updated',
		);
		expect(event.body).toMatchObject({ id: 7000001, name: 'Renamed in v2' });
	});

	it('refuses bad names and properties, restricted and invisible opportunities, unknown ids', async () => {
		const rename = (id: number, body: unknown, init: Call = {}) =>
			valid(`/v2/opportunities/${id}`, { ...init, method: 'POST', body });
		await expect400('/v2/opportunities/7000001', 'name', { method: 'POST', body: { name: '' } });
		await expect400('/v2/opportunities/7000001', 'name', {
			method: 'POST',
			body: { name: 'x'.repeat(256) },
		});
		await expect400('/v2/opportunities/7000001', 'listId', {
			method: 'POST',
			body: { listId: 105 },
		});
		const member = { key: MEMBER_KEY, version: CURRENT };
		expect((await rename(RESTRICTED_OPPORTUNITY, { name: 'X' }, member)).status).toBe(403);
		const confidential = [...fixture.emulator.store.opportunities.values()].find(
			(o) => o.listId === 105,
		)!;
		expect((await rename(confidential.id, { name: 'X' }, member)).status).toBe(403);
		expect(
			(await valid(`/v2/opportunities/${confidential.id}`, { ...member, method: 'DELETE' })).status,
		).toBe(403);
		expect((await rename(7999999, { name: 'X' })).status).toBe(404);
		expect((await valid('/v2/opportunities/7999999', { method: 'DELETE' })).status).toBe(404);
		expect(fixture.emulator.store.opportunities.get(RESTRICTED_OPPORTUNITY)?.name).not.toBe('X');
	});

	it('v2 reads see a v2 write at once, also while v1 writes reach them late', async () => {
		await fixture.control('POST', '/settings', { v1ReadDelayMs: 60_000 });
		await valid('/v2/opportunities/7000003', { method: 'POST', body: { name: 'Seen at once' } });
		expect((await call<{ name: string }>('/v2/opportunities/7000003')).body.name).toBe(
			'Seen at once',
		);
		const v1 = await call('/opportunities/7000003', {
			key: ADMIN_KEY,
			method: 'PUT',
			body: { name: 'Seen late' },
		});
		expect(v1.status).toBe(200);
		expect((await call<{ name: string }>('/v2/opportunities/7000003')).body.name).toBe(
			'Seen at once',
		);
	});

	it('deletes with its list entry (204); webhooks hear opportunity.deleted and list_entry.deleted', async () => {
		await listenToWebhooks(fixture);
		const entry = fixture.emulator.store.entriesByList
			.get(DEAL_PIPELINE)!
			.find((e) => e.entityId === 7000002)!;
		expect((await valid('/v2/opportunities/7000002', { method: 'DELETE' })).status).toBe(204);
		expect((await call('/v2/opportunities/7000002')).status).toBe(404);
		expect((await call(`/v2/lists/${DEAL_PIPELINE}/list-entries/${entry.id}`)).status).toBe(404);
		const events = await deliveries(fixture, ['opportunity.deleted', 'list_entry.deleted']);
		expect(events.find((e) => e.type === 'opportunity.deleted')?.body).toMatchObject({
			id: 7000002,
		});
		expect(events.find((e) => e.type === 'list_entry.deleted')?.body).toMatchObject({
			id: entry.id,
		});
	});
});

describe('POST /v2/reminders/{reminderId}', () => {
	type Reminder = {
		id: number;
		type: string;
		content: string | null;
		dueDate: string;
		owner: { id: number };
		completer: { id: number } | null;
		completedAt: string | null;
		status: string;
		recurrence: { periodDays: number; resetTrigger: string } | null;
	};
	const reminderOf = (type: 'one-time' | 'recurring') =>
		[...fixture.emulator.store.reminders.values()].find(
			(r) =>
				r.type === type &&
				!r.completedAt &&
				(r.creatorPersonId === SEEDED_USERS.admin || r.ownerPersonId === SEEDED_USERS.admin),
		)!;
	const update = (id: number, body: unknown, init: Call = {}) =>
		valid(`/v2/reminders/${id}`, { ...init, method: 'POST', body });
	const read = async (id: number) => (await valid<Reminder>(`/v2/reminders/${id}`)).body;

	it('changes only what is given; webhooks hear reminder.updated', async () => {
		await listenToWebhooks(fixture);
		const reminder = reminderOf('one-time');
		const before = await read(reminder.id);
		const res = await update(reminder.id, {
			content: 'Call back',
			owner: { id: SEEDED_USERS.member },
		});
		expect(res.status).toBe(204);
		const after = await read(reminder.id);
		expect(after).toMatchObject({
			content: 'Call back',
			owner: { id: SEEDED_USERS.member },
			dueDate: before.dueDate,
			type: 'one-time',
		});
		await update(reminder.id, { content: null, dueDate: '2030-05-01T09:00:00Z' });
		expect(await read(reminder.id)).toMatchObject({
			content: null,
			dueDate: '2030-05-01T09:00:00.000Z',
		});
		const [event] = (await deliveries(fixture, ['reminder.updated'])).filter(
			(e) => e.type === 'reminder.updated',
		);
		expect(event.body).toMatchObject({ id: reminder.id });
	});

	it('completes and reopens a one-time reminder', async () => {
		const reminder = reminderOf('one-time');
		await update(reminder.id, { completedAt: '2026-09-20T10:00:00Z' });
		expect(await read(reminder.id)).toMatchObject({
			status: 'completed',
			completedAt: '2026-09-20T10:00:00.000Z',
			completer: { id: SEEDED_USERS.admin },
		});
		await update(reminder.id, { completedAt: null });
		expect(await read(reminder.id)).toMatchObject({ completedAt: null, completer: null });
	});

	it('completing a recurring reminder moves its due date on by its period; it cannot be reopened', async () => {
		const reminder = reminderOf('recurring');
		const before = await read(reminder.id);
		await update(reminder.id, { recurrence: { periodDays: 10 } });
		expect((await read(reminder.id)).recurrence).toEqual({
			periodDays: 10,
			resetTrigger: before.recurrence!.resetTrigger,
		});
		await update(reminder.id, { completedAt: '2026-09-20T10:00:00Z' });
		const after = await read(reminder.id);
		expect(after.completedAt).toBeNull();
		expect(Date.parse(after.dueDate) - Date.parse(before.dueDate)).toBe(10 * 86_400_000);
		await expect400(`/v2/reminders/${reminder.id}`, 'completedAt', {
			method: 'POST',
			body: { completedAt: null },
		});
	});

	it('refuses what the schema or the reminder does not allow, and callers who are neither creator nor owner', async () => {
		const oneTime = reminderOf('one-time');
		const recurring = reminderOf('recurring');
		const refuse = (id: number, body: unknown, param: string) =>
			expect400(`/v2/reminders/${id}`, param, { method: 'POST', body });
		await refuse(oneTime.id, { recurrence: { periodDays: 5 } }, 'recurrence');
		await refuse(recurring.id, { recurrence: { periodDays: 3651 } }, 'recurrence.periodDays');
		await refuse(recurring.id, { recurrence: { resetTrigger: 'call' } }, 'recurrence.resetTrigger');
		await refuse(oneTime.id, { dueDate: '1999-12-31T00:00:00Z' }, 'dueDate');
		await refuse(oneTime.id, { dueDate: 'tomorrow' }, 'dueDate');
		await refuse(oneTime.id, { owner: { id: 5000150 } }, 'owner.id');
		await refuse(oneTime.id, { type: 'recurring' }, 'type');
		await refuse(oneTime.id, { content: 5 }, 'content');
		const memberStranger = [...fixture.emulator.store.reminders.values()].find(
			(r) => r.creatorPersonId !== SEEDED_USERS.member && r.ownerPersonId !== SEEDED_USERS.member,
		)!;
		expect(
			(await update(memberStranger.id, { content: 'x' }, { key: MEMBER_KEY, version: CURRENT }))
				.status,
		).toBe(403);
		expect(fixture.emulator.store.reminders.get(memberStranger.id)?.content).not.toBe('x');
		expect((await update(999999, { content: 'x' })).status).toBe(404);
	});
});

describe('DELETE /v2/transcripts/{transcriptId}', () => {
	const transcriptOf = (creator: number) =>
		[...fixture.emulator.store.transcripts.values()].find((t) => {
			const note = fixture.emulator.store.notes.get(t.noteId);
			return note?.creatorPersonId === creator && note.sharingType === 'public';
		});

	it('deletes a transcript of the caller’s note (204); the note stays, its transcriptId null from 2026-09-17', async () => {
		const transcript = transcriptOf(SEEDED_USERS.admin)!;
		expect((await valid(`/v2/transcripts/${transcript.id}`, { method: 'DELETE' })).status).toBe(
			204,
		);
		expect((await call(`/v2/transcripts/${transcript.id}`)).status).toBe(404);
		const note = await valid<{ transcriptId: number | null }>(`/v2/notes/${transcript.noteId}`);
		expect(note.body.transcriptId).toBeNull();
		const older = await call<{ transcriptId: number | null }>(`/v2/notes/${transcript.noteId}`, {
			key: ADMIN_KEY,
		});
		expectValid(older, 'GET', `/v2/notes/${transcript.noteId}`, previous);
		expect(older.body.transcriptId).toBe(transcript.id);
		expect((await valid(`/v2/transcripts/${transcript.id}`, { method: 'DELETE' })).status).toBe(
			404,
		);
	});

	it('refuses the transcript of another’s note (403) and unknown or malformed ids', async () => {
		const others = [...fixture.emulator.store.transcripts.values()].find((t) => {
			const note = fixture.emulator.store.notes.get(t.noteId);
			return note?.creatorPersonId !== SEEDED_USERS.member && note?.sharingType === 'public';
		})!;
		const res = await valid(`/v2/transcripts/${others.id}`, {
			key: MEMBER_KEY,
			version: CURRENT,
			method: 'DELETE',
		});
		expect(res.status).toBe(403);
		expect(fixture.emulator.store.transcripts.has(others.id)).toBe(true);
		expect((await valid('/v2/transcripts/999999', { method: 'DELETE' })).status).toBe(404);
		await expect400('/v2/transcripts/abc', 'transcriptId', { method: 'DELETE' });
	});
});

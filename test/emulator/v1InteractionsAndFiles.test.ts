import { FormData, request } from 'undici';

import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import { eventually } from '../harness/eventually';

/**
 * The emulator's API v1 interactions and entity files over HTTP: Basic and Bearer auth, 422s
 * naming the parameter, 404s, the documented shapes, and that v2 reads what v1 wrote.
 */
const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const OUTSIDER = 5000007;
const COMPANY = 3000001;
const bearer = `Bearer ${ADMIN_KEY}`;
const basic = `Basic ${Buffer.from(`:${ADMIN_KEY}`).toString('base64')}`;
type Errors = { errors: Array<{ message: string; param?: string }> };

async function call<T = Record<string, unknown>>(
	method: string,
	path: string,
	init: { json?: unknown; form?: FormData; authorization?: string } = {},
) {
	const res = await request(`${fixture.baseUrl}${path}`, {
		method: method as 'GET',
		headers: {
			authorization: init.authorization ?? bearer,
			...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
	});
	const text = await res.body.text();
	return {
		status: res.statusCode,
		headers: res.headers,
		body: (text ? JSON.parse(text) : undefined) as T,
	};
}

const teamMember = () => fixture.emulator.store.users.get(SEEDED_USERS.admin)?.personId as number;
const meeting = () => ({
	type: 0,
	person_ids: [teamMember(), OUTSIDER],
	date: '2026-03-10T09:30:00-08:00',
	content: 'Kickoff',
});

describe('v1 interactions', () => {
	it('POST /interactions with Basic auth: the documented shape; v2 reads the meeting and its note', async () => {
		const res = await call('POST', '/interactions', { json: meeting(), authorization: basic });
		expect(res.status).toBe(200);
		expect(Object.keys(res.body).sort()).toEqual(
			[
				'attendees',
				'date',
				'end_time',
				'id',
				'manual_creator_id',
				'notes',
				'persons',
				'start_time',
				'title',
				'type',
				'updated_at',
			].sort(),
		);
		expect(res.body).toMatchObject({
			type: 0,
			date: '2026-03-10T17:30:00.000Z',
			manual_creator_id: teamMember(),
		});
		expect((res.body.persons as Array<Record<string, unknown>>)[0]).toMatchObject({
			id: teamMember(),
			type: 1,
		});
		const v2 = await fixture.api<Record<string, unknown>>(`/v2/meetings/${String(res.body.id)}`);
		expect(v2.body).toMatchObject({
			id: res.body.id,
			startTime: '2026-03-10T17:30:00.000Z',
			loggingType: 'manual',
		});
		const [noteId] = res.body.notes as number[];
		const note = await fixture.api<{ content: { html: string } }>(`/v2/notes/${noteId}`);
		expect(note.body.content.html).toContain('Kickoff');
	});

	it.each([
		['an email', { type: 3 }, 'type'],
		['no team member', { person_ids: [OUTSIDER] }, 'person_ids'],
		['an unknown person', { person_ids: [999] }, 'person_ids'],
		['no content', { content: '' }, 'content'],
		['a date that is none', { date: 'soon' }, 'date'],
		['a direction on a meeting', { direction: 1 }, 'direction'],
		['an undocumented key', { title: 'x' }, 'title'],
	])('422 for %s', async (_label, change, param) => {
		const res = await call<Errors>('POST', '/interactions', { json: { ...meeting(), ...change } });
		expect(res.status).toBe(422);
		expect(res.body.errors[0].param).toBe(param);
	});

	it('PUT changes people, date and content; the type must match (404 otherwise)', async () => {
		const { body } = await call('POST', '/interactions', { json: { ...meeting(), type: 1 } });
		const wrongType = await call('PUT', `/interactions/${String(body.id)}`, {
			json: { type: 0, person_ids: [teamMember()] },
		});
		expect(wrongType.status).toBe(404);
		const res = await call('PUT', `/interactions/${String(body.id)}`, {
			json: { type: 1, person_ids: [teamMember()], date: '2026-04-01T10:00:00Z', content: 'Moved' },
		});
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({
			date: '2026-04-01T10:00:00.000Z',
			persons: [{ id: teamMember() }],
		});
		const calls = await fixture.api<{ data: Array<Record<string, unknown>> }>(
			`/v2/calls?filter=${encodeURIComponent(`id=${String(body.id)}`)}`,
		);
		expect(calls.body.data[0]).toMatchObject({ startTime: '2026-04-01T10:00:00.000Z' });
		const [noteId] = res.body.notes as number[];
		expect(
			(await fixture.api<{ content: { html: string } }>(`/v2/notes/${noteId}`)).body.content.html,
		).toContain('Moved');
	});

	it('DELETE takes the type: 422 without it, 404 for another, {success: true} and gone from v2', async () => {
		const { body } = await call('POST', '/interactions', { json: { ...meeting(), type: 2 } });
		expect((await call('DELETE', `/interactions/${String(body.id)}`)).status).toBe(422);
		expect((await call('DELETE', `/interactions/${String(body.id)}?type=0`)).status).toBe(404);
		const res = await call('DELETE', `/interactions/${String(body.id)}?type=2`);
		expect(res).toMatchObject({ status: 200, body: { success: true } });
		const left = await fixture.api<{ data: unknown[] }>(
			`/v2/chat-messages?filter=${encodeURIComponent(`id=${String(body.id)}`)}`,
		);
		expect(left.body.data).toEqual([]);
		const [noteId] = body.notes as number[];
		expect((await fixture.api(`/v2/notes/${noteId}`)).status).toBe(404);
	});
});

describe('v1 entity files', () => {
	function form(entries: Array<[string, string] | [string, Buffer, string, string]>): FormData {
		const data = new FormData();
		for (const [name, value, fileName, type] of entries) {
			if (typeof value === 'string') data.append(name, value);
			else data.append(name, new Blob([new Uint8Array(value)], { type }), fileName);
		}
		return data;
	}

	it('upload (a real client’s multipart), metadata, search through v2, download by a signed link', async () => {
		const content = Buffer.from('Narwhal pricing memo, page one.');
		const up = await call('POST', '/entity-files', {
			form: form([
				['organization_id', String(COMPANY)],
				['file', content, 'narwhal.txt', 'text/plain'],
			]),
			authorization: basic,
		});
		expect(up).toMatchObject({ status: 200, body: { success: true } });
		const found = await fixture.api<{ data: Array<{ file: { id: number; name: string } }> }>(
			'/v2/files/search',
			undefined,
			{ method: 'POST', body: { prompt: 'narwhal' } },
		);
		expect(found.body.data.map((r) => r.file.name)).toEqual(['narwhal.txt']);
		const id = found.body.data[0].file.id;
		const meta = await call('GET', `/entity-files/${id}`);
		expect(meta.body).toMatchObject({
			id,
			name: 'narwhal.txt',
			size: content.length,
			organization_id: COMPANY,
			person_id: null,
			opportunity_id: null,
			uploader_id: teamMember(),
		});
		const redirect = await call('GET', `/entity-files/download/${id}`);
		expect(redirect.status).toBe(302);
		const link = redirect.headers.location as string;
		// A signed link takes no key: with one it is refused, as storage hosts do.
		const withKey = await request(link, { headers: { authorization: bearer } });
		expect(withKey.statusCode).toBe(400);
		await withKey.body.dump();
		const file = await request(link);
		expect(file.statusCode).toBe(200);
		expect(file.headers['content-type']).toBe('text/plain');
		expect(file.headers['content-disposition']).toContain("filename*=UTF-8''narwhal.txt");
		expect(Buffer.from(await file.body.arrayBuffer()).equals(content)).toBe(true);
		const forged = await request(link.replace(/file-storage\/[0-9a-f]+/, 'file-storage/0000'));
		expect(forged.statusCode).toBe(403);
		await forged.body.dump();
	});

	it('several files as files[] to a person; each is a file of the store', async () => {
		const res = await call('POST', '/entity-files', {
			form: form([
				['person_id', String(OUTSIDER)],
				['files[]', Buffer.from([0, 1, 2, 255]), 'a.bin', 'application/octet-stream'],
				['files[]', Buffer.from('b'), 'b.txt', 'text/plain'],
			]),
		});
		expect(res.status).toBe(200);
		const stored = [...fixture.emulator.store.files.values()].filter(
			(f) => f.personId === OUTSIDER,
		);
		expect(stored.map((f) => [f.name, f.content?.length])).toEqual([
			['a.bin', 4],
			['b.txt', 1],
		]);
	});

	it.each([
		['no entity', [['file', Buffer.from('x'), 'x.txt', 'text/plain']], 'person_id'],
		[
			'two entities',
			[
				['person_id', String(OUTSIDER)],
				['organization_id', String(COMPANY)],
				['file', Buffer.from('x'), 'x.txt', 'text/plain'],
			],
			'organization_id',
		],
		['no file', [['person_id', String(OUTSIDER)]], 'file'],
		[
			'an unknown organization',
			[
				['organization_id', '3999999'],
				['file', Buffer.from('x'), 'x.txt', 'text/plain'],
			],
			'organization_id',
		],
		[
			'an undocumented field',
			[
				['person_id', String(OUTSIDER)],
				['note', 'x'],
				['file', Buffer.from('x'), 'x.txt', 'text/plain'],
			],
			'note',
		],
	] as Array<[string, Array<[string, string] | [string, Buffer, string, string]>, string]>)(
		'422 for %s',
		async (_label, entries, param) => {
			const res = await call<Errors>('POST', '/entity-files', { form: form(entries) });
			expect(res.status).toBe(422);
			expect(res.body.errors[0].param).toBe(param);
		},
	);

	it('422 for a JSON body; 404 for an unknown file; 401 without a key', async () => {
		expect((await call('POST', '/entity-files', { json: { person_id: 1 } })).status).toBe(422);
		expect((await call('GET', '/entity-files/999999')).status).toBe(404);
		expect((await call('GET', '/entity-files/download/999999')).status).toBe(404);
		expect((await call('GET', '/entity-files/1', { authorization: 'Basic Og==' })).status).toBe(
			401,
		);
	});

	it('GET /entity-files: the files of one record, oldest first, paged by page_size and page_token', async () => {
		const names = ['one.txt', 'two.txt', 'three.txt'];
		for (const name of names)
			await call('POST', '/entity-files', {
				form: form([
					['person_id', String(OUTSIDER)],
					['file', Buffer.from(name), name, 'text/plain'],
				]),
			});
		type Page = { entity_files: Array<Record<string, unknown>>; next_page_token: string | null };
		const first = await call<Page>('GET', `/entity-files?person_id=${OUTSIDER}&page_size=2`);
		expect(first.status).toBe(200);
		expect(Object.keys(first.body).sort()).toEqual(['entity_files', 'next_page_token']);
		expect(first.body.entity_files.map((f) => f.name)).toEqual(['one.txt', 'two.txt']);
		expect(first.body.entity_files[0]).toEqual({
			id: expect.any(Number),
			name: 'one.txt',
			size: 7,
			person_id: OUTSIDER,
			organization_id: null,
			opportunity_id: null,
			created_at: expect.any(String),
			uploader_id: teamMember(),
		});
		expect(first.body.next_page_token).toEqual(expect.any(String));
		const token = encodeURIComponent(first.body.next_page_token as string);
		const second = await call<Page>(
			'GET',
			`/entity-files?person_id=${OUTSIDER}&page_size=2&page_token=${token}`,
		);
		expect(second.body.entity_files.map((f) => f.name)).toEqual(['three.txt']);
		expect(second.body.next_page_token).toBeNull();
		// Every request of a read carries the same parameters but page_token.
		const changed = await call<Errors>(
			'GET',
			`/entity-files?person_id=${OUTSIDER}&page_size=3&page_token=${token}`,
		);
		expect(changed.status).toBe(422);
		expect(changed.body.errors[0]).toMatchObject({
			message: 'Invalid page_token variable',
			param: 'page_token',
		});
		// Without a filter: every file of the organization, the default page of 500.
		const all = await call<Page>('GET', '/entity-files');
		expect(all.body.entity_files.length).toBe(fixture.emulator.store.files.size);
		const company = await call<Page>('GET', `/entity-files?organization_id=${COMPANY}`);
		expect(company.body.entity_files.every((f) => f.organization_id === COMPANY)).toBe(true);
	});

	it.each([
		['person_id=abc', 'person_id'],
		['page_size=0', 'page_size'],
		['page_size=501', 'page_size'],
		['page_token=not-a-token', 'page_token'],
		['term=x', 'term'],
	])('GET /entity-files?%s: 422 naming %s', async (query, param) => {
		const res = await call<Errors>('GET', `/entity-files?${query}`);
		expect(res.status).toBe(422);
		expect(res.body.errors[0].param).toBe(param);
	});

	it('an upload is delivered to webhooks as file.created with the entity file', async () => {
		await fixture.api('/v2/webhooks', undefined, {
			method: 'POST',
			body: { url: `${fixture.baseUrl}/_emulator/webhook-sink`, subscriptions: ['file.created'] },
		});
		await fixture.control('DELETE', '/webhook-sink');
		await call('POST', '/entity-files', {
			form: form([
				['opportunity_id', '7000001'],
				['file', Buffer.from('deal'), 'deal.txt', 'text/plain'],
			]),
		});
		const deliveries = await eventually(
			'the file.created delivery',
			() =>
				fixture.control<Array<{ type: string; body: Record<string, unknown> }>>(
					'GET',
					'/webhook-sink',
				),
			(got) => got.length > 0,
			10_000,
			100,
		);
		expect(deliveries.map((d) => d.type)).toEqual(['file.created']);
		expect(deliveries[0].body).toMatchObject({
			name: 'deal.txt',
			opportunity_id: 7000001,
			size: 4,
		});
	});
});

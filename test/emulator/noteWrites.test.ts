import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import type { ErrorBody, Page } from './helpers';

/** POST /v2/notes, POST /v2/notes/{noteId}, DELETE /v2/notes/{noteId}, and persons create and delete. */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const COMPANY = 3000001;
const PERSON = 5000101;
const ADMIN_PERSON = 5000001;
const MEMBER_PERSON = 5000002;

type Note = {
	id: number;
	type: string;
	content: { html: string };
	creator: { id: number };
	createdAt: string;
	updatedAt: string | null;
	parent?: { id: number };
	interaction?: { id: number; type: string };
	personsPreview?: { data: Array<{ id: number }> };
	companiesPreview?: { data: Array<{ id: number }> };
};

const send = <T = ErrorBody>(method: string, path: string, body?: unknown, key = ADMIN_KEY) =>
	fixture.api<T>(path, key, { method, body });
const create = (body: unknown, key = ADMIN_KEY) =>
	send<Note & ErrorBody>('POST', '/v2/notes', body, key);
const read = (id: number, key = ADMIN_KEY) =>
	fixture.api<Note>(`/v2/notes/${id}?includes=personsPreview&includes=companiesPreview`, key);

describe('POST /v2/notes', () => {
	it('creates a note about entities (201, the note), with creator, backdated createdAt, and links normalized', async () => {
		const res = await create({
			type: 'entities',
			content: { html: '<p>Recap: <a href="https://acme.example">deck</a></p>' },
			persons: [{ id: PERSON }],
			companies: [{ id: COMPANY }],
			creator: { id: MEMBER_PERSON },
			createdAt: '2025-03-01T09:30:00Z',
		});
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({
			type: 'entities',
			creator: { id: MEMBER_PERSON },
			createdAt: '2025-03-01T09:30:00.000Z',
			updatedAt: null,
		});
		expect(res.body.content.html).toBe(
			'<p>Recap: <a href="https://acme.example" rel="noopener noreferrer" target="_blank">deck</a></p>',
		);
		const back = await read(res.body.id);
		expect(back.body.personsPreview?.data.map((p) => p.id)).toEqual([PERSON]);
		expect(back.body.companiesPreview?.data.map((c) => c.id)).toEqual([COMPANY]);
		const onCompany = await fixture.api<Page<{ id: number }>>(`/v2/notes?filter=id=${res.body.id}`);
		expect(onCompany.body.data.map((n) => n.id)).toEqual([res.body.id]);
	});

	it('creates a note on a meeting, on a call, and a reply to a note', async () => {
		const notes = await fixture.api<Page<Note>>('/v2/notes?limit=100');
		const meeting = notes.body.data.find((n) => n.interaction?.type === 'meeting')!.interaction!;
		const onMeeting = await create({
			type: 'interaction',
			content: { html: '<p>After the meeting</p>' },
			interaction: { type: 'meeting', id: meeting.id },
		});
		expect(onMeeting.status).toBe(201);
		expect(onMeeting.body.interaction).toEqual({ type: 'meeting', id: meeting.id });
		const reply = await create({
			type: 'user-reply',
			content: { html: '<p>Agreed</p>' },
			parent: { id: onMeeting.body.id },
		});
		expect(reply.status).toBe(201);
		expect(reply.body).toMatchObject({ type: 'user-reply', parent: { id: onMeeting.body.id } });
		const replies = await fixture.api<Page<{ id: number }>>(
			`/v2/notes/${onMeeting.body.id}/replies`,
		);
		expect(replies.body.data.map((r) => r.id)).toEqual([reply.body.id]);
		expect(
			(
				await create({
					type: 'interaction',
					content: { html: '<p>x</p>' },
					interaction: { type: 'call', id: 123456 },
				})
			).status,
		).toBe(404);
		const call = [...fixture.emulator.store.interactions.values()].find((i) => i.type === 'call')!;
		const onCall = await create({
			type: 'interaction',
			content: { html: '<p>On the call</p>' },
			interaction: { type: 'call', id: call.id },
		});
		expect([onCall.status, onCall.body.interaction]).toEqual([201, { type: 'call', id: call.id }]);
		const wrongType = await create({
			type: 'interaction',
			content: { html: '<p>x</p>' },
			interaction: { type: 'meeting', id: call.id },
		});
		expect(wrongType.status).toBe(404);
		const toReply = await create({
			type: 'user-reply',
			content: { html: '<p>x</p>' },
			parent: { id: reply.body.id },
		});
		expect([toReply.status, toReply.body.errors[0].param]).toEqual([400, 'parent.id']);
	});

	it.each([
		['no entity', { type: 'entities', content: { html: '<p>x</p>' } }, 'persons'],
		[
			'an inline style',
			{
				type: 'entities',
				content: { html: '<p style="color:red">x</p>' },
				persons: [{ id: PERSON }],
			},
			'content.html',
		],
		[
			'an image',
			{
				type: 'entities',
				content: { html: '<p><img src="https://x.co/a.png"></p>' },
				persons: [{ id: PERSON }],
			},
			'content.html',
		],
		[
			'a mention span',
			{
				type: 'entities',
				content: {
					html: '<p><span data-type="note-mention" data-note-mention-person-id="1">J</span></p>',
				},
				persons: [{ id: PERSON }],
			},
			'content.html',
		],
		[
			'101 persons',
			{
				type: 'entities',
				content: { html: '<p>x</p>' },
				persons: Array.from({ length: 101 }, (_, i) => ({ id: PERSON + i })),
			},
			'persons',
		],
		[
			'an unknown person',
			{ type: 'entities', content: { html: '<p>x</p>' }, persons: [{ id: 42 }] },
			'persons[0].id',
		],
		[
			'an external creator',
			{
				type: 'entities',
				content: { html: '<p>x</p>' },
				persons: [{ id: PERSON }],
				creator: { id: PERSON },
			},
			'creator.id',
		],
		[
			'a createdAt that is not a date-time',
			{
				type: 'entities',
				content: { html: '<p>x</p>' },
				persons: [{ id: PERSON }],
				createdAt: 'yesterday',
			},
			'createdAt',
		],
		[
			'associations on a reply',
			{
				type: 'user-reply',
				content: { html: '<p>x</p>' },
				parent: { id: 400001 },
				persons: [{ id: PERSON }],
			},
			'persons',
		],
		['a system note type', { type: 'ai-notetaker', content: { html: '<p>x</p>' } }, 'type'],
	])(
		'refuses %s with a 400 naming the property, and stores nothing',
		async (_label, body, param) => {
			const before = (await fixture.control<{ notes: number }>('GET', '/state')).notes;
			const res = await create(body);
			expect([res.status, res.body.errors[0].code, res.body.errors[0].param]).toEqual([
				400,
				'validation',
				param,
			]);
			expect((await fixture.control<{ notes: number }>('GET', '/state')).notes).toBe(before);
		},
	);
});

describe('POST /v2/notes/{noteId} and DELETE', () => {
	async function adminNote(): Promise<number> {
		const res = await create({
			type: 'entities',
			content: { html: '<p>v1</p>' },
			persons: [{ id: PERSON }],
			companies: [{ id: COMPANY }],
		});
		return res.body.id;
	}

	it('updates content, leaves omitted associations, clears with [] and replaces with a list (204)', async () => {
		const id = await adminNote();
		expect(
			(await send('POST', `/v2/notes/${id}`, { content: { html: '<p>v2</p>' }, persons: [] }))
				.status,
		).toBe(204);
		let back = await read(id);
		expect(back.body.content.html).toBe('<p>v2</p>');
		expect(back.body.personsPreview?.data).toEqual([]);
		expect(back.body.companiesPreview?.data.map((c) => c.id)).toEqual([COMPANY]);
		expect(back.body.updatedAt).not.toBeNull();
		expect(
			(
				await send('POST', `/v2/notes/${id}`, {
					companies: [{ id: COMPANY + 1 }, { id: COMPANY + 2 }],
				})
			).status,
		).toBe(204);
		back = await read(id);
		expect(back.body.companiesPreview?.data.map((c) => c.id)).toEqual([COMPANY + 1, COMPANY + 2]);
		expect(back.body.content.html).toBe('<p>v2</p>');
	});

	it('refuses a note the caller may not write (403), restricted HTML (400), and a note with mentions', async () => {
		const id = await adminNote();
		const forbidden = await send(
			'POST',
			`/v2/notes/${id}`,
			{ content: { html: '<p>mine now</p>' } },
			MEMBER_KEY,
		);
		expect([forbidden.status, forbidden.body.errors[0].code]).toEqual([403, 'authorization']);
		const bad = await send('POST', `/v2/notes/${id}`, { content: { html: '<pre>x</pre>' } });
		expect([bad.status, bad.body.errors[0].param]).toEqual([400, 'content.html']);
		const notes = await fixture.api<Page<Note & { mentions: unknown[] }>>('/v2/notes?limit=100');
		const mentioned = notes.body.data.find(
			(n) => n.mentions.length && n.creator.id === ADMIN_PERSON,
		)!;
		const refused = await send('POST', `/v2/notes/${mentioned.id}`, {
			content: { html: '<p>x</p>' },
		});
		expect([refused.status, refused.body.errors[0].param]).toEqual([400, 'content']);
		expect((await read(id)).body.content.html).toBe('<p>v1</p>');
	});

	it('deletes a note with its replies (204, then 404); only the creator may delete (403)', async () => {
		const id = await adminNote();
		const reply = await create(
			{ type: 'user-reply', content: { html: '<p>r</p>' }, parent: { id } },
			MEMBER_KEY,
		);
		expect(reply.status).toBe(201);
		const denied = await send('DELETE', `/v2/notes/${id}`, undefined, MEMBER_KEY);
		expect([denied.status, denied.body.errors[0].code]).toEqual([403, 'authorization']);
		expect((await send('DELETE', `/v2/notes/${id}`)).status).toBe(204);
		expect((await read(id)).status).toBe(404);
		expect((await read(reply.body.id)).status).toBe(404);
		expect((await send('DELETE', `/v2/notes/${id}`)).status).toBe(404);
	});
});

describe('POST /v2/persons and DELETE /v2/persons/{personId}', () => {
	type Person = {
		id: number;
		firstName: string;
		lastName: string | null;
		primaryEmailAddress: string | null;
		emailAddresses: string[];
		type: string;
		fields?: Array<{ id: string; value: { type: string; data: unknown } }>;
	};

	async function personField(name: string): Promise<{ id: string; valueType: string }> {
		const res = await fixture.api<
			Page<{ id: string; name: string; type: string; valueType: string }>
		>('/v2/persons/fields?limit=100');
		return res.body.data.find((f) => f.name === name && f.type === 'global')!;
	}

	it('creates a person with field values (201) that later reads show; deletes it (204, then 404)', async () => {
		const title = await personField('Job Title');
		const res = await send<Person & ErrorBody>('POST', '/v2/persons', {
			firstName: 'Ada',
			lastName: 'Lovelace',
			primaryEmailAddress: 'ada@engines.example',
			emailAddresses: ['ada.l@home.example'],
			fields: [{ id: title.id, value: { type: 'text', data: 'Analyst' } }],
		});
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({
			firstName: 'Ada',
			lastName: 'Lovelace',
			type: 'external',
			emailAddresses: ['ada@engines.example', 'ada.l@home.example'],
		});
		expect(res.body.fields).toEqual([
			expect.objectContaining({ id: title.id, value: { type: 'text', data: 'Analyst' } }),
		]);
		const back = await fixture.api<Person>(`/v2/persons/${res.body.id}?fieldIds=${title.id}`);
		expect(back.body.fields?.[0].value.data).toBe('Analyst');
		expect((await send('DELETE', `/v2/persons/${res.body.id}`)).status).toBe(204);
		expect((await fixture.api(`/v2/persons/${res.body.id}`)).status).toBe(404);
	});

	it('refuses bad bodies (400 naming the property), fields without "Edit Global Field Values" (403), and internal persons on delete (403)', async () => {
		const title = await personField('Job Title');
		for (const [body, param] of [
			[{ firstName: 'A', lastName: null }, 'primaryEmailAddress'],
			[
				{ firstName: 'A', lastName: null, primaryEmailAddress: 'not-an-email' },
				'primaryEmailAddress',
			],
			[{ firstName: 'A', lastName: null, primaryEmailAddress: null, nickname: 'x' }, 'nickname'],
			[
				{
					firstName: 'A',
					lastName: null,
					primaryEmailAddress: null,
					fields: [{ id: title.id, value: { type: 'number', data: 1 } }],
				},
				'fields[0].value.type',
			],
		] as const) {
			const res = await send('POST', '/v2/persons', body);
			expect([res.status, res.body.errors[0].param]).toEqual([400, param]);
		}
		const denied = await send(
			'POST',
			'/v2/persons',
			{
				firstName: 'A',
				lastName: null,
				primaryEmailAddress: null,
				fields: [{ id: title.id, value: { type: 'text', data: 'x' } }],
			},
			RESTRICTED_KEY,
		);
		expect([denied.status, denied.body.errors[0].message]).toEqual([
			403,
			'Missing permission: Edit Global Field Values',
		]);
		const internal = await send('DELETE', `/v2/persons/${ADMIN_PERSON}`);
		expect(internal.status).toBe(403);
		expect(internal.body.errors[0].message).toMatch(/internal/);
	});
});

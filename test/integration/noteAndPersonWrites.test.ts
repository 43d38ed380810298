import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

/**
 * Note create / update / delete and person create / delete through n8n-core's real engine
 * against the emulator: each written, read back with the node, refused locally when Affinity
 * would refuse it, and never sent twice (the emulator's request log counts them).
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const COMPANY = 3000001;
const PERSON = 5000101;
const MEMBER_PERSON = 5000002;
const ADMIN_PERSON = 5000001;

const run = (parameters: IDataObject, apiKey?: string) =>
	runAffinityNode({ credentials: fixture.credentials(apiKey), parameters });
const posts = async (path: string, method = 'POST') =>
	(await fixture.requests()).filter((r) => r.method === method && r.path === path);

function createNote(extra: IDataObject) {
	return run({
		resource: 'note',
		operation: 'create',
		about: 'entities',
		content: 'Call recap',
		...extra,
	});
}

describe('note.create', () => {
	it('Markdown about a person and a company, with creator and backdated date: 201, the note; read back with Note → Get', async () => {
		await fixture.clearRequests();
		const result = await createNote({
			contentFormat: 'markdown',
			content: '# Recap\n- **Send pricing** by Friday\n- Deck: [link](https://acme.example/deck)',
			persons: { person: [{ person: byId(PERSON) }] },
			companies: {
				company: [
					{
						company: {
							__rl: true,
							mode: 'url',
							value: `https://emulated-ventures.affinity.co/companies/${COMPANY}`,
						},
					},
				],
			},
			options: { creator: byId(MEMBER_PERSON), createdAt: '2025-03-01T09:30:00Z' },
		});
		expect(result.error).toBeUndefined();
		const [note] = result.items;
		expect(note).toMatchObject({
			type: 'entities',
			creator: { id: MEMBER_PERSON },
			createdAt: '2025-03-01T09:30:00.000Z',
		});
		const [post] = await posts('/v2/notes');
		expect(JSON.parse(post.body!)).toEqual({
			type: 'entities',
			content: {
				html: '<p><strong>Recap</strong></p><ul><li><strong>Send pricing</strong> by Friday</li><li>Deck: <a href="https://acme.example/deck">link</a></li></ul>',
			},
			persons: [{ id: PERSON }],
			companies: [{ id: COMPANY }],
			creator: { id: MEMBER_PERSON },
			createdAt: '2025-03-01T09:30:00.000Z',
		});
		const read = await run({
			resource: 'note',
			operation: 'get',
			noteId: byId(note.id as number),
			includes: ['personsPreview', 'companiesPreview'],
		});
		expect(read.items[0]).toMatchObject({
			id: note.id,
			personsPreview: { data: [{ id: PERSON }] },
			companiesPreview: { data: [{ id: COMPANY }] },
		});
		expectNoKey(result.run);
	});

	it('on a meeting, and a reply to it', async () => {
		const notes = await fixture.api<{
			data: Array<{ interaction?: { id: number; type: string } }>;
		}>('/v2/notes?limit=100');
		const meeting = notes.body.data.find((n) => n.interaction?.type === 'meeting')!.interaction!;
		const onMeeting = await run({
			resource: 'note',
			operation: 'create',
			about: 'interaction',
			interactionType: 'meeting',
			interactionId: String(meeting.id),
			content: 'After the meeting',
		});
		expect(onMeeting.error).toBeUndefined();
		expect(onMeeting.items[0]).toMatchObject({
			type: 'interaction',
			interaction: { type: 'meeting', id: meeting.id },
			content: { html: '<p>After the meeting</p>' },
		});
		const reply = await run({
			resource: 'note',
			operation: 'create',
			about: 'reply',
			parentNoteId: byId(onMeeting.items[0].id as number),
			content: 'Agreed',
		});
		expect(reply.error).toBeUndefined();
		expect(reply.items[0]).toMatchObject({
			type: 'user-reply',
			parent: { id: onMeeting.items[0].id },
		});
		const replies = await run({
			resource: 'note',
			operation: 'getReplies',
			noteId: byId(onMeeting.items[0].id as number),
			returnAll: true,
		});
		expect(replies.items.map((r) => r.id)).toEqual([reply.items[0].id]);
	});

	it.each([
		[
			'HTML with an inline style',
			{
				contentFormat: 'html',
				content: '<p style="color:red">Hi</p>',
				persons: { person: [{ person: byId(PERSON) }] },
			},
			/^Content: <p style="…">: inline styles are not allowed/,
		],
		[
			'HTML with a mention',
			{
				contentFormat: 'html',
				content: '<p><span data-type="note-mention" data-note-mention-person-id="1">Jo</span></p>',
				persons: { person: [{ person: byId(PERSON) }] },
			},
			/^Content: mentions \(@person\) cannot be created/,
		],
		[
			'a Markdown image',
			{
				contentFormat: 'markdown',
				content: '![x](https://x.co/a.png)',
				persons: { person: [{ person: byId(PERSON) }] },
			},
			/^Content: images cannot be added/,
		],
		[
			'101 people',
			{
				persons: { person: Array.from({ length: 101 }, (_, i) => ({ person: byId(PERSON + i) })) },
			},
			/^People: at most 100 can be attached; got 101$/,
		],
		['nothing attached', {}, /^People, Companies or Opportunities: pick at least one$/],
	])('refuses %s before any request, naming the parameter', async (_label, extra, message) => {
		await fixture.clearRequests();
		const result = await createNote(extra);
		expect(result.error?.message).toMatch(message);
		expect(await fixture.requests()).toHaveLength(0);
	});

	it('an error from Affinity (an unknown person) is reported with the refused property', async () => {
		const result = await createNote({ persons: { person: [{ person: byId(424242) }] } });
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.description).toMatch(/"persons\[0\]\.id"/);
	});

	it.each([
		[
			'a 500 after the note was stored',
			{ kind: 'status', status: 500, apply: true, method: 'POST' },
			/Affinity had a server error|500/,
		],
		[
			'a connection reset after the note was stored',
			{ kind: 'reset', apply: true, method: 'POST' },
			/connection to Affinity was reset/,
		],
	] as const)(
		'%s: sent once, and the error says it may have been created and how to check',
		async (_label, fault, message) => {
			const before = (await fixture.control<{ notes: number }>('GET', '/state')).notes;
			await fixture.clearRequests();
			await fixture.fault(fault);
			const result = await createNote({ persons: { person: [{ person: byId(PERSON) }] } });
			expect(`${result.error?.message} ${result.error?.description}`).toMatch(message);
			expect(result.error?.description).toMatch(
				/may or may not have been applied.*Note → Get Many/,
			);
			expect(await posts('/v2/notes')).toHaveLength(1);
			expect((await fixture.control<{ notes: number }>('GET', '/state')).notes).toBe(before + 1);
		},
	);
});

describe('note.update and note.delete', () => {
	async function adminNote(): Promise<number> {
		const created = await createNote({
			persons: { person: [{ person: byId(PERSON) }] },
			companies: { company: [{ company: byId(COMPANY) }] },
		});
		return created.items[0].id as number;
	}

	it('replaces the text, clears the people and replaces the companies (204: what was done), read back', async () => {
		const noteId = await adminNote();
		const result = await run({
			resource: 'note',
			operation: 'update',
			noteId: byId(noteId),
			contentFormat: 'text',
			content: 'Updated <recap>',
			personsUpdate: 'clear',
			companiesUpdate: 'replace',
			companies: { company: [{ company: byId(COMPANY + 1) }] },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toEqual({
			success: true,
			noteId,
			updated: ['content', 'persons', 'companies'],
		});
		const [post] = await posts(`/v2/notes/${noteId}`);
		expect(JSON.parse(post.body!)).toEqual({
			content: { html: '<p>Updated &lt;recap&gt;</p>' },
			persons: [],
			companies: [{ id: COMPANY + 1 }],
		});
		const read = await run({
			resource: 'note',
			operation: 'get',
			noteId: byId(noteId),
			includes: ['personsPreview', 'companiesPreview'],
		});
		expect(read.items[0]).toMatchObject({
			content: { html: '<p>Updated &lt;recap&gt;</p>' },
			personsPreview: { data: [] },
			companiesPreview: { data: [{ id: COMPANY + 1 }] },
		});
	});

	it("leaves unchanged what is not asked; nothing asked is refused locally; another user's note is 403", async () => {
		const noteId = await adminNote();
		await fixture.clearRequests();
		const nothing = await run({
			resource: 'note',
			operation: 'update',
			noteId: byId(noteId),
			updateContent: false,
		});
		expect(nothing.error?.message).toBe('Nothing to update');
		expect(await fixture.requests()).toHaveLength(0);
		const denied = await run(
			{ resource: 'note', operation: 'update', noteId: byId(noteId), content: 'mine' },
			MEMBER_KEY,
		);
		expect(denied.error?.httpCode).toBe('403');
	});

	it('deletes a note (204: {success, noteId}); a later read is 404; deleting again is 404', async () => {
		const noteId = await adminNote();
		const result = await run({ resource: 'note', operation: 'delete', noteId: byId(noteId) });
		expect(result.items[0]).toEqual({ success: true, noteId });
		expect(
			(await run({ resource: 'note', operation: 'get', noteId: byId(noteId) })).error?.httpCode,
		).toBe('404');
		expect(
			(await run({ resource: 'note', operation: 'delete', noteId: byId(noteId) })).error?.httpCode,
		).toBe('404');
	});
});

describe('person.create and person.delete', () => {
	async function personField(name: string) {
		const res = await fixture.api<{
			data: Array<{ id: string; name: string; type: string; valueType: string }>;
		}>('/v2/persons/fields?limit=100');
		return res.body.data.find((f) => f.name === name && f.type === 'global')!;
	}

	it('creates a person with emails and field values of several types (201, the person), read back with Person → Get', async () => {
		const title = await personField('Job Title');
		const seniority = await personField('Seniority');
		const birthday = await personField('Birthday');
		await fixture.clearRequests();
		const result = await run({
			resource: 'person',
			operation: 'create',
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: 'ada@engines.example',
			otherEmails: 'ada@home.example',
			updates: {
				update: [
					{ fieldId: `${title.id}|text`, textValue: 'Analyst' },
					{ fieldId: `${seniority.id}|dropdown`, dropdownValue: '=VP' },
					{ fieldId: `${birthday.id}|datetime`, dateValue: '1990-12-10' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		const [person] = result.items;
		expect(person).toMatchObject({
			firstName: 'Ada',
			lastName: 'Lovelace',
			primaryEmailAddress: 'ada@engines.example',
			emailAddresses: ['ada@engines.example', 'ada@home.example'],
			type: 'external',
		});
		expect(await posts('/v2/persons')).toHaveLength(1);
		const read = await run({
			resource: 'person',
			operation: 'get',
			personId: byId(person.id as number),
			fieldIds: [title.id, seniority.id, birthday.id],
		});
		expect(read.items[0].fields).toEqual({
			'Job Title': 'Analyst',
			Seniority: 'VP',
			Birthday: '1990-12-10T08:00:00Z',
		});
		expectNoKey(result.run);
	});

	it('refuses a bad email before any request; without the permission for field values Affinity answers 403', async () => {
		await fixture.clearRequests();
		const bad = await run({
			resource: 'person',
			operation: 'create',
			firstName: 'A',
			email: 'not-an-email',
		});
		expect(bad.error?.message).toBe('Email: "not-an-email" is not an email address');
		expect(await fixture.requests()).toHaveLength(0);
		const title = await personField('Job Title');
		const denied = await run(
			{
				resource: 'person',
				operation: 'create',
				firstName: 'A',
				updates: { update: [{ fieldId: `${title.id}|text`, textValue: 'x' }] },
			},
			RESTRICTED_KEY,
		);
		expect(denied.error?.httpCode).toBe('403');
		expect(denied.error?.message).toBe('Missing permission: Edit Global Field Values');
	});

	it('a 500 on create: sent once, the error says how to check', async () => {
		await fixture.clearRequests();
		await fixture.fault({
			kind: 'status',
			status: 500,
			apply: true,
			method: 'POST',
			path: '^/v2/persons$',
		});
		const result = await run({
			resource: 'person',
			operation: 'create',
			firstName: 'Once',
			email: 'once@example.com',
		});
		expect(result.error?.description).toMatch(
			/may or may not have been applied.*Person → Get Many or Search whether once@example\.com was created/,
		);
		expect(await posts('/v2/persons')).toHaveLength(1);
	});

	it('deletes an external person (204: {success, personId}); an internal person is refused and the error says why', async () => {
		const created = await run({ resource: 'person', operation: 'create', firstName: 'Temp' });
		const personId = created.items[0].id as number;
		const deleted = await run({
			resource: 'person',
			operation: 'delete',
			personId: byId(personId),
		});
		expect(deleted.items[0]).toEqual({ success: true, personId, deleted: true });
		expect(
			(await run({ resource: 'person', operation: 'get', personId: byId(personId) })).error
				?.httpCode,
		).toBe('404');
		const internal = await run({
			resource: 'person',
			operation: 'delete',
			personId: byId(ADMIN_PERSON),
		});
		expect(internal.error?.httpCode).toBe('403');
		expect(internal.error?.description).toMatch(
			/refuses to delete person 5000001 if they are internal/,
		);
	});
});

import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import type { Note as StoredNote } from '../../emulator/model';
import { collect, expect400, follow, statusOf, type Page } from './helpers';

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

type PersonData = {
	id: number;
	firstName: string | null;
	lastName: string | null;
	primaryEmailAddress: string | null;
	type: string;
};
type Note = {
	id: number;
	type: string;
	content: { html: string | null };
	creator: PersonData;
	mentions: Array<{ id: number; type: string; person: PersonData }>;
	createdAt: string;
	updatedAt: string | null;
	parent?: { id: number };
	transcriptId?: number;
	interaction?: { id: number; type: string };
	permissions?: { sharingType: string; owner: PersonData };
	companiesPreview?: { data: unknown[]; totalCount: number };
	personsPreview?: { data: unknown[]; totalCount: number };
	opportunitiesPreview?: { data: Array<{ id: number; listId: number }>; totalCount: number };
	repliesCount?: number;
};
type Transcript = {
	id: number;
	languageCode: string;
	createdAt: string;
	note: Note;
	fragmentsPreview?: { data: unknown[]; totalCount: number };
};

const USERS = SEEDED_USERS;

/** The stored notes, straight from the account (the oracle for who may see what). */
function stored(): StoredNote[] {
	return [...fixture.emulator.store.notes.values()].sort((a, b) => a.id - b.id);
}
const isReply = (n: StoredNote) => n.parentId !== undefined;
function visibleTo(userId: number, note: StoredNote): boolean {
	const root =
		note.parentId !== undefined ? fixture.emulator.store.notes.get(note.parentId)! : note;
	return (
		root.sharingType === 'public' || root.ownerUserId === userId || root.visibleTo.includes(userId)
	);
}
const memo = () => stored().find((n) => n.companyIds.length > 100)!;
const custom = () => stored().find((n) => n.sharingType === 'custom' && !isReply(n))!;

describe('GET /v2/notes', () => {
	it('returns root notes only, those the caller may see, 20 a page by default', async () => {
		for (const [key, userId] of [
			[ADMIN_KEY, USERS.admin],
			[MEMBER_KEY, USERS.member],
			[RESTRICTED_KEY, USERS.restricted],
		] as const) {
			const { items, pages } = await collect<Note>(fixture, '/v2/notes', key);
			const expected = stored().filter((n) => !isReply(n) && visibleTo(userId, n));
			expect(items.map((n) => n.id)).toEqual(expected.map((n) => n.id));
			expect(pages).toBe(Math.ceil(expected.length / 20));
			expect(items.some((n) => n.type === 'user-reply' || n.type === 'ai-notetaker-reply')).toBe(
				false,
			);
		}
		const member = await collect<Note>(fixture, '/v2/notes', MEMBER_KEY);
		expect(member.items.map((n) => n.id)).not.toContain(custom().id);
		expect(
			stored().some((n) => n.sharingType === 'private' && n.ownerUserId !== USERS.member),
		).toBe(true);
		expect(
			member.items.every(
				(n) => n.permissions!.sharingType === 'public' || n.permissions!.owner.id === 5000002,
			),
		).toBe(true);
	});

	it('renders each variant: entities, interaction, ai-notetaker; mentions and permissions', async () => {
		const { items } = await collect<Note>(fixture, '/v2/notes?limit=100');
		expect(new Set(items.map((n) => n.type))).toEqual(
			new Set(['entities', 'interaction', 'ai-notetaker']),
		);
		for (const note of items) {
			expect(Object.keys(note.creator).sort()).toEqual([
				'firstName',
				'id',
				'lastName',
				'primaryEmailAddress',
				'type',
			]);
			expect(note.permissions).toEqual({
				sharingType: expect.stringMatching(/^(public|private|custom)$/),
				owner: expect.objectContaining({ type: 'internal' }),
			});
			if (note.type === 'interaction')
				expect(note.interaction).toEqual({
					id: expect.any(Number),
					type: expect.stringMatching(/^(email|meeting)$/),
				});
			if (note.type === 'ai-notetaker') {
				expect(note.transcriptId).toEqual(expect.any(Number));
				expect(note.interaction).toEqual({ id: expect.any(Number), type: 'meeting' });
			}
			if (note.type === 'entities') expect(note.interaction).toBeUndefined();
		}
		const withMention = items.find((n) => n.mentions.length > 0)!;
		expect(withMention.content.html).toContain(
			`data-note-mention-person-id="${withMention.mentions[0].person.id}"`,
		);
		expect(withMention.mentions[0]).toEqual({
			id: expect.any(Number),
			type: 'person',
			person: expect.objectContaining({ id: expect.any(Number) }),
		});
	});

	it('limit 0..100 (0 gives only the count), totalCount kept in the cursor', async () => {
		const none = await fixture.api<Page<Note>>('/v2/notes?limit=0&totalCount=true');
		const total = stored().filter((n) => !isReply(n) && visibleTo(USERS.admin, n)).length;
		expect(none.body.data).toEqual([]);
		expect(none.body.pagination).toEqual({ prevUrl: null, nextUrl: null, totalCount: total });
		const first = await fixture.api<Page<Note>>('/v2/notes?limit=7&totalCount=true');
		expect(first.body.data).toHaveLength(7);
		const second = await follow<Page<Note>>(first.body.pagination.nextUrl!);
		expect(second.body.pagination.totalCount).toBe(total);
		expect((await fixture.api<Page<Note>>('/v2/notes')).body.pagination.totalCount).toBeUndefined();
		await expect400(fixture, '/v2/notes?limit=101', 'limit');
		await expect400(fixture, '/v2/notes?limit=-1', 'limit');
		await expect400(fixture, '/v2/notes?totalCount=1', 'totalCount');
	});

	it('filters on id, creator.id, createdAt and updatedAt with the listed operators only', async () => {
		const roots = stored().filter((n) => !isReply(n) && visibleTo(USERS.admin, n));
		const ids = async (filter: string) =>
			(await collect<Note>(fixture, `/v2/notes?filter=${encodeURIComponent(filter)}`)).items.map(
				(n) => n.id,
			);
		expect(await ids(`id = ${roots[3].id}`)).toEqual([roots[3].id]);
		expect(await ids('creator.id = 5000001')).toEqual(
			roots.filter((n) => n.creatorPersonId === 5000001).map((n) => n.id),
		);
		// Live, filter times are whole seconds.
		const cut = roots[10].createdAt.replace(/\.\d+Z$/, 'Z');
		expect(await ids(`createdAt < ${cut}`)).toEqual(
			roots.filter((n) => Date.parse(n.createdAt) < Date.parse(cut)).map((n) => n.id),
		);
		expect(await ids(`createdAt >= ${cut} & creator.id = 5000001`)).toEqual(
			roots
				.filter((n) => Date.parse(n.createdAt) >= Date.parse(cut) && n.creatorPersonId === 5000001)
				.map((n) => n.id),
		);
		expect(await ids('updatedAt >= 2025-01-01')).toEqual(
			roots.filter((n) => n.updatedAt !== null && n.updatedAt >= '2025-01-01').map((n) => n.id),
		);
		expect(await ids(`id = ${roots[0].id} | id = ${roots[1].id}`)).toEqual([
			roots[0].id,
			roots[1].id,
		]);
		// A reply's id matches nothing on /v2/notes: replies are not listed there.
		const reply = stored().find(isReply)!;
		expect(await ids(`id = ${reply.id}`)).toEqual([]);
		expect(await expect400(fixture, '/v2/notes?filter=id%20%3E%201', 'filter')).toContain(
			'Operator ">"',
		);
		expect(
			await expect400(fixture, '/v2/notes?filter=createdAt%20%3D%202025-01-01', 'filter'),
		).toContain('Operator "="');
		expect(await expect400(fixture, '/v2/notes?filter=type%20%3D%20entities', 'filter')).toContain(
			'Unknown property "type"',
		);
		expect(await expect400(fixture, '/v2/notes?filter=createdAt%20%3E%20soon', 'filter')).toContain(
			'ISO 8601',
		);
		expect(await expect400(fixture, '/v2/notes?filter=(id%20%3D%201', 'filter')).toContain(
			'Unexpected end of filter',
		);
	});

	it('includes previews (at most 100, with totals) and reply counts', async () => {
		const m = memo();
		const page = await collect<Note>(
			fixture,
			'/v2/notes?includes=companiesPreview&includes=personsPreview&includes=opportunitiesPreview&includes=repliesCount',
		);
		const note = page.items.find((n) => n.id === m.id)!;
		expect(note.companiesPreview!.data).toHaveLength(100);
		expect(note.companiesPreview!.totalCount).toBe(120);
		expect(note.personsPreview!.data).toHaveLength(100);
		expect(note.personsPreview!.totalCount).toBe(105);
		expect(note.opportunitiesPreview!.totalCount).toBe(4);
		expect(note.repliesCount).toBe(stored().filter((n) => n.parentId === m.id).length);
		expect(note.repliesCount).toBe(4);
		const member = await fixture.api<Note>(
			`/v2/notes/${m.id}?includes=opportunitiesPreview`,
			MEMBER_KEY,
		);
		// One attached opportunity is on the admin's private list.
		expect(member.body.opportunitiesPreview!.totalCount).toBe(3);
		expect(member.body.opportunitiesPreview!.data.every((o) => o.listId === 101)).toBe(true);
		const plain = await collect<Note>(fixture, '/v2/notes?limit=100');
		expect(
			plain.items.every((n) => n.companiesPreview === undefined && n.repliesCount === undefined),
		).toBe(true);
		await expect400(fixture, '/v2/notes?includes=everything', 'includes');
		await expect400(fixture, `/v2/notes/${m.id}?includes=replies`, 'includes');
	});
});

describe('GET /v2/notes/{noteId}', () => {
	it('returns a note, or a reply with its parent; 404 when unknown or not shared with the caller', async () => {
		const m = memo();
		const one = await fixture.api<Note>(`/v2/notes/${m.id}?includes=repliesCount`);
		expect(one.body).toMatchObject({ id: m.id, type: 'entities', repliesCount: 4 });
		const reply = stored().find((n) => n.parentId === m.id && n.type === 'ai-notetaker-reply')!;
		const r = await fixture.api<Note>(
			`/v2/notes/${reply.id}?includes=repliesCount&includes=companiesPreview`,
		);
		expect(r.body).toMatchObject({
			id: reply.id,
			type: 'ai-notetaker-reply',
			parent: { id: m.id },
			transcriptId: expect.any(Number),
			interaction: { type: 'meeting' },
		});
		expect(r.body.repliesCount).toBeUndefined();
		expect(r.body.companiesPreview).toBeUndefined();
		expect(r.body.permissions).toBeUndefined();

		const c = custom();
		expect(await statusOf(fixture, `/v2/notes/${c.id}`, ADMIN_KEY)).toBe(200);
		const hidden = await fixture.api<{ errors: Array<{ code: string }> }>(
			`/v2/notes/${c.id}`,
			MEMBER_KEY,
		);
		expect(hidden.status).toBe(404);
		expect(hidden.body.errors[0].code).toBe('not-found');
		const customReply = stored().find((n) => n.parentId === c.id)!;
		expect(await statusOf(fixture, `/v2/notes/${customReply.id}`, MEMBER_KEY)).toBe(404);
		expect(await statusOf(fixture, `/v2/notes/${customReply.id}`, ADMIN_KEY)).toBe(200);
		expect(await statusOf(fixture, '/v2/notes/499999')).toBe(404);
		await expect400(fixture, '/v2/notes/0', 'noteId');
		await expect400(fixture, '/v2/notes/2147483648', 'noteId');
		await expect400(fixture, '/v2/notes/x1', 'noteId');
		expect(
			(await fixture.api(`/v2/notes/${m.id}`, ADMIN_KEY, { method: 'PATCH', body: {} })).status,
		).toBe(405);
	});
});

describe('GET /v2/notes/{noteId}/replies', () => {
	it('pages replies (user and note-taker) 20 at a time, oldest first', async () => {
		const busy = stored().find(
			(n) =>
				!isReply(n) &&
				stored().filter((r) => r.parentId === n.id).length > 20 &&
				visibleTo(USERS.admin, n),
		)!;
		const expected = stored().filter((r) => r.parentId === busy.id);
		const { items, pages } = await collect<Note>(fixture, `/v2/notes/${busy.id}/replies`);
		expect(items.map((r) => r.id)).toEqual(expected.map((r) => r.id));
		expect(pages).toBe(2);
		for (const reply of items) {
			expect(reply).toEqual({
				id: expect.any(Number),
				type: 'user-reply',
				content: { html: expect.any(String) },
				creator: expect.objectContaining({ type: 'internal' }),
				mentions: [],
				parent: { id: busy.id },
				createdAt: expect.any(String),
				updatedAt: null,
			});
		}
		const m = memo();
		const memoReplies = await fixture.api<Page<Note>>(`/v2/notes/${m.id}/replies?totalCount=true`);
		expect(memoReplies.body.data.map((r) => r.type).sort()).toEqual([
			'ai-notetaker-reply',
			'user-reply',
			'user-reply',
			'user-reply',
		]);
		expect(memoReplies.body.pagination.totalCount).toBe(4);
	});

	it('filters on creator.id, createdAt, updatedAt (not id); 404 for notes the caller cannot see', async () => {
		const m = memo();
		const replies = stored().filter((r) => r.parentId === m.id);
		const ids = async (filter: string) =>
			(
				await collect<Note>(
					fixture,
					`/v2/notes/${m.id}/replies?filter=${encodeURIComponent(filter)}`,
				)
			).items.map((n) => n.id);
		expect(await ids('creator.id = 5000004')).toEqual(
			replies.filter((r) => r.creatorPersonId === 5000004).map((r) => r.id),
		);
		expect(await ids(`createdAt > ${replies[1].createdAt.replace(/\.\d+Z$/, 'Z')}`)).toEqual(
			replies.slice(2).map((r) => r.id),
		);
		expect(await ids('updatedAt >= 2020-01-01')).toEqual(
			replies.filter((r) => r.updatedAt !== null).map((r) => r.id),
		);
		expect(
			await expect400(fixture, `/v2/notes/${m.id}/replies?filter=id%20%3D%201`, 'filter'),
		).toContain('Unknown property "id"');
		await expect400(fixture, `/v2/notes/${m.id}/replies?limit=101`, 'limit');
		expect(await statusOf(fixture, `/v2/notes/${custom().id}/replies`, MEMBER_KEY)).toBe(404);
		expect(
			(await fixture.api<Page<Note>>(`/v2/notes/${custom().id}/replies`)).body.data,
		).toHaveLength(1);
		const aReply = replies[0];
		expect((await fixture.api<Page<Note>>(`/v2/notes/${aReply.id}/replies`)).body.data).toEqual([]);
	});
});

describe('attached companies, persons and opportunities', () => {
	it('pages attached companies and persons 20 at a time, with totals', async () => {
		const m = memo();
		const companies = await collect<{ id: number; name: string; domain: string | null }>(
			fixture,
			`/v2/notes/${m.id}/attached-companies`,
		);
		expect(companies.items.map((c) => c.id)).toEqual([...m.companyIds].sort((a, b) => a - b));
		expect(companies.pages).toBe(6);
		expect(Object.keys(companies.items[0]).sort()).toEqual(['domain', 'id', 'name']);
		const counted = await fixture.api<Page>(
			`/v2/notes/${m.id}/attached-companies?limit=0&totalCount=true`,
		);
		expect(counted.body).toEqual({
			data: [],
			pagination: { prevUrl: null, nextUrl: null, totalCount: 120 },
		});
		const persons = await collect<{ id: number; type: string }>(
			fixture,
			`/v2/notes/${m.id}/attached-persons?limit=50`,
		);
		expect(persons.items).toHaveLength(105);
		expect(persons.pages).toBe(3);
		expect(Object.keys(persons.items[0]).sort()).toEqual([
			'firstName',
			'id',
			'lastName',
			'primaryEmailAddress',
			'type',
		]);
		await expect400(fixture, `/v2/notes/${m.id}/attached-persons?limit=101`, 'limit');
		await expect400(fixture, `/v2/notes/${m.id}/attached-companies?totalCount=maybe`, 'totalCount');
	});

	it('lists attached opportunities the caller can see; 404 for hidden or unknown notes', async () => {
		const m = memo();
		const admin = await fixture.api<Page<{ id: number; listId: number; name: string }>>(
			`/v2/notes/${m.id}/attached-opportunities?totalCount=true`,
		);
		expect(admin.body.data).toHaveLength(4);
		expect(admin.body.pagination.totalCount).toBe(4);
		const member = await fixture.api<Page<{ listId: number }>>(
			`/v2/notes/${m.id}/attached-opportunities`,
			MEMBER_KEY,
		);
		expect(member.body.data.map((o) => o.listId)).toEqual([101, 101, 101]);
		for (const what of ['attached-companies', 'attached-persons', 'attached-opportunities']) {
			expect(await statusOf(fixture, `/v2/notes/${custom().id}/${what}`, MEMBER_KEY)).toBe(404);
			expect(await statusOf(fixture, `/v2/notes/499999/${what}`)).toBe(404);
			await expect400(fixture, `/v2/notes/0/${what}`, 'noteId');
		}
	});
});

describe('transcripts (BETA)', () => {
	const transcriptsOf = (userId: number) =>
		[...fixture.emulator.store.transcripts.values()]
			.filter((t) => visibleTo(userId, fixture.emulator.store.notes.get(t.noteId)!))
			.sort((a, b) => a.id - b.id);

	it('lists the transcripts of notes the caller can see, with their note, without fragments', async () => {
		for (const [key, userId] of [
			[ADMIN_KEY, USERS.admin],
			[MEMBER_KEY, USERS.member],
		] as const) {
			const { items } = await collect<Transcript>(fixture, '/v2/transcripts', key);
			expect(items.map((t) => t.id)).toEqual(transcriptsOf(userId).map((t) => t.id));
			for (const t of items) {
				expect(Object.keys(t).sort()).toEqual(['createdAt', 'id', 'languageCode', 'note']);
				expect(['ai-notetaker', 'ai-notetaker-reply']).toContain(t.note.type);
				expect(t.note.transcriptId).toBe(t.id);
			}
		}
		expect(transcriptsOf(USERS.admin).length).toBeGreaterThan(transcriptsOf(USERS.member).length);
		const counted = await fixture.api<Page<Transcript>>('/v2/transcripts?limit=1&totalCount=true');
		expect(counted.body.data).toHaveLength(1);
		expect(counted.body.pagination.totalCount).toBe(transcriptsOf(USERS.admin).length);
	});

	it('filters on id (=) and createdAt (> < >= <=)', async () => {
		const all = transcriptsOf(USERS.admin);
		const ids = async (filter: string) =>
			(
				await collect<Transcript>(fixture, `/v2/transcripts?filter=${encodeURIComponent(filter)}`)
			).items.map((t) => t.id);
		expect(await ids(`id = ${all[1].id}`)).toEqual([all[1].id]);
		const cut = all[0].createdAt.replace(/\.\d+Z$/, 'Z');
		expect(await ids(`createdAt > ${cut}`)).toEqual(
			all.filter((t) => Date.parse(t.createdAt) > Date.parse(cut)).map((t) => t.id),
		);
		expect(await ids(`createdAt <= ${cut}`)).toEqual(
			all.filter((t) => Date.parse(t.createdAt) <= Date.parse(cut)).map((t) => t.id),
		);
		expect(await expect400(fixture, '/v2/transcripts?filter=id%20%3E%201', 'filter')).toContain(
			'Operator ">"',
		);
		expect(
			await expect400(fixture, '/v2/transcripts?filter=languageCode%20%3D%20en', 'filter'),
		).toContain('Unknown property');
		await expect400(fixture, '/v2/transcripts?limit=101', 'limit');
	});

	it('returns one with the first 100 fragments and their total; pages all fragments 20 at a time', async () => {
		const long = transcriptsOf(USERS.admin).find((t) => t.fragments.length > 100)!;
		const one = await fixture.api<Transcript>(`/v2/transcripts/${long.id}`);
		expect(one.body.fragmentsPreview!.data).toHaveLength(100);
		expect(one.body.fragmentsPreview!.totalCount).toBe(long.fragments.length);
		expect(one.body.fragmentsPreview!.data[0]).toEqual(long.fragments[0]);
		expect(one.body.note.type).toBe('ai-notetaker-reply');
		const { items, pages } = await collect<{
			speaker: string;
			content: string;
			startTimestamp: string;
			endTimestamp: string;
		}>(fixture, `/v2/transcripts/${long.id}/fragments`);
		expect(items).toEqual(long.fragments);
		expect(pages).toBe(Math.ceil(long.fragments.length / 20));
		const counted = await fixture.api<Page>(
			`/v2/transcripts/${long.id}/fragments?limit=0&totalCount=true`,
		);
		expect(counted.body.pagination.totalCount).toBe(long.fragments.length);
		await expect400(fixture, `/v2/transcripts/${long.id}/fragments?limit=101`, 'limit');
	});

	it('404 for transcripts of notes the caller cannot see and unknown ids; 400 out of range', async () => {
		const hidden = transcriptsOf(USERS.admin).find(
			(t) => !visibleTo(USERS.member, fixture.emulator.store.notes.get(t.noteId)!),
		)!;
		expect(await statusOf(fixture, `/v2/transcripts/${hidden.id}`, ADMIN_KEY)).toBe(200);
		expect(await statusOf(fixture, `/v2/transcripts/${hidden.id}`, MEMBER_KEY)).toBe(404);
		expect(await statusOf(fixture, `/v2/transcripts/${hidden.id}/fragments`, MEMBER_KEY)).toBe(404);
		expect(await statusOf(fixture, '/v2/transcripts/99999')).toBe(404);
		await expect400(fixture, '/v2/transcripts/0', 'transcriptId');
		await expect400(fixture, '/v2/transcripts/2147483648/fragments', 'transcriptId');
	});
});

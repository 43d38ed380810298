import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

/** Note and transcript operations through the real engine. */
const fixture = new EmulatorFixture();

const fromList = (value: string | number) => ({ __rl: true, mode: 'list', value: String(value) });
const run = (parameters: IDataObject, extra: Partial<Parameters<typeof runAffinityNode>[0]> = {}) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters, ...extra });
const conditions = (...list: Array<{ property: string; operator: string; value?: unknown }>) => ({
	conditions: list,
});

interface Note {
	id: number;
	type: string;
	content: { html: string | null };
	creator: { id: number };
	createdAt: string;
	updatedAt: string | null;
	permissions?: { sharingType: string };
}
interface Transcript {
	id: number;
	createdAt: string;
}

async function all<T>(path: string, key?: string): Promise<T[]> {
	const out: T[] = [];
	let next: string | null = path;
	while (next) {
		const page: { body: { data: T[]; pagination: { nextUrl: string | null } } } = await fixture.api(
			next,
			key,
		);
		out.push(...page.body.data);
		next = page.body.pagination.nextUrl
			? new URL(page.body.pagination.nextUrl).pathname +
				new URL(page.body.pagination.nextUrl).search
			: null;
	}
	return out;
}

let notes: Note[] = [];
let memo: Note;
let transcripts: Transcript[] = [];

beforeAll(async () => {
	await fixture.start();
	notes = await all<Note>('/v2/notes?limit=100');
	memo = notes.find((n) => n.content.html?.includes('Portfolio review')) as Note;
	transcripts = await all<Transcript>('/v2/transcripts?limit=100');
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

describe('note.get', () => {
	it('gets a note picked from the list, with the extras asked for', async () => {
		const result = await run({
			resource: 'note',
			operation: 'get',
			noteId: fromList(memo.id),
			includes: ['repliesCount', 'companiesPreview'],
		});
		expect(result.error).toBeUndefined();
		const [note] = result.items;
		expect(note).toMatchObject({
			id: memo.id,
			type: 'entities',
			content: memo.content,
			repliesCount: expect.any(Number),
		});
		expect(note.companiesPreview).toEqual({ data: expect.any(Array), totalCount: 120 });
		expect((note.companiesPreview as { data: unknown[] }).data).toHaveLength(100);
		const [request] = await fixture.requests();
		expect(new URLSearchParams(request.query).getAll('includes')).toEqual([
			'repliesCount',
			'companiesPreview',
		]);
	});

	it("another user's private note is 404 for them; an id beyond int32 is refused before any request", async () => {
		const memberNotes = await all<Note>('/v2/notes?limit=100', MEMBER_KEY);
		const unseen = notes.find((n) => !memberNotes.some((m) => m.id === n.id)) as Note;
		expect(unseen.permissions?.sharingType).not.toBe('public');
		const hidden = await run(
			{ resource: 'note', operation: 'get', noteId: byId(unseen.id) },
			{ credentials: fixture.credentials(MEMBER_KEY) },
		);
		expect(hidden.error?.message).toBe(`Note ${unseen.id} not found`);
		await fixture.clearRequests();
		const tooBig = await run({ resource: 'note', operation: 'get', noteId: byId(2147483648) });
		expect(tooBig.error?.message).toBe('Invalid Note ID: got "2147483648"');
		expect(await fixture.requests()).toHaveLength(0);
	});
});

describe('note.getAll', () => {
	it('filters by creator and a date range, AND-combined; values from item data', async () => {
		const creator = notes[0].creator.id;
		const from = '2025-10-01T00:00:00Z';
		const result = await run(
			{
				resource: 'note',
				operation: 'getAll',
				filterMode: 'conditions',
				filterConditions: conditions(
					{ property: 'creator.id', operator: 'equals', value: '={{ $json.creator }}' },
					{ property: 'createdAt', operator: 'greaterThanOrEqual', value: '={{ $json.from }}' },
				),
				returnAll: true,
			},
			{ items: [{ creator, from }] },
		);
		expect(result.error).toBeUndefined();
		const expected = notes.filter(
			(n) => n.creator.id === creator && Date.parse(n.createdAt) >= Date.parse(from),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(result.items.map((n) => n.id)).toEqual(expected.map((n) => n.id));
		const [request] = await fixture.requests();
		expect(new URLSearchParams(request.query).get('filter')).toBe(
			`creator.id = ${creator} & createdAt >= ${from}`,
		);
	});

	it('Total Count Only sends limit=0 and totalCount=true, once', async () => {
		const result = await run({ resource: 'note', operation: 'getAll', output: 'totalCount' });
		expect(result.items).toEqual([{ totalCount: notes.length }]);
		const log = await fixture.requests();
		expect(log).toHaveLength(1);
		expect(Object.fromEntries(new URLSearchParams(log[0].query))).toEqual({
			limit: '0',
			totalCount: 'true',
		});
	});

	it('refuses what the notes filter cannot take, naming the condition, before any request', async () => {
		await fixture.clearRequests();
		const operator = await run({
			resource: 'note',
			operation: 'getAll',
			filterMode: 'conditions',
			filterConditions: conditions({
				property: 'createdAt',
				operator: 'equals',
				value: '2025-01-01',
			}),
			returnAll: true,
		});
		expect(operator.error?.message).toBe(
			'Invalid filter: Condition 1 (Created At (createdAt)): the operator "is equal to" is not available for this property',
		);
		const date = await run({
			resource: 'note',
			operation: 'getAll',
			filterMode: 'conditions',
			filterConditions: conditions(
				{ property: 'id', operator: 'equals', value: '1' },
				{ property: 'updatedAt', operator: 'lessThan', value: 'last tuesday' },
			),
			returnAll: true,
		});
		expect(date.error?.message).toBe(
			'Invalid filter: Condition 2 (Updated At (updatedAt)): "last tuesday" is not a date',
		);
		const id = await run({
			resource: 'note',
			operation: 'getAll',
			filterMode: 'conditions',
			filterConditions: conditions({ property: 'id', operator: 'equals', value: '1 | id = 2' }),
			returnAll: true,
		});
		expect(id.error?.message).toBe(
			'Invalid filter: Condition 1 (ID (id)): "1 | id = 2" is not a whole number',
		);
		expect(await fixture.requests()).toHaveLength(0);
	});
});

describe('note.getReplies', () => {
	const withReplies = () => notes[0];

	it('returns every reply over several pages, a limit, or just the count', async () => {
		const replies = await all<Note>(`/v2/notes/${withReplies().id}/replies?limit=100`);
		expect(replies.length).toBeGreaterThan(20);
		const everything = await run({
			resource: 'note',
			operation: 'getReplies',
			noteId: byId(withReplies().id),
			returnAll: true,
		});
		expect(everything.items.map((r) => r.id)).toEqual(replies.map((r) => r.id));
		expect(everything.items[0]).toMatchObject({
			type: 'user-reply',
			parent: { id: withReplies().id },
		});
		await fixture.clearRequests();
		const five = await run({
			resource: 'note',
			operation: 'getReplies',
			noteId: byId(withReplies().id),
			returnAll: false,
			limit: 5,
		});
		expect(five.items).toHaveLength(5);
		expect(new URLSearchParams((await fixture.requests())[0].query).get('limit')).toBe('5');
		const count = await run({
			resource: 'note',
			operation: 'getReplies',
			noteId: byId(withReplies().id),
			output: 'totalCount',
		});
		expect(count.items).toEqual([{ totalCount: replies.length }]);
	});

	it('filters replies by creator', async () => {
		const replies = await all<Note>(`/v2/notes/${withReplies().id}/replies?limit=100`);
		const creator = replies[0].creator.id;
		const result = await run({
			resource: 'note',
			operation: 'getReplies',
			noteId: byId(withReplies().id),
			filterMode: 'conditions',
			filterConditions: conditions({
				property: 'creator.id',
				operator: 'equals',
				value: String(creator),
			}),
			returnAll: true,
		});
		expect(result.items.map((r) => r.id)).toEqual(
			replies.filter((r) => r.creator.id === creator).map((r) => r.id),
		);
	});

	it('404 for a note that does not exist', async () => {
		const result = await run({
			resource: 'note',
			operation: 'getReplies',
			noteId: byId(499999),
			returnAll: true,
		});
		expect(result.error?.message).toBe('Note 499999 not found');
		expect(result.error?.description).toMatch(/note with ID 499999/);
	});
});

describe('note.getAttached*', () => {
	it.each([
		['getAttachedCompanies', 120, ['id', 'name', 'domain']],
		['getAttachedPersons', 105, ['id', 'firstName', 'lastName', 'primaryEmailAddress', 'type']],
	])(
		'%s: every attached record (%i, over two pages) and the count',
		async (operation, total, keys) => {
			const result = await run({
				resource: 'note',
				operation,
				noteId: byId(memo.id),
				returnAll: true,
			});
			expect(result.items).toHaveLength(total);
			expect(Object.keys(result.items[0]).sort()).toEqual([...keys].sort());
			const log = await fixture.requests();
			expect(log.map((r) => new URLSearchParams(r.query).get('limit'))).toEqual(['100', '100']);
			const count = await run({
				resource: 'note',
				operation,
				noteId: byId(memo.id),
				output: 'totalCount',
			});
			expect(count.items).toEqual([{ totalCount: total }]);
		},
	);

	it('getAttachedOpportunities: the admin sees an opportunity of a private list that a member does not', async () => {
		const admin = await run({
			resource: 'note',
			operation: 'getAttachedOpportunities',
			noteId: byId(memo.id),
			returnAll: true,
		});
		const member = await run(
			{
				resource: 'note',
				operation: 'getAttachedOpportunities',
				noteId: byId(memo.id),
				returnAll: true,
			},
			{ credentials: fixture.credentials(MEMBER_KEY) },
		);
		expect(admin.items.length).toBe(member.items.length + 1);
		expect(admin.items[0]).toEqual({
			id: expect.any(Number),
			name: expect.any(String),
			listId: expect.any(Number),
			listName: expect.any(String),
			isRestricted: expect.any(Boolean),
			isRedacted: expect.any(Boolean),
		});
	});

	it('404 for a note that does not exist, on all three', async () => {
		for (const operation of [
			'getAttachedCompanies',
			'getAttachedOpportunities',
			'getAttachedPersons',
		]) {
			const result = await run({
				resource: 'note',
				operation,
				noteId: byId(499999),
				returnAll: true,
			});
			expect(result.error?.httpCode).toBe('404');
		}
	});
});

describe('transcripts (BETA)', () => {
	it('getAll filters by creation date, and counts', async () => {
		const sorted = [...transcripts].sort(
			(a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
		);
		const middle = sorted[Math.floor(sorted.length / 2)].createdAt;
		const result = await run({
			resource: 'transcript',
			operation: 'getAll',
			filterMode: 'conditions',
			filterConditions: conditions({ property: 'createdAt', operator: 'lessThan', value: middle }),
			returnAll: true,
		});
		const expected = transcripts.filter((t) => Date.parse(t.createdAt) < Date.parse(middle));
		expect(expected.length).toBeGreaterThan(0);
		expect(result.items.map((t) => t.id)).toEqual(expected.map((t) => t.id));
		expect(result.items[0]).toMatchObject({
			languageCode: expect.any(String),
			note: { type: expect.stringMatching(/^ai-notetaker/) },
		});
		const count = await run({ resource: 'transcript', operation: 'getAll', output: 'totalCount' });
		expect(count.items).toEqual([{ totalCount: transcripts.length }]);
	});

	it('get gives the first 100 fragments and their total; getFragments gives them all, paged', async () => {
		const details = await Promise.all(
			transcripts.map((t) =>
				fixture.api<{ fragmentsPreview: { totalCount: number } }>(`/v2/transcripts/${t.id}`),
			),
		);
		const index = details.findIndex((d) => d.body.fragmentsPreview.totalCount > 100);
		const long = transcripts[index];
		const total = details[index].body.fragmentsPreview.totalCount;
		await fixture.clearRequests();
		const one = await run({
			resource: 'transcript',
			operation: 'get',
			transcriptId: fromList(long.id),
		});
		expect(one.items[0].id).toBe(long.id);
		expect((one.items[0].fragmentsPreview as { data: unknown[] }).data).toHaveLength(100);
		const fragments = await run({
			resource: 'transcript',
			operation: 'getFragments',
			transcriptId: byId(long.id),
			returnAll: true,
		});
		expect(fragments.items).toHaveLength(total);
		expect(Object.keys(fragments.items[0]).sort()).toEqual([
			'content',
			'endTimestamp',
			'speaker',
			'startTimestamp',
		]);
		const count = await run({
			resource: 'transcript',
			operation: 'getFragments',
			transcriptId: byId(long.id),
			output: 'totalCount',
		});
		expect(count.items).toEqual([{ totalCount: total }]);
	});

	it('404 for an unknown transcript; an id filter that is not a number is refused before any request', async () => {
		for (const operation of ['get', 'getFragments']) {
			const result = await run({
				resource: 'transcript',
				operation,
				transcriptId: byId(99999),
				returnAll: true,
			});
			expect(result.error?.message).toBe('Transcript 99999 not found');
		}
		await fixture.clearRequests();
		const bad = await run({
			resource: 'transcript',
			operation: 'getAll',
			filterMode: 'conditions',
			filterConditions: conditions({ property: 'id', operator: 'equals', value: 'abc' }),
			returnAll: true,
		});
		expect(bad.error?.message).toBe(
			'Invalid filter: Condition 1 (ID (id)): "abc" is not a whole number',
		);
		expect(await fixture.requests()).toHaveLength(0);
	});
});

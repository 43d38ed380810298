import type { IDataObject } from 'n8n-workflow';

import { DEMO_KEYS } from '../../emulator';
import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

/**
 * The operations that exist only from API version 2026-09-17 on: Team → Get and Get Many,
 * File → Get and Get Many (v2), Transcript → Delete. On 2026-09-17 each calls its v2 endpoint;
 * on a credential saved with 2026-07-15 each fails before any request, naming the credential's
 * API Version.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const CURRENT_KEY = DEMO_KEYS.find((k) => k.label === 'current')!.key;
const SEPTEMBER = { apiVersion: '2026-09-17' };
const JULY = { apiVersion: '2026-07-15' };

const run = (apiVersion: { apiVersion: string }, parameters: IDataObject, key = ADMIN_KEY) =>
	runAffinityNode({ credentials: fixture.credentials(key, apiVersion), parameters });

const calls = async () => (await fixture.requests()).map((r) => `${r.method} ${r.path}`);

/** A transcript whose AI notetaker note the admin wrote (only its creator may delete it). */
function adminTranscript(): number {
	const { store } = fixture.emulator;
	for (const t of store.transcripts.values()) {
		if (store.notes.get(t.noteId)?.creatorPersonId === SEEDED_USERS.admin) return t.id;
	}
	throw new Error('no transcript of the admin in the seed');
}

describe('Team', () => {
	it('Get Many lists the teams by name, with members and accessible lists previews', async () => {
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, {
			resource: 'team',
			operation: 'getAll',
			returnAll: true,
			includes: ['membersPreview', 'accessibleListsPreview'],
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((t) => t.name)).toEqual([
			'Everyone',
			'Investments',
			'New Hires',
			'Platform',
		]);
		const investments = result.items.find((t) => t.name === 'Investments')!;
		const members = investments.membersPreview as { data: IDataObject[]; totalCount: number };
		expect(members.totalCount).toBe(3);
		expect(members.data.map((m) => (m.user as IDataObject).id)).toContain(SEEDED_USERS.admin);
		const lists = investments.accessibleListsPreview as { data: IDataObject[] };
		expect(lists.data.map((l) => l.name)).toEqual(
			expect.arrayContaining(['Deal Pipeline', 'Target Accounts']),
		);
		const log = await fixture.requests();
		expect(log.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/teams']);
		expect(new URLSearchParams(log[0].query).getAll('includes')).toEqual([
			'membersPreview',
			'accessibleListsPreview',
		]);
		expectNoKey(result);
	});

	it('Get Many filters by name, orders and counts', async () => {
		const filtered = await run(SEPTEMBER, {
			resource: 'team',
			operation: 'getAll',
			returnAll: true,
			order: '-name',
			filterMode: 'conditions',
			filterConditions: { conditions: [{ property: 'name', operator: 'startsWith', value: 'P' }] },
		});
		expect(filtered.error).toBeUndefined();
		expect(filtered.items.map((t) => t.name)).toEqual(['Platform']);
		expect(filtered.items[0].membersPreview).toBeUndefined();
		const ordered = await run(SEPTEMBER, {
			resource: 'team',
			operation: 'getAll',
			returnAll: true,
			order: '-name',
		});
		expect(ordered.items.map((t) => t.name)).toEqual([
			'Platform',
			'New Hires',
			'Investments',
			'Everyone',
		]);
		const count = await run(SEPTEMBER, {
			resource: 'team',
			operation: 'getAll',
			output: 'totalCount',
		});
		expect(count.items).toEqual([{ totalCount: 4 }]);
	});

	it('Get reads one team; an unknown one is a clear not-found', async () => {
		const all = await run(SEPTEMBER, { resource: 'team', operation: 'getAll', returnAll: true });
		const platform = all.items.find((t) => t.name === 'Platform')!;
		await fixture.clearRequests();
		const one = await run(SEPTEMBER, {
			resource: 'team',
			operation: 'get',
			teamId: String(platform.id),
			includes: ['membersPreview'],
		});
		expect(one.error).toBeUndefined();
		expect(one.items[0]).toMatchObject({ id: platform.id, name: 'Platform' });
		expect((one.items[0].membersPreview as IDataObject).totalCount).toBe(2);
		expect(await calls()).toEqual([`GET /v2/teams/${platform.id as number}`]);
		const missing = await run(SEPTEMBER, { resource: 'team', operation: 'get', teamId: '999999' });
		expect(missing.error?.message).toMatch(/Team 999999 not found/);
	});

	it('Get refuses a Team ID that is no whole number before any request', async () => {
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, { resource: 'team', operation: 'get', teamId: 'abc' });
		expect(result.error?.message).toMatch(/Team ID/);
		expect(await calls()).toEqual([]);
	});

	it('with the key’s default on a key of 2026-09-17 reads teams after learning the version', async () => {
		await fixture.clearRequests();
		const result = await run(
			{ apiVersion: '' },
			{ resource: 'team', operation: 'getAll', returnAll: true },
			CURRENT_KEY,
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(4);
		expect(await calls()).toEqual(['GET /v2/auth/whoami', 'GET /v2/teams']);
	});
});

describe('File (v2)', () => {
	it('Get Many lists files newest first; Get gives one with its download link', async () => {
		await fixture.clearRequests();
		const many = await run(SEPTEMBER, { resource: 'file', operation: 'getAll', limit: 5 });
		expect(many.error).toBeUndefined();
		expect(many.items).toHaveLength(5);
		const times = many.items.map((f) => Date.parse(f.createdAt as string));
		expect([...times].sort((a, b) => b - a)).toEqual(times);
		expect(await calls()).toEqual(['GET /v2/files']);
		const fileId = many.items[0].id as number;
		await fixture.clearRequests();
		const one = await run(SEPTEMBER, {
			resource: 'file',
			operation: 'get',
			fileId: String(fileId),
		});
		expect(one.error).toBeUndefined();
		expect(one.items[0]).toMatchObject({ id: fileId, name: many.items[0].name });
		expect(typeof one.items[0].downloadUrl).toBe('string');
		expect(await calls()).toEqual([`GET /v2/files/${fileId}`]);
		expectNoKey(many, one);
	});

	it('Get Many filters by upload date and counts', async () => {
		// One file uploaded later than the seeded ones.
		const later = fixture.emulator.store.files.get(2)!;
		later.createdAt = '2026-10-01T12:00:00Z';
		const all = await run(SEPTEMBER, { resource: 'file', operation: 'getAll', returnAll: true });
		expect(all.items[0].id).toBe(2);
		const count = await run(SEPTEMBER, {
			resource: 'file',
			operation: 'getAll',
			output: 'totalCount',
		});
		expect(count.items).toEqual([{ totalCount: all.items.length }]);
		const after = await run(SEPTEMBER, {
			resource: 'file',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: {
				conditions: [
					{ property: 'createdAt', operator: 'greaterThanOrEqual', value: '2026-10-01T00:00:00Z' },
				],
			},
		});
		expect(after.error).toBeUndefined();
		expect(after.items.map((f) => f.id)).toEqual([2]);
		expect(all.items.length).toBeGreaterThan(1);
	});
});

describe('Transcript → Delete', () => {
	it('deletes a transcript of the admin; Get then says not found; the note reads transcriptId null', async () => {
		const transcriptId = adminTranscript();
		const noteId = fixture.emulator.store.transcripts.get(transcriptId)!.noteId;
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, {
			resource: 'transcript',
			operation: 'delete',
			transcriptId: byId(transcriptId),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([{ success: true, transcriptId }]);
		expect(await calls()).toEqual([`DELETE /v2/transcripts/${transcriptId}`]);
		const read = await run(SEPTEMBER, {
			resource: 'transcript',
			operation: 'get',
			transcriptId: byId(transcriptId),
		});
		expect(read.error?.message).toMatch(new RegExp(`Transcript ${transcriptId} not found`));
		const note = await fixture.api<IDataObject>(`/v2/notes/${noteId}`, CURRENT_KEY);
		expect(note.body.transcriptId).toBeNull();
	});
});

describe('on a credential saved with 2026-07-15', () => {
	it.each([
		['Team → Get', { resource: 'team', operation: 'get', teamId: '1' }],
		['Team → Get Many', { resource: 'team', operation: 'getAll', returnAll: true }],
		['File → Get', { resource: 'file', operation: 'get', fileId: '1' }],
		['File → Get Many', { resource: 'file', operation: 'getAll', returnAll: true }],
		[
			'Transcript → Delete',
			{ resource: 'transcript', operation: 'delete', transcriptId: byId(801) },
		],
	])('%s fails before any request, naming the API Version', async (what, parameters) => {
		await fixture.clearRequests();
		const result = await run(JULY, parameters as IDataObject);
		expect(result.error?.message).toBe(
			`${what} needs Affinity API version 2026-09-17 or later; the credential's API Version is 2026-07-15`,
		);
		expect(result.error?.description).toMatch(/Set API Version to 2026-09-17/);
		expect(await calls()).toEqual([]);
	});

	it('the key’s default of 2026-07-15: one whoami to learn it, then the same error', async () => {
		await fixture.clearRequests();
		const result = await run({ apiVersion: '' }, { resource: 'team', operation: 'getAll' });
		expect(result.error?.message).toMatch(/Team → Get Many needs Affinity API version 2026-09-17/);
		expect(await calls()).toEqual(['GET /v2/auth/whoami']);
	});
});

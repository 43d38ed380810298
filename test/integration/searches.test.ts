import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../emulator/seed';
import { EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { loadOptionsHarness } from '../harness/loadOptions';
import { byId } from '../harness/ids';

/** note.search, file.search and company.semanticSearch through the real engine. */
const fixture = new EmulatorFixture();

const run = (parameters: IDataObject) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters });
const store = () => fixture.emulator.store;
const lastBody = async () =>
	JSON.parse(
		(await fixture.requests()).filter((r) => r.method === 'POST').at(-1)!.body!,
	) as IDataObject;

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

describe('note.search', () => {
	it('finds notes by keyword, most relevant first, with a passage; scoped to chosen notes or a company', async () => {
		const all = await run({ resource: 'note', operation: 'search', prompt: 'roadmap', limit: 100 });
		expect(all.error).toBeUndefined();
		expect(all.items.length).toBeGreaterThan(3);
		expect(all.items[0]).toEqual({
			note: { id: expect.any(Number), kind: expect.any(String) },
			preview: expect.stringMatching(/roadmap/i),
		});
		const chosen = all.items.slice(0, 2).map((r) => (r.note as IDataObject).id as number);
		const some = await run({
			resource: 'note',
			operation: 'search',
			prompt: 'roadmap',
			scope: 'ids',
			noteIds: chosen.join(', '),
		});
		expect(some.items.map((r) => (r.note as IDataObject).id).sort()).toEqual([...chosen].sort());
		expect(await lastBody()).toEqual({ prompt: 'roadmap', limit: 50, noteIds: chosen });
		const note = [...store().notes.values()].find(
			(n) => n.companyIds.length && /roadmap/.test(n.html ?? '') && n.sharingType === 'public',
		)!;
		const ofCompany = await run({
			resource: 'note',
			operation: 'search',
			prompt: 'roadmap',
			scope: 'company',
			companyId: byId(note.companyIds[0]),
		});
		expect(ofCompany.items.map((r) => (r.note as IDataObject).id)).toContain(note.id);
		expect(await lastBody()).toEqual({
			prompt: 'roadmap',
			limit: 50,
			companyId: note.companyIds[0],
		});
	});

	it('a prompt under 3 characters, or a bad note id, is refused before any request', async () => {
		await fixture.clearRequests();
		expect(
			(await run({ resource: 'note', operation: 'search', prompt: 'ab' })).error?.message,
		).toBe('The prompt must be 3 to 500 characters');
		expect(
			(
				await run({
					resource: 'note',
					operation: 'search',
					prompt: 'roadmap',
					scope: 'ids',
					noteIds: '12, x',
				})
			).error?.message,
		).toBe('Invalid Note IDs: got "x"');
		expect(await fixture.requests()).toEqual([]);
	});
});

describe('file.search', () => {
	it('finds files by keyword with the page the passage is on; an unknown company is a 404', async () => {
		const file = [...store().files.values()].find((f) => f.paged && f.companyId !== null)!;
		const word = file.pages[1].split(': our ')[1].split('.')[0];
		const result = await run({
			resource: 'file',
			operation: 'search',
			prompt: word,
			scope: 'company',
			companyId: byId(file.companyId!),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toContainEqual({
			file: { id: file.id, name: file.name },
			record: {
				type: 'company',
				id: file.companyId,
				name: store().companies.get(file.companyId!)!.name,
			},
			pageNumber: 2,
			preview: expect.stringContaining(word),
		});
		const missing = await run({
			resource: 'file',
			operation: 'search',
			prompt: word,
			scope: 'company',
			companyId: byId(3999999),
		});
		expect(missing.error?.message).toBe('Company 3999999 not found');
	});
});

describe('company.semanticSearch', () => {
	it('ranks companies by the prompt, keeping the explanation and scores; scoped to lists', async () => {
		const result = await run({
			resource: 'company',
			operation: 'semanticSearch',
			prompt: 'robotics companies',
			limit: 10,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		expect(result.items[0]).toMatchObject({
			name: expect.stringMatching(/Robotics/),
			score: '1.00',
			explanation: expect.stringContaining('"robotics"'),
		});
		expect(await lastBody()).toEqual({
			entityType: 'companies',
			prompt: 'robotics companies',
			limit: 10,
		});
		const onList = await run({
			resource: 'company',
			operation: 'semanticSearch',
			prompt: 'robotics',
			listIds: ['104'],
			output: 'whole',
		});
		const board = new Set(
			store()
				.entriesByList.get(104)!
				.map((e) => e.entityId),
		);
		const [whole] = onList.items;
		expect(whole).toMatchObject({ entityType: 'companies', explanation: expect.any(String) });
		expect((whole.data as IDataObject[]).every((c) => board.has(c.id as number))).toBe(true);
	});

	it('a list that does not exist is a 404', async () => {
		const result = await run({
			resource: 'company',
			operation: 'semanticSearch',
			prompt: 'robotics',
			listIds: ['999'],
		});
		expect(result.error?.message).toBe('List: list 999 was not found');
	});
});

describe('company.semanticSearch list picker (getCompanyLists)', () => {
	it('offers the company lists the key may see, by name', async () => {
		const parameters = { resource: 'company', operation: 'semanticSearch' };
		const admin = await loadOptionsHarness(parameters, fixture.credentials()).loadOptions(
			'getCompanyLists',
		);
		const visible = (userId: number) =>
			[...store().lists.values()]
				.filter(
					(l) =>
						l.type === 'company' &&
						(l.isPublic || l.ownerId === userId || l.sharedWith.includes(userId)),
				)
				.map((l) => ({ name: l.name, value: String(l.id) }))
				.sort((a, b) => a.name.localeCompare(b.name));
		expect(admin.map(({ name, value }) => ({ name, value }))).toEqual(visible(SEEDED_USERS.admin));
		const member = await loadOptionsHarness(
			parameters,
			fixture.credentials(MEMBER_KEY),
		).loadOptions('getCompanyLists');
		expect(member.map(({ name, value }) => ({ name, value }))).toEqual(
			visible(SEEDED_USERS.member),
		);
		expect(member.length).toBeLessThan(admin.length);
	});
});

import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../emulator/seed';
import { EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';

/** user.getAll and merge.getSuggestions (with the way on to Merge → Start) through the real engine. */
const fixture = new EmulatorFixture();

const byId = (value: unknown) => ({ __rl: true, mode: 'id', value: String(value) });
const run = (parameters: IDataObject, key?: string) =>
	runAffinityNode({ credentials: fixture.credentials(key), parameters });
const conditions = (...list: Array<{ property: string; operator: string; value?: unknown }>) => ({
	conditions: list,
});

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

describe('user.getAll', () => {
	it('lists the team, by term and by status', async () => {
		const all = await run({ resource: 'user', operation: 'getAll', returnAll: true });
		expect(all.error).toBeUndefined();
		// Users are persons: their ids are the seeded users' person ids.
		expect(all.items.map((u) => u.id)).toEqual(Object.values(SEEDED_USERS).sort((x, y) => x - y));
		expect(all.items[0]).toHaveProperty('role');
		const byTerm = await run({
			resource: 'user',
			operation: 'getAll',
			returnAll: true,
			term: 'MORG',
		});
		expect(byTerm.items.map((u) => u.firstName)).toEqual(['Morgan']);
		const active = await run({
			resource: 'user',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({ property: 'status', operator: 'equals', value: 'active' }),
		});
		expect(active.items.every((u) => u.status === 'active')).toBe(true);
		expect(active.items).toHaveLength(4);
		const member = await run({ resource: 'user', operation: 'getAll', limit: 1 }, MEMBER_KEY);
		expect(member.items[0]).not.toHaveProperty('role');
	});

	it('an unknown filter property is refused by Affinity, named in the error', async () => {
		const result = await run({
			resource: 'user',
			operation: 'getAll',
			limit: 2,
			filterMode: 'raw',
			filterRaw: 'role=admin',
		});
		expect(result.error?.message).toMatch(/role/);
	});
});

describe('merge.getSuggestions', () => {
	it('lists company suggestions with the ids Start takes; starting that merge makes the suggestion go', async () => {
		const result = await run({
			resource: 'merge',
			operation: 'getSuggestions',
			entityType: 'company',
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(2);
		const [first] = result.items;
		expect(first).toMatchObject({
			matchCriteria: expect.any(String),
			primaryCompanyId: (first.primaryProfile as IDataObject).id,
			duplicateCompanyId: ((first.duplicateProfiles as IDataObject[])[0] as IDataObject).id,
		});
		const names = result.items.map((s) => (s.primaryProfile as IDataObject).name as string);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		const started = await run({
			resource: 'merge',
			operation: 'start',
			entityType: 'company',
			primaryCompanyId: byId(first.primaryCompanyId),
			duplicateCompanyId: byId(first.duplicateCompanyId),
		});
		expect(started.error).toBeUndefined();
		const after = await run({
			resource: 'merge',
			operation: 'getSuggestions',
			entityType: 'company',
			returnAll: true,
		});
		expect(after.items.map((s) => s.id)).not.toContain(first.id);
	});

	it('person suggestions by match criteria, or their count; a member without Manage duplicates gets 403', async () => {
		const intelligent = await run({
			resource: 'merge',
			operation: 'getSuggestions',
			entityType: 'person',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({
				property: 'matchCriteria',
				operator: 'equals',
				value: 'intelligent',
			}),
		});
		expect(intelligent.error).toBeUndefined();
		expect(intelligent.items.length).toBeGreaterThan(0);
		expect(
			intelligent.items.every(
				(s) => s.matchCriteria === 'intelligent' && typeof s.primaryPersonId === 'number',
			),
		).toBe(true);
		const count = await run({
			resource: 'merge',
			operation: 'getSuggestions',
			entityType: 'person',
			output: 'totalCount',
		});
		expect((count.items[0].totalCount as number) >= intelligent.items.length).toBe(true);
		const member = await run(
			{ resource: 'merge', operation: 'getSuggestions', entityType: 'person', limit: 5 },
			MEMBER_KEY,
		);
		expect(member.error?.message).toMatch(/Manage duplicates|permission|403/i);
	});
});

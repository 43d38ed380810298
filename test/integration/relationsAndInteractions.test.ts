import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

/**
 * Interactions, notes of an entity, a person's lists, relationships and inferred connections
 * through the real engine.
 */
const fixture = new EmulatorFixture();

const run = (parameters: IDataObject, key?: string) =>
	runAffinityNode({ credentials: fixture.credentials(key), parameters });
const conditions = (...list: Array<{ property: string; operator: string; value?: unknown }>) => ({
	conditions: list,
});
const store = () => fixture.emulator.store;

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

describe('interaction.getAll', () => {
	it.each([
		['call', 'startTime'],
		['chatMessage', 'sentAt'],
		['email', 'sentAt'],
		['meeting', 'startTime'],
	])('lists %s interactions, filtered on %s', async (interactionType, timeProperty) => {
		const all = await run({
			resource: 'interaction',
			operation: 'getAll',
			interactionType,
			returnAll: true,
		});
		expect(all.error).toBeUndefined();
		expect(all.items.length).toBeGreaterThan(10);
		const times = all.items.map((i) => i[timeProperty] as string).sort();
		const pivot = times[Math.floor(times.length / 2)];
		const recent = await run({
			resource: 'interaction',
			operation: 'getAll',
			interactionType,
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({
				property: timeProperty,
				operator: 'greaterThan',
				value: pivot,
			}),
		});
		expect(recent.error).toBeUndefined();
		expect(recent.items.map((i) => i.id)).toEqual(
			all.items.filter((i) => (i[timeProperty] as string) > pivot).map((i) => i.id),
		);
	});

	it('an email filter on startTime is refused by Affinity with its message', async () => {
		const result = await run({
			resource: 'interaction',
			operation: 'getAll',
			interactionType: 'email',
			limit: 5,
			filterMode: 'raw',
			filterRaw: 'startTime>2026-01-01',
		});
		expect(result.error?.message).toMatch(/startTime/);
	});
});

describe('interaction.get', () => {
	it('gets a meeting by ID, and says so when it does not exist', async () => {
		const meeting = [...store().interactions.values()].find((i) => i.type === 'meeting')!;
		const result = await run({
			resource: 'interaction',
			operation: 'get',
			meetingId: String(meeting.id),
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			id: meeting.id,
			title: meeting.title,
			startTime: meeting.time,
			attendeesPreview: { totalCount: meeting.personIds.length },
		});
		const email = [...store().interactions.values()].find((i) => i.type === 'email')!;
		const missing = await run({
			resource: 'interaction',
			operation: 'get',
			meetingId: String(email.id),
		});
		expect(missing.error?.message).toBe(`Meeting ${email.id} not found`);
	});
});

describe('getNotes of a company, person and opportunity', () => {
	it('returns the notes attached to each, filtered by creator, or their count', async () => {
		const note = [...store().notes.values()].find(
			(n) =>
				n.parentId === undefined &&
				n.sharingType === 'public' &&
				n.personIds.length &&
				n.companyIds.length &&
				n.opportunityIds.length,
		)!;
		for (const [resource, param, id] of [
			['company', 'companyId', note.companyIds[0]],
			['person', 'personId', note.personIds[0]],
			['opportunity', 'opportunityId', note.opportunityIds[0]],
		] as const) {
			const result = await run({
				resource,
				operation: 'getNotes',
				[param]: byId(id),
				returnAll: true,
			});
			expect({ resource, error: result.error }).toEqual({ resource, error: undefined });
			expect(result.items.map((n) => n.id)).toContain(note.id);
			const mine = await run({
				resource,
				operation: 'getNotes',
				[param]: byId(id),
				returnAll: true,
				filterMode: 'conditions',
				filterConditions: conditions({
					property: 'creator.id',
					operator: 'equals',
					value: note.creatorPersonId,
				}),
			});
			expect(mine.items.every((n) => (n.creator as IDataObject).id === note.creatorPersonId)).toBe(
				true,
			);
			const count = await run({
				resource,
				operation: 'getNotes',
				[param]: byId(id),
				output: 'totalCount',
			});
			expect(count.items).toEqual([{ totalCount: result.items.length }]);
		}
	});

	it('an unknown company is a 404', async () => {
		const result = await run({
			resource: 'company',
			operation: 'getNotes',
			companyId: byId(3999999),
			limit: 5,
		});
		expect(result.error?.message).toBe('Company 3999999 not found');
	});
});

describe('person.getLists', () => {
	it('returns the lists a person is on that the key may see', async () => {
		const entry = store().entriesByList.get(103)![0];
		const result = await run({
			resource: 'person',
			operation: 'getLists',
			personId: byId(entry.entityId),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((l) => l.id)).toContain(103);
		const missing = await run({
			resource: 'person',
			operation: 'getLists',
			personId: byId(5999999),
			limit: 3,
		});
		expect(missing.error?.message).toBe('Person 5999999 not found');
	});
});

describe('getRelationships', () => {
	it("orders a company's relationships by score, filters on it, and counts them", async () => {
		const companyId = store().relationships.find(
			(r) =>
				store().relationships.filter((x) => x.companyIds.includes(r.companyIds[0])).length >= 3,
		)!.companyIds[0];
		const all = await run({
			resource: 'company',
			operation: 'getRelationships',
			companyId: byId(companyId),
			returnAll: true,
		});
		expect(all.error).toBeUndefined();
		const scores = all.items.map((r) => r.interactionScore as number);
		expect(scores).toEqual([...scores].sort((a, b) => b - a));
		const weakest = await run({
			resource: 'company',
			operation: 'getRelationships',
			companyId: byId(companyId),
			returnAll: true,
			order: 'interactionScore',
		});
		expect(weakest.items.map((r) => r.interactionScore)).toEqual([...scores].reverse());
		const strong = await run({
			resource: 'company',
			operation: 'getRelationships',
			companyId: byId(companyId),
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({
				property: 'interactionScore',
				operator: 'greaterThanOrEqual',
				value: scores[1],
			}),
		});
		expect(strong.items.map((r) => r.interactionScore)).toEqual(
			scores.filter((s) => s >= scores[1]),
		);
		const count = await run({
			resource: 'company',
			operation: 'getRelationships',
			companyId: byId(companyId),
			output: 'totalCount',
		});
		expect(count.items).toEqual([{ totalCount: scores.length }]);
	});

	it("returns a person's relationships, and refuses a score that is not a number before any request", async () => {
		const personId = store().relationships[0].personIds[1];
		const result = await run({
			resource: 'person',
			operation: 'getRelationships',
			personId: byId(personId),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(
			result.items.every(
				(r) =>
					(r.person1 as IDataObject).id === personId || (r.person2 as IDataObject).id === personId,
			),
		).toBe(true);
		await fixture.clearRequests();
		const bad = await run({
			resource: 'person',
			operation: 'getRelationships',
			personId: byId(personId),
			limit: 5,
			filterMode: 'conditions',
			filterConditions: conditions({
				property: 'interactionScore',
				operator: 'greaterThan',
				value: 'high',
			}),
		});
		expect(bad.error?.message).toMatch(/^Invalid filter/);
		expect(await fixture.requests()).toEqual([]);
	});
});

describe('company.getInferredConnections', () => {
	it('returns the targets at a company with their connections, of either kind, or their count', async () => {
		for (const [connectionType, kind] of [
			['coworkers', 'coworker'],
			['investorExecutive', 'investor-executive'],
		] as const) {
			const target = store().inferredTargets.find((t) => t.kind === kind)!;
			const expected = store().inferredTargets.filter(
				(t) => t.kind === kind && t.currentCompanyId === target.currentCompanyId,
			);
			const result = await run({
				resource: 'company',
				operation: 'getInferredConnections',
				companyId: byId(target.currentCompanyId),
				connectionType,
			});
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(expected.length);
			expect((result.items[0].target as IDataObject).currentCompany).toMatchObject({
				id: target.currentCompanyId,
			});
			const [connection] = result.items[0].connections as IDataObject[];
			expect(Object.keys(connection).sort()).toEqual(
				kind === 'coworker' ? ['inference', 'source'] : ['dealContext', 'inference', 'source'],
			);
			const count = await run({
				resource: 'company',
				operation: 'getInferredConnections',
				companyId: byId(target.currentCompanyId),
				connectionType,
				output: 'totalCount',
			});
			expect(count.items).toEqual([{ totalCount: expected.length }]);
		}
	});

	it('an unknown company is a 404', async () => {
		const missing = await run({
			resource: 'company',
			operation: 'getInferredConnections',
			companyId: byId(3999999),
		});
		expect(missing.error?.message).toBe('Company 3999999 not found');
	});

	it('Return All and limits over 50 read pages of at most 50, the most the API gives', async () => {
		const target = store().inferredTargets.find((t) => t.kind === 'coworker')!;
		for (let i = 0; i < 110; i++) {
			store().inferredTargets.push({ ...target, fullName: `Extra Target ${i}` });
		}
		const expected = store().inferredTargets.filter(
			(t) => t.kind === 'coworker' && t.currentCompanyId === target.currentCompanyId,
		).length;
		expect(expected).toBeGreaterThan(110);
		const limits = async () =>
			(await fixture.requests())
				.filter((r) => r.path === '/v2/inferred-connections/coworkers')
				.map((r) => Number(new URLSearchParams(r.query).get('limit')));

		await fixture.clearRequests();
		const all = await run({
			resource: 'company',
			operation: 'getInferredConnections',
			companyId: byId(target.currentCompanyId),
			returnAll: true,
		});
		expect(all.error).toBeUndefined();
		expect(all.items).toHaveLength(expected);
		expect(new Set(all.items.map((item) => (item.target as IDataObject).fullName)).size).toBe(
			new Set(
				store()
					.inferredTargets.filter(
						(t) => t.kind === 'coworker' && t.currentCompanyId === target.currentCompanyId,
					)
					.map((t) => t.fullName),
			).size,
		);
		expect(await limits()).toEqual(Array(Math.ceil(expected / 50)).fill(50));

		await fixture.clearRequests();
		const some = await run({
			resource: 'company',
			operation: 'getInferredConnections',
			companyId: byId(target.currentCompanyId),
			limit: 51,
		});
		expect(some.items).toHaveLength(51);
		expect(await limits()).toEqual([50, 1]);
	});
});

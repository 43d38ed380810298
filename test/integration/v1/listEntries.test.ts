import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../../emulator/seed';
import { EmulatorFixture, expectNoKey } from '../../harness/emulator';
import { runAffinityNode } from '../../../testkit/engine';
import { events, fieldNamed, triggerHarness } from '../../trigger/helpers';
import { deliveriesSettled, webhookTrigger } from '../../webhook/helpers';
import { byId, DEAL_PIPELINE, INVESTORS, TARGET_ACCOUNTS } from '../../harness/ids';

/**
 * List Entry → Add and Remove (API v1) in the real engine against the emulator: the entry in
 * v2's shape, read back through v2, "Skip If Already on the List", refusals before any request,
 * at most one write after a failure, and all three triggers reporting an added entry and a
 * value set on it.
 */
const fixture = new EmulatorFixture();
const run = (parameters: IDataObject) =>
	runAffinityNode({
		credentials: fixture.credentials(),
		parameters: { resource: 'listEntry', ...parameters },
	});

function companyNotOn(listId: number): number {
	const { store } = fixture.emulator;
	const on = new Set((store.entriesByList.get(listId) ?? []).map((e) => e.entityId));
	return [...store.companies.keys()].find((id) => !on.has(id)) as number;
}

const add = (companyId: number, extra: IDataObject = {}) =>
	run({
		operation: 'add',
		listId: byId(TARGET_ACCOUNTS),
		entityType: 'company',
		companyId: byId(companyId),
		...extra,
	});

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

describe('listEntry.add', () => {
	it('adds a company by URL; the entry is v2-shaped and v2 reads it back', async () => {
		const companyId = companyNotOn(TARGET_ACCOUNTS);
		const name = fixture.emulator.store.companies.get(companyId)?.name;
		const result = await run({
			operation: 'add',
			listId: byId(TARGET_ACCOUNTS),
			entityType: 'company',
			companyId: {
				__rl: true,
				mode: 'url',
				value: `https://team.affinity.co/companies/${companyId}`,
			},
			options: {
				creatorId: { __rl: true, mode: 'url', value: 'https://team.affinity.co/persons/5000001' },
			},
		});
		expect(result.error).toBeUndefined();
		const [entry] = result.items;
		expect(entry).toMatchObject({
			entityName: name,
			type: 'company',
			listId: TARGET_ACCOUNTS,
			entityId: companyId,
			creatorId: SEEDED_USERS.admin,
			alreadyOnList: false,
			fields: {},
		});
		expect(entry.createdAt).toMatch(/Z$/);
		const read = await fixture.api<{ id: number; entity: { id: number } }>(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id as number}`,
		);
		expect(read.status).toBe(200);
		expect(read.body.entity.id).toBe(companyId);
		const writes = (await fixture.requests()).filter((r) => r.method !== 'GET');
		expect(writes.map((w) => [w.method, w.path, JSON.parse(w.body ?? '{}')])).toEqual([
			[
				'POST',
				`/lists/${TARGET_ACCOUNTS}/list-entries`,
				{ entity_id: companyId, creator_id: 5000001 },
			],
		]);
		expectNoKey(result.run);
	});

	it('Simplify off gives the v1 answer', async () => {
		const result = await add(companyNotOn(TARGET_ACCOUNTS), { simplify: false });
		expect(result.items[0]).toMatchObject({ list_id: TARGET_ACCOUNTS, entity_type: 1 });
	});

	it('Skip If Already on the List returns the existing entry and adds no second row', async () => {
		const companyId = companyNotOn(TARGET_ACCOUNTS);
		const first = await add(companyId, { options: { skipIfAlreadyOnList: true } });
		expect(first.items[0].alreadyOnList).toBe(false);
		await fixture.clearRequests();
		const second = await add(companyId, { options: { skipIfAlreadyOnList: true } });
		expect(second.items[0]).toMatchObject({
			id: first.items[0].id,
			alreadyOnList: true,
			entityId: companyId,
		});
		expect((await fixture.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
		const rows = fixture.emulator.store.entriesByList
			.get(TARGET_ACCOUNTS)
			?.filter((e) => e.entityId === companyId);
		expect(rows).toHaveLength(1);
	});

	it('adds a person to a person list', async () => {
		const result = await run({
			operation: 'add',
			listId: byId(INVESTORS),
			entityType: 'person',
			personId: byId(5000150),
		});
		expect(result.items[0]).toMatchObject({ type: 'person', entityId: 5000150, listId: INVESTORS });
	});

	it('refuses an opportunity list and a list of the other type before any write', async () => {
		const opportunity = await run({
			operation: 'add',
			listId: byId(DEAL_PIPELINE),
			entityType: 'company',
			companyId: byId(3000001),
		});
		expect(opportunity.error?.message).toMatch(/^List: "Deal Pipeline" is an opportunity list/);
		expect(opportunity.error?.description).toMatch(/Opportunity → Create/);
		const mismatch = await run({
			operation: 'add',
			listId: byId(INVESTORS),
			entityType: 'company',
			companyId: byId(3000001),
		});
		expect(mismatch.error?.message).toMatch(/^Entity Type: .* is a person list/);
		expect((await fixture.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
	});

	it('refuses a bad ID with zero requests', async () => {
		const result = await add(0);
		expect(result.error?.message).toBe('Invalid Company ID: got "0"');
		expect(await fixture.requests()).toEqual([]);
	});

	it('v1 error bodies name the parameter: an unknown creator', async () => {
		const result = await add(companyNotOn(TARGET_ACCOUNTS), {
			options: { creatorId: byId(5000150) },
		});
		expect(result.error?.message).toMatch(/creator_id: person 5000150 is not a person/);
		expect(result.error?.description).toMatch(/"Created By" \(sent as "creator_id"\)/);
	});

	it.each([
		['a 500', { kind: 'status', status: 500, apply: true }],
		['a connection reset', { kind: 'reset', apply: true }],
	] as const)(
		'after %s the write is sent once and the error says how to check',
		async (_l, fault) => {
			await fixture.fault({ ...fault, method: 'POST', path: '^/lists/' });
			const result = await add(companyNotOn(TARGET_ACCOUNTS));
			expect(result.error?.description).toMatch(/may or may not have been applied/);
			expect(result.error?.description).toMatch(/Company → Get List Entries/);
			expect((await fixture.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
		},
	);

	it('a key API v1 refuses is said to be refused on v1 only', async () => {
		await fixture.control('POST', '/settings', { v1RefusedKeys: ['admin'] });
		const result = await add(companyNotOn(TARGET_ACCOUNTS));
		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.description).toMatch(/refused on API v1 only/);
		// The same credential still reads through v2.
		const read = await run({
			operation: 'getAll',
			listId: byId(TARGET_ACCOUNTS),
			returnAll: false,
			limit: 1,
		});
		expect(read.error).toBeUndefined();
		expectNoKey(result.run);
	});
});

describe('listEntry.remove', () => {
	it('removes the entry and its list values; v2 no longer finds it', async () => {
		const added = await add(companyNotOn(TARGET_ACCOUNTS));
		const id = added.items[0].id as number;
		const result = await run({
			operation: 'remove',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(id),
		});
		expect(result.items).toEqual([
			{ success: true, listId: TARGET_ACCOUNTS, listEntryId: id, removed: true },
		]);
		expect((await fixture.api(`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${id}`)).status).toBe(404);
	});

	it('on an opportunity list the opportunity goes too', async () => {
		const entry = fixture.emulator.store.entriesByList.get(DEAL_PIPELINE)?.[0];
		if (!entry) throw new Error('no pipeline entry');
		await run({ operation: 'remove', listId: byId(DEAL_PIPELINE), listEntryId: byId(entry.id) });
		expect((await fixture.api(`/v2/opportunities/${entry.entityId}`)).status).toBe(404);
	});

	it('an unknown entry is a 404 that names it', async () => {
		const result = await run({
			operation: 'remove',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(999),
		});
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toMatch(/list entry 999 on list 102/);
	});

	it('after a 500 the delete is sent once', async () => {
		const added = await add(companyNotOn(TARGET_ACCOUNTS));
		await fixture.clearRequests();
		await fixture.fault({ kind: 'status', status: 500, apply: true, method: 'DELETE' });
		const result = await run({
			operation: 'remove',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(added.items[0].id as number),
		});
		expect(result.error?.description).toMatch(/may or may not have been applied/);
		expect((await fixture.requests()).filter((r) => r.method === 'DELETE')).toHaveLength(1);
	});
});

describe('the three triggers report an entry added with listEntry.add and a value set after it', () => {
	async function addAndSet(): Promise<{ entryId: number; companyId: number; fieldId: string }> {
		const companyId = companyNotOn(TARGET_ACCOUNTS);
		const added = await add(companyId);
		const entryId = added.items[0].id as number;
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		const set = await run({
			operation: 'updateFieldValue',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(entryId),
			fieldId: `${notes.id}|text`,
			textValue: 'Set after adding',
		});
		expect(set.error).toBeUndefined();
		return { entryId, companyId, fieldId: notes.id };
	}

	it.each(['snapshot', 'changeLog'])('the polling trigger, %s detection', async (detection) => {
		const h = triggerHarness(fixture, {
			listId: byId(TARGET_ACCOUNTS),
			detection,
			event: 'anyChange',
		});
		expect(await h.poll()).toBeNull();
		const { entryId, companyId } = await addAndSet();
		const got = events(await h.poll());
		const added = got.find((e) => e.event === 'listEntryAdded');
		expect(added).toMatchObject({ listEntryId: entryId, entityId: companyId });
		// The value is reported with the addition (its fields) or as a change of its own.
		const text = JSON.stringify(got);
		expect(text).toContain('Set after adding');
	});

	it('the webhook trigger', async () => {
		await fixture.control('POST', '/settings', {
			webhookRetryBaseMs: 10,
			webhookRetryWindowMs: 400,
		});
		const h = await webhookTrigger(fixture, {
			events: ['list_entry.created', 'field_value.created', 'field_value.updated'],
			filters: { listId: TARGET_ACCOUNTS },
		});
		try {
			await h.activate();
			const { entryId, companyId, fieldId } = await addAndSet();
			await deliveriesSettled(fixture);
			const items = h.executions.map((e) => e[0]);
			expect(items).toEqual([
				expect.objectContaining({
					event: 'listEntryAdded',
					listEntryId: entryId,
					entityId: companyId,
					entityType: 'company',
				}),
				expect.objectContaining({
					event: 'fieldValueChanged',
					listEntryId: entryId,
					changes: [expect.objectContaining({ fieldId, current: 'Set after adding' })],
				}),
			]);
		} finally {
			await h.close();
		}
	});
});

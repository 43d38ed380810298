import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../emulator/seed';
import { userItem } from '../../nodes/AffinityV2/methods/pickerItems';
import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { loadOptionsHarness } from '../harness/loadOptions';
import {
	DEAL_PIPELINE,
	TARGET_ACCOUNTS,
	byId,
	events,
	fetchAll,
	fieldNamed,
	setValue,
	triggerHarness,
} from '../trigger/helpers';

/**
 * Simplified output as the docs show it, and as a hand-written expression reads it: a field's
 * value by its name at the top level of the item (`{{ $json.Status }}`), and under `fields` as
 * before; a list entries search returns the fields it filtered on.
 */
const fixture = new EmulatorFixture();

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const run = (parameters: IDataObject, items?: IDataObject[]) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters, items });

describe('field values by name at the top level', () => {
	it('List Entry → Get Many: each field by name beside the ids, and under fields', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const result = await run({
			resource: 'listEntry',
			operation: 'getAll',
			listId: byId(TARGET_ACCOUNTS),
			returnAll: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(10);
		const withStatus = result.items.filter((i) => typeof i.Status === 'string');
		expect(withStatus.length).toBeGreaterThan(0);
		for (const item of result.items) {
			const fields = item.fields as IDataObject;
			expect(Object.keys(fields)).toContain('Status');
			expect(item.Status).toEqual(fields.Status);
			// The record's own keys are untouched by the fields beside them.
			expect(typeof item.id).toBe('number');
			expect(item.listId).toBe(TARGET_ACCOUNTS);
		}
		const texts = (status.dropdownOptions ?? []).map((o) => o.text);
		for (const item of withStatus) expect(texts).toContain(item.Status);
	});

	it('a hand-written {{ $json.<Field> }} in the next node reads the value', async () => {
		const first = await run({
			resource: 'listEntry',
			operation: 'getAll',
			listId: byId(TARGET_ACCOUNTS),
			returnAll: false,
			limit: 3,
		});
		expect(first.error).toBeUndefined();
		const entry = first.items.find((i) => typeof i.Status === 'string')!;
		expect(entry).toBeDefined();
		// A search for the entry's Status, the value given as a user writes it.
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const next = await run(
			{
				resource: 'listEntry',
				operation: 'search',
				listId: byId(TARGET_ACCOUNTS),
				searchConditions: {
					conditions: [{ target: status.id, operator: 'is-any-of', value: '={{ $json.Status }}' }],
				},
				returnAll: true,
			},
			[entry],
		);
		expect(next.error).toBeUndefined();
		expect(next.items.map((i) => i.id)).toContain(entry.id);
		for (const item of next.items) expect(item.Status).toBe(entry.Status);
	});

	it('Company → Get: global fields by name at the top level; a field named as a record key stays under fields only', async () => {
		const companies = await fixture.api<{ data: Array<{ id: number }> }>('/v2/companies?limit=1');
		const id = companies.body.data[0].id;
		const result = await run({
			resource: 'company',
			operation: 'get',
			companyId: byId(id),
			fieldTypes: ['global'],
		});
		expect(result.error).toBeUndefined();
		const [company] = result.items;
		const fields = company.fields as IDataObject;
		expect(Object.keys(fields).length).toBeGreaterThan(3);
		for (const [name, value] of Object.entries(fields)) {
			if (['id', 'name', 'domain', 'domains', 'isGlobal', 'fields'].includes(name)) continue;
			expect(company[name]).toEqual(value);
		}
		expect(company.id).toBe(id);
	});
});

describe('List Entry → Search returns the fields it filtered on', () => {
	const search = (extra: IDataObject) => ({
		resource: 'listEntry',
		operation: 'search',
		listId: byId(TARGET_ACCOUNTS),
		searchConditions: {
			conditions: [
				{
					target: fieldNamed(fixture, TARGET_ACCOUNTS, 'Status').id,
					operator: 'is-not-empty',
				},
			],
		},
		returnAll: true,
		...extra,
	});

	it('with no field picked, the filtered field is asked for and shown by name', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		await fixture.clearRequests();
		const result = await run(search({}));
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		for (const item of result.items) {
			expect(typeof item.Status).toBe('string');
			expect((item.fields as IDataObject).Status).toBe(item.Status);
		}
		const post = (await fixture.requests()).find((r) => r.method === 'POST')!;
		expect(new URLSearchParams(post.query).getAll('fieldIds')).toEqual([status.id]);
	});

	it('picked fields come first, the filtered one is added once', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const other = fieldNamed(fixture, TARGET_ACCOUNTS, 'Deal Size');
		await fixture.clearRequests();
		const result = await run(search({ fieldIds: [other.id, status.id] }));
		expect(result.error).toBeUndefined();
		const post = (await fixture.requests()).find((r) => r.method === 'POST')!;
		expect(new URLSearchParams(post.query).getAll('fieldIds')).toEqual([other.id, status.id]);
	});

	it('Return Fields Filtered On off: only what was picked (no fields)', async () => {
		await fixture.clearRequests();
		const result = await run(search({ returnFilteredFields: false }));
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		for (const item of result.items) {
			expect(item.fields).toEqual({});
			expect(item.Status).toBeUndefined();
		}
		const post = (await fixture.requests()).find((r) => r.method === 'POST')!;
		expect(new URLSearchParams(post.query).getAll('fieldIds')).toEqual([]);
	});

	it('with Field Types picked, the types are sent alone (Affinity takes IDs or types)', async () => {
		await fixture.clearRequests();
		const result = await run(search({ fieldTypes: ['list'] }));
		expect(result.error).toBeUndefined();
		for (const item of result.items) expect(typeof item.Status).toBe('string');
		const post = (await fixture.requests()).find((r) => r.method === 'POST')!;
		const query = new URLSearchParams(post.query);
		expect(query.getAll('fieldIds')).toEqual([]);
		expect(query.getAll('fieldTypes')).toEqual(['list']);
	});
});

describe('names beside ids', () => {
	const personName = (id: number) => {
		const person = fixture.emulator.store.persons.get(id)!;
		return [person.firstName, person.lastName].filter(Boolean).join(' ');
	};

	it('Opportunity → Create gives persons and companies as {id, name} beside their ids, read once per run', async () => {
		const people = [5000101, 5000102];
		await fixture.clearRequests();
		const result = await run({
			resource: 'opportunity',
			operation: 'create',
			name: 'Named deal',
			listId: byId(DEAL_PIPELINE),
			persons: { person: people.map((id) => ({ person: byId(id) })) },
			companies: { company: [{ company: byId(3000001) }] },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			personIds: people,
			persons: people.map((id) => ({ id, name: personName(id) })),
			companyIds: [3000001],
			companies: [{ id: 3000001, name: 'North Analytics' }],
		});
		const reads = (await fixture.requests()).filter((r) => r.path === '/v2/persons');
		expect(reads).toHaveLength(1);
		expect(new URLSearchParams(reads[0].query).getAll('ids')).toEqual(people.map(String));
	});

	it('a failed name read leaves the names null and never fails the write already made', async () => {
		await fixture.fault({ kind: 'status', status: 500, path: '^/v2/persons$', times: 20 });
		const result = await run({
			resource: 'opportunity',
			operation: 'create',
			name: 'Deal without names',
			listId: byId(DEAL_PIPELINE),
			persons: { person: [{ person: byId(5000101) }] },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			name: 'Deal without names',
			personIds: [5000101],
			persons: [{ id: 5000101, name: null }],
			companies: [],
		});
		const created = (await fixture.requests()).filter((r) => r.method === 'POST');
		expect(created).toHaveLength(1);
	});

	it('Company → Update Field Value on a dropdown gives the option text beside its id', async () => {
		const fields = await fixture.api<{
			data: Array<{ id: string; name: string; valueType: string }>;
		}>('/v2/companies/fields?limit=100');
		const tier = fields.body.data.find((f) => f.name === 'Tier')!;
		const result = await run({
			resource: 'company',
			operation: 'updateFieldValue',
			companyId: byId(3000001),
			fieldId: `${tier.id}|${tier.valueType}`,
			dropdownValue: '=Tier 2',
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			success: true,
			fieldName: 'Tier',
			value: { type: 'ranked-dropdown', data: { dropdownOptionId: expect.any(Number) } },
			dropdownText: 'Tier 2',
		});
	});
});

describe('pickers say who is who', () => {
	it("the reminder owner picker lists the active users only (Affinity refuses an invited or deactivated owner); the user list says each one's status", async () => {
		const picker = loadOptionsHarness(
			{ resource: 'reminder', operation: 'create' },
			fixture.credentials(),
		);
		const page = await picker.listSearch('searchReminderOwners');
		const values = page.results.map((r) => Number(r.value));
		expect(values).toEqual(
			expect.arrayContaining([SEEDED_USERS.admin, SEEDED_USERS.member, SEEDED_USERS.jordan]),
		);
		expect(values).not.toContain(SEEDED_USERS.casey);
		expect(values).not.toContain(SEEDED_USERS.devon);
		const alex = page.results.find((r) => Number(r.value) === SEEDED_USERS.admin)!;
		expect(alex.name).toMatch(/^Alex Admin \(alex@/);
		expect((await picker.listSearch('searchReminderOwners', 'morgan')).results).toEqual([
			expect.objectContaining({ value: String(SEEDED_USERS.member) }),
		]);
		// What the picker leaves out, Affinity refuses.
		const refused = await run({
			resource: 'reminder',
			operation: 'create',
			type: 'one-time',
			content: 'Call back',
			dueDate: '2030-01-01T10:00:00Z',
			owner: byId(SEEDED_USERS.devon),
			about: { person: byId(5000101) },
		});
		expect(refused.error?.message).toMatch(/not an active user/);
	});

	it('a user item names a status other than active', () => {
		expect(
			userItem({
				id: 1,
				firstName: 'Casey',
				lastName: null,
				primaryEmailAddress: 'c@x.co',
				status: 'invited',
			}).name,
		).toBe('Casey (c@x.co) · invited');
		expect(
			userItem({
				id: 2,
				firstName: 'Alex',
				lastName: 'A',
				primaryEmailAddress: null,
				status: 'active',
			}).name,
		).toBe('Alex A');
	});
});

describe('File → Search says which record each file belongs to', () => {
	it('gives record {type, id, name} beside file; each file read once (API v1), names once per kind; off: no extra call', async () => {
		const files = [...fixture.emulator.store.files.values()].filter((f) => f.paged);
		const word = files[0].pages[0]
			.split(' ')
			.find((w) => w.length > 4)!
			.replace(/\W/g, '');
		await fixture.clearRequests();
		const result = await run({ resource: 'file', operation: 'search', prompt: word, limit: 100 });
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		const store = fixture.emulator.store;
		for (const item of result.items) {
			const file = store.files.get((item.file as IDataObject).id as number)!;
			const record = item.record as IDataObject | null;
			if (typeof file.companyId === 'number')
				expect(record).toEqual({
					type: 'company',
					id: file.companyId,
					name: store.companies.get(file.companyId)!.name,
				});
			else if (typeof file.personId === 'number')
				expect(record).toMatchObject({
					type: 'person',
					id: file.personId,
					name: expect.any(String),
				});
			else if (typeof file.opportunityId === 'number')
				expect(record).toEqual({
					type: 'opportunity',
					id: file.opportunityId,
					name: store.opportunities.get(file.opportunityId)!.name,
				});
			else expect(record).toBeNull();
		}
		const log = (await fixture.requests()).map((r) => `${r.method} ${r.path}`);
		const reads = log.filter((l) => l.startsWith('GET /entity-files/'));
		expect(reads).toHaveLength(result.items.length);
		expect(new Set(reads).size).toBe(reads.length);
		expect(log.filter((l) => l === 'GET /v2/companies').length).toBeLessThanOrEqual(1);
		await fixture.clearRequests();
		const plain = await run({
			resource: 'file',
			operation: 'search',
			prompt: word,
			limit: 100,
			includeRecord: false,
		});
		expect(plain.items[0].record).toBeUndefined();
		expect((await fixture.requests()).map((r) => r.method)).toEqual(['POST']);
	});
});

describe('change-log events name their entity', () => {
	it('a change-log poll gives entityType and entityName of each change, names read once per poll', async () => {
		const h = triggerHarness(fixture, {
			listId: byId(TARGET_ACCOUNTS),
			detection: 'changeLog',
			event: 'fieldValueChanged',
		});
		expect(await h.poll()).toBeNull();
		const entries = (await fetchAll(fixture, TARGET_ACCOUNTS)).slice(0, 3);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		for (const [i, entry] of entries.entries())
			await setValue(fixture, entry.id, notes.id, { type: 'text', data: `Named ${i}` });
		await fixture.clearRequests();
		const emitted = events(await h.poll());
		expect(emitted).toHaveLength(3);
		for (const [i, entry] of entries.entries())
			expect(emitted[i]).toMatchObject({
				listEntryId: entry.id,
				entityType: 'company',
				entityId: entry.entity.id,
				entityName: fixture.emulator.store.companies.get(entry.entity.id)!.name,
				detectedBy: 'changeLog',
			});
		const names = (await fixture.requests()).filter((r) => r.path === '/v2/companies');
		expect(names).toHaveLength(1);
	});
});

describe('change-log events with Keep Previous Values', () => {
	it('give the value before each change from the first change on: from the log, or from the same poll', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const option = (text: string) => ({
			type: 'ranked-dropdown',
			data: { dropdownOptionId: status.dropdownOptions!.find((o) => o.text === text)!.id },
		});
		const [entry] = await fetchAll(fixture, TARGET_ACCOUNTS);
		// A value set before the trigger was switched on (or the option turned on).
		await setValue(fixture, entry.id, status.id, option('Contacted'));
		const h = triggerHarness(fixture, {
			listId: byId(TARGET_ACCOUNTS),
			detection: 'changeLog',
			event: 'fieldValueChanged',
			watchedFieldIds: [status.id],
			options: { keepPreviousValues: true },
		});
		expect(await h.poll()).toBeNull();
		await setValue(fixture, entry.id, status.id, option('Won'));
		await fixture.clearRequests();
		const first = events(await h.poll());
		expect(first).toHaveLength(1);
		expect(first[0].changes).toEqual([
			{
				fieldId: status.id,
				fieldName: 'Status',
				actionType: 'update',
				previous: 'Contacted',
				current: 'Won',
			},
		]);
		// One more call for the change before (the log, newest first, up to this change).
		const lookups = (await fixture.requests()).filter(
			(r) =>
				r.path === '/v2/field-value-changes' &&
				new URLSearchParams(r.query).get('filter')?.includes(`listEntry.id=${entry.id}`),
		);
		expect(lookups).toHaveLength(1);
		// Two changes in one poll: the second's previous is the first's value, with no lookup.
		await setValue(fixture, entry.id, status.id, option('Lost'));
		await setValue(fixture, entry.id, status.id, option('Contacted'));
		const both = events(await h.poll());
		expect(both.map((e) => (e.changes as IDataObject[])[0])).toEqual([
			expect.objectContaining({ previous: 'Won', current: 'Lost' }),
			expect.objectContaining({ previous: 'Lost', current: 'Contacted' }),
		]);
		// Cleared, then set again: the clear carries the value removed, the new value had none.
		await setValue(fixture, entry.id, status.id, null);
		await setValue(fixture, entry.id, status.id, option('Won'));
		const again = events(await h.poll());
		expect(again.map((e) => (e.changes as IDataObject[])[0])).toEqual([
			expect.objectContaining({ actionType: 'delete', previous: 'Contacted', current: null }),
			expect.objectContaining({ actionType: 'add', previous: null, current: 'Won' }),
		]);
	});
});

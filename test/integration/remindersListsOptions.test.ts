import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { loadOptionsHarness } from '../harness/loadOptions';
import { events, triggerHarness } from '../trigger/helpers';
import { byId, DEAL_PIPELINE, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * Reminders, list create / get and dropdown options through n8n-core's real engine against the
 * emulator: each written and read back with the node, bad input refused before any request,
 * creates sent once, and an option's deletion seen by the polling trigger.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const COMPANY = 3000001;
const PERSON = 5000101;
const ADMIN_PERSON = 5000001;
const MEMBER_PERSON = 5000002;

const run = (parameters: IDataObject, apiKey?: string) =>
	runAffinityNode({ credentials: fixture.credentials(apiKey), parameters });

describe('reminder', () => {
	it('creates a one-time reminder about a company (201, the reminder), gets it, finds it with Get Many, deletes it', async () => {
		await fixture.clearRequests();
		const created = await run({
			resource: 'reminder',
			operation: 'create',
			type: 'one-time',
			dueDate: '2030-01-02T09:00:00Z',
			owner: byId(MEMBER_PERSON),
			about: { company: byId(COMPANY) },
			options: { content: 'Call back' },
		});
		expect(created.error).toBeUndefined();
		const reminder = created.items[0];
		expect(reminder).toMatchObject({
			type: 'one-time',
			status: 'active',
			dueDate: '2030-01-02T09:00:00.000Z',
			owner: { id: MEMBER_PERSON },
			company: { id: COMPANY },
			content: 'Call back',
		});
		const [post] = (await fixture.requests()).filter((r) => r.method === 'POST');
		expect(JSON.parse(post.body!)).toEqual({
			type: 'one-time',
			owner: { id: MEMBER_PERSON },
			entity: { type: 'company', id: COMPANY },
			content: 'Call back',
			dueDate: '2030-01-02T09:00:00.000Z',
		});
		const got = await run({
			resource: 'reminder',
			operation: 'get',
			reminderId: String(reminder.id),
		});
		expect(got.items[0]).toEqual(reminder);
		const found = await run({
			resource: 'reminder',
			operation: 'getAll',
			filterMode: 'conditions',
			filterConditions: {
				conditions: [{ property: 'company.id', operator: 'equals', value: String(COMPANY) }],
			},
			returnAll: true,
		});
		expect(found.error).toBeUndefined();
		expect(found.items.map((r) => r.id)).toContain(reminder.id);
		expect(found.items.every((r) => (r.company as { id: number } | null)?.id === COMPANY)).toBe(
			true,
		);
		const deleted = await run({
			resource: 'reminder',
			operation: 'delete',
			reminderId: String(reminder.id),
		});
		expect(deleted.items[0]).toEqual({ success: true, reminderId: reminder.id });
		expect(
			(await run({ resource: 'reminder', operation: 'get', reminderId: String(reminder.id) })).error
				?.httpCode,
		).toBe('404');
		expectNoKey(created.run);
	});

	it('names the owner, creator and record of each reminder, one read per kind of record', async () => {
		const nameOf = async (path: string) => {
			const { body } = await fixture.api<{ name?: string; firstName?: string; lastName?: string }>(
				path,
			);
			return body.name ?? [body.firstName, body.lastName].filter(Boolean).join(' ');
		};
		const created = await run({
			resource: 'reminder',
			operation: 'create',
			type: 'one-time',
			dueDate: '2030-01-02T09:00:00Z',
			owner: byId(MEMBER_PERSON),
			about: { company: byId(COMPANY) },
		});
		expect(created.items[0]).toMatchObject({
			owner: { id: MEMBER_PERSON, name: await nameOf(`/v2/persons/${MEMBER_PERSON}`) },
			company: { id: COMPANY, name: await nameOf(`/v2/companies/${COMPANY}`) },
			person: null,
		});
		await fixture.clearRequests();
		const all = await run({ resource: 'reminder', operation: 'getAll', returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.items.length).toBeGreaterThan(5);
		for (const reminder of all.items) {
			for (const key of ['owner', 'creator', 'person', 'company', 'opportunity']) {
				const ref = reminder[key] as { id: number; name?: unknown } | null;
				if (ref) expect(typeof ref.name).toBe('string');
			}
		}
		// The reminders, then each kind of record once, with every distinct id in one request.
		const paths = (await fixture.requests()).map((r) => r.path);
		expect(paths.filter((p) => p === '/v2/persons')).toHaveLength(1);
		expect(paths.filter((p) => p === '/v2/companies').length).toBeLessThanOrEqual(1);
		expect(paths.filter((p) => p === '/v2/opportunities').length).toBeLessThanOrEqual(1);
		expect(paths.filter((p) => !p.startsWith('/v2/reminders')).length).toBeLessThanOrEqual(3);
	});

	it('picks the reminder for Get and Delete from a list, by ID, or by a plain ID saved before the picker', async () => {
		const picker = loadOptionsHarness(
			{ resource: 'reminder', operation: 'get' },
			fixture.credentials(),
		);
		const page = await picker.listSearch('searchReminders');
		expect(page.results.length).toBeGreaterThan(0);
		expect(page.results[0].name).toMatch(/^Due \d{4}-\d{2}-\d{2} · /);
		const chosen = String(page.results[0].value);
		const fromList = await run({
			resource: 'reminder',
			operation: 'get',
			reminderId: { __rl: true, mode: 'list', value: chosen, cachedResultName: 'x' },
		});
		expect(fromList.items[0].id).toBe(Number(chosen));
		const plain = await run({ resource: 'reminder', operation: 'get', reminderId: chosen });
		expect(plain.items[0]).toEqual(fromList.items[0]);
		const bad = await run({ resource: 'reminder', operation: 'get', reminderId: 'abc' });
		expect(bad.error?.message).toMatch(/Reminder/);
	});

	it('creates a recurring reminder about a person, reset by email', async () => {
		const created = await run({
			resource: 'reminder',
			operation: 'create',
			type: 'recurring',
			periodDays: 14,
			resetTrigger: 'email',
			owner: byId(ADMIN_PERSON),
			about: { person: byId(PERSON) },
		});
		expect(created.error).toBeUndefined();
		expect(created.items[0]).toMatchObject({
			type: 'recurring',
			person: { id: PERSON },
			recurrence: { periodDays: 14, resetTrigger: 'email' },
		});
		const count = await run({ resource: 'reminder', operation: 'getAll', output: 'totalCount' });
		expect(count.error).toBeUndefined();
		expect(count.items[0].totalCount).toBeGreaterThan(5);
	});

	it.each([
		[
			'both a company and a person',
			{
				type: 'one-time',
				dueDate: '2030-01-02T09:00:00Z',
				about: { company: byId(COMPANY), person: byId(PERSON) },
			},
			/^About: Company and Person given; pick only one$/,
		],
		[
			'no record',
			{ type: 'one-time', dueDate: '2030-01-02T09:00:00Z', about: {} },
			/^About: pick a company, a person or an opportunity$/,
		],
		[
			'a period under 1 day',
			{ type: 'recurring', periodDays: 0, about: { company: byId(COMPANY) } },
			/^Every \(Days\): a recurring reminder repeats every 1 day or more; got 0$/,
		],
		[
			'no due date',
			{ type: 'one-time', dueDate: '={{ "" }}', about: { company: byId(COMPANY) } },
			/^Due Date: required$/,
		],
	])('refuses %s before any request', async (_label, extra, message) => {
		await fixture.clearRequests();
		const result = await run({
			resource: 'reminder',
			operation: 'create',
			owner: byId(ADMIN_PERSON),
			...extra,
		});
		expect(result.error?.message).toMatch(message);
		expect(await fixture.requests()).toHaveLength(0);
	});

	it('a 500 and a connection reset on create: each sent once, and the error says how to check', async () => {
		for (const fault of [
			{ kind: 'status', status: 500, apply: true, method: 'POST' },
			{ kind: 'reset', apply: true, method: 'POST' },
		] as const) {
			await fixture.clearRequests();
			await fixture.fault(fault);
			const result = await run({
				resource: 'reminder',
				operation: 'create',
				dueDate: '2030-01-02T09:00:00Z',
				owner: byId(ADMIN_PERSON),
				about: { company: byId(COMPANY) },
			});
			expect(result.error?.description).toMatch(
				/may or may not have been applied.*Reminder → Get Many \(filter company\.id\)/,
			);
			expect((await fixture.requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
		}
	});

	it("Affinity refuses an external owner (400 naming it) and another user's reminder deletion (403)", async () => {
		const external = await run({
			resource: 'reminder',
			operation: 'create',
			dueDate: '2030-01-02T09:00:00Z',
			owner: byId(PERSON),
			about: { company: byId(COMPANY) },
		});
		expect(external.error?.httpCode).toBe('400');
		expect(external.error?.description).toMatch(/"owner\.id"/);
		const mine = await run({
			resource: 'reminder',
			operation: 'create',
			dueDate: '2030-01-02T09:00:00Z',
			owner: byId(ADMIN_PERSON),
			about: { company: byId(COMPANY) },
		});
		const denied = await run(
			{ resource: 'reminder', operation: 'delete', reminderId: String(mine.items[0].id) },
			MEMBER_KEY,
		);
		expect(denied.error?.httpCode).toBe('403');
	});
});

describe('list create and get', () => {
	it('creates a private list (201, the list) and gets it back; a public one without the permission is 403', async () => {
		const created = await run({
			resource: 'list',
			operation: 'create',
			name: 'Q3 targets',
			type: 'person',
		});
		expect(created.error).toBeUndefined();
		expect(created.items[0]).toMatchObject({ name: 'Q3 targets', type: 'person', isPublic: false });
		const got = await run({
			resource: 'list',
			operation: 'get',
			listId: byId(created.items[0].id as number),
		});
		expect(got.items[0]).toEqual(created.items[0]);
		const denied = await run(
			{ resource: 'list', operation: 'create', name: 'Everyone', type: 'company', isPublic: true },
			RESTRICTED_KEY,
		);
		expect(denied.error?.httpCode).toBe('403');
		await fixture.clearRequests();
		const empty = await run({ resource: 'list', operation: 'create', name: '  ' });
		expect(empty.error?.message).toBe('Name: required');
		expect(await fixture.requests()).toHaveLength(0);
	});
});

describe('dropdownOption', () => {
	type Field = { id: string; name: string; type: string; valueType: string };
	async function listField(listId: number, name: string): Promise<Field> {
		const res = await fixture.api<{ data: Field[] }>(`/v2/lists/${listId}/fields?limit=100`);
		return res.body.data.find((f) => f.name === name && f.type === 'list')!;
	}
	async function personField(name: string): Promise<Field> {
		const res = await fixture.api<{ data: Field[] }>('/v2/persons/fields?limit=100');
		return res.body.data.find((f) => f.name === name && f.type === 'global')!;
	}
	const base = (field: Field, listId = DEAL_PIPELINE) => ({
		resource: 'dropdownOption',
		listId: byId(listId),
		fieldId: field.id,
	});

	it('lists the options of a status field and of a person field', async () => {
		const status = await listField(DEAL_PIPELINE, 'Status');
		const options = await run({
			...base(status),
			operation: 'getAll',
			entity: 'list',
			returnAll: true,
		});
		expect(options.items.map((o) => o.text)).toEqual([
			'New',
			'Contacted',
			'Qualified',
			'Negotiation',
			'Won',
			'Lost',
		]);
		expect(options.items[1]).toMatchObject({
			type: 'status-dropdown',
			statusCategory: 'open',
			winRate: 20,
		});
		const seniority = await personField('Seniority');
		const personOptions = await run({
			resource: 'dropdownOption',
			operation: 'getAll',
			entity: 'person',
			fieldId: seniority.id,
			returnAll: false,
			limit: 2,
		});
		expect(personOptions.items.map((o) => o.text)).toEqual(['Founder', 'C-Level']);
	});

	it("a list's global dropdown field: its options are read from the entity's endpoint, not the list's", async () => {
		const lists = await fixture.api<{ data: Array<{ id: number; type: string }> }>(
			'/v2/lists?limit=100',
		);
		const personList = lists.body.data.find((l) => l.type === 'person')!;
		const fields = await fixture.api<{ data: Field[] }>(
			`/v2/lists/${personList.id}/fields?limit=100`,
		);
		const global = fields.body.data.find((f) => f.type === 'global' && f.valueType === 'dropdown')!;
		expect(global).toBeDefined();
		await fixture.clearRequests();
		const options = await run({
			resource: 'dropdownOption',
			operation: 'getAll',
			entity: 'list',
			listId: byId(personList.id),
			fieldId: global.id,
			returnAll: true,
		});
		expect(options.error).toBeUndefined();
		const optionReads = (await fixture.requests()).filter((r) =>
			r.path.endsWith('/dropdown-options'),
		);
		expect(optionReads.map((r) => r.path)).toEqual([
			`/v2/persons/fields/${global.id}/dropdown-options`,
		]);
		const direct = await fixture.api<{ data: Array<{ id: number; text: string }> }>(
			`/v2/persons/fields/${global.id}/dropdown-options?limit=100`,
		);
		expect(options.items.map((o) => o.id)).toEqual(direct.body.data.map((o) => o.id));
	});

	it('creates a status option with rank, colour and win rate (201), updates it (204), gets it back', async () => {
		const status = await listField(DEAL_PIPELINE, 'Status');
		const created = await run({
			...base(status),
			operation: 'create',
			optionType: 'status-dropdown',
			text: 'Term Sheet',
			rank: 4,
			color: 'purple',
			statusCategory: 'open',
			winRate: 85,
		});
		expect(created.error).toBeUndefined();
		expect(created.items[0]).toMatchObject({
			type: 'status-dropdown',
			text: 'Term Sheet',
			rank: 4,
			color: 'purple',
			statusCategory: 'open',
			winRate: 85,
		});
		const optionId = created.items[0].id as number;
		const updated = await run({
			...base(status),
			operation: 'update',
			dropdownOptionId: optionId,
			optionType: 'status-dropdown',
			text: 'Term sheet signed',
			winRate: 90,
		});
		expect(updated.error).toBeUndefined();
		expect(updated.items[0]).toEqual({
			success: true,
			listId: DEAL_PIPELINE,
			fieldId: status.id,
			dropdownOptionId: optionId,
			updated: { text: 'Term sheet signed', winRate: 90 },
		});
		const got = await run({ ...base(status), operation: 'get', dropdownOptionId: optionId });
		expect(got.items[0]).toMatchObject({ text: 'Term sheet signed', winRate: 90, rank: 4 });
	});

	it.each([
		[
			'a win rate over 100',
			{
				operation: 'create',
				optionType: 'status-dropdown',
				text: 'X',
				statusCategory: 'open',
				winRate: 101,
			},
			/^Win Rate \(%\): a whole number from 0 to 100; got 101$/,
		],
		[
			'a win rate on a won status',
			{
				operation: 'create',
				optionType: 'status-dropdown',
				text: 'X',
				statusCategory: 'won',
				winRate: 50,
			},
			/^Win Rate \(%\): only open statuses have a win rate; this one is won$/,
		],
	])('refuses %s before any request', async (_label, extra, message) => {
		const status = await listField(DEAL_PIPELINE, 'Status');
		await fixture.clearRequests();
		const result = await run({ ...base(status), ...extra });
		expect(result.error?.message).toMatch(message);
		expect(await fixture.requests()).toHaveLength(0);
	});

	it('a win rate set on an existing won option: read first, refused before the write', async () => {
		const status = await listField(DEAL_PIPELINE, 'Status');
		const won = (
			await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/lists/${DEAL_PIPELINE}/fields/${status.id}/dropdown-options`,
			)
		).body.data.find((o) => o.text === 'Won')!;
		await fixture.clearRequests();
		const result = await run({
			...base(status),
			operation: 'update',
			dropdownOptionId: won.id,
			optionType: 'status-dropdown',
			winRate: 30,
		});
		expect(result.error?.message).toBe(
			'Win Rate (%): only open statuses have a win rate; this one is won',
		);
		expect((await fixture.requests()).map((r) => r.method)).toEqual(['GET']);
	});

	it('delete needs the confirmation; with it the option goes, its values are cleared and the trigger sees the change', async () => {
		const stage = await listField(TARGET_ACCOUNTS, 'Stage');
		const options = (
			await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/lists/${TARGET_ACCOUNTS}/fields/${stage.id}/dropdown-options`,
			)
		).body.data;
		const ic = options.find((o) => o.text === 'IC')!;
		const harness = triggerHarness(fixture, {
			listId: byId(TARGET_ACCOUNTS),
			event: 'fieldValueChanged',
		});
		expect(await harness.poll()).toBeNull();

		await fixture.clearRequests();
		const unconfirmed = await run({
			...base(stage, TARGET_ACCOUNTS),
			operation: 'delete',
			dropdownOptionId: ic.id,
		});
		expect(unconfirmed.error?.message).toBe(
			'Clear Every Value Set to It: turn it on to delete the option',
		);
		expect(await fixture.requests()).toHaveLength(0);

		const deleted = await run({
			...base(stage, TARGET_ACCOUNTS),
			operation: 'delete',
			dropdownOptionId: ic.id,
			confirmClearValues: true,
		});
		expect(deleted.items[0]).toEqual({
			success: true,
			listId: TARGET_ACCOUNTS,
			fieldId: stage.id,
			dropdownOptionId: ic.id,
			valuesCleared: true,
		});
		const left = await run({
			...base(stage, TARGET_ACCOUNTS),
			operation: 'getAll',
			entity: 'list',
			returnAll: true,
		});
		expect(left.items.map((o) => o.text)).toEqual(['Sourcing', 'Diligence', 'Closed']);
		const emitted = events(await harness.poll());
		expect(emitted.length).toBeGreaterThan(0);
		expect(
			emitted.every(
				(e) => e.event === 'fieldValueChanged' && JSON.stringify(e.changes).includes('"Stage"'),
			),
		).toBe(true);
	});
});

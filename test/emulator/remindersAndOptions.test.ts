import { SEEDED_USERS } from '../../emulator/seed';
import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY, RESTRICTED_KEY } from '../harness/emulator';
import type { ErrorBody, Page } from './helpers';
import { DEAL_PIPELINE, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * Reminders, list creation, dropdown options of list fields, and a company's and a person's own
 * field values (read, single write, batch).
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const COMPANY = 3000001;
const PERSON = 5000101;
const ADMIN_PERSON = 5000001;
const MEMBER_PERSON = 5000002;

type Reminder = {
	id: number;
	type: string;
	status: string;
	dueDate: string;
	owner: { id: number };
	creator: { id: number };
	company: { id: number } | null;
	person: { id: number } | null;
	opportunity: { id: number } | null;
	recurrence: { periodDays: number; resetTrigger: string } | null;
	completedAt: string | null;
};
type Option = {
	id: number;
	type: string;
	text: string;
	rank?: number;
	color?: string | null;
	statusCategory?: string;
	winRate?: number | null;
};
type Field = { id: string; name: string; type: string; valueType: string };

const send = <T = ErrorBody>(method: string, path: string, body?: unknown, key = ADMIN_KEY) =>
	fixture.api<T & ErrorBody>(path, key, { method, body });

describe('reminders', () => {
	it('lists the seeded reminders soonest first, filtered, with totalCount', async () => {
		const all = await fixture.api<Page<Reminder>>('/v2/reminders?totalCount=true');
		expect(all.status).toBe(200);
		expect(all.body.data.length).toBeGreaterThanOrEqual(5);
		expect(all.body.pagination.totalCount).toBe(all.body.data.length);
		const due = all.body.data.map((r) => Date.parse(r.dueDate));
		expect(due).toEqual([...due].sort((a, b) => a - b));
		expect(new Set(all.body.data.map((r) => r.status))).toEqual(
			new Set(['active', 'overdue', 'completed']),
		);
		const recurring = await fixture.api<Page<Reminder>>(
			`/v2/reminders?filter=${encodeURIComponent('type=recurring')}`,
		);
		expect(recurring.body.data.length).toBeGreaterThan(0);
		expect(
			recurring.body.data.every(
				(r) => r.type === 'recurring' && r.recurrence !== null && r.completedAt === null,
			),
		).toBe(true);
		const owned = await fixture.api<Page<Reminder>>(
			`/v2/reminders?filter=${encodeURIComponent(`owner.id=${MEMBER_PERSON}`)}`,
		);
		expect(owned.body.data.every((r) => r.owner.id === MEMBER_PERSON)).toBe(true);
		const bad = await fixture.api<ErrorBody>(
			`/v2/reminders?filter=${encodeURIComponent('content=x')}`,
		);
		expect([bad.status, bad.body.errors[0].param]).toEqual([400, 'filter']);
	});

	it('creates one-time and recurring reminders (201), reads them back, deletes (204, then 404)', async () => {
		const once = await send<Reminder>('POST', '/v2/reminders', {
			type: 'one-time',
			dueDate: '2030-01-02T09:00:00Z',
			owner: { id: MEMBER_PERSON },
			entity: { type: 'company', id: COMPANY },
			content: 'Call back',
		});
		expect(once.status).toBe(201);
		expect(once.body).toMatchObject({
			type: 'one-time',
			status: 'active',
			dueDate: '2030-01-02T09:00:00.000Z',
			owner: { id: MEMBER_PERSON },
			creator: { id: ADMIN_PERSON },
			company: { id: COMPANY },
			person: null,
			opportunity: null,
			recurrence: null,
			completedAt: null,
		});
		const recurring = await send<Reminder>('POST', '/v2/reminders', {
			type: 'recurring',
			owner: { id: ADMIN_PERSON },
			entity: { type: 'person', id: PERSON },
			recurrence: { periodDays: 14, resetTrigger: 'email' },
		});
		expect(recurring.status).toBe(201);
		expect(recurring.body).toMatchObject({
			type: 'recurring',
			person: { id: PERSON },
			recurrence: { periodDays: 14, resetTrigger: 'email' },
		});
		expect(
			Math.abs(Date.parse(recurring.body.dueDate) - (Date.now() + 14 * 86_400_000)),
		).toBeLessThan(60_000);
		expect((await fixture.api<Reminder>(`/v2/reminders/${once.body.id}`)).body).toEqual(once.body);
		expect(
			(await send('DELETE', `/v2/reminders/${once.body.id}`, undefined, MEMBER_KEY)).status,
		).toBe(204);
		expect((await fixture.api(`/v2/reminders/${once.body.id}`)).status).toBe(404);
	});

	it.each([
		[
			'no entity',
			{ type: 'one-time', dueDate: '2030-01-02T09:00:00Z', owner: { id: ADMIN_PERSON } },
			'entity',
		],
		[
			'no due date',
			{ type: 'one-time', owner: { id: ADMIN_PERSON }, entity: { type: 'company', id: COMPANY } },
			'dueDate',
		],
		[
			'a period under 1 day',
			{
				type: 'recurring',
				owner: { id: ADMIN_PERSON },
				entity: { type: 'company', id: COMPANY },
				recurrence: { periodDays: 0, resetTrigger: 'event' },
			},
			'recurrence.periodDays',
		],
		[
			'an unknown reset',
			{
				type: 'recurring',
				owner: { id: ADMIN_PERSON },
				entity: { type: 'company', id: COMPANY },
				recurrence: { periodDays: 3, resetTrigger: 'call' },
			},
			'recurrence.resetTrigger',
		],
		[
			'an external owner',
			{
				type: 'one-time',
				dueDate: '2030-01-02T09:00:00Z',
				owner: { id: PERSON },
				entity: { type: 'company', id: COMPANY },
			},
			'owner.id',
		],
		[
			'recurrence on a one-time reminder',
			{
				type: 'one-time',
				dueDate: '2030-01-02T09:00:00Z',
				owner: { id: ADMIN_PERSON },
				entity: { type: 'company', id: COMPANY },
				recurrence: { periodDays: 3, resetTrigger: 'event' },
			},
			'recurrence',
		],
		[
			'an internal person',
			{
				type: 'one-time',
				dueDate: '2030-01-02T09:00:00Z',
				owner: { id: ADMIN_PERSON },
				entity: { type: 'person', id: MEMBER_PERSON },
			},
			'entity.id',
		],
	])('refuses %s (400 naming the property)', async (_label, body, param) => {
		const res = await send('POST', '/v2/reminders', body);
		expect([res.status, res.body.errors[0].code, res.body.errors[0].param]).toEqual([
			400,
			'validation',
			param,
		]);
	});

	it('only the creator or the owner may delete a reminder (403)', async () => {
		const created = await send<Reminder>('POST', '/v2/reminders', {
			type: 'one-time',
			dueDate: '2030-01-02T09:00:00Z',
			owner: { id: ADMIN_PERSON },
			entity: { type: 'company', id: COMPANY },
		});
		const denied = await send('DELETE', `/v2/reminders/${created.body.id}`, undefined, MEMBER_KEY);
		expect([denied.status, denied.body.errors[0].code]).toEqual([403, 'authorization']);
		expect((await fixture.api(`/v2/reminders/${created.body.id}`)).status).toBe(200);
	});
});

describe('POST /v2/lists', () => {
	it('creates a private list (201, ListWithType) that GET /v2/lists/{id} shows; a public one needs the sharing permission', async () => {
		const res = await send<{
			id: number;
			name: string;
			type: string;
			isPublic: boolean;
			ownerId: number;
			creatorId: number;
			createdAt: string;
		}>('POST', '/v2/lists', { name: 'Q3 targets', type: 'company' });
		expect(res.status).toBe(201);
		expect(res.body).toMatchObject({
			name: 'Q3 targets',
			type: 'company',
			isPublic: false,
			ownerId: SEEDED_USERS.admin,
			creatorId: SEEDED_USERS.admin,
		});
		expect((await fixture.api(`/v2/lists/${res.body.id}`)).body).toEqual(res.body);
		expect((await fixture.api(`/v2/lists/${res.body.id}`, MEMBER_KEY)).status).toBe(403);
		const denied = await send(
			'POST',
			'/v2/lists',
			{ name: 'Everyone', type: 'person', isPublic: true },
			RESTRICTED_KEY,
		);
		expect([denied.status, denied.body.errors[0].message]).toEqual([
			403,
			'Missing permission: Share accessible Lists globally',
		]);
		for (const [body, param] of [
			[{ name: '', type: 'company' }, 'name'],
			[{ name: 'x', type: 'deal' }, 'type'],
			[{ name: 'x', type: 'company', color: 'red' }, 'color'],
		] as const) {
			const bad = await send('POST', '/v2/lists', body);
			expect([bad.status, bad.body.errors[0].param]).toEqual([400, param]);
		}
	});
});

describe('dropdown options of list fields', () => {
	async function listField(listId: number, name: string): Promise<Field> {
		const res = await fixture.api<Page<Field>>(`/v2/lists/${listId}/fields?limit=100`);
		return res.body.data.find((f) => f.name === name && f.type === 'list')!;
	}
	const optionsOf = async (listId: number, fieldId: string) =>
		(
			await fixture.api<Page<Option>>(
				`/v2/lists/${listId}/fields/${fieldId}/dropdown-options?limit=100`,
			)
		).body.data;

	it('a status field lists status options with category and win rate; creates one at its rank; updates; win rate only on open', async () => {
		const status = await listField(DEAL_PIPELINE, 'Status');
		const before = await optionsOf(DEAL_PIPELINE, status.id);
		expect(before[0]).toMatchObject({
			type: 'status-dropdown',
			text: 'New',
			statusCategory: 'open',
			winRate: 10,
			rank: 0,
		});
		expect(before.find((o) => o.text === 'Won')).toMatchObject({
			statusCategory: 'won',
			winRate: null,
		});
		const path = `/v2/lists/${DEAL_PIPELINE}/fields/${status.id}/dropdown-options`;
		const created = await send<Option>('POST', path, {
			type: 'status-dropdown',
			text: 'Term Sheet',
			rank: 4,
			color: 'purple',
			statusCategory: 'open',
			winRate: 85,
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			type: 'status-dropdown',
			text: 'Term Sheet',
			rank: 4,
			color: 'purple',
			statusCategory: 'open',
			winRate: 85,
		});
		const after = await optionsOf(DEAL_PIPELINE, status.id);
		expect(after.map((o) => o.text)).toEqual([
			'New',
			'Contacted',
			'Qualified',
			'Negotiation',
			'Term Sheet',
			'Won',
			'Lost',
		]);
		expect(after.map((o) => o.rank)).toEqual([0, 1, 2, 3, 4, 5, 6]);
		expect(
			(await send('POST', `${path}/${created.body.id}`, { text: 'Term sheet signed', winRate: 90 }))
				.status,
		).toBe(204);
		expect((await fixture.api<Option>(`${path}/${created.body.id}`)).body).toMatchObject({
			text: 'Term sheet signed',
			winRate: 90,
		});
		const won = after.find((o) => o.text === 'Won')!;
		const refused = await send('POST', `${path}/${won.id}`, { winRate: 50 });
		expect([refused.status, refused.body.errors[0].param]).toEqual([400, 'winRate']);
		const outOfRange = await send('POST', path, {
			type: 'status-dropdown',
			text: 'X',
			rank: 0,
			color: 'red',
			statusCategory: 'open',
			winRate: 101,
		});
		expect([outOfRange.status, outOfRange.body.errors[0].param]).toEqual([400, 'winRate']);
		const wrongKind = await send('POST', path, { type: 'dropdown', text: 'X' });
		expect([wrongKind.status, wrongKind.body.errors[0].param]).toEqual([400, 'type']);
	});

	it('deleting an option clears every value set to it (single and multi), and the list entries show it', async () => {
		const stage = await listField(TARGET_ACCOUNTS, 'Stage');
		const labels = await listField(TARGET_ACCOUNTS, 'Labels');
		const entries = await fixture.control<
			Array<{ id: number; values: Record<string, { data: unknown }> }>
		>('GET', `/lists/${TARGET_ACCOUNTS}/entries`);
		const withStage = entries.filter((e) => e.values[stage.id]);
		const ic = (await optionsOf(TARGET_ACCOUNTS, stage.id)).find((o) => o.text === 'IC')!;
		const usingIc = withStage.filter(
			(e) => (e.values[stage.id].data as { dropdownOptionId: number }).dropdownOptionId === ic.id,
		);
		expect(usingIc.length).toBeGreaterThan(0);
		expect(
			(
				await send(
					'DELETE',
					`/v2/lists/${TARGET_ACCOUNTS}/fields/${stage.id}/dropdown-options/${ic.id}`,
				)
			).status,
		).toBe(204);
		const after = await fixture.control<
			Array<{ id: number; values: Record<string, { data: unknown }> }>
		>('GET', `/lists/${TARGET_ACCOUNTS}/entries`);
		for (const entry of usingIc)
			expect(after.find((e) => e.id === entry.id)!.values[stage.id]).toBeUndefined();
		expect((await optionsOf(TARGET_ACCOUNTS, stage.id)).map((o) => o.text)).toEqual([
			'Sourcing',
			'Diligence',
			'Closed',
		]);

		const hot = (await optionsOf(TARGET_ACCOUNTS, labels.id)).find((o) => o.text === 'Hot')!;
		expect(
			(
				await send(
					'DELETE',
					`/v2/lists/${TARGET_ACCOUNTS}/fields/${labels.id}/dropdown-options/${hot.id}`,
				)
			).status,
		).toBe(204);
		const final = await fixture.control<
			Array<{ values: Record<string, { data: Array<{ dropdownOptionId: number }> }> }>
		>('GET', `/lists/${TARGET_ACCOUNTS}/entries`);
		expect(
			final.some((e) => e.values[labels.id]?.data.some((o) => o.dropdownOptionId === hot.id)),
		).toBe(false);
		expect(
			(
				await fixture.api(
					`/v2/lists/${TARGET_ACCOUNTS}/fields/${labels.id}/dropdown-options/${hot.id}`,
				)
			).status,
		).toBe(404);
	});

	it('a private list answers 403 to others; a global field is not a list field (400)', async () => {
		const board = 104;
		const stage = await listField(board, 'Stage');
		const denied = await send(
			'POST',
			`/v2/lists/${board}/fields/${stage.id}/dropdown-options`,
			{ type: 'dropdown', text: 'X' },
			MEMBER_KEY,
		);
		expect([denied.status, denied.body.errors[0].code]).toEqual([403, 'authorization']);
		const fields = await fixture.api<Page<Field>>(`/v2/lists/${TARGET_ACCOUNTS}/fields?limit=100`);
		const industry = fields.body.data.find((f) => f.name === 'Industry' && f.type === 'global')!;
		const res = await send(
			'POST',
			`/v2/lists/${TARGET_ACCOUNTS}/fields/${industry.id}/dropdown-options`,
			{ type: 'dropdown', text: 'X' },
		);
		expect([res.status, res.body.errors[0].param]).toEqual([400, 'fieldId']);
	});
});

describe("a company's and a person's own field values", () => {
	type FieldValue = {
		id: string;
		name: string;
		type: string;
		value: { type: string; data: unknown };
	};
	async function globalField(kind: 'companies' | 'persons', name: string): Promise<Field> {
		const res = await fixture.api<Page<Field>>(`/v2/${kind}/fields?limit=100`);
		return res.body.data.find((f) => f.name === name && f.type === 'global')!;
	}

	it('reads them (paged, ids and types), writes one (204) and a batch (200), and reads the writes back', async () => {
		const employees = await globalField('companies', 'Employees');
		const description = await globalField('companies', 'Description');
		const page = await fixture.api<Page<FieldValue>>(`/v2/companies/${COMPANY}/fields`);
		expect(page.body.data.length).toBe(20);
		expect(page.body.pagination.nextUrl).not.toBeNull();
		const global = await fixture.api<Page<FieldValue>>(
			`/v2/companies/${COMPANY}/fields?types=global&limit=100`,
		);
		expect(global.body.data.every((f) => f.type === 'global')).toBe(true);
		expect(
			(
				await send('POST', `/v2/companies/${COMPANY}/fields/${employees.id}`, {
					value: { type: 'number', data: 42 },
				})
			).status,
		).toBe(204);
		const one = await fixture.api<FieldValue>(`/v2/companies/${COMPANY}/fields/${employees.id}`);
		expect(one.body).toMatchObject({
			id: employees.id,
			name: 'Employees',
			value: { type: 'number', data: 42 },
		});
		const batch = await send<{ operation: string }>('PATCH', `/v2/companies/${COMPANY}/fields`, {
			operation: 'update-fields',
			updates: [
				{ id: employees.id, value: { type: 'number', data: 43 } },
				{ id: description.id, value: { type: 'text', data: 'Makes engines' } },
			],
		});
		expect([batch.status, batch.body.operation]).toEqual([200, 'update-fields']);
		const both = await fixture.api<Page<FieldValue>>(
			`/v2/companies/${COMPANY}/fields?ids=${employees.id}&ids=${description.id}`,
		);
		expect(both.body.data.map((f) => [f.id, f.value.data])).toEqual([
			[description.id, 'Makes engines'],
			[employees.id, 43],
		]);

		const title = await globalField('persons', 'Job Title');
		const personBatch = await send('PATCH', `/v2/persons/${PERSON}/fields`, {
			operation: 'update-fields',
			updates: [{ id: title.id, value: { type: 'text', data: 'CTO' } }],
		});
		expect(personBatch.status).toBe(200);
		expect(
			(await fixture.api<FieldValue>(`/v2/persons/${PERSON}/fields/${title.id}`)).body.value,
		).toEqual({ type: 'text', data: 'CTO' });
	});

	it('refuses a bad batch whole (400 naming the update), writes without "Edit Global Field Values" (403), and unknown records (404)', async () => {
		const employees = await globalField('companies', 'Employees');
		const before = (
			await fixture.api<FieldValue>(`/v2/companies/${COMPANY}/fields/${employees.id}`)
		).body.value;
		const bad = await send('PATCH', `/v2/companies/${COMPANY}/fields`, {
			operation: 'update-fields',
			updates: [
				{ id: employees.id, value: { type: 'number', data: 7 } },
				{ id: 'affinity-data-description', value: { type: 'text', data: 'x' } },
			],
		});
		expect([bad.status, bad.body.errors[0].param]).toEqual([400, 'updates[1].id']);
		expect(
			(await fixture.api<FieldValue>(`/v2/companies/${COMPANY}/fields/${employees.id}`)).body.value,
		).toEqual(before);
		const denied = await send(
			'POST',
			`/v2/companies/${COMPANY}/fields/${employees.id}`,
			{ value: { type: 'number', data: 1 } },
			RESTRICTED_KEY,
		);
		expect([denied.status, denied.body.errors[0].code]).toEqual([403, 'authorization']);
		expect((await fixture.api('/v2/companies/3999999/fields')).status).toBe(404);
		const both = await fixture.api<ErrorBody>(
			`/v2/companies/${COMPANY}/fields?ids=${employees.id}&types=global`,
		);
		expect([both.status, both.body.errors[0].param]).toEqual([400, 'types']);
	});
});

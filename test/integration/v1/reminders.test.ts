import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey } from '../../harness/emulator';
import { runAffinityNode } from '../../../testkit/engine';
import { byId } from '../../harness/ids';

/**
 * Reminder update (API v1 PUT /reminders/{reminder_id}) in n8n-core's real engine against the
 * emulator: the answer in v2's Reminder shape and read back with Reminder → Get (v2), a due date
 * without a zone in the workflow's time zone, v1's errors naming the parameter, bad input
 * refused before any request, the write sent once after a 500 or a reset.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const ADMIN_PERSON = 5000001;
const MEMBER_PERSON = 5000002;
const COMPANY = 3000001;

const run = (parameters: IDataObject, timezone?: string) =>
	runAffinityNode({
		credentials: fixture.credentials(),
		parameters: { resource: 'reminder', ...parameters },
		...(timezone ? { timezone } : {}),
	});

async function created(): Promise<number> {
	const result = await run({
		operation: 'create',
		type: 'one-time',
		dueDate: '2030-01-02T09:00:00Z',
		owner: byId(ADMIN_PERSON),
		about: { company: byId(COMPANY) },
		options: { content: 'Call' },
	});
	await fixture.clearRequests();
	return result.items[0].id as number;
}

it('makes a reminder recurring with a new owner and content; Reminder → Get reads the same', async () => {
	const id = await created();
	const updated = await run({
		operation: 'update',
		reminderId: String(id),
		updateFields: {
			owner: byId(MEMBER_PERSON),
			content: 'Call every fortnight',
			type: 'recurring',
			periodDays: 14,
			resetTrigger: 'event',
		},
	});
	expect(updated.error).toBeUndefined();
	const [put] = await fixture.requests();
	expect(`${put.method} ${put.path}`).toBe(`PUT /reminders/${id}`);
	expect(JSON.parse(put.body!)).toEqual({
		owner_id: MEMBER_PERSON,
		content: 'Call every fortnight',
		type: 1,
		reminder_days: 14,
		reset_type: 2,
	});
	const reminder = updated.items[0];
	expect(reminder).toMatchObject({
		id,
		type: 'recurring',
		content: 'Call every fortnight',
		owner: { id: MEMBER_PERSON },
		creator: { id: ADMIN_PERSON },
		company: { id: COMPANY },
		person: null,
		recurrence: { periodDays: 14, resetTrigger: 'event' },
		completedAt: null,
	});
	const got = await run({ operation: 'get', reminderId: String(id) });
	const { updatedAt, ...v2 } = got.items[0];
	expect(updatedAt).toEqual(expect.any(String));
	expect(v2).toEqual(reminder);
	expectNoKey(updated.run);
});

it('a due date without a zone is in the workflow’s time zone; completing it shows as completed', async () => {
	const id = await created();
	const updated = await run(
		{
			operation: 'update',
			reminderId: String(id),
			updateFields: { type: 'one-time', dueDate: '2030-03-01T10:00:00', completed: true },
		},
		'Europe/Berlin',
	);
	expect(updated.error).toBeUndefined();
	expect(JSON.parse((await fixture.requests())[0].body!)).toMatchObject({
		due_date: '2030-03-01T09:00:00.000Z',
		is_completed: 1,
	});
	expect(updated.items[0]).toMatchObject({
		dueDate: '2030-03-01T09:00:00.000Z',
		status: 'completed',
		completedAt: expect.any(String),
		completer: { id: ADMIN_PERSON },
	});
});

it('Simplify off gives v1’s raw answer', async () => {
	const id = await created();
	const updated = await run({
		operation: 'update',
		reminderId: String(id),
		updateFields: { content: 'Raw' },
		simplify: false,
	});
	expect(updated.items[0]).toMatchObject({ id, type: 0, content: 'Raw', status: 1 });
});

it.each([
	[{}, /nothing to update/],
	[{ type: 'recurring', periodDays: 7 }, /a Recurring reminder needs Every \(Days\) and Reset By/],
	[{ type: 'one-time' }, /Due Date: required to make the reminder One-Time/],
	[{ periodDays: 0 }, /Every \(Days\): a recurring reminder repeats every 1 day or more/],
	[{ dueDate: 'next week' }, /Due Date: "next week" is not a date and time/],
	[{ owner: { __rl: true, mode: 'list', value: 'me' } }, /Owner/],
])('refuses %j with zero requests', async (updateFields, message) => {
	await fixture.clearRequests();
	const result = await run({ operation: 'update', reminderId: '1', updateFields });
	expect(result.error?.message).toMatch(message);
	expect(await fixture.requests()).toEqual([]);
});

it('v1’s 422 names the node’s parameter; an unknown reminder is a 404', async () => {
	const id = await created();
	const external = await run({
		operation: 'update',
		reminderId: String(id),
		updateFields: { owner: byId(5000101) },
	});
	expect(external.error?.message).toMatch(/not an active user/);
	expect(external.error?.description).toMatch(/"Owner" \(sent as "owner_id"\)/);
	const unknown = await run({
		operation: 'update',
		reminderId: '999999',
		updateFields: { content: 'x' },
	});
	expect(unknown.error?.message).toMatch(/Reminder 999999 not found/);
});

describe.each([
	['a 500', { kind: 'status', status: 500, apply: true }],
	['a connection reset', { kind: 'reset', apply: true }],
] as const)('after %s', (_label, fault) => {
	it('the update is sent once, and the error says how to check', async () => {
		const id = await created();
		await fixture.fault({ ...fault, method: 'PUT' });
		const result = await run({
			operation: 'update',
			reminderId: String(id),
			updateFields: { content: 'Once' },
		});
		expect(result.error?.description).toMatch(/may or may not have been applied/);
		expect(result.error?.description).toMatch(/Reminder → Get/);
		expect((await fixture.requests()).map((r) => r.method)).toEqual(['PUT']);
		expectNoKey(result.run);
	});
});

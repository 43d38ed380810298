import { EmulatorFixture } from '../harness/emulator';
import { bearer, deliveries, listenToWebhooks, v1 } from './v1Client';

/**
 * The emulator's API v1 PUT /reminders/{reminder_id} over HTTP: the documented shape and codes,
 * v1's 422s and 404s, v2's GET /v2/reminders/{reminderId} reading the change, and the
 * reminder.updated webhook event.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const ADMIN_PERSON = 5000001;
const MEMBER_PERSON = 5000002;

type V2Reminder = Record<string, unknown> & { type: string; recurrence: unknown };

async function oneTimeReminder(): Promise<number> {
	const res = await fixture.api<{ id: number }>('/v2/reminders', undefined, {
		method: 'POST',
		body: {
			type: 'one-time',
			owner: { id: ADMIN_PERSON },
			entity: { type: 'company', id: 3000001 },
			dueDate: '2030-01-02T09:00:00Z',
			content: 'Call',
		},
	});
	return res.body.id;
}

it('changes owner, content and type to recurring; v2 reads it back', async () => {
	await listenToWebhooks(fixture);
	const id = await oneTimeReminder();
	const res = await v1<Record<string, unknown>>(fixture, 'PUT', `/reminders/${id}`, {
		owner_id: MEMBER_PERSON,
		content: 'Call again',
		type: 1,
		reset_type: 2,
		reminder_days: 14,
	});
	expect(res.status).toBe(200);
	expect(res.body).toMatchObject({
		id,
		type: 1,
		content: 'Call again',
		reset_type: 2,
		reminder_days: 14,
		completed_at: null,
		owner: { id: MEMBER_PERSON, type: 1, first_name: expect.any(String) },
		creator: { id: ADMIN_PERSON },
		organization: { id: 3000001, name: expect.any(String), global: expect.any(Boolean) },
		person: null,
		opportunity: null,
	});
	const v2 = await fixture.api<V2Reminder>(`/v2/reminders/${id}`);
	expect(v2.body).toMatchObject({
		type: 'recurring',
		content: 'Call again',
		owner: { id: MEMBER_PERSON },
		recurrence: { periodDays: 14, resetTrigger: 'event' },
		updatedAt: expect.any(String),
	});
	const [event] = (await deliveries(fixture, ['reminder.updated'])).filter(
		(e) => e.type === 'reminder.updated',
	);
	expect(event.body).toMatchObject({ id, content: 'Call again', type: 1 });
});

it('completes a one-time reminder and reopens it; a due date without a zone is UTC', async () => {
	const id = await oneTimeReminder();
	const done = await v1<{ status: number; completed_at: string | null }>(
		fixture,
		'PUT',
		`/reminders/${id}`,
		{ is_completed: 1 },
		bearer(),
	);
	expect(done.body.status).toBe(0);
	expect(done.body.completed_at).toEqual(expect.any(String));
	expect((await fixture.api<V2Reminder>(`/v2/reminders/${id}`)).body).toMatchObject({
		status: 'completed',
		completer: { id: ADMIN_PERSON },
	});
	const reopened = await v1<{ status: number; due_date: string }>(
		fixture,
		'PUT',
		`/reminders/${id}`,
		{
			is_completed: 0,
			due_date: '2031-05-06T07:08:09',
		},
	);
	expect(reopened.body).toMatchObject({ status: 1, due_date: '2031-05-06T07:08:09.000Z' });
});

it('completing a recurring reminder moves its due date on by its period', async () => {
	const id = await oneTimeReminder();
	await v1(fixture, 'PUT', `/reminders/${id}`, { type: 1, reset_type: 0, reminder_days: 10 });
	const res = await v1<{ due_date: string; completed_at: null }>(
		fixture,
		'PUT',
		`/reminders/${id}`,
		{
			is_completed: 1,
		},
	);
	expect(res.body).toMatchObject({ due_date: '2030-01-12T09:00:00.000Z', completed_at: null });
});

it.each([
	[{ type: 0 }, 'due_date'],
	[{ type: 1, reset_type: 0 }, 'reminder_days'],
	[{ type: 1, reminder_days: 3 }, 'reset_type'],
	[{ type: 3 }, 'type'],
	[{ reminder_days: 3 }, 'reminder_days'],
	[{ owner_id: 5000101 }, 'owner_id'],
	[{ due_date: 'tomorrow' }, 'due_date'],
	[{ is_completed: true }, 'is_completed'],
	[{ priority: 1 }, 'priority'],
])('refuses %j with a 422 naming %s and changes nothing', async (body, param) => {
	const id = await oneTimeReminder();
	const before = JSON.stringify((await fixture.api(`/v2/reminders/${id}`)).body);
	const res = await v1<{ errors: Array<{ param?: string }> }>(
		fixture,
		'PUT',
		`/reminders/${id}`,
		body,
	);
	expect(res.status).toBe(422);
	expect(res.body.errors[0].param).toBe(param);
	expect(JSON.stringify((await fixture.api(`/v2/reminders/${id}`)).body)).toBe(before);
});

it('an unknown reminder is 404', async () => {
	expect((await v1(fixture, 'PUT', '/reminders/999999', { content: 'x' })).status).toBe(404);
});

import { instantOf } from '../../../nodes/AffinityV2/helpers/dates';
import { reminderFromV1, type V1Reminder } from '../../../nodes/AffinityV2/helpers/v1/reminders';

const JOHN = {
	id: 443,
	type: 1,
	first_name: 'John',
	last_name: 'Doe',
	primary_email: 'john@affinity.co',
	emails: ['john@affinity.co'],
};

/** The documented answer of PUT /reminders/15385. */
const UPDATED: V1Reminder = {
	id: 15385,
	type: 1,
	created_at: '2022-02-01T09:36:07.316-08:00',
	completed_at: null,
	content: 'Create reminder from external API',
	due_date: '2021-11-30T00:00:00.000-08:00',
	reset_type: 0,
	reminder_days: 70,
	status: 2,
	creator: JOHN,
	owner: JOHN,
	completer: null,
	person: { ...JOHN, id: 2021, type: 0 },
	organization: null,
	opportunity: null,
};

describe('reminderFromV1: v2 Reminder shape', () => {
	it('a recurring reminder', () => {
		expect(reminderFromV1(UPDATED)).toEqual({
			id: 15385,
			type: 'recurring',
			content: 'Create reminder from external API',
			dueDate: '2021-11-30T08:00:00.000Z',
			creator: { id: 443 },
			owner: { id: 443 },
			completer: null,
			company: null,
			person: { id: 2021 },
			opportunity: null,
			createdAt: '2022-02-01T17:36:07.316Z',
			completedAt: null,
			recurrence: { periodDays: 70, resetTrigger: 'interaction' },
			status: 'overdue',
		});
	});

	it('a completed one-time reminder about a company; v1 meeting is v2 event', () => {
		const out = reminderFromV1({
			...UPDATED,
			type: 0,
			reset_type: null,
			reminder_days: null,
			status: 0,
			completed_at: '2022-02-02T10:00:00.000-08:00',
			completer: JOHN,
			person: null,
			organization: { id: 4904 },
		});
		expect(out).toMatchObject({
			type: 'one-time',
			status: 'completed',
			completedAt: '2022-02-02T18:00:00.000Z',
			completer: { id: 443 },
			company: { id: 4904 },
			recurrence: null,
		});
		expect(
			(reminderFromV1({ ...UPDATED, reset_type: 2 }).recurrence as { resetTrigger: string })
				.resetTrigger,
		).toBe('event');
	});
});

describe('instantOf: a date-time without a zone is in the workflow’s time zone', () => {
	it.each([
		['2030-01-02T09:00:00', 'Europe/Berlin', '2030-01-02T08:00:00.000Z'],
		['2030-07-02T09:00', 'Europe/Berlin', '2030-07-02T07:00:00.000Z'],
		['2030-01-02T09:00:00', 'America/New_York', '2030-01-02T14:00:00.000Z'],
		['2030-01-02', 'Asia/Tokyo', '2030-01-01T15:00:00.000Z'],
		['2030-01-02 09:00:00.250', 'UTC', '2030-01-02T09:00:00.250Z'],
		// With a zone or an offset it is taken as written, whatever the workflow's zone.
		['2030-01-02T09:00:00Z', 'Asia/Tokyo', '2030-01-02T09:00:00.000Z'],
		['2030-01-02T09:00:00+05:30', 'Europe/Berlin', '2030-01-02T03:30:00.000Z'],
		['2030-01-02T09:00:00-0800', 'Europe/Berlin', '2030-01-02T17:00:00.000Z'],
		['2030-01-02T09:00:00+02', 'UTC', '2030-01-02T07:00:00.000Z'],
		// An unknown zone name falls back to UTC rather than the server's zone.
		['2030-01-02T09:00:00', 'Not/AZone', '2030-01-02T09:00:00.000Z'],
	])('%s in %s is %s', (input, zone, expected) => {
		expect(instantOf(input, zone)).toBe(expected);
	});

	it('a Date, and a Luxon-like DateTime, are instants already', () => {
		expect(instantOf(new Date(Date.UTC(2030, 0, 2, 9)), 'Asia/Tokyo')).toBe(
			'2030-01-02T09:00:00.000Z',
		);
		const luxonLike = {
			isValid: true,
			toISODate: () => '2030-01-02',
			toISO: () => '2030-01-02T10:00:00.000+01:00',
		};
		expect(instantOf(luxonLike, 'UTC')).toBe('2030-01-02T09:00:00.000Z');
	});

	it.each(['tomorrow', '2030-02-30T09:00:00', '2030-01-02T25:00:00', '', null])(
		'refuses %j with a hint',
		(input) => {
			expect(() => instantOf(input, 'UTC')).toThrow(/date|time/);
		},
	);
});

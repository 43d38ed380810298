import type { Reminder } from '../../model';
import type { RouteContext } from '../../context';
import type { Router } from '../../router';
import { v1OrganizationSummary, v1PersonSummary } from '../../v1Shapes';
import { reminderStatus } from '../reminders';
import { holdFromV2, unprocessable } from './common';
import { given, payloadOf, v1Code, v1Integer, v1PathRecord, v1Required, v1Text } from './payload';

/**
 * API v1 GET and PUT /reminders/{reminder_id} on the store v2 reads (GET /v2/reminders/{reminderId}
 * shows the change). Codes as v1 documents them: type 0 one-time, 1 recurring; reset_type 0
 * interaction, 1 email, 2 meeting (v2's `event`); status 0 completed, 1 active, 2 overdue.
 * A one-time reminder needs a due_date, a recurring one reset_type and reminder_days. Webhook:
 * reminder.updated.
 */

const RESET_TRIGGERS = ['interaction', 'email', 'event'] as const;
const STATUS_CODES = { completed: 0, active: 1, overdue: 2 } as const;
const DAY = 86_400_000;

/** ISO 8601 as v1 takes it: a date (midnight UTC) or a date-time with or without a zone (UTC). */
function v1DueDate(value: unknown): string {
	const raw = v1Text(value, 'due_date');
	const match = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
		raw,
	);
	const zoned = !match || !match[1] || match[4] ? raw : `${raw}Z`;
	const time = match ? Date.parse(zoned) : NaN;
	if (Number.isNaN(time))
		throw unprocessable('due_date must be an ISO 8601 date or date-time', 'due_date');
	return new Date(time).toISOString();
}

function personOf(ctx: RouteContext, id: number | null): Record<string, unknown> | null {
	if (id === null) return null;
	const person = ctx.store.persons.get(id);
	return person ? v1PersonSummary(person) : { id };
}

/** The Reminder resource. */
export function renderV1Reminder(ctx: RouteContext, reminder: Reminder): Record<string, unknown> {
	const { entity } = reminder;
	const company = entity.type === 'company' ? ctx.store.companies.get(entity.id) : undefined;
	const opportunity =
		entity.type === 'opportunity' ? ctx.store.opportunities.get(entity.id) : undefined;
	return {
		id: reminder.id,
		type: reminder.type === 'recurring' ? 1 : 0,
		created_at: reminder.createdAt,
		completed_at: reminder.completedAt,
		content: reminder.content,
		due_date: reminder.dueDate,
		reset_type: reminder.recurrence
			? RESET_TRIGGERS.indexOf(reminder.recurrence.resetTrigger)
			: null,
		reminder_days: reminder.recurrence?.periodDays ?? null,
		status: STATUS_CODES[reminderStatus(reminder)],
		creator: personOf(ctx, reminder.creatorPersonId),
		owner: personOf(ctx, reminder.ownerPersonId),
		completer: personOf(ctx, reminder.completerPersonId),
		person: entity.type === 'person' ? personOf(ctx, entity.id) : null,
		organization:
			entity.type === 'company'
				? company
					? v1OrganizationSummary(company)
					: { id: entity.id }
				: null,
		opportunity:
			entity.type === 'opportunity' ? { id: entity.id, name: opportunity?.name ?? null } : null,
	};
}

export function register(router: Router): void {
	// "Get a Specific Reminder": v1 sees a write at once (v2 reads may lag it).
	router.get('/reminders/:reminderId', (ctx) => {
		const reminder = v1PathRecord(
			ctx.params.reminderId,
			'reminder_id',
			ctx.store.reminders,
			'Reminder',
		);
		return { status: 200, body: renderV1Reminder(ctx, reminder) };
	});

	router.put('/reminders/:reminderId', async (ctx) => {
		const reminder = v1PathRecord(
			ctx.params.reminderId,
			'reminder_id',
			ctx.store.reminders,
			'Reminder',
		);
		const body = payloadOf(await ctx.body(), [
			'owner_id',
			'content',
			'type',
			'reset_type',
			'due_date',
			'reminder_days',
			'is_completed',
		]);
		// Everything is read and checked before anything changes.
		let ownerPersonId: number | undefined;
		if (given(body, 'owner_id')) {
			ownerPersonId = v1Integer(body.owner_id, 'owner_id');
			const owner = [...ctx.store.users.values()].find((u) => u.personId === ownerPersonId);
			if (!owner || owner.status !== 'active')
				throw unprocessable(
					`Person ${ownerPersonId} is not an active user of your team`,
					'owner_id',
				);
		}
		const content = given(body, 'content') ? v1Text(body.content, 'content') : undefined;
		const type = given(body, 'type') ? v1Code(body.type, [0, 1], 'type') : undefined;
		if (type === 0) v1Required(body, 'due_date');
		if (type === 1) {
			v1Required(body, 'reset_type');
			v1Required(body, 'reminder_days');
		}
		const resetType = given(body, 'reset_type')
			? v1Code(body.reset_type, [0, 1, 2], 'reset_type')
			: undefined;
		const days = given(body, 'reminder_days')
			? v1Integer(body.reminder_days, 'reminder_days')
			: undefined;
		const recurring = type === undefined ? reminder.type === 'recurring' : type === 1;
		if (!recurring && (resetType !== undefined || days !== undefined))
			throw unprocessable(
				'reset_type and reminder_days apply to recurring reminders (type 1)',
				resetType !== undefined ? 'reset_type' : 'reminder_days',
			);
		const dueDate = given(body, 'due_date') ? v1DueDate(body.due_date) : undefined;
		const completed = given(body, 'is_completed')
			? v1Code(body.is_completed, [0, 1], 'is_completed') === 1
			: undefined;

		const now = new Date();
		holdFromV2(ctx, 'reminder', reminder.id);
		if (ownerPersonId !== undefined) reminder.ownerPersonId = ownerPersonId;
		if (content !== undefined) reminder.content = content;
		if (recurring) {
			reminder.type = 'recurring';
			reminder.completedAt = null;
			reminder.recurrence = {
				periodDays: days ?? reminder.recurrence?.periodDays ?? 30,
				resetTrigger:
					resetType !== undefined
						? RESET_TRIGGERS[resetType]
						: (reminder.recurrence?.resetTrigger ?? 'interaction'),
			};
		} else {
			reminder.type = 'one-time';
			reminder.recurrence = null;
		}
		if (dueDate !== undefined) reminder.dueDate = dueDate;
		if (completed === true) {
			reminder.completerPersonId = ctx.user.personId;
			// A recurring reminder is never completed: completing it rolls its due date forward.
			if (reminder.recurrence)
				reminder.dueDate = new Date(
					Date.parse(reminder.dueDate) + reminder.recurrence.periodDays * DAY,
				).toISOString();
			else reminder.completedAt = now.toISOString();
		} else if (completed === false) {
			reminder.completerPersonId = null;
			reminder.completedAt = null;
		}
		reminder.updatedAt = now.toISOString();
		ctx.store.touch();
		const rendered = renderV1Reminder(ctx, reminder);
		ctx.store.announce('reminder.updated', () => rendered);
		return { status: 200, body: rendered };
	});
}

import { badRequest, forbidden, notFound, pathId } from '../http';
import type { Router } from '../router';
import { dateTime, integer, isObject, objectOf, oneOf, reference } from './bodies';
import { renderV1Reminder } from './v1/reminders';

/**
 * POST /v2/reminders/{reminderId} (BETA, 2026-09-17; reminders.ReminderToBeUpdated, 204): a
 * partial update by the reminder's creator or owner (403 otherwise). `completedAt` set completes
 * it (a recurring one is never completed: its due date moves on by its period); `null` reopens a
 * one-time one and is refused for a recurring one, as is `recurrence` on a one-time one. Same
 * store and webhook (reminder.updated) as v1's PUT /reminders/{reminder_id}.
 */

const RESET_TRIGGERS = ['interaction', 'email', 'event'] as const;
const DAY = 86_400_000;
/** dueDate: "on or after 2000-01-01 and before 9999-01-01". */
const EARLIEST_DUE = Date.parse('2000-01-01T00:00:00Z');
const LATEST_DUE = Date.parse('9999-01-01T00:00:00Z');

export function register(router: Router): void {
	router.post('/v2/reminders/:reminderId', async (ctx) => {
		const reminderId = pathId(ctx.params.reminderId, 'reminderId', 'int64');
		const reminder = ctx.store.reminders.get(reminderId);
		if (!reminder) throw notFound(`Reminder ${reminderId} not found`);
		const body = objectOf(
			await ctx.body(),
			['completedAt', 'content', 'dueDate', 'owner', 'recurrence'],
			'',
		);
		if (
			reminder.creatorPersonId !== ctx.user.personId &&
			reminder.ownerPersonId !== ctx.user.personId
		)
			throw forbidden(`Only the creator or the owner of reminder ${reminder.id} can update it`);

		// Everything is read and checked before anything changes.
		let content: string | null | undefined;
		if (body.content !== undefined) {
			if (body.content !== null && typeof body.content !== 'string')
				throw badRequest('content must be a string or null', 'content');
			content = body.content;
		}
		let dueDate: string | undefined;
		if (body.dueDate !== undefined) {
			dueDate = dateTime(body.dueDate, 'dueDate');
			const time = Date.parse(dueDate);
			if (time < EARLIEST_DUE || time >= LATEST_DUE)
				throw badRequest('dueDate must be on or after 2000-01-01 and before 9999-01-01', 'dueDate');
		}
		let ownerPersonId: number | undefined;
		if (body.owner !== undefined) {
			ownerPersonId = reference(body.owner, 'owner');
			const owner = [...ctx.store.users.values()].find((u) => u.personId === ownerPersonId);
			if (!owner || owner.status !== 'active')
				throw badRequest(
					`Person ${ownerPersonId} is not an active user of your organization`,
					'owner.id',
				);
		}
		let recurrence: { periodDays?: number; resetTrigger?: (typeof RESET_TRIGGERS)[number] } = {};
		if (body.recurrence !== undefined) {
			if (reminder.type !== 'recurring')
				throw badRequest(
					`recurrence applies to recurring reminders; reminder ${reminder.id} is one-time`,
					'recurrence',
				);
			if (!isObject(body.recurrence))
				throw badRequest('recurrence must be an object', 'recurrence');
			const spec = objectOf(body.recurrence, ['periodDays', 'resetTrigger'], 'recurrence');
			recurrence = {
				periodDays:
					spec.periodDays === undefined
						? undefined
						: integer(spec.periodDays, 'recurrence.periodDays', 1, 3650),
				resetTrigger:
					spec.resetTrigger === undefined
						? undefined
						: oneOf(spec.resetTrigger, RESET_TRIGGERS, 'recurrence.resetTrigger'),
			};
		}
		let completedAt: string | null | undefined;
		if (body.completedAt !== undefined) {
			if (body.completedAt === null && reminder.type === 'recurring')
				throw badRequest(
					`A recurring reminder cannot be marked incomplete (reminder ${reminder.id})`,
					'completedAt',
				);
			completedAt = body.completedAt === null ? null : dateTime(body.completedAt, 'completedAt');
		}

		if (content !== undefined) reminder.content = content;
		if (dueDate !== undefined) reminder.dueDate = dueDate;
		if (ownerPersonId !== undefined) reminder.ownerPersonId = ownerPersonId;
		if (reminder.recurrence) {
			reminder.recurrence = {
				periodDays: recurrence.periodDays ?? reminder.recurrence.periodDays,
				resetTrigger: recurrence.resetTrigger ?? reminder.recurrence.resetTrigger,
			};
		}
		if (completedAt === null) {
			reminder.completedAt = null;
			reminder.completerPersonId = null;
		} else if (completedAt !== undefined) {
			// `completer` is the key's user.
			reminder.completerPersonId = ctx.user.personId;
			if (reminder.recurrence)
				reminder.dueDate = new Date(
					Date.parse(reminder.dueDate) + reminder.recurrence.periodDays * DAY,
				).toISOString();
			else reminder.completedAt = completedAt;
		}
		reminder.updatedAt = new Date().toISOString();
		ctx.store.touch();
		const rendered = renderV1Reminder(ctx, reminder);
		ctx.store.announce('reminder.updated', () => rendered);
		return { status: 204 };
	});
}

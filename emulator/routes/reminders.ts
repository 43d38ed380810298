import type { FilterProperties } from '../filter';
import { badRequest, forbidden, notFound, pathId } from '../http';
import type { EntityKind, Reminder } from '../model';
import type { RouteContext } from '../context';
import type { Router } from '../router';
import type { Store } from '../store';
import { dateTime, integer, isObject, objectOf, oneOf, reference, required, text } from './bodies';
import { definingValues, ok, paged } from './common';
import { canSeeOpportunity } from './opportunities';
import { boolValue, filterFrom } from './support';
import { EDITION_2026_09_17, isAtLeast } from '../versions';

/**
 * Reminders (GET and POST /v2/reminders, GET and DELETE /v2/reminders/{reminderId}; schemas
 * reminders.*). Every reminder is visible; only its creator or owner may delete it (403).
 * Pages are in `dueDate` order, soonest first.
 */

const RESET_TRIGGERS = ['interaction', 'email', 'event'] as const;
const TIME_OPERATORS = ['>', '<', '>=', '<='] as const;
const DAY = 86_400_000;

export function reminderStatus(
	reminder: Reminder,
	now = Date.now(),
): 'active' | 'overdue' | 'completed' {
	if (reminder.completedAt) return 'completed';
	return Date.parse(reminder.dueDate) < now ? 'overdue' : 'active';
}

export function renderReminder(reminder: Reminder): Record<string, unknown> {
	const ref = (kind: EntityKind) =>
		reminder.entity.type === kind ? { id: reminder.entity.id } : null;
	return {
		id: reminder.id,
		type: reminder.type,
		content: reminder.content,
		dueDate: reminder.dueDate,
		creator: { id: reminder.creatorPersonId },
		owner: { id: reminder.ownerPersonId },
		completer: reminder.completerPersonId === null ? null : { id: reminder.completerPersonId },
		company: ref('company'),
		person: ref('person'),
		opportunity: ref('opportunity'),
		createdAt: reminder.createdAt,
		updatedAt: reminder.updatedAt,
		completedAt: reminder.completedAt,
		recurrence: reminder.recurrence ? { ...reminder.recurrence } : null,
		status: reminderStatus(reminder),
	};
}

const id = (get: (r: Reminder) => number | null | undefined) => ({
	kind: 'reference' as const,
	operators: ['='] as const,
	get,
});

/** The filter properties and operators the OpenAPI description lists for GET /v2/reminders. */
const REMINDER_FILTER: FilterProperties<Reminder> = {
	id: id((r) => r.id),
	type: { kind: 'choice', operators: ['='], get: (r) => r.type },
	status: { kind: 'choice', operators: ['='], get: (r) => reminderStatus(r) },
	resetTrigger: {
		kind: 'choice',
		operators: ['='],
		get: (r) => r.recurrence?.resetTrigger ?? null,
	},
	dueDate: { kind: 'datetime', operators: TIME_OPERATORS, get: (r) => r.dueDate },
	completedAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (r) => r.completedAt },
	createdAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (r) => r.createdAt },
	updatedAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (r) => r.updatedAt },
	'owner.id': { kind: 'reference', operators: ['=', '!='], get: (r) => r.ownerPersonId },
	'creator.id': id((r) => r.creatorPersonId),
	'completer.id': id((r) => r.completerPersonId),
	'company.id': id((r) => (r.entity.type === 'company' ? r.entity.id : null)),
	'person.id': id((r) => (r.entity.type === 'person' ? r.entity.id : null)),
	'opportunity.id': id((r) => (r.entity.type === 'opportunity' ? r.entity.id : null)),
};

function sortedReminders(store: Store): Reminder[] {
	return [...store.reminders.values()].sort(
		(a, b) => Date.parse(a.dueDate) - Date.parse(b.dueDate) || a.id - b.id,
	);
}

function entityOf(ctx: RouteContext, value: unknown): Reminder['entity'] {
	if (!isObject(value))
		throw badRequest(
			'entity must be an object {"type": "company" | "person" | "opportunity", "id": ...}',
			'entity',
		);
	const type = oneOf(
		required(value, 'type', 'entity'),
		['company', 'person', 'opportunity'] as const,
		'entity.type',
	);
	objectOf(value, ['type', 'id'], 'entity');
	const entityId = integer(required(value, 'id', 'entity'), 'entity.id');
	const label = { company: 'Company', person: 'Person', opportunity: 'Opportunity' }[type];
	if (!ctx.store.entityExists(type, entityId)) throw notFound(`${label} ${entityId} not found`);
	if (type === 'person' && ctx.store.persons.get(entityId)?.type === 'internal') {
		throw badRequest(
			`Person ${entityId} is internal; a reminder is about an external person`,
			'entity.id',
		);
	}
	if (type === 'opportunity') {
		const opportunity = ctx.store.opportunities.get(entityId);
		if (opportunity && !canSeeOpportunity(ctx, opportunity))
			throw forbidden(`You do not have access to opportunity ${entityId}`);
	}
	return { type, id: entityId };
}

function createReminder(ctx: RouteContext, raw: unknown): Reminder {
	if (!isObject(raw)) throw badRequest('Expected a JSON object', 'body');
	const type = oneOf(required(raw, 'type'), ['one-time', 'recurring'] as const, 'type');
	const body = objectOf(
		raw,
		[
			'type',
			'content',
			'entity',
			'owner',
			'dueDate',
			...(type === 'recurring' ? ['recurrence'] : []),
		],
		'',
	);
	const content =
		body.content === undefined || body.content === null ? null : text(body.content, 'content');
	const ownerPersonId = reference(required(body, 'owner'), 'owner');
	const owner = [...ctx.store.users.values()].find((u) => u.personId === ownerPersonId);
	if (!owner || owner.status !== 'active')
		throw badRequest(
			`Person ${ownerPersonId} is not an active user of your organization`,
			'owner.id',
		);
	const entity = entityOf(ctx, required(body, 'entity'));
	const now = new Date();
	let recurrence: Reminder['recurrence'] = null;
	let dueDate: string;
	if (type === 'recurring') {
		const spec = objectOf(
			required(body, 'recurrence'),
			['periodDays', 'resetTrigger'],
			'recurrence',
		);
		const periodDays = integer(
			required(spec, 'periodDays', 'recurrence'),
			'recurrence.periodDays',
			1,
			// reminders.RecurringReminderToBeCreated: at most 3650 days from 2026-09-17.
			isAtLeast(ctx.version, EDITION_2026_09_17) ? 3650 : 2147483647,
		);
		const resetTrigger = oneOf(
			required(spec, 'resetTrigger', 'recurrence'),
			RESET_TRIGGERS,
			'recurrence.resetTrigger',
		);
		recurrence = { periodDays, resetTrigger };
		dueDate =
			body.dueDate === undefined
				? new Date(now.getTime() + periodDays * DAY).toISOString()
				: dateTime(body.dueDate, 'dueDate');
	} else dueDate = dateTime(required(body, 'dueDate'), 'dueDate');
	return {
		id: 0,
		type,
		content,
		dueDate,
		creatorPersonId: ctx.user.personId,
		ownerPersonId,
		completerPersonId: null,
		completedAt: null,
		entity,
		recurrence,
		createdAt: now.toISOString(),
		updatedAt: null,
	};
}

function reminderOf(ctx: RouteContext): Reminder {
	const reminderId = pathId(ctx.params.reminderId, 'reminderId', 'int64');
	const reminder = ctx.store.reminders.get(reminderId);
	if (!reminder) throw notFound(`Reminder ${reminderId} not found`);
	return reminder;
}

export function register(router: Router): void {
	router.get('/v2/reminders', (ctx) => {
		const defining = ['filter', 'totalCount'];
		const values = definingValues(ctx, defining);
		const test = filterFrom(values.filter?.[0], REMINDER_FILTER);
		const all = sortedReminders(ctx.store);
		// Keys follow the dueDate order, so a cursor pages on in that order.
		const position = new Map(all.map((r, i) => [r, i + 1]));
		const reminders = test ? all.filter(test) : all;
		return paged(ctx, reminders, (r) => position.get(r) as number, renderReminder, {
			defining,
			totalCount: boolValue(values, 'totalCount'),
		});
	});

	router.post('/v2/reminders', async (ctx) => {
		const reminder = createReminder(ctx, await ctx.body());
		reminder.id = ctx.store.nextId('reminder', 1);
		ctx.store.reminders.set(reminder.id, reminder);
		ctx.store.touch();
		return { status: 201, body: renderReminder(reminder) };
	});

	router.get('/v2/reminders/:reminderId', (ctx) => ok(renderReminder(reminderOf(ctx))));

	router.delete('/v2/reminders/:reminderId', (ctx) => {
		const reminder = reminderOf(ctx);
		if (
			reminder.creatorPersonId !== ctx.user.personId &&
			reminder.ownerPersonId !== ctx.user.personId
		) {
			throw forbidden(`Only the creator or the owner of reminder ${reminder.id} can delete it`);
		}
		ctx.store.reminders.delete(reminder.id);
		ctx.store.touch();
		return { status: 204 };
	});
}

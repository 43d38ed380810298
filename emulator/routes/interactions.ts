import type { FilterProperties } from '../filter';
import { notFound, pathId } from '../http';
import type { Interaction } from '../model';
import type { RouteContext } from '../context';
import type { Router } from '../router';
import { ASSOCIATION_LIMIT, personData } from '../serialize';
import { definingValues, ok, paged } from './common';
import { filterFrom } from './support';

/**
 * Interactions (GET /v2/calls, /v2/chat-messages, /v2/emails, /v2/meetings and
 * /v2/meetings/{meetingId}; interactions.* schemas), by id ascending. An email's subject is
 * shown only to participants and to users who may see every email (here: Manage Users);
 * others get it obfuscated as `********`, as the API says.
 */

const TIME_OPERATORS = ['>', '<', '>=', '<='] as const;

function filterFor(timeProperty: 'startTime' | 'sentAt'): FilterProperties<Interaction> {
	return {
		id: { kind: 'reference', operators: ['='], get: (i) => i.id },
		[timeProperty]: { kind: 'datetime', operators: TIME_OPERATORS, get: (i) => i.time },
		createdAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (i) => i.createdAt },
		updatedAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (i) => i.updatedAt },
	};
}

function attendee(ctx: RouteContext, personId: number): Record<string, unknown> {
	const person = ctx.store.persons.get(personId);
	return {
		emailAddress: person?.primaryEmailAddress ?? null,
		person: person ? personData(person, personId) : null,
	};
}

function preview<T>(
	items: T[],
	render: (item: T) => unknown,
): { data: unknown[]; totalCount: number } {
	return { data: items.slice(0, ASSOCIATION_LIMIT).map(render), totalCount: items.length };
}

const orNull = (ctx: RouteContext, personId: number | null) =>
	personId === null ? null : attendee(ctx, personId);

export function renderInteraction(ctx: RouteContext, i: Interaction): Record<string, unknown> {
	const common = {
		id: i.id,
		loggingType: i.loggingType,
		createdAt: i.createdAt,
		updatedAt: i.updatedAt,
	};
	switch (i.type) {
		case 'email': {
			const own = ctx.store.users.get(ctx.user.id)?.personId;
			const mayRead =
				ctx.user.permissions.manageUsers ||
				(own !== undefined && [...i.personIds, ...i.ccPersonIds].includes(own));
			return {
				...common,
				loggingType: 'automated',
				sentAt: i.time,
				direction: i.direction,
				subject: mayRead ? i.title : '********',
				from: attendee(ctx, i.personIds[0]),
				toParticipantsPreview: preview(i.personIds.slice(1), (id) => attendee(ctx, id)),
				ccParticipantsPreview: preview(i.ccPersonIds, (id) => attendee(ctx, id)),
			};
		}
		case 'chat-message':
			return {
				...common,
				loggingType: 'manual',
				sentAt: i.time,
				direction: i.direction,
				creator: personData(ctx.store.persons.get(i.personIds[0]), i.personIds[0]),
				participantsPreview: preview(i.personIds, (id) =>
					personData(ctx.store.persons.get(id), id),
				),
			};
		case 'call':
			return {
				...common,
				loggingType: 'manual',
				title: i.title,
				startTime: i.time,
				endTime: i.endTime,
				allDay: i.allDay,
				creator: orNull(ctx, i.creatorPersonId),
				attendeesPreview: preview(i.personIds, (id) => attendee(ctx, id)),
			};
		case 'meeting':
			return {
				...common,
				title: i.title,
				startTime: i.time,
				endTime: i.endTime,
				allDay: i.allDay,
				creator: orNull(ctx, i.creatorPersonId),
				organizer: orNull(ctx, i.organizerPersonId),
				attendeesPreview: preview(i.personIds, (id) => attendee(ctx, id)),
			};
	}
}

const byType = (ctx: RouteContext, type: Interaction['type']) =>
	ctx.store
		.sortedIds(ctx.store.interactions)
		.map((id) => ctx.store.interactions.get(id) as Interaction)
		.filter((i) => i.type === type);

export function register(router: Router): void {
	const collections: Array<[string, Interaction['type'], 'startTime' | 'sentAt']> = [
		['/v2/calls', 'call', 'startTime'],
		['/v2/chat-messages', 'chat-message', 'sentAt'],
		['/v2/emails', 'email', 'sentAt'],
		['/v2/meetings', 'meeting', 'startTime'],
	];
	for (const [path, type, timeProperty] of collections) {
		const properties = filterFor(timeProperty);
		router.get(path, (ctx) => {
			const defining = ['filter'];
			const test = filterFrom(definingValues(ctx, defining).filter?.[0], properties);
			const items = byType(ctx, type).filter((i) => !test || test(i));
			return paged(
				ctx,
				items,
				(i) => i.id,
				(i) => renderInteraction(ctx, i),
				{ defining },
			);
		});
	}

	router.get('/v2/meetings/:meetingId', (ctx) => {
		const meetingId = pathId(ctx.params.meetingId, 'meetingId', 'int64');
		const meeting = ctx.store.interactions.get(meetingId);
		if (!meeting || meeting.type !== 'meeting') throw notFound(`Meeting ${meetingId} not found`);
		return ok(renderInteraction(ctx, meeting));
	});
}

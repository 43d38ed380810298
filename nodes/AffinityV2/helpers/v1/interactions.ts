/**
 * API v1 interactions (The Interactions Resource) in the v2 shapes of GET /v2/meetings,
 * /v2/calls and /v2/chat-messages (interactions.Meeting, .Call, .ChatMessage), so a workflow
 * reads a logged meeting the same whichever API answered. What v1 does not say is null.
 */
import type { IDataObject } from 'n8n-workflow';

import { v1Time } from './times';

/** The node's interaction types (as Interaction → Get Many names them) and v1's type codes. */
export const V1_INTERACTION_TYPE = { meeting: 0, call: 1, chatMessage: 2, email: 3 } as const;
export type InteractionKind = keyof typeof V1_INTERACTION_TYPE;

/** v1's Person types: 0 external, 1 internal. */
function personData(raw: unknown): IDataObject | null {
	if (!raw || typeof raw !== 'object') return null;
	const p = raw as IDataObject;
	return {
		id: p.id ?? null,
		firstName: p.first_name ?? null,
		lastName: p.last_name ?? null,
		primaryEmailAddress: p.primary_email ?? null,
		type: p.type === 1 ? 'internal' : 'external',
	};
}

/** An Attendee: the person's primary email and the person. */
function attendee(person: IDataObject | null): IDataObject {
	return { emailAddress: person?.primaryEmailAddress ?? null, person };
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The creator among the persons (v1 gives its id only), or a person known by id alone. */
function creatorOf(raw: IDataObject, persons: Array<IDataObject | null>): IDataObject | null {
	const id = raw.manual_creator_id;
	if (typeof id !== 'number') return null;
	return (
		persons.find((p) => p?.id === id) ?? {
			id,
			firstName: null,
			lastName: null,
			primaryEmailAddress: null,
			type: 'internal',
		}
	);
}

/** A v1 interaction (meeting, call or chat message) as v2 gives it. */
export function interactionFromV1(raw: IDataObject): IDataObject {
	const persons = asArray(raw.persons).map(personData);
	const creator = creatorOf(raw, persons);
	const common = {
		id: raw.id,
		loggingType: 'manual',
		createdAt: null,
		updatedAt: v1Time(raw.updated_at),
	};
	if (raw.type === V1_INTERACTION_TYPE.chatMessage) {
		return {
			...common,
			sentAt: v1Time(raw.date),
			direction: raw.direction === 1 ? 'received' : 'sent',
			creator,
			participantsPreview: { data: persons, totalCount: persons.length },
		};
	}
	const meetingOrCall = {
		...common,
		title: raw.title ?? null,
		startTime: v1Time(raw.start_time ?? raw.date),
		endTime: v1Time(raw.end_time),
		allDay: false,
		creator: creator ? attendee(creator) : null,
	};
	const attendeesPreview = { data: persons.map(attendee), totalCount: persons.length };
	return raw.type === V1_INTERACTION_TYPE.meeting
		? { ...meetingOrCall, organizer: null, attendeesPreview }
		: { ...meetingOrCall, attendeesPreview };
}

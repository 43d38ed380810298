import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { instantOf } from '../../helpers/dates';
import {
	interactionFromV1,
	V1_INTERACTION_TYPE,
	type InteractionKind,
} from '../../helpers/v1/interactions';
import { ValueInputError } from '../../helpers/valueTypes';
import { associationIds, associationProperty } from '../records/associations';

/**
 * The inputs of an interaction logged through API v1 (POST and PUT /interactions): its type,
 * people, date and content, read and checked before any request.
 */

/** An interaction's ID: v1 ids are unique per type only, so the type goes with it. */
export const interactionIdParameter: INodeProperties = {
	displayName: 'Interaction ID',
	name: 'interactionId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 60001',
	description:
		'The ID of the meeting, call or chat message (as Get Many or Create gives it); IDs are unique per type only',
};

/** The types API v1 logs by hand: meetings, calls and chat messages (not emails). */
export const loggedTypeParameter: INodeProperties = {
	displayName: 'Interaction Type',
	name: 'interactionType',
	type: 'options',
	options: [
		{ name: 'Call', value: 'call' },
		{ name: 'Chat Message', value: 'chatMessage' },
		{ name: 'Meeting', value: 'meeting' },
	],
	default: 'meeting',
};

export const peopleParameter = (description: string): INodeProperties => ({
	...associationProperty('persons', description),
	displayName: 'People',
});

export const dateParameter = (required: boolean): INodeProperties => ({
	displayName: 'Date',
	name: 'date',
	type: 'dateTime',
	required,
	default: '',
	description:
		'When it took place (ISO 8601). Without a time zone it is read in the workflow’s time zone.',
});

export const contentParameter = (required: boolean): INodeProperties => ({
	displayName: 'Content',
	name: 'content',
	type: 'string',
	typeOptions: { rows: 4 },
	required,
	default: '',
	description: 'What was said or agreed: kept as a note on the interaction',
});

/**
 * v1 POST /interactions (and PUT with person_ids) refuses people without at least one internal
 * person (a member of the team) and one external person (a contact) with a 422. That refusal
 * is told in the node's words, naming People; any other error is returned as it was.
 */
export function interactionPeopleError(error: unknown): unknown {
	if (!(error instanceof NodeApiError) || String(error.httpCode) !== '422') return error;
	const entries = ((error.errorResponse as IDataObject | undefined)?.errors ?? []) as IDataObject[];
	const aboutPeople =
		/\b(internal|external)\b/i.test(error.message) ||
		entries.some(
			(e) => e.param === 'person_ids' || /\b(internal|external)\b/i.test(String(e.message)),
		);
	if (!aboutPeople) return error;
	const apiMessage = error.message;
	error.message =
		'People: an interaction needs at least one internal person (a member of your team) and at least one external person (a contact)';
	error.description = `Affinity answered: "${apiMessage}". Add both kinds to People: a team member (a person of type internal, e.g. a user's own person) and someone outside your team. Nothing was logged.`;
	return error;
}

/** API v1's names of the parameters, as the node shows them, for its 422 answers. */
export const INTERACTION_PARAMETER_NAMES = {
	type: 'Interaction Type',
	person_ids: 'People',
	content: 'Content',
	date: 'Date',
	direction: 'Direction',
};

/** The chosen type's v1 code; an email is refused (API v1 logs only meetings, calls and chat messages). */
export function interactionTypeCode(
	this: IExecuteFunctions,
	itemIndex: number,
	allowEmail = false,
): { kind: InteractionKind; code: number } {
	const kind = this.getNodeParameter('interactionType', itemIndex) as string;
	if (kind === 'email' && !allowEmail) {
		throw new NodeOperationError(
			this.getNode(),
			'Interaction Type: an email cannot be logged through the API',
			{
				itemIndex,
				description:
					'Affinity logs emails from connected mailboxes only; the API creates and changes meetings, calls and chat messages. Choose Meeting, Call or Chat Message.',
			},
		);
	}
	if (!(kind in V1_INTERACTION_TYPE)) {
		throw new NodeOperationError(this.getNode(), `Interaction Type: "${kind}" is not a type`, {
			itemIndex,
			description: 'Choose Meeting, Call or Chat Message.',
		});
	}
	return { kind: kind as InteractionKind, code: V1_INTERACTION_TYPE[kind as InteractionKind] };
}

/** The people picked: at least one (API v1 wants a member of the team among them). */
export function interactionPeople(this: IExecuteFunctions, itemIndex: number): number[] {
	const ids = associationIds.call(this, 'persons', itemIndex);
	if (!ids.length) {
		throw new NodeOperationError(this.getNode(), 'People: pick at least one person', {
			itemIndex,
			description:
				'An interaction is between people: add them under People, at least one member of your team among them.',
		});
	}
	return ids;
}

/** The date as an instant (a date-time without a zone is in the workflow's time zone). */
export function interactionDate(
	this: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
): string {
	try {
		return instantOf(value, this.getTimezone());
	} catch (error) {
		// instantOf throws only ValueInputError: a message and a hint on how to write the date.
		const { message, hint } = error as ValueInputError;
		throw new NodeOperationError(this.getNode(), `Date: ${message}`, {
			itemIndex,
			description: hint,
		});
	}
}

/** The answer in the v2 shape of its type (Simplify on) or as API v1 gave it. */
export function interactionOutput(
	this: IExecuteFunctions,
	raw: IDataObject,
	itemIndex: number,
): IDataObject {
	return this.getNodeParameter('simplify', itemIndex, true) ? interactionFromV1(raw) : raw;
}

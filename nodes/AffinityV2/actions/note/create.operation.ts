import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest, validateId } from '../../transport';
import { associationIds, associationProperty, ASSOCIATION_KINDS } from '../records/associations';
import { instantParameter } from '../inputs/dateTimes';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { internalPersonLocator, noteLocator } from '../../pickers/locators';
import {
	conversionsOf,
	noteContentFrom,
	noteContentProperties,
	withConversions,
} from './noteContentInputs';
import type { OperationEndpoint } from '../types';

const onEntities = { about: ['entities', 'interaction'] };

export const description: INodeProperties[] = forOperation('note', 'create', [
	{
		displayName: 'About',
		name: 'about',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'People, Companies or Opportunities',
				value: 'entities',
				description: 'A note attached to the records picked below',
			},
			{
				name: 'An Interaction',
				value: 'interaction',
				description: 'A note on a meeting, call or chat message (its participants are attached)',
			},
			{
				name: 'A Reply to a Note',
				value: 'reply',
				description: 'A reply to an existing note (not to a reply)',
			},
		],
		default: 'entities',
	},
	{
		displayName: 'Interaction Type',
		name: 'interactionType',
		type: 'options',
		options: [
			{ name: 'Call', value: 'call' },
			{ name: 'Chat Message', value: 'chat-message' },
			{ name: 'Meeting', value: 'meeting' },
		],
		default: 'meeting',
		displayOptions: { show: { about: ['interaction'] } },
	},
	{
		displayName: 'Interaction ID',
		name: 'interactionId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 60001',
		displayOptions: { show: { about: ['interaction'] } },
		description:
			'The ID of the meeting, call or chat message (as in an interaction field value or a note’s interaction)',
	},
	{
		...noteLocator({
			name: 'parentNoteId',
			displayName: 'Reply To',
			description: 'The note to reply to',
		}),
		displayOptions: { show: { about: ['reply'] } },
	},
	...noteContentProperties(),
	...ASSOCIATION_KINDS.map((kind) => ({
		...associationProperty(kind),
		displayOptions: { show: onEntities },
	})),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				...internalPersonLocator({
					name: 'creator',
					displayName: 'Creator',
					description: 'Write the note as this member of your team (default: the API key’s user)',
				}),
				required: false,
			},
			{
				displayName: 'Created At',
				name: 'createdAt',
				type: 'dateTime',
				default: '',
				description:
					'Record the note as written at this time (to backfill older notes); default: now',
			},
		],
	},
]);

const TYPES: Record<string, string> = {
	entities: 'entities',
	interaction: 'interaction',
	reply: 'user-reply',
};

/**
 * POST /v2/notes (notes.NoteToBeCreated): 201 with the note. Everything is checked before the
 * request; the note is sent once (a create is never repeated after it may have reached Affinity).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const node = this.getNode();
	const about = this.getNodeParameter('about', itemIndex, 'entities') as string;
	const content = noteContentFrom.call(this, itemIndex);
	const body: IDataObject = { type: TYPES[about] ?? about, content: { html: content.html } };
	if (about === 'reply') {
		body.parent = {
			id: idParameter.call(this, 'parentNoteId', 'Reply To (note ID)', 'int32', itemIndex),
		};
	} else {
		for (const kind of ASSOCIATION_KINDS) {
			const ids = associationIds.call(this, kind, itemIndex, true);
			if (ids.length) body[kind] = ids.map((id) => ({ id }));
		}
		if (about === 'interaction') {
			const id = validateId(
				node,
				this.getNodeParameter('interactionId', itemIndex, ''),
				'Interaction ID',
				'int64',
				itemIndex,
			);
			body.interaction = {
				type: this.getNodeParameter('interactionType', itemIndex, 'meeting') as string,
				id,
			};
		} else if (!ASSOCIATION_KINDS.some((kind) => body[kind])) {
			throw new NodeOperationError(node, 'People, Companies or Opportunities: pick at least one', {
				itemIndex,
				description:
					'A note about records must be attached to at least one person, company or opportunity.',
			});
		}
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (options.creator !== undefined && options.creator !== '') {
		const raw =
			typeof options.creator === 'object' && options.creator
				? (options.creator as IDataObject).value
				: options.creator;
		if (raw !== undefined && raw !== '')
			body.creator = { id: validateId(node, raw, 'Options → Creator', 'int64', itemIndex) };
	}
	if (options.createdAt)
		body.createdAt = instantParameter.call(
			this,
			options.createdAt,
			'Options → Created At',
			itemIndex,
		);
	const { body: note } = await affinityRequest
		.call(this, {
			method: 'POST',
			path: '/v2/notes',
			body,
			subject:
				about === 'reply'
					? 'note to reply to'
					: about === 'interaction'
						? `${body.type} interaction`
						: undefined,
			itemIndex,
			checkWith: 'Check with Note → Get Many (newest first) whether the note was created',
		})
		.catch((error: unknown) => {
			throw withConversions(error, content);
		});
	return { ...(note as IDataObject), ...conversionsOf(content) };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/notes', beta: true },
];

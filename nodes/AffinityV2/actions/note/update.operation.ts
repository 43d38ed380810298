import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import {
	associationIds,
	associationProperty,
	ASSOCIATION_KINDS,
	type AssociationKind,
} from '../records/associations';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { noteLocator } from '../../pickers/locators';
import {
	conversionsOf,
	noteContentFrom,
	noteContentProperties,
	withConversions,
} from './noteContentInputs';
import type { OperationEndpoint } from '../types';

const LABELS: Record<AssociationKind, string> = {
	persons: 'People',
	companies: 'Companies',
	opportunities: 'Opportunities',
};
const modeName = (kind: AssociationKind) => `${kind}Update`;

export const description: INodeProperties[] = forOperation('note', 'update', [
	noteLocator(),
	{
		displayName: 'Update Content',
		name: 'updateContent',
		type: 'boolean',
		default: true,
		description:
			'Whether to replace the note’s text. Notes with @mentions cannot have their text changed through the API.',
	},
	...noteContentProperties({ show: { updateContent: [true] } }),
	...ASSOCIATION_KINDS.flatMap((kind): INodeProperties[] => [
		{
			displayName: `${LABELS[kind]} Attached`,
			name: modeName(kind),
			type: 'options',
			options: [
				{ name: 'Leave Unchanged', value: 'keep' },
				{
					name: 'Remove All',
					value: 'clear',
					description: `Detach every ${kind === 'persons' ? 'person' : kind === 'companies' ? 'company' : 'opportunity'}`,
				},
				{
					name: 'Replace With',
					value: 'replace',
					description: 'Attach exactly the ones picked below',
				},
			],
			default: 'keep',
			description: 'Replies have no attachments of their own: leave this unchanged for a reply',
		},
		{ ...associationProperty(kind), displayOptions: { show: { [modeName(kind)]: ['replace'] } } },
	]),
]);

/**
 * POST /v2/notes/{noteId} (notes.NoteToBeUpdated): only what is given changes; an attachment
 * kind left out stays, `[]` clears it, a list replaces it. 204, so the output says what was done.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const noteId = idParameter.call(this, 'noteId', 'Note ID', 'int32', itemIndex);
	const body: IDataObject = {};
	const content = (this.getNodeParameter('updateContent', itemIndex, true) as boolean)
		? noteContentFrom.call(this, itemIndex)
		: undefined;
	if (content) body.content = { html: content.html };
	for (const kind of ASSOCIATION_KINDS) {
		const mode = this.getNodeParameter(modeName(kind), itemIndex, 'keep') as string;
		if (mode === 'clear') body[kind] = [];
		else if (mode === 'replace') {
			const ids = associationIds.call(this, kind, itemIndex, true);
			if (!ids.length) {
				throw new NodeOperationError(
					this.getNode(),
					`${LABELS[kind]}: pick at least one to replace with`,
					{
						itemIndex,
						description: `To detach them all, set "${LABELS[kind]} Attached" to Remove All.`,
					},
				);
			}
			body[kind] = ids.map((id) => ({ id }));
		}
	}
	const updated = Object.keys(body);
	if (!updated.length) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			itemIndex,
			description: 'Turn on Update Content, or change what is attached.',
		});
	}
	await affinityRequest
		.call(this, {
			method: 'POST',
			path: `/v2/notes/${noteId}`,
			body,
			subject: `note with ID ${noteId}`,
			itemIndex,
			checkWith: `Check the note with Note → Get (note ${noteId})`,
		})
		.catch((error: unknown) => {
			throw withConversions(error, content);
		});
	return { success: true, noteId, updated, ...conversionsOf(content) };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/notes/{noteId}', beta: true },
];

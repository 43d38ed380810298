import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import {
	interactionIdParameter,
	interactionTypeCode,
	loggedTypeParameter,
} from './interactionInputs';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v1', method: 'DELETE', path: '/interactions/{id}' },
];

export const description: INodeProperties[] = forOperation('interaction', 'delete', [
	interactionIdParameter,
	loggedTypeParameter,
	{
		displayName:
			'Deleting an interaction also deletes its content (the note on it). This cannot be undone.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
]);

/** DELETE /interactions/{id}?type= (API v1: the id is unique per type only). Sent once. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = idParameter.call(this, 'interactionId', 'Interaction ID', 'int64', itemIndex);
	const { kind, code } = interactionTypeCode.call(this, itemIndex, true);
	await affinityRequest.call(this, {
		api: 'v1',
		method: 'DELETE',
		path: `/interactions/${id}`,
		qs: { type: code },
		subject: `${kind === 'chatMessage' ? 'chat message' : kind} with ID ${id}`,
		itemIndex,
		parameterNames: { type: 'Interaction Type' },
		checkWith: `Check with Interaction → Get Many (filter ID = ${id}): if it is gone, it was deleted`,
	});
	return { success: true, interactionId: id, interactionType: kind };
}

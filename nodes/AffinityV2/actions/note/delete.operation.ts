import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { noteLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('note', 'delete', [
	noteLocator(),
	{
		displayName:
			'Deleting a note also deletes its replies. Only the note’s creator can delete it. This cannot be undone.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
]);

/** DELETE /v2/notes/{noteId}: 204, so the output says what was deleted. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const noteId = idParameter.call(this, 'noteId', 'Note ID', 'int32', itemIndex);
	await affinityRequest.call(this, {
		method: 'DELETE',
		path: `/v2/notes/${noteId}`,
		subject: `note with ID ${noteId}`,
		itemIndex,
		checkWith: `Check with Note → Get (note ${noteId}): a 404 means it was deleted`,
	});
	return { success: true, noteId };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'DELETE', path: '/v2/notes/{noteId}', beta: true },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listEntryLocator, listLocator } from '../../pickers/locators';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v1', method: 'DELETE', path: '/lists/{list_id}/list-entries/{list_entry_id}' },
];

export const description: INodeProperties[] = forOperation('listEntry', 'remove', [
	listLocator(),
	listEntryLocator(),
	{
		displayName:
			'Removing an entry deletes the row and its values in this list’s own fields. On an opportunity list it deletes the opportunity itself. The company or person stays.',
		name: 'removeNotice',
		type: 'notice',
		default: '',
	},
]);

/** DELETE /lists/{list_id}/list-entries/{list_entry_id} (API v1): `{success: true}`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const listEntryId = idParameter.call(this, 'listEntryId', 'List Entry ID', 'int64', itemIndex);
	await affinityRequest.call(this, {
		api: 'v1',
		method: 'DELETE',
		path: `/lists/${listId}/list-entries/${listEntryId}`,
		subject: `list entry ${listEntryId} on list ${listId}`,
		itemIndex,
		checkWith: `Check with List Entry → Get (entry ${listEntryId} on list ${listId}): a 404 means it was removed`,
	});
	return { success: true, listId, listEntryId, removed: true };
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	fieldUpdatesFrom,
	fieldUpdatesProperties,
	writeChangedInChunks,
} from '../fieldValues/batchWrites';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listEntryLocator, listLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('listEntry', 'updateFieldValues', [
	listLocator(),
	listEntryLocator(),
	...fieldUpdatesProperties({
		fieldLoadMethod: 'getWritableListEntryFields',
		dependsOn: ['listId.value'],
		columnsMethod: 'getListEntryColumns',
	}),
]);

/**
 * PATCH /v2/lists/{listId}/list-entries/{listEntryId}/fields with `update-fields`. Every
 * update is checked first; then they go in chunks of 100, in order.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const listEntryId = idParameter.call(this, 'listEntryId', 'List Entry ID', 'int64', itemIndex);
	const writes = await fieldUpdatesFrom.call(this, { kind: 'listEntry', listId }, itemIndex);
	const written = await writeChangedInChunks.call(
		this,
		writes,
		{
			path: `/v2/lists/${listId}/list-entries/${listEntryId}/fields`,
			subject: `list entry with ID ${listEntryId} on list ${listId}`,
			checkWith: `Check the current values with List Entry → Get Field Values (list ${listId}, entry ${listEntryId})`,
		},
		itemIndex,
	);
	return { success: true, listId, listEntryId, ...written };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'PATCH', path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields' },
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields' },
];

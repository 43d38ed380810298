import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldValueProperties, readFieldValue } from '../fieldValues/fieldValueReads';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listEntryLocator, listLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('listEntry', 'getFieldValue', [
	listLocator(),
	listEntryLocator(),
	...fieldValueProperties('getListFields', ['listId.value']),
]);

/** GET /v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const listEntryId = idParameter.call(this, 'listEntryId', 'List Entry ID', 'int64', itemIndex);
	return readFieldValue.call(
		this,
		{
			path: `/v2/lists/${listId}/list-entries/${listEntryId}/fields`,
			subject: `list entry ${listEntryId} of list ${listId}`,
		},
		itemIndex,
	);
}

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}',
	},
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];

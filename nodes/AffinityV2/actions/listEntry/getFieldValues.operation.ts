import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldValuesProperties, readFieldValues } from '../fieldValues/fieldValueReads';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listEntryLocator, listLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('listEntry', 'getFieldValues', [
	listLocator(),
	listEntryLocator(),
	...fieldValuesProperties('getListFields', true, ['listId.value']),
]);

/** GET /v2/lists/{listId}/list-entries/{listEntryId}/fields: the list's fields and its entity's. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const listEntryId = idParameter.call(this, 'listEntryId', 'List Entry ID', 'int64', itemIndex);
	return readFieldValues.call(
		this,
		{
			path: `/v2/lists/${listId}/list-entries/${listEntryId}/fields`,
			subject: `list entry with ID ${listEntryId} on list ${listId}`,
			ids: { listId, listEntryId },
		},
		itemIndex,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields' },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { entryChangeFilter } from '../fieldValues/fieldValueChanges';
import { filterParameters, readFilter } from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listEntryLocator, listLocator } from '../../pickers/locators';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('listEntry', 'getFieldValueChanges', [
	listLocator(),
	listEntryLocator(),
	...filterParameters(entryChangeFilter),
	...returnAllAndLimit(),
]);

/** GET /v2/lists/{listId}/list-entries/{listEntryId}/field-value-changes, oldest first. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const listEntryId = idParameter.call(this, 'listEntryId', 'List Entry ID', 'int64', itemIndex);
	const { filter, keep } = await readFilter.call(this, itemIndex, entryChangeFilter);
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: `/v2/lists/${listId}/list-entries/${listEntryId}/field-value-changes`,
			qs: filter ? { filter } : {},
			subject: `list entry with ID ${listEntryId} on list ${listId}`,
			itemIndex,
		},
		{ max: maxResults.call(this, itemIndex), keep },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/lists/{listId}/list-entries/{listEntryId}/field-value-changes',
		beta: true,
	},
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import { listLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('list', 'getSavedViews', [
	listLocator(),
	...returnAllAndLimit(),
]);

/** GET /v2/lists/{listId}/saved-views: each SavedView's id, name, type and creation date. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const max = maxResults.call(this, itemIndex);
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: `/v2/lists/${listId}/saved-views`,
			subject: `list with ID ${listId}`,
			itemIndex,
		},
		{ max },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/saved-views' },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { simplifyListEntry } from '../../helpers/simplify';
import type { ApiListEntry } from '../../helpers/types';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listLocator, savedViewLocator } from '../../pickers/locators';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import { simplifyParameter } from '../inputs/simplifyParameters';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('listEntry', 'getAllInSavedView', [
	listLocator(),
	savedViewLocator(
		'viewId',
		"One of the chosen list's saved views. Affinity serves the entries of sheet views only.",
	),
	...returnAllAndLimit(),
	simplifyParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const viewId = idParameter.call(this, 'viewId', 'Saved View ID', 'int64', itemIndex);
	const max = maxResults.call(this, itemIndex);
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: `/v2/lists/${listId}/saved-views/${viewId}/list-entries`,
			subject: `saved view with ID ${viewId} on list ${listId}`,
			itemIndex,
		},
		{ max },
	);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? (items as unknown as ApiListEntry[]).map(simplifyListEntry) : items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/saved-views/{viewId}/list-entries' },
];

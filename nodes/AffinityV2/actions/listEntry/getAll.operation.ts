import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { simplifyListEntry } from '../../helpers/simplify';
import type { ApiListEntry } from '../../helpers/types';
import { fieldQuery, fieldSelection } from '../fieldValues/fields';
import {
	completeListEntry,
	completeMultiValuesParameter,
	completesMultiValues,
} from '../fieldValues/multiValueCompletion';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listLocator } from '../../pickers/locators';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import { simplifyParameter } from '../inputs/simplifyParameters';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('listEntry', 'getAll', [
	listLocator(),
	...returnAllAndLimit(),
	...fieldSelection('getListFields', true, ['listId.value'], ['list']),
	completeMultiValuesParameter,
	simplifyParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const complete = await completesMultiValues.call(this, itemIndex);
	const { items: read } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: `/v2/lists/${listId}/list-entries`,
			qs: fieldQuery.call(this, itemIndex),
			subject: `list with ID ${listId}`,
			itemIndex,
		},
		{ max: maxResults.call(this, itemIndex) },
	);
	const items: IDataObject[] = [];
	for (const entry of read)
		items.push(complete ? await completeListEntry.call(this, entry, itemIndex) : entry);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? (items as unknown as ApiListEntry[]).map(simplifyListEntry) : items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/list-entries' },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];

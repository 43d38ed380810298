import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
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
import { listEntryLocator, listLocator } from '../../pickers/locators';
import { simplifyParameter } from '../inputs/simplifyParameters';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('listEntry', 'get', [
	listLocator(),
	listEntryLocator(),
	...fieldSelection('getListFields', true, ['listId.value'], ['list']),
	completeMultiValuesParameter,
	simplifyParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const listEntryId = idParameter.call(this, 'listEntryId', 'List Entry ID', 'int64', itemIndex);
	const complete = await completesMultiValues.call(this, itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/lists/${listId}/list-entries/${listEntryId}`,
		qs: fieldQuery.call(this, itemIndex),
		subject: `list entry with ID ${listEntryId} on list ${listId}`,
		itemIndex,
	});
	const read = body as IDataObject;
	const entry = (complete
		? await completeListEntry.call(this, read, itemIndex)
		: read) as unknown as ApiListEntry;
	return this.getNodeParameter('simplify', itemIndex, true)
		? simplifyListEntry(entry)
		: (entry as unknown as IDataObject);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/list-entries/{listEntryId}' },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];

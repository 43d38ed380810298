import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('list', 'getFields', [listLocator()]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const { items } = await affinityPaginate.call(this, {
		method: 'GET',
		path: `/v2/lists/${listId}/fields`,
		subject: `list with ID ${listId}`,
		itemIndex,
	});
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/fields' },
];

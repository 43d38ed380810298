import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('list', 'getAll', [
	{
		displayName: 'Name Contains',
		name: 'term',
		type: 'string',
		default: '',
		placeholder: 'e.g. pipeline',
		description:
			'Only lists whose name contains this text (not case-sensitive). Leave empty for all lists.',
	},
	...returnAllAndLimit(),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const max = maxResults.call(this, itemIndex);
	const term = String(this.getNodeParameter('term', itemIndex, '') ?? '').trim();
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path: '/v2/lists', qs: term ? { term } : {}, itemIndex },
		{ max },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [{ api: 'v2', method: 'GET', path: '/v2/lists' }];

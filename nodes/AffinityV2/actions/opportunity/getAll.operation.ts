import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation(
	'opportunity',
	'getAll',
	returnAllAndLimit(),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const max = maxResults.call(this, itemIndex);
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path: '/v2/opportunities', itemIndex },
		{ max },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/opportunities' },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { forOperation, maxResults, returnAllAndLimit } from '../shared';

export const description: INodeProperties[] = forOperation('list', 'getAll', returnAllAndLimit());

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path: '/v2/lists', itemIndex },
		{ max: maxResults.call(this, itemIndex) },
	);
	return items;
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { personLocator } from '../common/locators';
import { maxResults, returnAllAndLimit } from '../common/paging';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('person', 'getLists', [
	personLocator(),
	...returnAllAndLimit(),
]);

/** GET /v2/persons/{personId}/lists: the lists the person is on that you may see. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const personId = idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex);
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: `/v2/persons/${personId}/lists`,
			subject: `person with ID ${personId}`,
			itemIndex,
		},
		{ max: maxResults.call(this, itemIndex) },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}/lists' },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { companyLocator } from '../common/locators';
import { maxResults, returnAllAndLimit } from '../common/paging';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('company', 'getLists', [
	companyLocator(),
	...returnAllAndLimit(),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	const max = maxResults.call(this, itemIndex);
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: `/v2/companies/${companyId}/lists`,
			subject: `company with ID ${companyId}`,
			itemIndex,
		},
		{ max },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}/lists' },
];

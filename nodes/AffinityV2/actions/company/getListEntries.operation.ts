import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { simplifyEntryOfEntity } from '../../helpers/simplify';
import type { ApiField } from '../../helpers/types';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { companyLocator } from '../common/locators';
import { maxResults, returnAllAndLimit } from '../common/paging';
import { simplifyParameter } from '../common/simplify';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('company', 'getListEntries', [
	companyLocator(),
	...returnAllAndLimit(),
	simplifyParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	const max = maxResults.call(this, itemIndex);
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: `/v2/companies/${companyId}/list-entries`,
			subject: `company with ID ${companyId}`,
			itemIndex,
		},
		{ max },
	);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? items.map((e) => simplifyEntryOfEntity(e as { fields?: ApiField[] })) : items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}/list-entries' },
];

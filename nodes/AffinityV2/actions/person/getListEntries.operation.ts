import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { simplifyEntryOfEntity } from '../../helpers/simplify';
import type { ApiField } from '../../helpers/types';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { personLocator } from '../common/locators';
import { maxResults, returnAllAndLimit } from '../common/paging';
import { simplifyParameter } from '../common/simplify';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('person', 'getListEntries', [
	personLocator(),
	...returnAllAndLimit(),
	simplifyParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const personId = idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex);
	const max = maxResults.call(this, itemIndex);
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: `/v2/persons/${personId}/list-entries`,
			subject: `person with ID ${personId}`,
			itemIndex,
		},
		{ max },
	);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? items.map((e) => simplifyEntryOfEntity(e as { fields?: ApiField[] })) : items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}/list-entries' },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { simplifyEntity } from '../../helpers/simplify';
import type { ApiEntity } from '../../helpers/types';
import { fieldQuery, fieldSelection } from '../common/fields';
import { filterParameters } from '../common/filters';
import { forOperation } from '../common/forOperation';
import { maxResults, returnAllAndLimit } from '../common/paging';
import { simplifyParameter } from '../common/simplify';
import { companyFilterTarget, readCompanyFilter } from './companyFilter';

export const description: INodeProperties[] = forOperation('company', 'getAll', [
	...returnAllAndLimit(),
	...filterParameters(companyFilterTarget),
	...fieldSelection('getCompanyFields', false),
	simplifyParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const max = maxResults.call(this, itemIndex);
	const qs = fieldQuery.call(this, itemIndex);
	const filter = await readCompanyFilter.call(this, itemIndex);
	if (filter) qs.filter = filter;
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path: '/v2/companies', qs, itemIndex },
		{ max },
	);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? (items as unknown as ApiEntity[]).map(simplifyEntity) : items;
}

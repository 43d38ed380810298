import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { entityDropdownOptions } from '../../api/dropdownOptions';
import { simplifyEntity } from '../../helpers/simplify';
import type { ApiEntity } from '../../helpers/types';
import { fieldQuery, fieldSelection } from '../common/fields';
import { forOperation } from '../common/forOperation';
import { maxResults, recordsOrCount, recordsOrTotal } from '../common/paging';
import {
	readSearchCriteria,
	searchFilterParameters,
	searchSortParameter,
	searchTermParameters,
} from '../common/searchFilters';
import { simplifyParameter } from '../common/simplify';

export const description: INodeProperties[] = forOperation('company', 'search', [
	...searchTermParameters({
		matches: 'company names and domains',
		fieldsMethod: 'getCompanyFields',
	}),
	...searchFilterParameters({
		fieldsMethod: 'getCompanySearchFields',
		operatorsMethod: 'getCompanySearchOperators',
		what: 'companies',
	}),
	searchSortParameter({ fieldsMethod: 'getCompanySortFields', what: 'company' }),
	...recordsOrCount('company', 'companies'),
	...fieldSelection('getCompanyFields', false),
	simplifyParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	if (this.getNodeParameter('output', itemIndex, 'records') === 'records')
		maxResults.call(this, itemIndex);
	const body = await readSearchCriteria.call(this, itemIndex, {
		source: 'companies',
		dropdownOptions: (field) => entityDropdownOptions(this, 'companies', field, itemIndex),
	});
	const items = await recordsOrTotal.call(
		this,
		itemIndex,
		{
			method: 'POST',
			path: '/v2/companies/search',
			qs: fieldQuery.call(this, itemIndex),
			body,
			itemIndex,
			idempotent: true,
		},
		1,
	);
	if (this.getNodeParameter('output', itemIndex, 'records') !== 'records') return items;
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? (items as unknown as ApiEntity[]).map(simplifyEntity) : items;
}

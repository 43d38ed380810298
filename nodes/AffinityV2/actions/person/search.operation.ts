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

export const description: INodeProperties[] = forOperation('person', 'search', [
	...searchTermParameters({
		matches: 'first names, last names and primary email addresses',
		fieldsMethod: 'getPersonFields',
	}),
	...searchFilterParameters({
		fieldsMethod: 'getPersonSearchFields',
		operatorsMethod: 'getPersonSearchOperators',
		what: 'people',
	}),
	searchSortParameter({ fieldsMethod: 'getPersonSortFields', what: 'person' }),
	...recordsOrCount('person', 'people'),
	...fieldSelection('getPersonFields', false),
	simplifyParameter,
]);

/** POST /v2/persons/search (BETA): 201 with a PersonPaged. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	if (this.getNodeParameter('output', itemIndex, 'records') === 'records')
		maxResults.call(this, itemIndex);
	const body = await readSearchCriteria.call(this, itemIndex, {
		source: 'persons',
		dropdownOptions: (field) => entityDropdownOptions(this, 'persons', field, itemIndex),
	});
	const items = await recordsOrTotal.call(
		this,
		itemIndex,
		{
			method: 'POST',
			path: '/v2/persons/search',
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

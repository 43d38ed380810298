import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { entityDropdownOptions } from '../../api/dropdownOptions';
import { simplifyEntity } from '../../helpers/simplify';
import type { ApiEntity } from '../../helpers/types';
import { fieldQuery, fieldSelection } from '../fieldValues/fields';
import { forOperation } from '../inputs/forOperation';
import { maxResults, recordsOrCount, recordsOrTotal } from '../inputs/paging';
import { readSearchCriteria, searchFilterParameters } from './searchFilters';
import { searchSortParameter } from './searchSorts';
import { searchTermParameters } from './searchTerm';
import { simplifyParameter } from '../inputs/simplifyParameters';

/** A search of companies or persons (POST /v2/companies/search, POST /v2/persons/search). */
export interface EntitySearch {
	resource: 'company' | 'person';
	source: 'companies' | 'persons';
	/** Used in the load-options method names: getCompanyFields, getPersonSearchOperators, … */
	methods: 'Company' | 'Person';
	/** What the term is matched against, for its description. */
	matches: string;
	one: string;
	many: string;
}

export function entitySearchDescription(search: EntitySearch): INodeProperties[] {
	const { methods } = search;
	return forOperation(search.resource, 'search', [
		...searchTermParameters({ matches: search.matches, fieldsMethod: `get${methods}Fields` }),
		...searchFilterParameters({
			fieldsMethod: `get${methods}SearchFields`,
			operatorsMethod: `get${methods}SearchOperators`,
			optionsMethod: `get${methods}SearchOptions`,
			what: search.many,
		}),
		searchSortParameter({ fieldsMethod: `get${methods}SortFields`, what: search.one }),
		...recordsOrCount(search.one, search.many),
		...fieldSelection(`get${methods}Fields`, false),
		simplifyParameter,
	]);
}

/** Runs the search for one item: 201 with a page of records, or only the total count. */
export async function executeEntitySearch(
	this: IExecuteFunctions,
	itemIndex: number,
	search: EntitySearch,
): Promise<IDataObject[]> {
	const records = this.getNodeParameter('output', itemIndex, 'records') === 'records';
	// A bad Limit is refused before the body is built and anything is sent.
	if (records) maxResults.call(this, itemIndex);
	const body = await readSearchCriteria.call(this, itemIndex, {
		source: search.source,
		dropdownOptions: (field) => entityDropdownOptions.call(this, search.source, field, itemIndex),
	});
	const items = await recordsOrTotal.call(
		this,
		itemIndex,
		{
			method: 'POST',
			path: `/v2/${search.source}/search`,
			qs: fieldQuery.call(this, itemIndex),
			body,
			itemIndex,
			idempotent: true,
		},
		1,
	);
	if (!records) return items;
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? (items as unknown as ApiEntity[]).map(simplifyEntity) : items;
}

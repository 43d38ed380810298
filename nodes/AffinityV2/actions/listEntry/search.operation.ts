import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { dropdownOptionsOf } from '../../api/dropdownOptions';
import { filteredFieldIds } from '../../helpers/searchCriteria';
import { simplifyListEntry } from '../../helpers/simplify';
import type { ApiListEntry } from '../../helpers/types';
import { fieldQuery, fieldSelection } from '../fieldValues/fields';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listLocator } from '../../pickers/locators';
import { maxResults, recordsOrCount, recordsOrTotal } from '../inputs/paging';
import { readSearchCriteria, searchFilterParameters } from '../search/searchFilters';
import { searchSortParameter } from '../search/searchSorts';
import { searchTermParameters } from '../search/searchTerm';
import { simplifyParameter } from '../inputs/simplifyParameters';
import type { OperationEndpoint } from '../types';

const ON_LIST = ['listId.value'];

export const description: INodeProperties[] = forOperation('listEntry', 'search', [
	listLocator(),
	...searchTermParameters({
		matches:
			"the entity's name and primary identifier (company name and domain, person name and email, opportunity name)",
		fieldsMethod: 'getListFields',
		dependsOn: ON_LIST,
	}),
	...searchFilterParameters({
		fieldsMethod: 'getListSearchFields',
		operatorsMethod: 'getListSearchOperators',
		optionsMethod: 'getListSearchOptions',
		what: 'list entries',
		dependsOn: ON_LIST,
	}),
	searchSortParameter({ fieldsMethod: 'getListSortFields', what: 'list', dependsOn: ON_LIST }),
	...recordsOrCount('list entry', 'list entries'),
	...fieldSelection('getListFields', true, ON_LIST),
	{
		displayName: 'Return Fields Filtered On',
		name: 'returnFilteredFields',
		type: 'boolean',
		default: true,
		description:
			'Whether each entry also gives the values of the fields its conditions filter on (besides the fields chosen above). Without Field Types, Affinity returns only the fields asked for by ID; with Field Types, it returns those types only (it takes field IDs or types, not both).',
	},
	simplifyParameter,
]);

/** POST /v2/lists/{listId}/list-entries/search (BETA): 201 with a ListEntryWithEntityPaged. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	if (this.getNodeParameter('output', itemIndex, 'records') === 'records')
		maxResults.call(this, itemIndex);
	const body = await readSearchCriteria.call(this, itemIndex, {
		source: { listId },
		dropdownOptions: (field) =>
			dropdownOptionsOf.call(this, { kind: 'listEntry', listId }, field, itemIndex),
	});
	const qs = fieldQuery.call(this, itemIndex);
	// The list entries search returns only the fields asked for (fieldIds) or of the types asked
	// for (fieldTypes, which cannot be combined with fieldIds): a user filtering on Status expects
	// to see Status.
	if (this.getNodeParameter('returnFilteredFields', itemIndex, true) === true && !qs.fieldTypes) {
		const ids = new Set([
			...((qs.fieldIds as string[] | undefined) ?? []),
			...filteredFieldIds(body),
		]);
		if (ids.size) qs.fieldIds = [...ids];
	}
	const items = await recordsOrTotal.call(
		this,
		itemIndex,
		{
			method: 'POST',
			path: `/v2/lists/${listId}/list-entries/search`,
			qs,
			body,
			subject: `list with ID ${listId}`,
			itemIndex,
			idempotent: true,
		},
		1,
	);
	if (this.getNodeParameter('output', itemIndex, 'records') !== 'records') return items;
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? (items as unknown as ApiListEntry[]).map(simplifyListEntry) : items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/lists/{listId}/list-entries/search', beta: true },
];

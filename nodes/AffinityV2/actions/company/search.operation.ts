import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { entityDropdownOptions } from '../../api/dropdownOptions';
import { buildSearchCriteria, parseSearchTargetKey, type SearchSort } from '../../helpers/searchCriteria';
import { simplifyEntity } from '../../helpers/simplify';
import { toStringList } from '../../helpers/stringList';
import type { ApiEntity } from '../../helpers/types';
import { fieldQuery, fieldSelection } from '../common/fields';
import { forOperation } from '../common/forOperation';
import { maxResults, recordsOrCount, recordsOrTotal } from '../common/paging';
import { readSearchFilters, searchFilterParameters } from '../common/searchFilters';
import { simplifyParameter } from '../common/simplify';

export const description: INodeProperties[] = forOperation('company', 'search', [
	{
		displayName: 'Search Term',
		name: 'term',
		type: 'string',
		default: '',
		placeholder: 'e.g. acme',
		description: 'Text to look for in company names and domains (at least 3 characters). Leave empty to search by conditions only.',
	},
	{
		displayName: 'Also Search In Field Names or IDs',
		name: 'termFieldIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getCompanyFields' },
		default: [],
		description:
			'Fields whose values the term is also matched against (date fields are ignored). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	...searchFilterParameters({ fieldsMethod: 'getCompanySearchFields', operatorsMethod: 'getCompanySearchOperators', what: 'companies' }),
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Sort',
		default: {},
		description: 'Order of the results; the first sort decides first',
		options: [
			{
				displayName: 'Sort By',
				name: 'sorts',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'fieldId',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getCompanySortFields' },
						default: '',
						description:
							'A company field Affinity can sort on. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
					{
						displayName: 'Direction',
						name: 'direction',
						type: 'options',
						options: [
							{ name: 'Ascending', value: 'asc' },
							{ name: 'Descending', value: 'desc' },
						],
						default: 'asc',
					},
				],
			},
		],
	},
	...recordsOrCount('company', 'companies'),
	...fieldSelection('getCompanyFields', false),
	simplifyParameter,
]);

function readSorts(this: IExecuteFunctions, itemIndex: number): SearchSort[] {
	const sorts = (this.getNodeParameter('sort.sorts', itemIndex, []) as Array<{ fieldId?: string; direction?: string }>) ?? [];
	return sorts.map((sort, index) => {
		const key = String(sort.fieldId ?? '').trim();
		if (!key) {
			throw new NodeOperationError(this.getNode(), `Sort ${index + 1}: no field chosen`, {
				itemIndex,
				description: 'Choose the field to sort by, or remove the sort.',
			});
		}
		if (sort.direction !== 'asc' && sort.direction !== 'desc') {
			throw new NodeOperationError(this.getNode(), `Sort ${index + 1}: direction must be asc or desc, got "${String(sort.direction)}"`, {
				itemIndex,
			});
		}
		const { fieldId, attributeId } = parseSearchTargetKey(key);
		return { fieldId, direction: sort.direction, ...(attributeId ? { attributeId } : {}) };
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	if (this.getNodeParameter('output', itemIndex, 'records') === 'records') maxResults.call(this, itemIndex);
	const filters = await readSearchFilters.call(this, itemIndex, {
		source: 'companies',
		dropdownOptions: (field) => entityDropdownOptions(this, 'companies', field, itemIndex),
	});
	const built = buildSearchCriteria({
		filters,
		term: String(this.getNodeParameter('term', itemIndex, '') ?? ''),
		termFieldIds: toStringList(this.getNodeParameter('termFieldIds', itemIndex, [])),
		sorts: readSorts.call(this, itemIndex),
	});
	if ('problem' in built) throw new NodeOperationError(this.getNode(), built.problem.message, { itemIndex, description: built.problem.hint });
	const body = built.ok as IDataObject;
	const items = await recordsOrTotal.call(
		this,
		itemIndex,
		{ method: 'POST', path: '/v2/companies/search', qs: fieldQuery.call(this, itemIndex), body, itemIndex, idempotent: true },
		1,
	);
	if (this.getNodeParameter('output', itemIndex, 'records') !== 'records') return items;
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? (items as unknown as ApiEntity[]).map(simplifyEntity) : items;
}

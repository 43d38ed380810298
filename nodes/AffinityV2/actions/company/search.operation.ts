import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { simplifyEntity } from '../../helpers/simplify';
import type { ApiEntity } from '../../helpers/types';
import { fieldQuery, fieldSelection } from '../common/fields';
import { filterParameters } from '../common/filters';
import { forOperation } from '../common/forOperation';
import { maxResults, recordsOrCount, recordsOrTotal } from '../common/paging';
import { simplifyParameter } from '../common/simplify';
import { companyFilterTarget, readCompanyFilter } from './companyFilter';

export const description: INodeProperties[] = forOperation('company', 'search', [
	{
		displayName: 'Search Term',
		name: 'term',
		type: 'string',
		default: '',
		placeholder: 'e.g. acme',
		description: 'Text to look for in company names and domains. Leave empty to search by filter only.',
	},
	...filterParameters(companyFilterTarget),
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

function readSorts(this: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const sorts = (this.getNodeParameter('sort.sorts', itemIndex, []) as Array<{ fieldId?: string; direction?: string }>) ?? [];
	return sorts.map((sort, index) => {
		const fieldId = String(sort.fieldId ?? '').trim();
		if (!fieldId) {
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
		return { fieldId, direction: sort.direction };
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	if (this.getNodeParameter('output', itemIndex, 'records') === 'records') maxResults.call(this, itemIndex);
	const body: IDataObject = {};
	const term = String(this.getNodeParameter('term', itemIndex, '') ?? '').trim();
	if (term) body.search = { term };
	const sorts = readSorts.call(this, itemIndex);
	if (sorts.length) body.sorts = sorts;
	const filters = await readCompanyFilter.call(this, itemIndex);
	if (filters) body.filters = filters;
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

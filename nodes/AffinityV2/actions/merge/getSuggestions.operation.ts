import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	filterParameters,
	operatorsFor,
	readFilter,
	type FilterTarget,
	type FixedFilterProperty,
} from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';
import { mergeKind } from './mergeInputs';
import type { OperationEndpoint } from '../types';

const properties: Record<string, FixedFilterProperty> = {
	matchCriteria: {
		label: 'Match Criteria',
		operators: ['='],
		valueType: 'text',
		collection: false,
		description: 'Companies: name, domain-redirect or domain-match; persons: name or intelligent',
	},
};

/** GET /v2/duplicates/company-suggestions and /person-suggestions: matchCriteria (=). */
const suggestionFilter: FilterTarget = {
	properties,
	operators: operatorsFor(properties),
	what: 'suggestions',
};

export const description: INodeProperties[] = forOperation('merge', 'getSuggestions', [
	{
		displayName: 'Search Term',
		name: 'term',
		type: 'string',
		default: '',
		placeholder: 'e.g. north',
		description:
			"Only suggestions whose company name (or person's first name) contains this; at least 2 characters",
	},
	...filterParameters(suggestionFilter),
	{
		displayName: 'Order',
		name: 'order',
		type: 'options',
		options: [
			{ name: 'Name (A to Z)', value: 'name' },
			{ name: 'Name (Z to A)', value: '-name' },
			{ name: 'Newest First', value: '-createdAt' },
			{ name: 'Oldest First', value: 'createdAt' },
		],
		default: 'name',
	},
	...recordsOrCount('suggestion', 'suggestions'),
]);

/**
 * GET /v2/duplicates/{company|person}-suggestions (BETA). Each item also carries the two ids
 * under the names Merge → Start takes (primaryCompanyId and duplicateCompanyId, or the Person
 * ones), so a next node can start the merge with {{ $json.primaryCompanyId }}.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const kind = mergeKind.call(this, itemIndex);
	const term = String(this.getNodeParameter('term', itemIndex, '') ?? '').trim();
	if (term && term.length < 2) {
		throw new NodeOperationError(this.getNode(), 'The search term must be at least 2 characters', {
			itemIndex,
		});
	}
	const { filter, keep } = await readFilter.call(this, itemIndex, suggestionFilter);
	const orderBy = this.getNodeParameter('order', itemIndex, 'name') as string;
	const items = await recordsOrTotal.call(
		this,
		itemIndex,
		{
			method: 'GET',
			path: `/v2/duplicates/${kind}-suggestions`,
			qs: { ...(term ? { term } : {}), ...(filter ? { filter } : {}), orderBy },
			itemIndex,
		},
		1,
		undefined,
		keep,
	);
	const names =
		kind === 'company'
			? ['primaryCompanyId', 'duplicateCompanyId']
			: ['primaryPersonId', 'duplicatePersonId'];
	return items.map((item) => {
		if (!('primaryProfile' in item)) return item;
		const primary = (item.primaryProfile as IDataObject | undefined)?.id;
		const duplicate = ((item.duplicateProfiles as IDataObject[] | undefined) ?? [])[0]?.id;
		return { ...item, [names[0]]: primary, [names[1]]: duplicate };
	});
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/duplicates/company-suggestions', beta: true },
	{ api: 'v2', method: 'GET', path: '/v2/duplicates/person-suggestions', beta: true },
];

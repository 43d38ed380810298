import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { toStringList } from '../../helpers/stringList';
import { filterParameters, operatorsFor, readFilter, type FilterTarget } from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listLocator } from '../../pickers/locators';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

const properties = {
	name: {
		label: 'Name',
		operators: ['=', '=~'],
		valueType: 'text' as const,
		collection: false,
		description: "The field's display name",
	},
};

/** Field metadata endpoints filter on the field name, exactly (=) or containing (=~). */
const fieldFilter: FilterTarget = {
	properties,
	operators: operatorsFor(properties),
	what: 'fields',
};

export const description: INodeProperties[] = forOperation('field', 'getAll', [
	{
		displayName: 'Fields Of',
		name: 'entity',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Companies',
				value: 'company',
				description: 'Global, enriched and relationship-intelligence company fields',
			},
			{
				name: 'A List',
				value: 'list',
				description: "A list's own fields and the fields of its entities",
			},
			{
				name: 'People',
				value: 'person',
				description: 'Global, enriched and relationship-intelligence person fields',
			},
		],
		default: 'company',
	},
	{ ...listLocator(), displayOptions: { show: { entity: ['list'] } } },
	...filterParameters(fieldFilter),
	{
		displayName: 'Include',
		name: 'includes',
		type: 'multiOptions',
		options: [
			{
				name: 'Filterability',
				value: 'filterability',
				description: 'Whether and how each field can be used in filters (its operators), or null',
			},
			{
				name: 'Sortability',
				value: 'sortability',
				description:
					'Whether and how searches can sort by each field (directly or through attributes), or null',
			},
		],
		default: [],
		description: 'Extra information on each field',
	},
	...returnAllAndLimit(),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const entity = this.getNodeParameter('entity', itemIndex) as string;
	let path = entity === 'person' ? '/v2/persons/fields' : '/v2/companies/fields';
	let subject: string | undefined;
	if (entity === 'list') {
		const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
		path = `/v2/lists/${listId}/fields`;
		subject = `list with ID ${listId}`;
	}
	const max = maxResults.call(this, itemIndex);
	const qs: IDataObject = {};
	const { filter, keep } = await readFilter.call(this, itemIndex, fieldFilter);
	if (filter) qs.filter = filter;
	const includes = toStringList(this.getNodeParameter('includes', itemIndex, []));
	if (includes.length) qs.includes = includes;
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path, qs, subject, itemIndex },
		{ max, keep },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/persons/fields' },
	{ api: 'v2', method: 'GET', path: '/v2/companies/fields' },
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}/fields' },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { forOperation } from '../common/forOperation';
import { chosenFieldId } from '../common/dropdownOptionInputs';
import { idParameter } from '../common/ids';
import { listLocator } from '../common/locators';
import { maxResults, returnAllAndLimit } from '../common/paging';
import type { OperationEndpoint } from '../types';

const onList = { show: { entity: ['list'] } };

export const description: INodeProperties[] = forOperation('dropdownOption', 'getAll', [
	{
		displayName: 'Field Of',
		name: 'entity',
		type: 'options',
		options: [
			{
				name: 'A List',
				value: 'list',
				description: 'A dropdown, ranked dropdown or status field of a list',
			},
			{ name: 'Companies', value: 'company', description: 'A global dropdown field of companies' },
			{ name: 'People', value: 'person', description: 'A global dropdown field of people' },
		],
		default: 'list',
	},
	{ ...listLocator(), displayOptions: onList },
	{
		displayName: 'Field Name or ID',
		name: 'fieldId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getDropdownFields',
			loadOptionsDependsOn: ['entity', 'listId.value'],
		},
		required: true,
		default: '',
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	...returnAllAndLimit(),
]);

/**
 * GET /v2/lists/{listId}/fields/{fieldId}/dropdown-options, or the person or company field's
 * (BETA): each option with its ID (what field value writes take), text and, for ranked and
 * status fields, rank, colour, status category and win rate.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const entity = this.getNodeParameter('entity', itemIndex, 'list') as string;
	const fieldId = chosenFieldId.call(this, itemIndex);
	const owner =
		entity === 'list'
			? `lists/${idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex)}`
			: entity === 'person'
				? 'persons'
				: 'companies';
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: `/v2/${owner}/fields/${encodeURIComponent(fieldId)}/dropdown-options`,
			subject: `dropdown field ${fieldId}`,
			itemIndex,
		},
		{ max: maxResults.call(this, itemIndex) },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options',
		beta: true,
	},
	{ api: 'v2', method: 'GET', path: '/v2/persons/fields/{fieldId}/dropdown-options', beta: true },
	{ api: 'v2', method: 'GET', path: '/v2/companies/fields/{fieldId}/dropdown-options', beta: true },
];

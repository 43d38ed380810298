import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { dropdownOptionsPath } from '../../api/dropdownOptions';
import { fieldsOf } from '../../api/fields';
import { affinityPaginate } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { chosenFieldId } from './dropdownOptionInputs';
import { idParameter } from '../inputs/ids';
import { listLocator } from '../../pickers/locators';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
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
 * The path of the chosen field's options: a list's own field under the list, a global field the
 * list shows under its entity (dropdownOptionsPath), a company's or person's under that entity.
 */
async function optionsPath(this: IExecuteFunctions, itemIndex: number): Promise<string> {
	const entity = this.getNodeParameter('entity', itemIndex, 'list') as string;
	const fieldId = chosenFieldId.call(this, itemIndex);
	if (entity !== 'list')
		return `/v2/${entity === 'person' ? 'persons' : 'companies'}/fields/${encodeURIComponent(fieldId)}/dropdown-options`;
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const field = (
		await fieldsOf.call(this, { listId }, { itemIndex, subject: `list with ID ${listId}` })
	).find((f) => f.id === fieldId);
	// A field the list does not know is left to the list's endpoint, whose 404 names it.
	if (!field) return `/v2/lists/${listId}/fields/${encodeURIComponent(fieldId)}/dropdown-options`;
	return dropdownOptionsPath.call(this, { kind: 'listEntry', listId }, field, itemIndex);
}

/**
 * GET /v2/lists/{listId}/fields/{fieldId}/dropdown-options, or the person or company field's
 * (BETA): each option with its ID (what field value writes take), text and, for ranked and
 * status fields, rank, colour, status category and win rate.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const fieldId = chosenFieldId.call(this, itemIndex);
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: await optionsPath.call(this, itemIndex),
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

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import {
	filterParameters,
	operatorsFor,
	readFilter,
	type FilterTarget,
	type FixedFilterProperty,
} from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

const properties: Record<string, FixedFilterProperty> = {
	id: {
		label: 'ID',
		operators: ['='],
		valueType: 'int',
		collection: false,
		description: 'The user ID',
	},
	status: {
		label: 'Status',
		operators: ['='],
		valueType: 'text',
		collection: false,
		description: 'active, invited or deactivated',
	},
};

/** GET /v2/users: id and status (=). */
const userFilter: FilterTarget = { properties, operators: operatorsFor(properties), what: 'users' };

export const description: INodeProperties[] = forOperation('user', 'getAll', [
	{
		displayName: 'Search Term',
		name: 'term',
		type: 'string',
		default: '',
		placeholder: 'e.g. alex',
		description:
			'Only users whose first name, last name or primary email address contains this (any case)',
	},
	...filterParameters(userFilter),
	...returnAllAndLimit(),
]);

/** GET /v2/users (BETA): the team; email addresses and role only with the Manage Users permission. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const term = String(this.getNodeParameter('term', itemIndex, '') ?? '').trim();
	const { filter, keep } = await readFilter.call(this, itemIndex, userFilter);
	const qs: IDataObject = { ...(term ? { term } : {}), ...(filter ? { filter } : {}) };
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path: '/v2/users', qs, itemIndex },
		{ max: maxResults.call(this, itemIndex), keep },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/users', beta: true },
];

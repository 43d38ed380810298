import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireEdition } from '../../api/edition';
import {
	filterParameters,
	operatorsFor,
	readFilter,
	type FilterTarget,
	type FixedFilterProperty,
} from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';
import { teamIncludesParameter, teamIncludesQuery } from './teamIncludes';
import type { OperationEndpoint } from '../types';

const properties: Record<string, FixedFilterProperty> = {
	id: {
		label: 'ID',
		operators: ['='],
		valueType: 'int',
		collection: false,
		description: 'The team ID',
	},
	name: {
		label: 'Name',
		operators: ['=', '=^', '=$', '=~'],
		valueType: 'text',
		collection: false,
		description: 'The team’s name',
	},
};

/** GET /v2/teams: id (=), name (=, =^, =$, =~). */
const teamFilter: FilterTarget = { properties, operators: operatorsFor(properties), what: 'teams' };

export const description: INodeProperties[] = forOperation('team', 'getAll', [
	...filterParameters(teamFilter),
	{
		displayName: 'Order By',
		name: 'order',
		type: 'options',
		options: [
			{ name: 'Name (A to Z)', value: 'name' },
			{ name: 'Name (Z to A)', value: '-name' },
			{ name: 'Created (Oldest First)', value: 'createdAt' },
			{ name: 'Created (Newest First)', value: '-createdAt' },
		],
		default: 'name',
		description: 'The order of the teams',
	},
	teamIncludesParameter,
	...recordsOrCount('team', 'teams'),
]);

/** GET /v2/teams (BETA, 2026-09-17): TeamPaged, in the chosen order, with the asked previews. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { filter, keep } = await readFilter.call(this, itemIndex, teamFilter);
	const order = this.getNodeParameter('order', itemIndex, 'name') as string;
	const qs: IDataObject = {
		...(filter ? { filter } : {}),
		...(order === 'name' ? {} : { orderBy: order }),
		...teamIncludesQuery.call(this, itemIndex),
	};
	await requireEdition.call(this, '2026-09-17', 'Team → Get Many', itemIndex);
	// limit is 1..100 (TeamPaged): a count reads a page of one.
	return recordsOrTotal.call(
		this,
		itemIndex,
		{ method: 'GET', path: '/v2/teams', qs, itemIndex },
		1,
		undefined,
		keep,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/teams', beta: true, since: '2026-09-17' },
];

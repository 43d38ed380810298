import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getNotes from './getNotes.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['opportunity'] } },
	options: [
		{
			name: 'Get',
			value: 'get',
			action: 'Get an opportunity',
			description:
				'Get one opportunity (ID, name, list). Its field values are on its list entry: use List Entry → Get.',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many opportunities',
			description: 'List opportunities (ID, name, list), without field values',
		},
		{
			name: 'Get Notes',
			value: 'getNotes',
			action: 'Get notes of an opportunity',
			description:
				'Get the notes about an opportunity, optionally filtered by creator or dates, or count them',
		},
	],
	default: 'get',
};

export const opportunity: ResourceModule = {
	displayName: 'Opportunity',
	operations: { get, getAll, getNotes },
	description: [operation, ...get.description, ...getAll.description, ...getNotes.description],
};

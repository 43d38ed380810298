import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getListEntries from './getListEntries.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['person'] } },
	options: [
		{ name: 'Get', value: 'get', action: 'Get a person', description: 'Get one person by ID, with the fields you choose' },
		{
			name: 'Get List Entries',
			value: 'getListEntries',
			action: 'Get list entries of a person',
			description: 'Get every row this person has on any list, with all its field data',
		},
		{ name: 'Get Many', value: 'getAll', action: 'Get many people', description: 'List people, with the fields you choose' },
	],
	default: 'get',
};

export const person: ResourceModule = {
	operations: { get, getAll, getListEntries },
	description: [operation, ...get.description, ...getAll.description, ...getListEntries.description],
};

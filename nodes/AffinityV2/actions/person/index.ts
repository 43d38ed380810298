import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getListEntries from './getListEntries.operation';
import * as updateFieldValue from './updateFieldValue.operation';

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
		{
			name: 'Update Field Value',
			value: 'updateFieldValue',
			action: 'Update a field value of a person',
			description: 'Set or clear one global field of a person',
		},
	],
	default: 'get',
};

export const person: ResourceModule = {
	displayName: 'Person',
	operations: { get, getAll, getListEntries, updateFieldValue },
	description: [operation, ...get.description, ...getAll.description, ...getListEntries.description, ...updateFieldValue.description],
};

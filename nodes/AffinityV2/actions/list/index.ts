import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as getAll from './getAll.operation';
import * as getFields from './getFields.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['list'] } },
	options: [
		{
			name: 'Get Fields',
			value: 'getFields',
			action: 'Get fields of a list',
			description: "Get every column of a list: the list's own fields and its entities' fields, with their value types",
		},
		{ name: 'Get Many', value: 'getAll', action: 'Get many lists', description: 'List the lists the key can see, optionally by name' },
	],
	default: 'getAll',
};

export const list: ResourceModule = {
	displayName: 'List',
	operations: { getAll, getFields },
	description: [operation, ...getAll.description, ...getFields.description],
};

import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getFields from './getFields.operation';
import * as getSavedViews from './getSavedViews.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['list'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a list',
			description: 'Create a list of companies, people or opportunities (BETA endpoint)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a list',
			description: 'Get one list: name, type, owner, privacy and creation date',
		},
		{
			name: 'Get Fields',
			value: 'getFields',
			action: 'Get fields of a list',
			description:
				"Get every column of a list: the list's own fields and its entities' fields, with their value types",
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many lists',
			description: 'List the lists the key can see, optionally by name',
		},
		{
			name: 'Get Saved Views',
			value: 'getSavedViews',
			action: 'Get saved views of a list',
			description:
				'List the saved views of a list: ID, name, type (sheet, board or dashboard) and creation date',
		},
	],
	default: 'getAll',
};

export const list: ResourceModule = {
	displayName: 'List',
	operations: { getAll, getFields, create, get, getSavedViews },
	description: [
		operation,
		...getAll.description,
		...getFields.description,
		...create.description,
		...get.description,
		...getSavedViews.description,
	],
};

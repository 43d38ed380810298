import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as deleteField from './delete.operation';
import * as getAll from './getAll.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['field'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a field',
			description:
				'Add a field (a column) for people, companies or opportunities, on one list or global (API v1)',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a field',
			description:
				'Delete a field with every value it holds on every record and list entry (API v1)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many fields',
			description:
				'List the fields of people, companies or a list: ID, name, value type, and optionally how each can be filtered and sorted',
		},
	],
	default: 'getAll',
};

export const field: ResourceModule = {
	displayName: 'Field',
	operations: { create, delete: deleteField, getAll },
	description: [
		operation,
		...create.description,
		...deleteField.description,
		...getAll.description,
	],
};

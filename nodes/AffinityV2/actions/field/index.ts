import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as getAll from './getAll.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['field'] } },
	options: [
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
	operations: { getAll },
	description: [operation, ...getAll.description],
};

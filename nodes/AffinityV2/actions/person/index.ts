import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as updateFieldValue from './updateFieldValue.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['person'] } },
	options: [
		{
			name: 'Update Field Value',
			value: 'updateFieldValue',
			action: 'Update a field value of a person',
			description: 'Set or clear one global field of a person',
		},
	],
	default: 'updateFieldValue',
};

export const person: ResourceModule = {
	operations: { updateFieldValue },
	description: [operation, ...updateFieldValue.description],
};

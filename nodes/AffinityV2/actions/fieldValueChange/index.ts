import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as getAll from './getAll.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['fieldValueChange'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many field value changes',
			description:
				'Read the workspace change log: who changed which field, when, how (add, update, delete) and to what; oldest first. Only fields with change tracking are included (BETA endpoint).',
		},
	],
	default: 'getAll',
};

export const fieldValueChange: ResourceModule = {
	displayName: 'Field Value Change',
	operations: { getAll },
	description: [operation, ...getAll.description],
};

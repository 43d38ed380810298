import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['user'] } },
	options: [
		{
			name: 'Get',
			value: 'get',
			action: 'Get a user',
			description: 'Get one Affinity user (team member) by ID: name, email, status (active, invited, deactivated)',
		},
	],
	default: 'get',
};

export const user: ResourceModule = {
	displayName: 'User',
	operations: { get },
	description: [operation, ...get.description],
};

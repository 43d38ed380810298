import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

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
			description:
				'Get one Affinity user (team member) by ID: name, email, status (active, invited, deactivated)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many users',
			description:
				'List the members of your team, optionally by name or email text, ID or status (BETA in the Affinity API)',
		},
	],
	default: 'get',
};

export const user: ResourceModule = {
	displayName: 'User',
	operations: { get, getAll },
	description: [operation, ...get.description, ...getAll.description],
};

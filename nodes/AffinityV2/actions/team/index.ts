import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['team'] } },
	options: [
		{
			name: 'Get',
			value: 'get',
			action: 'Get a team',
			description:
				'Get one team by ID, optionally with a preview of its members and lists; needs API version 2026-09-17 (BETA endpoint)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many teams',
			description:
				'List the teams of the organization, optionally filtered by ID or name, or count them; needs API version 2026-09-17 (BETA endpoint)',
		},
	],
	default: 'getAll',
};

export const team: ResourceModule = {
	displayName: 'Team',
	operations: { get, getAll },
	description: [operation, ...get.description, ...getAll.description],
};

import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['rateLimit'] } },
	options: [
		{
			name: 'Get',
			value: 'get',
			action: 'Get rate limit usage',
			description:
				"Get the key's current usage: requests per minute (limit, remaining, reset, used) and, if the plan has one, the monthly quota (BETA endpoint)",
		},
	],
	default: 'get',
};

export const rateLimit: ResourceModule = {
	displayName: 'Rate Limit',
	operations: { get },
	description: [operation, ...get.description],
};

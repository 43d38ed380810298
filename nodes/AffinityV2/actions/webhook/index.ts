import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['webhook'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a webhook',
			description:
				'Subscribe a URL to Affinity events; Affinity first sends it a test delivery (BETA endpoint)',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a webhook',
			description: 'Remove a webhook subscription (BETA endpoint)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a webhook',
			description: 'Get one webhook subscription by ID (BETA endpoint)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many webhooks',
			description: 'List your webhook subscriptions (BETA endpoint)',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a webhook',
			description: "Change a webhook's URL, event types or status (BETA endpoint)",
		},
	],
	default: 'getAll',
};

export const webhook: ResourceModule = {
	displayName: 'Webhook',
	operations: { create, delete: del, get, getAll, update },
	description: [
		operation,
		...create.description,
		...get.description,
		...getAll.description,
		...update.description,
		...del.description,
	],
};

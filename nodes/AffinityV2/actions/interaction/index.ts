import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['interaction'] } },
	options: [
		{
			name: 'Get',
			value: 'get',
			action: 'Get a meeting',
			description:
				'Get one meeting by ID: title, times, organizer, creator and attendees (BETA in the Affinity API)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many interactions',
			description:
				'List calls, chat messages, emails or meetings you may see, optionally filtered by time',
		},
	],
	default: 'getAll',
};

export const interaction: ResourceModule = {
	displayName: 'Interaction',
	operations: { get, getAll },
	description: [operation, ...get.description, ...getAll.description],
};

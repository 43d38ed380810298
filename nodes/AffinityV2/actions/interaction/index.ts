import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as deleteInteraction from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['interaction'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create an interaction',
			description: 'Log a meeting, call or chat message with its people, date and content (API v1)',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete an interaction',
			description: 'Delete a logged meeting, call or chat message and its content (API v1)',
		},
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
		{
			name: 'Update',
			value: 'update',
			action: 'Update an interaction',
			description:
				'Change the people, date or content of a logged meeting, call or chat message (API v1)',
		},
	],
	default: 'getAll',
};

export const interaction: ResourceModule = {
	displayName: 'Interaction',
	operations: { create, delete: deleteInteraction, get, getAll, update },
	description: [
		operation,
		...create.description,
		...deleteInteraction.description,
		...get.description,
		...getAll.description,
		...update.description,
	],
};

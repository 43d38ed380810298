import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as deleteReminder from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['reminder'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a reminder',
			description:
				'Remind a team member about a company, person or opportunity, once or every N days (BETA endpoint)',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a reminder',
			description: 'Delete a reminder you created or own (BETA endpoint)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a reminder',
			description: 'Get one reminder by ID (BETA endpoint)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many reminders',
			description:
				'List reminders, soonest due first, optionally filtered by type, status, owner, record or dates, or count them (BETA endpoint)',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a reminder',
			description:
				'Change a reminder’s owner, content, due date or recurrence, or mark it completed (BETA endpoint on API version 2026-09-17; API v1 before, and to change its type)',
		},
	],
	default: 'getAll',
};

export const reminder: ResourceModule = {
	displayName: 'Reminder',
	operations: { create, get, getAll, update, delete: deleteReminder },
	description: [
		operation,
		...create.description,
		...get.description,
		...getAll.description,
		...update.description,
		...deleteReminder.description,
	],
};

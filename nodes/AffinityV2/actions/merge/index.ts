import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getAllTasks from './getAllTasks.operation';
import * as getTask from './getTask.operation';
import * as start from './start.operation';
import * as getSuggestions from './getSuggestions.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['merge'] } },
	options: [
		{
			name: 'Get',
			value: 'get',
			action: 'Get a merge',
			description: 'Get the state of one merge (BETA endpoint)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many merges',
			description: 'List merges, newest first (BETA endpoint)',
		},
		{
			name: 'Get Many Tasks',
			value: 'getAllTasks',
			action: 'Get many merge tasks',
			description: 'List merge tasks, newest first (BETA endpoint)',
		},
		{
			name: 'Get Suggestions',
			value: 'getSuggestions',
			action: 'Get duplicate suggestions',
			description:
				'List the persons or companies Affinity thinks are duplicates, each with the IDs Start takes (BETA endpoint)',
		},
		{
			name: 'Get Task',
			value: 'getTask',
			action: 'Get a merge task',
			description: 'Get the status of a merge task (BETA endpoint)',
		},
		{
			name: 'Start',
			value: 'start',
			action: 'Start a merge',
			description:
				'Merge a duplicate person or company into a primary one, optionally waiting for the result (BETA endpoint)',
		},
	],
	default: 'start',
};

const entityType: INodeProperties = {
	displayName: 'Entity Type',
	name: 'entityType',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['merge'] } },
	options: [
		{ name: 'Company', value: 'company' },
		{ name: 'Person', value: 'person' },
	],
	default: 'person',
	description: 'Whether the merges are of persons or of companies',
};

const beta: INodeProperties = {
	displayName:
		'Merges are BETA in the Affinity API: they may change without notice. They need the "Manage duplicates" permission and the organization admin role.',
	name: 'mergeBetaNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { resource: ['merge'] } },
};

export const merge: ResourceModule = {
	displayName: 'Merge',
	operations: { start, get, getAll, getTask, getAllTasks, getSuggestions },
	description: [
		operation,
		entityType,
		beta,
		...start.description,
		...get.description,
		...getAll.description,
		...getTask.description,
		...getAllTasks.description,
		...getSuggestions.description,
	],
};

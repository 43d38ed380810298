import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as deleteOpportunity from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getNotes from './getNotes.operation';
import * as update from './update.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['opportunity'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create an opportunity',
			description:
				'Create an opportunity on an opportunity list, with its people and companies; returns it with its list entry (API v1)',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete an opportunity',
			description:
				'Delete an opportunity, its list entry and the field values on it (BETA endpoint on API version 2026-09-17; API v1 before)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get an opportunity',
			description:
				'Get one opportunity (ID, name, list). Its field values are on its list entry: use List Entry → Get.',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many opportunities',
			description: 'List opportunities (ID, name, list), without field values',
		},
		{
			name: 'Get Notes',
			value: 'getNotes',
			action: 'Get notes of an opportunity',
			description:
				'Get the notes about an opportunity, optionally filtered by creator or dates, or count them',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update an opportunity',
			description:
				'Rename an opportunity (BETA endpoint on API version 2026-09-17; API v1 before), or replace, add or remove its people and companies (API v1 on every version)',
		},
	],
	default: 'get',
};

export const opportunity: ResourceModule = {
	displayName: 'Opportunity',
	operations: { create, update, delete: deleteOpportunity, get, getAll, getNotes },
	description: [
		operation,
		...create.description,
		...update.description,
		...deleteOpportunity.description,
		...get.description,
		...getAll.description,
		...getNotes.description,
	],
};

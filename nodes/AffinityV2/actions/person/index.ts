import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as deletePerson from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getFieldValue from './getFieldValue.operation';
import * as getFieldValues from './getFieldValues.operation';
import * as getListEntries from './getListEntries.operation';
import * as updateFieldValue from './updateFieldValue.operation';
import * as getLists from './getLists.operation';
import * as getNotes from './getNotes.operation';
import * as getRelationships from './getRelationships.operation';
import * as updateFieldValues from './updateFieldValues.operation';
import * as search from './search.operation';

import * as findOrCreate from './findOrCreate.operation';
import * as update from './update.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['person'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a person',
			description: 'Add a person with names, email addresses and field values (BETA endpoint)',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a person',
			description:
				'Permanently delete a person; people of your own organization cannot be deleted (BETA endpoint)',
		},
		{
			name: 'Find or Create',
			value: 'findOrCreate',
			action: 'Find or create a person',
			description:
				'Get the person with an email address, creating them only when there is none; says which (BETA endpoint)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a person',
			description:
				'Get one person by ID, with the fields you choose; Complete Multi-Value Fields reads every value past 100 (BETA endpoint, API version 2026-09-17)',
		},
		{
			name: 'Get Field Value',
			value: 'getFieldValue',
			action: 'Get a field value of a person',
			description:
				'Get the value of one of a person’s own fields, every value of a multi-value field on API version 2026-09-17 (BETA endpoint)',
		},
		{
			name: 'Get Field Values',
			value: 'getFieldValues',
			action: 'Get field values of a person',
			description:
				'Get the values of all (or the chosen) fields of a person; Complete Multi-Value Fields reads every value past 100 on API version 2026-09-17 (BETA endpoint)',
		},
		{
			name: 'Get List Entries',
			value: 'getListEntries',
			action: 'Get list entries of a person',
			description: 'Get every row this person has on any list, with all its field data',
		},
		{
			name: 'Get Lists',
			value: 'getLists',
			action: 'Get lists of a person',
			description: 'Get the lists this person is on',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many people',
			description:
				'List people, with the fields you choose; Complete Multi-Value Fields reads every value past 100 (BETA endpoint, API version 2026-09-17)',
		},
		{
			name: 'Get Notes',
			value: 'getNotes',
			action: 'Get notes of a person',
			description:
				'Get the notes about a person, optionally filtered by creator or dates, or count them',
		},
		{
			name: 'Get Relationships',
			value: 'getRelationships',
			action: 'Get relationships of a person',
			description:
				"Get whom a person knows, with each relationship's interaction score, strongest first",
		},
		{
			name: 'Search',
			value: 'search',
			action: 'Search people',
			description:
				'Find people by name or email text, filter and sort them by their fields (BETA in the Affinity API)',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a person',
			description:
				'Change a person’s names, or replace, add or remove their emails and companies (API v1)',
		},
		{
			name: 'Update Field Value',
			value: 'updateFieldValue',
			action: 'Update a field value of a person',
			description:
				'Set or clear one global field of a person (Skip Unchanged Values reads it through a BETA endpoint)',
		},
		{
			name: 'Update Field Values',
			value: 'updateFieldValues',
			action: 'Update field values of a person',
			description:
				'Set or clear several global fields of a person at once, in chunks of 100 (BETA endpoint)',
		},
	],
	default: 'get',
};

export const person: ResourceModule = {
	displayName: 'Person',
	operations: {
		update,
		findOrCreate,
		get,
		getAll,
		getListEntries,
		updateFieldValue,
		getLists,
		getNotes,
		getRelationships,
		create,
		delete: deletePerson,
		getFieldValues,
		getFieldValue,
		updateFieldValues,
		search,
	},
	description: [
		operation,
		...update.description,
		...findOrCreate.description,
		...get.description,
		...getAll.description,
		...getListEntries.description,
		...updateFieldValue.description,
		...getLists.description,
		...getNotes.description,
		...getRelationships.description,
		...create.description,
		...deletePerson.description,
		...getFieldValues.description,
		...getFieldValue.description,
		...updateFieldValues.description,
		...search.description,
	],
};

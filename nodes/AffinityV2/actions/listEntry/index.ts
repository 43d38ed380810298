import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getAllInSavedView from './getAllInSavedView.operation';
import * as getFieldValue from './getFieldValue.operation';
import * as getFieldValueChanges from './getFieldValueChanges.operation';
import * as getFieldValues from './getFieldValues.operation';
import * as search from './search.operation';
import * as updateFieldValue from './updateFieldValue.operation';
import * as updateFieldValues from './updateFieldValues.operation';
import * as upsert from './upsert.operation';

import * as add from './add.operation';
import * as remove from './remove.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['listEntry'] } },
	options: [
		{
			name: 'Add',
			value: 'add',
			action: 'Add an entry to a list',
			description:
				'Add a company or person to a company or person list (BETA endpoint on API version 2026-09-17; API v1 before)',
		},
		{
			name: 'Create or Update',
			value: 'upsert',
			action: 'Create or update a list entry',
			description:
				'Create a new list entry (its company or person found by domain, email or ID, or created; added to the list; the mapped fields written in one request, unchanged values left alone; API v1 creates companies, BETA endpoints for persons), or update the current one if it already exists (upsert)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a list entry',
			description:
				'Get one row of a list, with the fields you choose; Complete Multi-Value Fields reads every value past 100 (BETA endpoint, API version 2026-09-17)',
		},
		{
			name: 'Get Field Value',
			value: 'getFieldValue',
			action: 'Get a field value of a list entry',
			description:
				'Get the value of one field (column) on one row of a list; every value of a multi-value field on API version 2026-09-17 (BETA endpoint)',
		},
		{
			name: 'Get Field Value Changes',
			value: 'getFieldValueChanges',
			action: 'Get field value changes of a list entry',
			description:
				'Get the history of one row: who changed which field, when, how and to what; oldest first (BETA endpoint)',
		},
		{
			name: 'Get Field Values',
			value: 'getFieldValues',
			action: 'Get field values of a list entry',
			description:
				'Get the values of all (or the chosen) fields on one row of a list; Complete Multi-Value Fields reads every value past 100 (BETA endpoint, API version 2026-09-17)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many list entries',
			description:
				'Get the rows of a list, with the fields you choose; Complete Multi-Value Fields reads every value past 100 (BETA endpoint, API version 2026-09-17)',
		},
		{
			name: 'Get Many in Saved View',
			value: 'getAllInSavedView',
			action: 'Get many list entries in a saved view',
			description:
				'Get the rows a saved (sheet) view shows: its filters apply, its columns are the fields returned; its sort order does not apply',
		},
		{
			name: 'Remove',
			value: 'remove',
			action: 'Remove an entry from a list',
			description:
				'Delete a row of a list with its list-specific values; on an opportunity list, the opportunity too (API v1)',
		},
		{
			name: 'Search',
			value: 'search',
			action: 'Search list entries',
			description:
				'Find the rows of a list by name text, filter and sort them by their fields (BETA in the Affinity API)',
		},
		{
			name: 'Update Field Value',
			value: 'updateFieldValue',
			action: 'Update a field value of a list entry',
			description:
				'Set or clear one field of a row: a list field, or a global field of its person or company',
		},
		{
			name: 'Update Field Values',
			value: 'updateFieldValues',
			action: 'Update field values of a list entry',
			description: 'Set or clear several fields of a row at once (in chunks of 100)',
		},
	],
	default: 'getAll',
};

export const listEntry: ResourceModule = {
	displayName: 'List Entry',
	operations: {
		add,
		remove,
		upsert,
		get,
		getAll,
		getAllInSavedView,
		getFieldValues,
		getFieldValue,
		updateFieldValue,
		updateFieldValues,
		getFieldValueChanges,
		search,
	},
	description: [
		operation,
		...add.description,
		...remove.description,
		...upsert.description,
		...get.description,
		...getAll.description,
		...getAllInSavedView.description,
		...getFieldValues.description,
		...getFieldValue.description,
		...updateFieldValue.description,
		...updateFieldValues.description,
		...getFieldValueChanges.description,
		...search.description,
	],
};

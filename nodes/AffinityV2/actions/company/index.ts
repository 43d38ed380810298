import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getFieldValue from './getFieldValue.operation';
import * as getFieldValues from './getFieldValues.operation';
import * as getListEntries from './getListEntries.operation';
import * as getLists from './getLists.operation';
import * as search from './search.operation';
import * as getNotes from './getNotes.operation';
import * as getRelationships from './getRelationships.operation';
import * as getInferredConnections from './getInferredConnections.operation';
import * as semanticSearch from './semanticSearch.operation';
import * as updateFieldValue from './updateFieldValue.operation';
import * as updateFieldValues from './updateFieldValues.operation';

import * as create from './create.operation';
import * as deleteCompany from './delete.operation';
import * as findOrCreate from './findOrCreate.operation';
import * as update from './update.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['company'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a company',
			description: 'Add a company with a name, a domain and its people (API v1)',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a company',
			description:
				'Permanently delete a company your team created; global companies cannot be deleted (API v1)',
		},
		{
			name: 'Find or Create',
			value: 'findOrCreate',
			action: 'Find or create a company',
			description:
				'Get the company with a domain, creating it only when there is none; says which (API v1)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a company',
			description:
				'Get one company by ID, with the fields you choose; Complete Multi-Value Fields reads every value past 100 (BETA endpoint, API version 2026-09-17)',
		},
		{
			name: 'Get Field Value',
			value: 'getFieldValue',
			action: 'Get a field value of a company',
			description:
				'Get the value of one of a company’s own fields, every value of a multi-value field on API version 2026-09-17 (BETA endpoint)',
		},
		{
			name: 'Get Field Values',
			value: 'getFieldValues',
			action: 'Get field values of a company',
			description:
				'Get the values of all (or the chosen) fields of a company; Complete Multi-Value Fields reads every value past 100 on API version 2026-09-17 (BETA endpoint)',
		},
		{
			name: 'Get Inferred Connections',
			value: 'getInferredConnections',
			action: 'Get inferred connections to a company',
			description:
				'Get people at a company whom your team might know through shared work history or investments (BETA in the Affinity API)',
		},
		{
			name: 'Get List Entries',
			value: 'getListEntries',
			action: 'Get list entries of a company',
			description: 'Get every row this company has on any list, with all its field data',
		},
		{
			name: 'Get Lists',
			value: 'getLists',
			action: 'Get lists of a company',
			description: 'Get the lists this company is on',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many companies',
			description:
				'List companies, optionally filtered, with the fields you choose; Complete Multi-Value Fields reads every value past 100 (BETA endpoint, API version 2026-09-17)',
		},
		{
			name: 'Get Notes',
			value: 'getNotes',
			action: 'Get notes of a company',
			description:
				'Get the notes about a company and its people, optionally filtered by creator or dates, or count them',
		},
		{
			name: 'Get Relationships',
			value: 'getRelationships',
			action: 'Get relationships of a company',
			description:
				"Get who knows whom at a company, with each pair's interaction score, strongest first",
		},
		{
			name: 'Search',
			value: 'search',
			action: 'Search companies',
			description: 'Find companies by name or domain text, filter and sort them',
		},
		{
			name: 'Semantic Search',
			value: 'semanticSearch',
			action: 'Semantic search companies',
			description:
				"Find companies described in plain words (industry, funding, location, investors…), ranked by Affinity's AI search, with its explanation and scores",
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a company',
			description:
				'Rename a company, change its domain, or replace, add or remove its people (API v1)',
		},
		{
			name: 'Update Field Value',
			value: 'updateFieldValue',
			action: 'Update a field value of a company',
			description:
				'Set or clear one global field of a company (Skip Unchanged Values reads it through a BETA endpoint)',
		},
		{
			name: 'Update Field Values',
			value: 'updateFieldValues',
			action: 'Update field values of a company',
			description:
				'Set or clear several global fields of a company at once, in chunks of 100 (BETA endpoint)',
		},
	],
	default: 'get',
};

export const company: ResourceModule = {
	displayName: 'Company',
	operations: {
		create,
		update,
		delete: deleteCompany,
		findOrCreate,
		get,
		getAll,
		search,
		getLists,
		getListEntries,
		getNotes,
		getRelationships,
		getInferredConnections,
		semanticSearch,
		getFieldValues,
		getFieldValue,
		updateFieldValue,
		updateFieldValues,
	},
	description: [
		operation,
		...create.description,
		...update.description,
		...deleteCompany.description,
		...findOrCreate.description,
		...get.description,
		...getAll.description,
		...search.description,
		...getLists.description,
		...getListEntries.description,
		...getNotes.description,
		...getRelationships.description,
		...getInferredConnections.description,
		...semanticSearch.description,
		...getFieldValues.description,
		...getFieldValue.description,
		...updateFieldValue.description,
		...updateFieldValues.description,
	],
};

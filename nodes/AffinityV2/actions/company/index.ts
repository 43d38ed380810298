import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getListEntries from './getListEntries.operation';
import * as getLists from './getLists.operation';
import * as search from './search.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['company'] } },
	options: [
		{ name: 'Get', value: 'get', action: 'Get a company', description: 'Get one company by ID, with the fields you choose' },
		{
			name: 'Get List Entries',
			value: 'getListEntries',
			action: 'Get list entries of a company',
			description: 'Get every row this company has on any list, with all its field data',
		},
		{ name: 'Get Lists', value: 'getLists', action: 'Get lists of a company', description: 'Get the lists this company is on' },
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many companies',
			description: 'List companies, optionally filtered, with the fields you choose',
		},
		{
			name: 'Search',
			value: 'search',
			action: 'Search companies',
			description: 'Find companies by name or domain text, filter and sort them',
		},
	],
	default: 'get',
};

export const company: ResourceModule = {
	displayName: 'Company',
	operations: { get, getAll, search, getLists, getListEntries },
	description: [
		operation,
		...get.description,
		...getAll.description,
		...search.description,
		...getLists.description,
		...getListEntries.description,
	],
};

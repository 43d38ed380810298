import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['company'] } },
	options: [
		{ name: 'Get', value: 'get', action: 'Get a company', description: 'Get one company by ID, with the fields you choose' },
		{ name: 'Get Many', value: 'getAll', action: 'Get many companies', description: 'List companies, with the fields you choose' },
	],
	default: 'get',
};

export const company: ResourceModule = {
	operations: { get, getAll },
	description: [operation, ...get.description, ...getAll.description],
};

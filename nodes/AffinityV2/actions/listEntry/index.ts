import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['listEntry'] } },
	options: [
		{ name: 'Get', value: 'get', action: 'Get a list entry', description: 'Get one row of a list, with the fields you choose' },
		{ name: 'Get Many', value: 'getAll', action: 'Get many list entries', description: 'Get the rows of a list, with the fields you choose' },
	],
	default: 'getAll',
};

export const listEntry: ResourceModule = {
	operations: { get, getAll },
	description: [operation, ...get.description, ...getAll.description],
};

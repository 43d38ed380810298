import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as getAll from './getAll.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['list'] } },
	options: [
		{ name: 'Get Many', value: 'getAll', action: 'Get many lists', description: 'List the lists the key can see' },
	],
	default: 'getAll',
};

export const list: ResourceModule = {
	operations: { getAll },
	description: [operation, ...getAll.description],
};

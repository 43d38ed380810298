import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as search from './search.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['file'] } },
	options: [
		{
			name: 'Search',
			value: 'search',
			action: 'Search files',
			description:
				'Find files attached in Affinity by keyword, in the whole account, chosen files or one company; one matching passage each (BETA endpoint)',
		},
	],
	default: 'search',
};

export const file: ResourceModule = {
	displayName: 'File',
	operations: { search },
	description: [operation, ...search.description],
};

import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as download from './download.operation';
import * as search from './search.operation';
import * as upload from './upload.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['file'] } },
	options: [
		{
			name: 'Download',
			value: 'download',
			action: 'Download a file',
			description:
				'Download a file attached in Affinity into binary data, with its name and type; at most 100 MB (API v1)',
		},
		{
			name: 'Search',
			value: 'search',
			action: 'Search files',
			description:
				'Find files attached in Affinity by keyword, in the whole account, chosen files or one company; one matching passage each (BETA endpoint)',
		},
		{
			name: 'Upload',
			value: 'upload',
			action: 'Upload files to a record',
			description:
				'Attach one or more files of the input item to a person, company or opportunity; returns their new IDs (API v1)',
		},
	],
	default: 'search',
};

export const file: ResourceModule = {
	displayName: 'File',
	operations: { download, search, upload },
	description: [operation, ...download.description, ...search.description, ...upload.description],
};

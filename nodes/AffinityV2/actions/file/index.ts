import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as download from './download.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getAllForRecord from './getAllForRecord.operation';
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
			name: 'Get',
			value: 'get',
			action: 'Get a file',
			description:
				'Get a file’s name, size, type, uploader and a short-lived download link; needs API version 2026-09-17 (BETA endpoint)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many files',
			description:
				'List the files the key can see, newest first, optionally filtered by upload date or uploader, or count them; needs API version 2026-09-17 (BETA endpoint)',
		},
		{
			name: 'Get Many for a Record',
			value: 'getAllForRecord',
			action: 'Get many files of a record',
			description:
				'List the files attached to one company, person or opportunity, a file uploaded a moment ago included (API v1)',
		},
		{
			name: 'Search',
			value: 'search',
			action: 'Search files',
			description:
				'Find files attached in Affinity by keyword, in the whole account, chosen files or one company; one matching passage each, and the record each belongs to (BETA endpoint; the record from API v1)',
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
	operations: { download, get, getAll, getAllForRecord, search, upload },
	description: [
		operation,
		...download.description,
		...get.description,
		...getAll.description,
		...getAllForRecord.description,
		...search.description,
		...upload.description,
	],
};

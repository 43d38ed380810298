import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getFragments from './getFragments.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['transcript'] } },
	options: [
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a transcript',
			description:
				'Delete a call transcript (its note stays); only the note’s creator may, on API version 2026-09-17 (BETA endpoint)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a transcript',
			description:
				'Get one call transcript by ID, with a preview of its fragments (BETA endpoint: Affinity may change it without notice)',
		},
		{
			name: 'Get Fragments',
			value: 'getFragments',
			action: 'Get the fragments of a transcript',
			description:
				'Get the full dialogue of a transcript, one item per speaker turn (BETA endpoint)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many transcripts',
			description:
				'List call transcripts (metadata only), optionally filtered by ID or creation date, or count them (BETA endpoint)',
		},
	],
	default: 'get',
};

export const transcript: ResourceModule = {
	displayName: 'Transcript',
	operations: { delete: del, get, getAll, getFragments },
	description: [
		operation,
		...del.description,
		...get.description,
		...getAll.description,
		...getFragments.description,
	],
};

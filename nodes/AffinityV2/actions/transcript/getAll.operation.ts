import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	filterParameters,
	operatorsFor,
	readFilter,
	type FilterTarget,
	type FixedFilterProperty,
} from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

const properties: Record<string, FixedFilterProperty> = {
	id: {
		label: 'ID',
		operators: ['='],
		valueType: 'int',
		collection: false,
		description: 'The transcript ID',
	},
	createdAt: {
		label: 'Created At',
		operators: ['>', '<', '>=', '<='],
		valueType: 'datetime',
		collection: false,
		description: 'When it was created (ISO 8601)',
	},
};

/** GET /v2/transcripts: id (=), createdAt (>, <, >=, <=). */
const transcriptFilter: FilterTarget = {
	properties,
	operators: operatorsFor(properties),
	what: 'transcripts',
};

export const description: INodeProperties[] = forOperation('transcript', 'getAll', [
	...filterParameters(transcriptFilter),
	...recordsOrCount('transcript', 'transcripts'),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { filter, keep } = await readFilter.call(this, itemIndex, transcriptFilter);
	return recordsOrTotal.call(
		this,
		itemIndex,
		{ method: 'GET', path: '/v2/transcripts', qs: filter ? { filter } : {}, itemIndex },
		0,
		undefined,
		keep,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/transcripts', beta: true },
];

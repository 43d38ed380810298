import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { filterParameters, readFilter } from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';
import { noteFilter } from './noteFilters';
import { noteIncludesParameter, noteIncludesQuery } from './noteIncludes';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('note', 'getAll', [
	...filterParameters(noteFilter),
	...recordsOrCount('note', 'notes'),
	{ ...noteIncludesParameter, displayOptions: { show: { output: ['records'] } } },
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { filter, keep } = await readFilter.call(this, itemIndex, noteFilter);
	const qs = { ...noteIncludesQuery.call(this, itemIndex), ...(filter ? { filter } : {}) };
	return recordsOrTotal.call(
		this,
		itemIndex,
		{ method: 'GET', path: '/v2/notes', qs, itemIndex },
		0,
		undefined,
		keep,
	);
}

export const endpoint: OperationEndpoint[] = [{ api: 'v2', method: 'GET', path: '/v2/notes' }];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { includeRecordParameter, withFileRecords } from './fileRecords';
import { forOperation } from '../inputs/forOperation';
import { keywordSearch, keywordSearchParameters } from '../search/keywordSearch';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('file', 'search', [
	...keywordSearchParameters('file'),
	includeRecordParameter,
]);

/**
 * POST /v2/files/search: one item per matching file, {file: {id, name}, record, pageNumber,
 * preview}; `record` (the company, person or opportunity the file belongs to) from API v1.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const results = await keywordSearch.call(this, itemIndex, 'file');
	if (!this.getNodeParameter('includeRecord', itemIndex, true)) return results;
	return withFileRecords.call(this, results, itemIndex);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/files/search', beta: true },
	{ api: 'v1', method: 'GET', path: '/entity-files/{entity_file_id}' },
];

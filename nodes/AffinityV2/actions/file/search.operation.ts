import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../common/forOperation';
import { keywordSearch, keywordSearchParameters } from '../common/keywordSearch';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation(
	'file',
	'search',
	keywordSearchParameters('file'),
);

/** POST /v2/files/search: one item per matching file, {file: {id, name}, pageNumber, preview}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return keywordSearch.call(this, itemIndex, 'file');
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/files/search', beta: true },
];

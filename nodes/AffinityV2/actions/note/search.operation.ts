import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../inputs/forOperation';
import { keywordSearch, keywordSearchParameters } from '../search/keywordSearch';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation(
	'note',
	'search',
	keywordSearchParameters('note'),
);

/** POST /v2/notes/search: one item per matching note, {note: {id, kind}, preview}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return keywordSearch.call(this, itemIndex, 'note');
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/notes/search', beta: true },
];

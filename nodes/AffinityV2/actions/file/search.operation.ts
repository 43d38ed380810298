import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../common/forOperation';
import { keywordSearch, keywordSearchParameters } from '../common/keywordSearch';

export const description: INodeProperties[] = forOperation(
	'file',
	'search',
	keywordSearchParameters('file'),
);

/** POST /v2/files/search: one item per matching file, {file: {id, name}, pageNumber, preview}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return keywordSearch.call(this, itemIndex, 'file');
}

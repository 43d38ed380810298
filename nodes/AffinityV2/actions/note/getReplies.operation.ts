import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { filterParameters, readFilter } from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { noteLocator } from '../../pickers/locators';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';
import { replyFilter } from './noteFilters';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('note', 'getReplies', [
	noteLocator(),
	...filterParameters(replyFilter),
	...recordsOrCount('reply', 'replies'),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const noteId = idParameter.call(this, 'noteId', 'Note ID', 'int32', itemIndex);
	const { filter, keep } = await readFilter.call(this, itemIndex, replyFilter);
	return recordsOrTotal.call(
		this,
		itemIndex,
		{
			method: 'GET',
			path: `/v2/notes/${noteId}/replies`,
			qs: filter ? { filter } : {},
			subject: `note with ID ${noteId}`,
			itemIndex,
		},
		0,
		undefined,
		keep,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/notes/{noteId}/replies' },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { filterParameters, readFilter } from '../common/filters';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { noteLocator } from '../common/locators';
import { recordsOrCount, recordsOrTotal } from '../common/paging';
import { replyFilter } from '../common/noteFilters';
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

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { noteLocator } from '../../pickers/locators';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('note', 'getAttachedCompanies', [
	noteLocator(),
	...recordsOrCount('company', 'companies'),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const noteId = idParameter.call(this, 'noteId', 'Note ID', 'int32', itemIndex);
	return recordsOrTotal.call(this, itemIndex, {
		method: 'GET',
		path: `/v2/notes/${noteId}/attached-companies`,
		subject: `note with ID ${noteId}`,
		itemIndex,
	});
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/notes/{noteId}/attached-companies' },
];

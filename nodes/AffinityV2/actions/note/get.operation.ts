import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { noteLocator } from '../../pickers/locators';
import { noteIncludesParameter, noteIncludesQuery } from './noteIncludes';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('note', 'get', [
	noteLocator(),
	noteIncludesParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const noteId = idParameter.call(this, 'noteId', 'Note ID', 'int32', itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/notes/${noteId}`,
		qs: noteIncludesQuery.call(this, itemIndex),
		subject: `note with ID ${noteId}`,
		itemIndex,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/notes/{noteId}' },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('list', 'get', [listLocator()]);

/** GET /v2/lists/{listId}: name, type, owner, creator, privacy and creation date. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/lists/${listId}`,
		subject: `list with ID ${listId}`,
		itemIndex,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}' },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('user', 'get', [
	{
		displayName: 'User ID',
		name: 'userId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 12',
		description:
			'The ID of an Affinity user (a member of your team), as found in creatorId, ownerId and the like. A user’s ID is the ID of their person record: Person → Get reads the same member. Email addresses and role are returned only if the key has the Manage Users permission.',
	},
]);

/** GET /v2/users/{userId}: every internal user has a person record with the same id (int32 here). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = idParameter.call(this, 'userId', 'User ID', 'int32', itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/users/${userId}`,
		subject: `user with ID ${userId}`,
		itemIndex,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/users/{userId}' },
];

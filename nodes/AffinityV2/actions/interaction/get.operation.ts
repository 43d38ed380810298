import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('interaction', 'get', [
	{
		displayName: 'Meeting ID',
		name: 'meetingId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 60001',
		description: 'The ID of a meeting, as Get Many (type Meeting) or a note of a meeting gives it',
	},
]);

/** GET /v2/meetings/{meetingId} (BETA). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const meetingId = idParameter.call(this, 'meetingId', 'Meeting ID', 'int64', itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/meetings/${meetingId}`,
		subject: `meeting with ID ${meetingId}`,
		itemIndex,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/meetings/{meetingId}', beta: true },
];

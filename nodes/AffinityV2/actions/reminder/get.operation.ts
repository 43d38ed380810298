import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest, validateId } from '../../transport';
import { forOperation } from '../common/forOperation';
import { reminderIdParameter } from '../common/reminderId';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('reminder', 'get', [
	reminderIdParameter,
]);

/** GET /v2/reminders/{reminderId} (BETA). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const reminderId = validateId(
		this.getNode(),
		this.getNodeParameter('reminderId', itemIndex),
		'Reminder ID',
		'int64',
		itemIndex,
	);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/reminders/${reminderId}`,
		subject: `reminder with ID ${reminderId}`,
		itemIndex,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/reminders/{reminderId}', beta: true },
];

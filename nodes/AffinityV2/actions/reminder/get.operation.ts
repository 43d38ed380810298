import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { reminderLocator } from '../../pickers/locators';
import { withReminderNames } from './reminderNames';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('reminder', 'get', [reminderLocator()]);

/** GET /v2/reminders/{reminderId} (BETA). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const reminderId = idParameter.call(this, 'reminderId', 'Reminder', 'int64', itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/reminders/${reminderId}`,
		subject: `reminder with ID ${reminderId}`,
		itemIndex,
	});
	const [named] = await withReminderNames.call(this, [body as IDataObject], itemIndex);
	return named;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/reminders/{reminderId}', beta: true },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { reminderLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('reminder', 'delete', [
	reminderLocator(),
	{
		displayName: 'Only the reminder’s creator or owner can delete it. This cannot be undone.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
]);

/** DELETE /v2/reminders/{reminderId} (BETA): 204, so the output says what was deleted. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const reminderId = idParameter.call(this, 'reminderId', 'Reminder', 'int64', itemIndex);
	await affinityRequest.call(this, {
		method: 'DELETE',
		path: `/v2/reminders/${reminderId}`,
		subject: `reminder with ID ${reminderId}`,
		itemIndex,
		checkWith: `Check with Reminder → Get (reminder ${reminderId}): a 404 means it was deleted`,
	});
	return { success: true, reminderId };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'DELETE', path: '/v2/reminders/{reminderId}', beta: true },
];

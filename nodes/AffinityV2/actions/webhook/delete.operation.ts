import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { deleteWebhook } from '../../api/webhooks';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { webhookIdParameter } from './webhooks';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('webhook', 'delete', [
	webhookIdParameter,
]);

/** DELETE /v2/webhooks/{webhookId} (BETA, 204). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const webhookId = idParameter.call(this, 'webhookId', 'Webhook ID', 'int64', itemIndex);
	await deleteWebhook.call(this, webhookId, itemIndex);
	return { id: webhookId, deleted: true };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'DELETE', path: '/v2/webhooks/{webhookId}', beta: true },
];

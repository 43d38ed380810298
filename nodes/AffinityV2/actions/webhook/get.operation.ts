import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { getWebhook } from '../../api/webhooks';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { webhookIdParameter } from './webhooks';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('webhook', 'get', [webhookIdParameter]);

/** GET /v2/webhooks/{webhookId} (BETA). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const webhookId = idParameter.call(this, 'webhookId', 'Webhook ID', 'int64', itemIndex);
	return getWebhook.call(this, webhookId, itemIndex);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/webhooks/{webhookId}', beta: true },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { createWebhook } from '../../api/webhooks';
import { forOperation } from '../inputs/forOperation';
import {
	readSubscriptions,
	readWebhookUrl,
	subscriptionsParameter,
	webhookUrlParameter,
} from './webhooks';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('webhook', 'create', [
	{ ...webhookUrlParameter, required: true },
	subscriptionsParameter,
]);

/** POST /v2/webhooks (BETA): fails unless the URL answers Affinity's test delivery with a 2xx. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const url = readWebhookUrl.call(this, 'url', itemIndex);
	return createWebhook.call(
		this,
		{ url, subscriptions: readSubscriptions.call(this, 'subscriptions', itemIndex) },
		itemIndex,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/webhooks', beta: true },
];

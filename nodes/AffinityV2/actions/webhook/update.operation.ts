import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { getWebhook, updateWebhook, type WebhookChanges } from '../../api/webhooks';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import {
	readSubscriptions,
	readWebhookUrl,
	subscriptionsParameter,
	webhookIdParameter,
	webhookUrlParameter,
} from './webhooks';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('webhook', 'update', [
	webhookIdParameter,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{
						name: 'Active',
						value: 'active',
						description: 'Deliver events (Affinity sends the URL a test delivery first)',
					},
					{
						name: 'Disabled',
						value: 'disabled',
						description: 'Keep the webhook but deliver nothing',
					},
				],
				default: 'active',
			},
			subscriptionsParameter,
			webhookUrlParameter,
		],
	},
]);

/** POST /v2/webhooks/{webhookId} (BETA, 204), then the webhook as it now is. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const webhookId = idParameter.call(this, 'webhookId', 'Webhook ID', 'int64', itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const changes: WebhookChanges = {};
	if (fields.url !== undefined)
		changes.url = readWebhookUrl.call(this, 'updateFields.url', itemIndex);
	if (fields.subscriptions !== undefined)
		changes.subscriptions = readSubscriptions.call(this, 'updateFields.subscriptions', itemIndex);
	if (fields.status !== undefined) changes.status = fields.status as WebhookChanges['status'];
	if (!Object.keys(changes).length) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			itemIndex,
			description: 'Add a URL, subscriptions or a status under Update Fields.',
		});
	}
	await updateWebhook.call(this, webhookId, changes, itemIndex);
	return getWebhook.call(this, webhookId, itemIndex);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/webhooks/{webhookId}', beta: true },
];

import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { listSearch } from '../AffinityV2/methods';
import { WEBHOOK_EVENT_OPTIONS } from '../AffinityV2/api/webhooks';
import { optionNamesSubtitle } from '../AffinityV2/helpers/subtitle';
import { properties } from './description';
import { receiveDelivery } from './receive';
import { subscriptionMethods } from './subscription';

export class AffinityV2WebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Affinity v2 Webhook Trigger',
		name: 'affinityV2WebhookTrigger',
		icon: { light: 'file:../../icons/affinity.svg', dark: 'file:../../icons/affinity.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: optionNamesSubtitle('events', WEBHOOK_EVENT_OPTIONS),
		description: 'Starts the workflow when Affinity sends a webhook event (API v2 webhooks)',
		defaults: { name: 'Affinity v2 Webhook Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'affinityV2Api', required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties,
	};

	// The List filter's picker is the action node's.
	methods = { listSearch: { searchLists: listSearch.searchLists } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return subscriptionMethods.checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return subscriptionMethods.create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return subscriptionMethods.delete.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return receiveDelivery.call(this);
	}
}

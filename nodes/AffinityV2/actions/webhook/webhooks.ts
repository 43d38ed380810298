import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { WEBHOOK_EVENT_OPTIONS, WEBHOOK_EVENT_TYPES } from '../../api/webhooks';
import { toStringList } from '../../helpers/stringList';

/** The parameters of the webhook operations (BETA: /v2/webhooks). */

export const webhookIdParameter: INodeProperties = {
	displayName: 'Webhook ID',
	name: 'webhookId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 12',
	description: 'The ID of a webhook, as Create or Get Many return it',
};

export const webhookUrlParameter: INodeProperties = {
	displayName: 'URL',
	name: 'url',
	type: 'string',
	default: '',
	placeholder: 'https://example.com/affinity-events',
	description:
		'Where Affinity POSTs events. It must answer a test delivery with a 2xx status, hold no user name or password, and belong to no other webhook of your organization.',
};

export const subscriptionsParameter: INodeProperties = {
	displayName: 'Event Types',
	name: 'subscriptions',
	type: 'multiOptions',
	options: WEBHOOK_EVENT_OPTIONS,
	default: [],
	description: 'The events delivered; none chosen means every event type',
};

export function readWebhookUrl(this: IExecuteFunctions, name: string, itemIndex: number): string {
	const url = String(this.getNodeParameter(name, itemIndex, '') ?? '').trim();
	let parsed: URL | undefined;
	try {
		parsed = new URL(url);
	} catch {
		parsed = undefined;
	}
	if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid URL: got ${url ? `"${url}"` : 'nothing'}`,
			{
				itemIndex,
				description: 'Give the full http(s) address Affinity should POST events to.',
			},
		);
	}
	return url;
}

export function readSubscriptions(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
): string[] {
	const types = toStringList(this.getNodeParameter(name, itemIndex, []));
	const unknown = types.find((t) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(t));
	if (unknown) {
		throw new NodeOperationError(this.getNode(), `Invalid event type: got "${unknown}"`, {
			itemIndex,
			description: `Use Affinity's event types, e.g. list_entry.created or field_value.updated.`,
		});
	}
	return types;
}

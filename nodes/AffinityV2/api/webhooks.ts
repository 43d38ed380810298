import type { IDataObject } from 'n8n-workflow';

import { affinityPaginate, affinityRequest, type AffinityContext } from '../transport';

/**
 * Webhook subscriptions (BETA: /v2/webhooks; webhooks.Webhook): the calls the action node's
 * webhook operations and the webhook trigger's subscribe / unsubscribe share.
 */

/** The event types a webhook can subscribe to (webhooks.SubscriptionType); none means all. */
export const WEBHOOK_EVENT_TYPES = [
	'field.created',
	'field.deleted',
	'field.updated',
	'field_value.created',
	'field_value.deleted',
	'field_value.updated',
	'file.created',
	'file.deleted',
	'list.created',
	'list.deleted',
	'list.updated',
	'list_entry.created',
	'list_entry.deleted',
	'note.created',
	'note.deleted',
	'note.updated',
	'opportunity.created',
	'opportunity.deleted',
	'opportunity.updated',
	'organization.created',
	'organization.deleted',
	'organization.merged',
	'organization.updated',
	'person.created',
	'person.deleted',
	'person.updated',
	'reminder.created',
	'reminder.deleted',
	'reminder.updated',
	'smart_interaction_value.updated',
] as const;

/**
 * An event type as the editor shows it: "list_entry.created" → "List Entry Created". Affinity
 * calls companies organizations (`organization.*`); the pack says company everywhere else.
 */
export function webhookEventName(type: string): string {
	return type
		.replace(/^organization\./, 'company.')
		.split(/[._]/)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}

/** The event types as options: the editor's name, Affinity's type as the value. */
export const WEBHOOK_EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({
	name: webhookEventName(type),
	value: type,
	description: `Affinity's ${type}`,
}));

export interface Webhook extends IDataObject {
	id: number;
	url: string;
	subscriptions: string[];
	status: 'active' | 'disabled';
}

export interface WebhookChanges extends IDataObject {
	url?: string;
	subscriptions?: string[];
	status?: 'active' | 'disabled';
}

const subject = (webhookId: number) => `webhook with ID ${webhookId}`;

/** GET /v2/webhooks: the caller's webhooks (every one for users who manage all), by id. */
export async function listWebhooks(
	this: AffinityContext,
	options: {
		filter?: string;
		/** A check the records must pass here (a filter sent wider than asked). */
		keep?: (record: IDataObject) => boolean;
		max?: number;
		itemIndex?: number;
	} = {},
): Promise<Webhook[]> {
	const { items } = await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: '/v2/webhooks',
			qs: options.filter ? { filter: options.filter } : {},
			itemIndex: options.itemIndex,
		},
		{ max: options.max, keep: options.keep },
	);
	return items as Webhook[];
}

export async function getWebhook(
	this: AffinityContext,
	webhookId: number,
	itemIndex?: number,
): Promise<Webhook> {
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/webhooks/${webhookId}`,
		subject: subject(webhookId),
		itemIndex,
	});
	return body as Webhook;
}

/** POST /v2/webhooks: Affinity sends the URL a test delivery first; the create fails unless it answers 2xx. */
export async function createWebhook(
	this: AffinityContext,
	webhook: { url: string; subscriptions: string[] },
	itemIndex?: number,
): Promise<Webhook> {
	const { body } = await affinityRequest.call(this, {
		method: 'POST',
		path: '/v2/webhooks',
		body: { url: webhook.url, subscriptions: webhook.subscriptions },
		checkWith: 'Check with Webhook → Get Many whether it exists',
		itemIndex,
	});
	return body as Webhook;
}

/** POST /v2/webhooks/{webhookId} (204): only the given properties change. */
export async function updateWebhook(
	this: AffinityContext,
	webhookId: number,
	changes: WebhookChanges,
	itemIndex?: number,
): Promise<void> {
	await affinityRequest.call(this, {
		method: 'POST',
		path: `/v2/webhooks/${webhookId}`,
		body: changes,
		subject: subject(webhookId),
		checkWith: `Check it with Webhook → Get (webhook ${webhookId})`,
		itemIndex,
	});
}

/** DELETE /v2/webhooks/{webhookId} (204). */
export async function deleteWebhook(
	this: AffinityContext,
	webhookId: number,
	itemIndex?: number,
): Promise<void> {
	await affinityRequest.call(this, {
		method: 'DELETE',
		path: `/v2/webhooks/${webhookId}`,
		subject: subject(webhookId),
		checkWith: `Check with Webhook → Get (webhook ${webhookId}) whether it still exists`,
		itemIndex,
	});
}

import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asNodeError } from '../AffinityV2/helpers/nodeErrors';
import {
	createWebhook,
	deleteWebhook,
	getWebhook,
	listWebhooks,
	updateWebhook,
	type Webhook,
	type WebhookChanges,
} from '../AffinityV2/api/webhooks';
import { CREDENTIAL_TYPE, normalizeBaseUrl } from '../AffinityV2/transport';
import { listFilterId } from './listFilter';
import { unreachableWebhookUrl } from './reachability';

/**
 * One Affinity webhook (POST/GET/DELETE /v2/webhooks) per active workflow node, for n8n's
 * production URL, its id kept in the node's static data as `webhookId`. A restart finds it
 * again (checkExists), a create reuses a webhook that already has our URL, and a delete also
 * removes one whose id was lost: no duplicates, no orphans.
 */

function wantedEvents(this: IHookFunctions): string[] {
	return [...new Set(this.getNodeParameter('events', []) as string[])].sort();
}

const sameEvents = (a: string[], b: string[]) =>
	a.length === b.length && [...a].sort().every((e, i) => e === b[i]);

function ourUrl(this: IHookFunctions): string {
	const url = this.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(this.getNode(), 'n8n has no webhook URL for this node');
	return url;
}

/**
 * Refuses, before any request, a URL Affinity's servers cannot reach (localhost, a private
 * address, a local name): Affinity's test delivery would fail with no word of the fix.
 */
async function checkReachable(this: IHookFunctions, url: string): Promise<void> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const base = normalizeBaseUrl(credentials.baseUrl);
	if ('error' in base) return;
	const why = unreachableWebhookUrl(url, base.url);
	if (!why) return;
	throw new NodeOperationError(
		this.getNode(),
		`Affinity cannot reach this workflow's webhook URL ${url}: ${why}`,
		{
			description:
				"Affinity sends events, and a test event before it saves a webhook, from its servers on the internet. Make n8n reachable there: set n8n's WEBHOOK_URL environment variable to a public https address of this n8n (for example a tunnel: ngrok http 5678, or Cloudflare Tunnel, then WEBHOOK_URL=https://<tunnel host>/), restart n8n, then click Execute step or publish the workflow again.",
		},
	);
}

function httpCode(error: unknown): string | undefined {
	const code = (error as { httpCode?: unknown })?.httpCode;
	return typeof code === 'string' ? code : undefined;
}

async function findByUrl(this: IHookFunctions, url: string): Promise<Webhook | undefined> {
	return (await listWebhooks.call(this)).find((w) => w.url === url);
}

/** Affinity's refusals of a create, each with what to do about it. */
function explainCreateFailure(
	this: IHookFunctions,
	error: unknown,
	url: string,
): NodeOperationError | ReturnType<typeof asNodeError> {
	const code = httpCode(error);
	const message = error instanceof Error ? error.message : String(error);
	if (code === '400' && /limit/i.test(message)) {
		return new NodeOperationError(this.getNode(), `Affinity refused a new webhook: ${message}`, {
			description:
				"Each workflow with this trigger uses one of the organization's webhooks. Delete one you no longer need (Affinity v2 node: Webhook → Get Many, then Webhook → Delete), or deactivate another workflow with this trigger, then activate again.",
		});
	}
	if ((code === '400' || code === '422') && /unreachable|test delivery/i.test(message)) {
		return new NodeOperationError(
			this.getNode(),
			`Affinity could not reach this workflow's URL ${url}: ${message}`,
			{
				description:
					"Affinity sends a test event to the URL before it saves a webhook. Make n8n reachable from the internet at that address (set WEBHOOK_URL to n8n's public URL behind a proxy or tunnel), then publish (activate) the workflow again.",
			},
		);
	}
	if (code === '403') {
		return new NodeOperationError(
			this.getNode(),
			"The API key's user may not manage webhooks in Affinity",
			{
				description:
					'Use an API key of a user allowed to manage webhooks (an admin in Affinity), or ask an admin for that permission, then activate again.',
			},
		);
	}
	return asNodeError(this.getNode(), error);
}

export const subscriptionMethods = {
	/** True when the recorded webhook still exists, active, for our URL and events. */
	async checkExists(this: IHookFunctions): Promise<boolean> {
		const data = this.getWorkflowStaticData('node');
		if (typeof data.webhookId !== 'number') return false;
		try {
			const webhook = await getWebhook.call(this, data.webhookId);
			return (
				webhook.url === ourUrl.call(this) &&
				webhook.status === 'active' &&
				sameEvents(webhook.subscriptions, wantedEvents.call(this))
			);
		} catch (error) {
			if (httpCode(error) !== '404') throw asNodeError(this.getNode(), error);
			delete data.webhookId;
			return false;
		}
	},

	/** Reuses (updates, re-enables) the webhook that has our URL, else creates one. */
	async create(this: IHookFunctions): Promise<boolean> {
		const data: IDataObject = this.getWorkflowStaticData('node');
		const url = ourUrl.call(this);
		const events = wantedEvents.call(this);
		if (!events.length)
			throw new NodeOperationError(this.getNode(), 'Choose at least one event in "Events"');
		listFilterId.call(this);
		await checkReachable.call(this, url);
		const existing = await findByUrl.call(this, url);
		if (existing) {
			const changes: WebhookChanges = {};
			if (!sameEvents(existing.subscriptions, events)) changes.subscriptions = events;
			if (existing.status !== 'active') changes.status = 'active';
			try {
				if (Object.keys(changes).length) await updateWebhook.call(this, existing.id, changes);
			} catch (error) {
				throw explainCreateFailure.call(this, error, url);
			}
			data.webhookId = existing.id;
			return true;
		}
		try {
			const created = await createWebhook.call(this, { url, subscriptions: events });
			data.webhookId = created.id;
		} catch (error) {
			throw explainCreateFailure.call(this, error, url);
		}
		return true;
	},

	/** Deletes our webhook (the recorded one, else the one with our URL); gone already is fine. */
	async delete(this: IHookFunctions): Promise<boolean> {
		const data = this.getWorkflowStaticData('node');
		const id =
			typeof data.webhookId === 'number'
				? data.webhookId
				: (await findByUrl.call(this, ourUrl.call(this)))?.id;
		if (id !== undefined) {
			try {
				await deleteWebhook.call(this, id);
			} catch (error) {
				if (httpCode(error) !== '404') throw asNodeError(this.getNode(), error);
			}
		}
		delete data.webhookId;
		delete data.seen;
		delete data.latest;
		return true;
	},
};

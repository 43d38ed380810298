import type { RouteContext } from '../context';
import type { FilterProperties } from '../filter';
import { ApiError, badRequest, notFound, pathId } from '../http';
import type { Webhook } from '../model';
import type { Router } from '../router';
import { definingValues, ok, paged } from './common';
import { boolValue, filterFrom } from './support';

/**
 * Webhook subscriptions (BETA: GET/POST /v2/webhooks, GET/POST/DELETE /v2/webhooks/{webhookId};
 * webhooks.* schemas). A URL is validated with a test delivery before it is saved (create, a
 * URL change of an active webhook, re-enabling); the organization may have
 * `settings.webhookLimit` webhooks (3 by default), beyond which a create is a `bad-request`.
 * Callers see and change their own webhooks; users who may manage users see all.
 */

export const SUBSCRIPTION_TYPES = [
	'list.created',
	'list.updated',
	'list.deleted',
	'list_entry.created',
	'list_entry.deleted',
	'note.created',
	'note.updated',
	'note.deleted',
	'field.created',
	'field.updated',
	'field.deleted',
	'field_value.created',
	'field_value.updated',
	'field_value.deleted',
	'person.created',
	'person.updated',
	'person.deleted',
	'organization.created',
	'organization.updated',
	'organization.deleted',
	'organization.merged',
	'opportunity.created',
	'opportunity.updated',
	'opportunity.deleted',
	'file.created',
	'file.deleted',
	'smart_interaction_value.updated',
	'reminder.created',
	'reminder.updated',
	'reminder.deleted',
] as const;

const TIME_OPERATORS = ['>', '<', '>=', '<='] as const;

const WEBHOOK_FILTER: FilterProperties<Webhook> = {
	id: { kind: 'reference', operators: ['='], get: (w) => w.id },
	createdAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (w) => w.createdAt },
	updatedAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (w) => w.updatedAt },
};

/** How long a test delivery may take before the URL counts as unreachable. */
const TEST_DELIVERY_TIMEOUT_MS = 5000;

function render(ctx: RouteContext, webhook: Webhook): Record<string, unknown> {
	const creator = ctx.store.users.get(webhook.creatorUserId);
	return {
		id: webhook.id,
		url: webhook.url,
		subscriptions: webhook.subscriptions,
		status: webhook.status,
		creator: creator ? { id: creator.personId } : null,
		createdAt: webhook.createdAt,
		updatedAt: webhook.updatedAt,
	};
}

const mayManage = (ctx: RouteContext, webhook: Webhook) =>
	webhook.creatorUserId === ctx.user.id || ctx.user.permissions.manageUsers;

function webhookOf(ctx: RouteContext): Webhook {
	const id = pathId(ctx.params.webhookId, 'webhookId', 'int64');
	const webhook = ctx.store.webhooks.get(id);
	if (!webhook || !mayManage(ctx, webhook)) throw notFound(`Webhook ${id} not found`);
	return webhook;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** A URL the API accepts: absolute http(s), no embedded credentials, no other webhook's. */
function checkUrl(ctx: RouteContext, value: unknown, self?: Webhook): string {
	if (typeof value !== 'string') throw badRequest('url must be a URL', 'url');
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw badRequest('url is not a valid URL', 'url');
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:')
		throw badRequest('url must be an http or https URL', 'url');
	if (url.username || url.password) throw badRequest('url must not contain credentials', 'url');
	if ([...ctx.store.webhooks.values()].some((w) => w.url === value && w !== self))
		throw badRequest('url already belongs to another webhook', 'url');
	return value;
}

function checkSubscriptions(value: unknown): string[] {
	if (!Array.isArray(value) || value.length > 100)
		throw badRequest('subscriptions must be an array of at most 100 event types', 'subscriptions');
	value.forEach((type, i) => {
		if (!(SUBSCRIPTION_TYPES as readonly unknown[]).includes(type))
			throw badRequest(`Unknown event type "${String(type)}"`, `subscriptions[${i}]`);
	});
	return [...new Set(value as string[])];
}

/**
 * The test delivery: a POST of v1's envelope ({type, body, sent_at}) to the URL; anything but
 * a 2xx within the timeout makes the URL unreachable, a `validation` error on `url`.
 */
async function testDelivery(url: string): Promise<void> {
	let status: number;
	try {
		const res = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				type: 'sample.webhook',
				body: {},
				sent_at: Math.floor(Date.now() / 1000),
			}),
			signal: AbortSignal.timeout(TEST_DELIVERY_TIMEOUT_MS),
		});
		status = res.status;
		await res.body?.cancel();
	} catch {
		throw badRequest('url is unreachable: the test delivery failed', 'url');
	}
	if (status < 200 || status > 299)
		throw badRequest(
			`url is unreachable: the test delivery was answered with HTTP ${status}`,
			'url',
		);
}

export function register(router: Router): void {
	router.get('/v2/webhooks', (ctx) => {
		const defining = ['filter', 'totalCount'];
		const values = definingValues(ctx, defining);
		const test = filterFrom(values.filter?.[0], WEBHOOK_FILTER);
		const webhooks = ctx.store
			.sortedIds(ctx.store.webhooks)
			.map((id) => ctx.store.webhooks.get(id) as Webhook)
			.filter((w) => mayManage(ctx, w) && (!test || test(w)));
		return paged(
			ctx,
			webhooks,
			(w) => w.id,
			(w) => render(ctx, w),
			{ defining, totalCount: boolValue(values, 'totalCount') },
		);
	});

	router.post('/v2/webhooks', async (ctx) => {
		const body = await ctx.body();
		if (!isObject(body))
			throw badRequest(
				'The body must be a JSON object {"url": ..., "subscriptions": [...]}',
				'url',
			);
		for (const key of Object.keys(body))
			if (key !== 'url' && key !== 'subscriptions')
				throw badRequest(`Unknown property "${key}"`, key);
		if (!('subscriptions' in body))
			throw badRequest('Missing "subscriptions" ([] for every event type)', 'subscriptions');
		const url = checkUrl(ctx, body.url);
		const subscriptions = checkSubscriptions(body.subscriptions);
		if (ctx.store.webhooks.size >= ctx.emulator.settings.webhookLimit) {
			throw new ApiError(
				400,
				'bad-request',
				`The organization has reached its limit of ${ctx.emulator.settings.webhookLimit} webhooks`,
			);
		}
		await testDelivery(url);
		const id = ctx.store.nextId('webhook', 1);
		const webhook: Webhook = {
			id,
			url,
			subscriptions,
			status: 'active',
			creatorUserId: ctx.user.id,
			createdAt: new Date().toISOString(),
			updatedAt: null,
		};
		ctx.store.webhooks.set(id, webhook);
		return { status: 201, body: render(ctx, webhook) };
	});

	router.get('/v2/webhooks/:webhookId', (ctx) => ok(render(ctx, webhookOf(ctx))));

	router.post('/v2/webhooks/:webhookId', async (ctx) => {
		const webhook = webhookOf(ctx);
		const body = await ctx.body();
		if (!isObject(body)) throw badRequest('The body must be a JSON object', 'url');
		for (const key of Object.keys(body))
			if (!['url', 'subscriptions', 'status'].includes(key))
				throw badRequest(`Unknown property "${key}"`, key);
		const url = body.url === undefined ? webhook.url : checkUrl(ctx, body.url, webhook);
		const subscriptions =
			body.subscriptions === undefined
				? webhook.subscriptions
				: checkSubscriptions(body.subscriptions);
		if (body.status !== undefined && body.status !== 'active' && body.status !== 'disabled')
			throw badRequest('status must be active or disabled', 'status');
		const status = (body.status as Webhook['status'] | undefined) ?? webhook.status;
		const reEnabled = webhook.status === 'disabled' && status === 'active';
		if ((url !== webhook.url && status === 'active') || reEnabled) await testDelivery(url);
		Object.assign(webhook, { url, subscriptions, status, updatedAt: new Date().toISOString() });
		return { status: 204 };
	});

	router.add('DELETE', '/v2/webhooks/:webhookId', (ctx) => {
		const webhook = webhookOf(ctx);
		ctx.store.webhooks.delete(webhook.id);
		return { status: 204 };
	});
}

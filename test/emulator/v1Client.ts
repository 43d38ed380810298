import { request } from 'undici';

import { ADMIN_KEY, type EmulatorFixture } from '../harness/emulator';
import { eventually } from '../harness/eventually';

/** Both ways API v1 takes the key: the Basic password (any user name) or a Bearer token. */
export const basic = (key = ADMIN_KEY) => `Basic ${Buffer.from(`:${key}`).toString('base64')}`;
export const bearer = (key = ADMIN_KEY) => `Bearer ${key}`;

/** One API v1 call as a plain client: status and parsed body. */
export async function v1<T = Record<string, unknown>>(
	fixture: EmulatorFixture,
	method: 'GET' | 'POST' | 'PUT' | 'DELETE',
	path: string,
	body?: unknown,
	authorization = basic(),
): Promise<{ status: number; body: T }> {
	const res = await request(`${fixture.baseUrl}${path}`, {
		method,
		headers: {
			authorization,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.body.text();
	return { status: res.statusCode, body: (text ? JSON.parse(text) : undefined) as T };
}

export interface Delivery {
	type: string;
	body: Record<string, unknown>;
	sent_at: number;
}

/** Subscribes the emulator's webhook sink to every event and empties it. */
export async function listenToWebhooks(fixture: EmulatorFixture): Promise<void> {
	const created = await fixture.api('/v2/webhooks', undefined, {
		method: 'POST',
		body: { url: `${fixture.baseUrl}/_emulator/webhook-sink`, subscriptions: [] },
	});
	if (created.status !== 201) throw new Error(`webhook: ${created.status}`);
	await fixture.control('DELETE', '/webhook-sink');
}

/** The deliveries received, once `count` of the given types have arrived. */
export async function deliveries(fixture: EmulatorFixture, types: string[]): Promise<Delivery[]> {
	return eventually(
		`webhook deliveries ${types.join(', ')}`,
		() => fixture.control<Delivery[]>('GET', '/webhook-sink'),
		(all) => types.every((type) => all.some((d) => d?.type === type)),
		10_000,
		50,
	);
}

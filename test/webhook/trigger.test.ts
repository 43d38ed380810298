/**
 * The webhook trigger through n8n-core: webhookMethods with a HookContext (activation,
 * restart, deactivation) and webhook() with a WebhookContext over real HTTP requests that the
 * emulator delivers.
 */
import type { IDataObject } from 'n8n-workflow';
import { request } from 'undici';

import { expectNoKey, EmulatorFixture, ADMIN_KEY } from '../harness/emulator';
import type { WebhookHarness } from '../harness/webhook';
import { DEAL_PIPELINE, deliveriesSettled, listField, webhooks, webhookTrigger } from './helpers';

const fixture = new EmulatorFixture();
const open: WebhookHarness[] = [];

async function trigger(
	...args: Parameters<typeof webhookTrigger> extends [unknown, ...infer R] ? R : never
) {
	const h = await webhookTrigger(fixture, ...args);
	open.push(h);
	return h;
}

beforeAll(async () => {
	await fixture.start();
});
afterEach(async () => {
	while (open.length) await open.pop()!.close();
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
	await fixture.control('POST', '/settings', { webhookRetryBaseMs: 10, webhookRetryWindowMs: 400 });
});

describe('activation and deactivation (webhookMethods.default)', () => {
	it('creates exactly one Affinity webhook for the production URL, records it, deletes it', async () => {
		const h = await trigger({ events: ['list_entry.created', 'field_value.updated'] });
		expect(h.url).toMatch(/\/webhook\/3f1c6a2e-0b1d-4f5e-9a77-5c0a4b1e2d90\/webhook$/);
		expect(await h.activate()).toEqual({ existed: false });
		const [created, ...others] = await webhooks(fixture);
		expect(others).toEqual([]);
		expect(created).toMatchObject({
			url: h.url,
			status: 'active',
			subscriptions: ['field_value.updated', 'list_entry.created'],
		});
		expect(h.staticData().webhookId).toBe(created.id);
		// The test delivery was answered and started nothing.
		expect(h.answers).toEqual([{ status: 200, body: { received: true } }]);
		expect(h.executions).toEqual([]);

		await h.deactivate();
		expect(await webhooks(fixture)).toEqual([]);
		expect(h.staticData().webhookId).toBeUndefined();
	});

	it('keeps one webhook across restarts, lost static data and changed events', async () => {
		const first = await trigger({ events: ['list_entry.created'] });
		await first.activate();
		// A restart: the same node and static data; checkExists finds it, nothing is created.
		expect(await first.activate()).toEqual({ existed: true });
		// Static data lost (workflow re-imported): create reuses the webhook with our URL.
		await first.close();
		open.splice(open.indexOf(first), 1);
		const port = Number(new URL(first.url).port);
		const again = await trigger(
			{ events: ['list_entry.created', 'list_entry.deleted'] },
			{ staticData: {}, port },
		);
		expect(again.url).toBe(first.url);
		expect(await again.activate()).toEqual({ existed: false });
		const all = await webhooks(fixture);
		expect(all).toHaveLength(1);
		expect(all[0].subscriptions).toEqual(['list_entry.created', 'list_entry.deleted']);
		expect(again.staticData().webhookId).toBe(all[0].id);
		// Deleted in Affinity meanwhile: checkExists says so, and a new one is created.
		await fixture.api(`/v2/webhooks/${all[0].id}`, ADMIN_KEY, { method: 'DELETE' });
		expect(await again.activate()).toEqual({ existed: false });
		expect(await webhooks(fixture)).toHaveLength(1);
		// Deactivation without a recorded id still removes the webhook with our URL.
		delete again.staticData().webhookId;
		await again.deactivate();
		expect(await webhooks(fixture)).toEqual([]);
	});

	it('re-enables a webhook Affinity disabled', async () => {
		const h = await trigger({ events: ['list_entry.created'] });
		await h.activate();
		const id = h.staticData().webhookId as number;
		await fixture.api(`/v2/webhooks/${id}`, ADMIN_KEY, {
			method: 'POST',
			body: { status: 'disabled' },
		});
		expect(await h.activate()).toEqual({ existed: false });
		expect((await webhooks(fixture))[0]).toMatchObject({ id, status: 'active' });
	});

	it("says what to do at the organization's limit", async () => {
		await fixture.control('POST', '/settings', { webhookLimit: 1 });
		for (const url of ['http://127.0.0.1:1/a']) {
			await fixture.emulator.store.webhooks.set(9, {
				id: 9,
				url,
				subscriptions: [],
				status: 'active',
				creatorUserId: 1,
				createdAt: new Date().toISOString(),
				updatedAt: null,
			});
		}
		const h = await trigger({ events: ['list_entry.created'] });
		const error = await h.activate().catch((e: Error & { description?: string }) => e);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toMatch(/refused a new webhook.*limit of 1 webhooks/);
		expect((error as { description?: string }).description).toMatch(/Webhook → Delete/);
		expect(h.staticData().webhookId).toBeUndefined();
		expectNoKey(error);
	});

	it('says what to do when Affinity cannot reach the URL', async () => {
		const h = await trigger({ events: ['list_entry.created'] });
		h.answer = () => 'fail';
		const error = (await h.activate().catch((e: unknown) => e)) as Error & { description?: string };
		expect(error.message).toMatch(
			/could not reach this workflow's URL http:\/\/127\.0\.0\.1:\d+\/webhook\/.*unreachable/,
		);
		expect(error.description).toMatch(/WEBHOOK_URL/);
		expect(await webhooks(fixture)).toEqual([]);
	});

	it('says what to do when the key may not manage webhooks', async () => {
		await fixture.fault({
			kind: 'status',
			status: 403,
			method: 'POST',
			path: '/v2/webhooks',
		} as never);
		const h = await trigger({ events: ['list_entry.created'] });
		const error = (await h.activate().catch((e: unknown) => e)) as Error & { description?: string };
		expect(error.message).toBe("The API key's user may not manage webhooks in Affinity");
		expect(error.description).toMatch(/allowed to manage webhooks/);
	});
});

describe('deliveries (webhook())', () => {
	it('emits one item per event in the v2 vocabulary, shaped as the polling trigger', async () => {
		const h = await trigger({
			events: [
				'list_entry.created',
				'list_entry.deleted',
				'field_value.created',
				'field_value.updated',
				'field_value.deleted',
			],
			filters: { listId: DEAL_PIPELINE },
		});
		await h.activate();
		const text = listField(fixture, DEAL_PIPELINE, 'text');
		const added = await fixture.control<{ id: number; entityId: number; entityType: string }>(
			'POST',
			'/list-entries',
			{ listId: DEAL_PIPELINE, name: 'Acme' },
		);
		await deliveriesSettled(fixture);
		await fixture.control('POST', '/values', {
			listEntryId: added.id,
			fieldId: text.id,
			value: { type: 'text', data: 'first' },
		});
		await deliveriesSettled(fixture);
		await fixture.control('POST', '/values', {
			listEntryId: added.id,
			fieldId: text.id,
			value: { type: 'text', data: 'second' },
		});
		await deliveriesSettled(fixture);
		await fixture.control('POST', '/values', {
			listEntryId: added.id,
			fieldId: text.id,
			value: null,
		});
		await deliveriesSettled(fixture);
		await fixture.control('DELETE', `/list-entries/${added.id}`);
		await deliveriesSettled(fixture);
		// Another list's entry: filtered out, no execution.
		await fixture.control('POST', '/list-entries', { listId: 102 });
		await deliveriesSettled(fixture);

		expect(h.executions.map((e) => e.length)).toEqual([1, 1, 1, 1, 1]);
		const [entryAdded, created, updated, deleted, removed] = h.executions.map((e) => e[0]);
		expect(entryAdded).toMatchObject({
			event: 'listEntryAdded',
			detectedBy: 'webhook',
			affinityEvent: 'list_entry.created',
			listId: DEAL_PIPELINE,
			listEntryId: added.id,
			entityType: added.entityType,
			entityId: added.entityId,
			entityName: 'Acme',
			changes: [],
		});
		const change = (action: string, current: unknown) => ({
			event: 'fieldValueChanged',
			detectedBy: 'webhook',
			listId: DEAL_PIPELINE,
			listEntryId: added.id,
			// The delivery names no entity type: the filter's list tells it.
			entityType: added.entityType,
			entityId: added.entityId,
			changes: [
				expect.objectContaining({ fieldId: text.id, fieldName: text.name, action, current }),
			],
		});
		expect(created).toMatchObject(change('created', 'first'));
		expect(updated).toMatchObject(change('updated', 'second'));
		expect(deleted).toMatchObject(change('deleted', null));
		expect(deleted.changes).toEqual([expect.objectContaining({ removed: 'second' })]);
		expect(removed).toMatchObject({
			event: 'listEntryRemoved',
			listEntryId: added.id,
			entityName: 'Acme',
		});
		expectNoKey(h.executions, h.staticData());
	});

	it('takes the List filter from the list picker (from the list, by URL) or a number saved before the picker', async () => {
		const text = listField(fixture, DEAL_PIPELINE, 'text');
		for (const listId of [
			{ __rl: true, mode: 'list', value: String(DEAL_PIPELINE), cachedResultName: 'Deal Pipeline' },
			{ __rl: true, mode: 'url', value: `https://x.affinity.co/lists/${DEAL_PIPELINE}` },
			DEAL_PIPELINE,
		]) {
			await fixture.reset();
			const h = await trigger({
				events: ['list_entry.created', 'field_value.created'],
				filters: { listId },
			});
			await h.activate();
			await fixture.control('POST', '/list-entries', { listId: 102 });
			const added = await fixture.control<{ id: number; entityType: string }>(
				'POST',
				'/list-entries',
				{ listId: DEAL_PIPELINE, name: 'Acme' },
			);
			await deliveriesSettled(fixture);
			await fixture.control('POST', '/values', {
				listEntryId: added.id,
				fieldId: text.id,
				value: { type: 'text', data: 'first' },
			});
			await deliveriesSettled(fixture);
			expect(h.executions.map((e) => [e[0].affinityEvent, e[0].listId, e[0].entityType])).toEqual([
				['list_entry.created', DEAL_PIPELINE, added.entityType],
				['field_value.created', DEAL_PIPELINE, added.entityType],
			]);
			await h.deactivate();
		}
	});

	it('refuses a List filter that is no list ID on activation, naming the filter', async () => {
		const h = await trigger({
			events: ['list_entry.created'],
			filters: { listId: { __rl: true, mode: 'id', value: 'Deal Pipeline' } },
		});
		const error = (await h.activate().catch((e: unknown) => e)) as Error;
		expect(error.message).toMatch(/List \(filter\)/);
		expect(await fixture.requests()).toEqual([]);
	});

	it('adds the current entry by option', async () => {
		const h = await trigger({ events: ['list_entry.created'], options: { includeEntry: true } });
		await h.activate();
		const added = await fixture.control<{ id: number }>('POST', '/list-entries', {
			listId: DEAL_PIPELINE,
			name: 'Globex',
		});
		await deliveriesSettled(fixture);
		expect(h.executions).toHaveLength(1);
		expect(h.executions[0][0].entry).toMatchObject({ id: added.id });
	});

	it('adds the current entry of an entry added through API v1 while v2 reads still lag behind', async () => {
		// Live, v2 reads see a v1 write only after a moment; the delivery comes at once.
		await fixture.control('POST', '/settings', { v1ReadDelayMs: 800 });
		const h = await trigger({ events: ['list_entry.created'], options: { includeEntry: true } });
		await h.activate();
		const company = 3000390;
		const res = await fixture.api<{ id: number }>('/lists/102/list-entries', undefined, {
			method: 'POST',
			body: { entity_id: company },
		});
		expect(res.status).toBe(200);
		await deliveriesSettled(fixture);
		expect(h.executions).toHaveLength(1);
		expect(h.executions[0][0].entry).toMatchObject({ id: res.body.id, entityId: company });
		const reads = (await fixture.requests()).filter(
			(r) => r.method === 'GET' && r.path === `/v2/lists/102/list-entries/${res.body.id}`,
		);
		// Not found at first, then read once it shows.
		expect(reads.map((r) => r.status)).toContain(404);
		expect(reads.at(-1)?.status).toBe(200);
	});

	it('with the current entry, a field value event names the entity type and name too', async () => {
		const added = await fixture.control<{ id: number; entityType: string }>(
			'POST',
			'/list-entries',
			{ listId: DEAL_PIPELINE, name: 'Initech' },
		);
		// The list filter gives a field value event its list, so its entry can be read.
		const h = await trigger({
			events: ['field_value.created'],
			filters: { listId: DEAL_PIPELINE },
			options: { includeEntry: true },
		});
		await h.activate();
		const text = listField(fixture, DEAL_PIPELINE, 'text');
		await fixture.control('POST', '/values', {
			listEntryId: added.id,
			fieldId: text.id,
			value: { type: 'text', data: 'first' },
		});
		await deliveriesSettled(fixture);
		expect(h.executions).toHaveLength(1);
		expect(h.executions[0][0]).toMatchObject({
			event: 'fieldValueChanged',
			listEntryId: added.id,
			entityType: added.entityType,
			entityName: 'Initech',
			entry: { id: added.id, type: added.entityType },
		});
		// The entry carries its list's field values, the one just set among them.
		expect((h.executions[0][0].entry as IDataObject).fields).toMatchObject({
			[text.name]: 'first',
		});
	});

	it('emits a redelivered event once, and answers 400 to what is not a delivery', async () => {
		const h = await trigger({ events: ['list_entry.created'] });
		await h.activate();
		// The first answers are lost: Affinity retries, the node has already emitted the event.
		h.answer = (index) => (index < 3 ? 'drop' : 'normal');
		await fixture.control('POST', '/list-entries', { listId: DEAL_PIPELINE });
		await deliveriesSettled(fixture);
		expect(h.answers.length).toBeGreaterThanOrEqual(1);
		const counts = await fixture.control<{ failedAttempts: number; delivered: number }>(
			'GET',
			'/webhook-deliveries',
		);
		expect(counts.failedAttempts).toBe(2);
		expect(h.executions).toHaveLength(1);

		for (const body of [
			{},
			{ type: 'list_entry.created' },
			'not json',
			{ type: 'x', body: {}, sent_at: 1 },
			[1],
		]) {
			const res = await request(h.url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: typeof body === 'string' ? body : JSON.stringify(body),
			});
			expect(res.statusCode).toBe(400);
			await res.body.text();
		}
		expect(h.executions).toHaveLength(1);
		// Dedupe state is compact: one short key per event.
		expect(Object.values(h.staticData().seen as object)).toEqual([
			expect.stringMatching(/^[0-9a-z]{1,11}$/),
		]);
		expect(JSON.stringify(h.staticData()).length).toBeLessThan(80);
	});
});

describe('emulator deliveries', () => {
	it('retries with backoff and disables the webhook after the retry window', async () => {
		const h = await trigger({ events: ['list_entry.created'] });
		await h.activate();
		h.answer = () => 'fail';
		await fixture.control('POST', '/list-entries', { listId: DEAL_PIPELINE });
		await deliveriesSettled(fixture);
		const counts = await fixture.control<{ failedAttempts: number; disabled: number }>(
			'GET',
			'/webhook-deliveries',
		);
		// Retries are due 10, 30, 70, 150 and 310 ms after the first attempt; 630 is past the window.
		expect(counts).toMatchObject({ failedAttempts: 6, disabled: 1 });
		expect((await webhooks(fixture))[0].status).toBe('disabled');
		// Disabled: later mutations are not delivered; activation re-enables it.
		await fixture.control('POST', '/list-entries', { listId: DEAL_PIPELINE });
		expect(await fixture.control('GET', '/webhook-deliveries')).toMatchObject({
			pending: 0,
			failedAttempts: 6,
		});
		h.answer = () => 'normal';
		expect(await h.activate()).toEqual({ existed: false });
		expect((await webhooks(fixture))[0].status).toBe('active');
	});
});

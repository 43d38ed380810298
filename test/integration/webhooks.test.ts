import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';

/** webhook.create / get / getAll / update / delete through the real engine. */
const fixture = new EmulatorFixture();

const run = (parameters: IDataObject, key?: string) =>
	runAffinityNode({
		credentials: fixture.credentials(key),
		parameters: { resource: 'webhook', ...parameters },
	});
const sink = (tag: string, status?: number) =>
	`${fixture.baseUrl}/_emulator/webhook-sink?to=${tag}${status ? `&status=${status}` : ''}`;
const deliveries = () =>
	fixture.control<Array<{ type: string; sent_at: number }>>('GET', '/webhook-sink');

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(async () => {
	await fixture.reset();
	await fixture.control('DELETE', '/webhook-sink');
});

describe('webhook.create', () => {
	it('subscribes a URL after a test delivery to it, and returns the webhook', async () => {
		const result = await run({
			operation: 'create',
			url: sink('a'),
			subscriptions: ['list_entry.created', 'field_value.updated'],
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			id: 1,
			url: sink('a'),
			subscriptions: ['list_entry.created', 'field_value.updated'],
			status: 'active',
			creator: { id: expect.any(Number) },
			updatedAt: null,
		});
		expect(await deliveries()).toEqual([
			{ type: 'sample.webhook', body: {}, sent_at: expect.any(Number) },
		]);
	});

	it('fails when the URL does not answer 2xx, and beyond the organization limit', async () => {
		const refused = await run({ operation: 'create', url: sink('down', 503), subscriptions: [] });
		expect(refused.error?.message).toMatch(/url/i);
		expect(refused.error?.message).toMatch(/503/);
		for (const tag of ['1', '2', '3'])
			expect(
				(await run({ operation: 'create', url: sink(tag), subscriptions: [] })).error,
			).toBeUndefined();
		const fourth = await run({ operation: 'create', url: sink('4'), subscriptions: [] });
		expect(fourth.error?.message).toMatch(/limit of 3 webhooks/);
		await fixture.control('POST', '/settings', { webhookLimit: 4 });
		expect(
			(await run({ operation: 'create', url: sink('4'), subscriptions: [] })).error,
		).toBeUndefined();
	});

	it('an invalid URL or event type is refused before any request', async () => {
		await fixture.clearRequests();
		expect(
			(await run({ operation: 'create', url: 'not a url', subscriptions: [] })).error?.message,
		).toBe('Invalid URL: got "not a url"');
		expect(
			(await run({ operation: 'create', url: sink('x'), subscriptions: ['list_entry.exploded'] }))
				.error?.message,
		).toBe('Invalid event type: got "list_entry.exploded"');
		expect(await fixture.requests()).toEqual([]);
	});
});

describe('webhook.get, getAll, update, delete', () => {
	it('reads, changes and removes a webhook; another member does not see it', async () => {
		const created = (await run({ operation: 'create', url: sink('a'), subscriptions: [] }))
			.items[0];
		const got = await run({ operation: 'get', webhookId: String(created.id) });
		expect(got.items[0]).toEqual(created);
		const all = await run({ operation: 'getAll', returnAll: true });
		expect(all.items.map((w) => w.id)).toEqual([created.id]);
		expect((await run({ operation: 'getAll', returnAll: true }, MEMBER_KEY)).items).toEqual([]);
		const disabled = await run({
			operation: 'update',
			webhookId: String(created.id),
			updateFields: { status: 'disabled', subscriptions: ['note.created'] },
		});
		expect(disabled.items[0]).toMatchObject({
			status: 'disabled',
			subscriptions: ['note.created'],
			updatedAt: expect.any(String),
		});
		await fixture.control('DELETE', '/webhook-sink');
		const moved = await run({
			operation: 'update',
			webhookId: String(created.id),
			updateFields: { status: 'active', url: sink('b') },
		});
		expect(moved.items[0]).toMatchObject({ status: 'active', url: sink('b') });
		expect(await deliveries()).toHaveLength(1);
		const deleted = await run({ operation: 'delete', webhookId: String(created.id) });
		expect(deleted.items).toEqual([{ id: created.id, deleted: true }]);
		const gone = await run({ operation: 'get', webhookId: String(created.id) });
		expect(gone.error?.message).toBe(`Webhook ${created.id} not found`);
	});

	it('an update with nothing to change is refused before any request', async () => {
		await fixture.clearRequests();
		const result = await run({ operation: 'update', webhookId: '1', updateFields: {} });
		expect(result.error?.message).toBe('Nothing to update');
		expect(await fixture.requests()).toEqual([]);
	});
});

/**
 * Activation with a URL Affinity cannot reach (n8n on localhost, the live API): refused before
 * any request, naming WEBHOOK_URL and a tunnel; the key never shows.
 */
import { AffinityV2WebhookTrigger } from '../../nodes/AffinityV2WebhookTrigger/AffinityV2WebhookTrigger.node';
import { ADMIN_KEY, EmulatorFixture, expectNoKey } from '../harness/emulator';
import { webhookHarness } from '../harness/webhook';
import { webhooks } from './helpers';

const fixture = new EmulatorFixture();

beforeAll(async () => {
	await fixture.start();
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

it('refuses a loopback URL for the live API before any request, naming WEBHOOK_URL and a tunnel', async () => {
	let requests = 0;
	const h = await webhookHarness(
		new AffinityV2WebhookTrigger(),
		{ events: ['list_entry.created'], filters: {}, options: {} },
		// The live host: an attempt to reach it would fail here (no network) with another error.
		fixture.credentials(ADMIN_KEY, { baseUrl: 'https://api.affinity.co' }),
	);
	h.answer = () => {
		requests++;
		return 'normal';
	};
	try {
		const error = (await h.activate().catch((e: unknown) => e)) as Error & {
			description?: string;
		};
		expect(error).toBeInstanceOf(Error);
		expect(error.message).toMatch(
			/^Affinity cannot reach this workflow's webhook URL http:\/\/127\.0\.0\.1:\d+\/webhook\/\S+: 127\.0\.0\.1 is a loopback address \(this computer\)$/,
		);
		expect(error.description).toMatch(/WEBHOOK_URL/);
		expect(error.description).toMatch(/tunnel/);
		expect(error.description).toMatch(/Execute step or publish/);
		expectNoKey(error);
		expect(h.staticData().webhookId).toBeUndefined();
		expect(requests).toBe(0);
	} finally {
		await h.close();
	}
	// Nothing was created in the (emulated) account either.
	expect(await webhooks(fixture)).toEqual([]);
});

it('subscribes a loopback URL when Affinity itself is on this machine (the emulator)', async () => {
	const h = await webhookHarness(
		new AffinityV2WebhookTrigger(),
		{ events: ['list_entry.created'], filters: {}, options: {} },
		fixture.credentials(),
	);
	try {
		await h.activate();
		expect(await webhooks(fixture)).toEqual([
			expect.objectContaining({ url: h.url, status: 'active' }),
		]);
	} finally {
		await h.close();
	}
});

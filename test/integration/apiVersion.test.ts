import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { AffinityV2Api } from '../../credentials/AffinityV2Api.credentials';
import { runAffinityNode } from '../../testkit/engine';

/**
 * The credential's API Version: a choice, 2026-09-17 by default, sent as
 * X-Affinity-Api-Version on every request unless the key's default is chosen. A plain server on
 * loopback records the headers the node sends.
 */

let server: Server;
let baseUrl = '';
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
	server = createServer((req, res) => {
		seen.push(req.headers);
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(
			JSON.stringify({
				rate: {
					orgMonthly: { limit: null, remaining: null, reset: null, used: 0 },
					apiKeyPerMinute: { limit: 900, remaining: 899, reset: 60, used: 1 },
				},
			}),
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (seen.length = 0));

const run = (apiVersion: string) =>
	runAffinityNode({
		credentials: { apiKey: 'test-key-not-a-secret', baseUrl, apiVersion, ipAllowlistNote: '' },
		parameters: { resource: 'rateLimit', operation: 'get' },
	});

describe('API Version', () => {
	it('is a choice of the known versions and the key’s default, 2026-09-17 (current) by default; no free text', () => {
		const property = new AffinityV2Api().properties.find((p) => p.name === 'apiVersion')!;
		expect(property.type).toBe('options');
		expect(property.default).toBe('2026-09-17');
		const options = property.options as Array<{ name: string; value: string; description: string }>;
		expect(options.map((o) => o.value)).toEqual(['2026-09-17', '2026-07-15', '2024-01-01', '']);
		expect(options[0].name).toMatch(/Current, Recommended/);
		// What choosing an older one means, in the words a user reads.
		expect(options[1].description).toMatch(/Locked since Sep 17 2026.*keeps working.*nothing new/);
		expect(property.description).toMatch(/2026-09-17 is the current one/);
		expect(property.description).toMatch(/stop before any request/);
	});

	it.each(['2026-07-15', '2026-09-17', '2024-01-01'])(
		'%s is sent as X-Affinity-Api-Version',
		async (version) => {
			const result = await run(version);
			expect(result.error).toBeUndefined();
			expect(seen.map((h) => h['x-affinity-api-version'])).toEqual([version]);
		},
	);

	it('the key’s default sends no version header', async () => {
		const result = await run('');
		expect(result.error).toBeUndefined();
		expect(seen).toHaveLength(1);
		expect(seen[0]['x-affinity-api-version']).toBeUndefined();
	});
});

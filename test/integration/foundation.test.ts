import { DEMO_KEYS } from '../../emulator';
import { ADMIN_KEY, EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId, TARGET_ACCOUNTS } from '../harness/ids';

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

describe('listEntry.getAll through the real engine', () => {
	it('returns all 250 entries of a list in exactly 3 requests of limit 100', async () => {
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'getAll',
				listId: byId(TARGET_ACCOUNTS),
				returnAll: true,
				simplify: false,
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(250);
		expect(new Set(result.items.map((i) => i.id)).size).toBe(250);
		const log = await fixture.requests();
		expect(log.map((r) => r.path)).toEqual(
			Array(3).fill(`/v2/lists/${TARGET_ACCOUNTS}/list-entries`),
		);
		expect(log.map((r) => new URLSearchParams(r.query).get('limit'))).toEqual([
			'100',
			'100',
			'100',
		]);
		expect(result.paired.every((p) => p === 0)).toBe(true);
	});

	it('with a limit of 7 sends one request of limit 7', async () => {
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'getAll',
				listId: byId(TARGET_ACCOUNTS),
				returnAll: false,
				limit: 7,
			},
		});
		expect(result.items).toHaveLength(7);
		const log = await fixture.requests();
		expect(log).toHaveLength(1);
		expect(new URLSearchParams(log[0].query).get('limit')).toBe('7');
	});

	it('with a limit of 230 asks for 100, 100, then exactly 30', async () => {
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'getAll',
				listId: byId(TARGET_ACCOUNTS),
				returnAll: false,
				limit: 230,
			},
		});
		expect(result.items).toHaveLength(230);
		const log = await fixture.requests();
		expect(log.map((r) => new URLSearchParams(r.query).get('limit'))).toEqual(['100', '100', '30']);
	});

	it('sends the selected field ids as repeated query parameters and simplifies the values', async () => {
		const fields = await fixture.api<{ data: Array<{ id: string; name: string }> }>(
			`/v2/lists/${TARGET_ACCOUNTS}/fields`,
		);
		const status = fields.body.data.find((f) => f.name === 'Status')!.id;
		const owner = fields.body.data.find((f) => f.name === 'Owner')!.id;
		await fixture.clearRequests();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'getAll',
				listId: byId(TARGET_ACCOUNTS),
				returnAll: false,
				limit: 3,
				fieldIds: [status, owner],
				fieldTypes: [],
			},
		});
		const [request] = await fixture.requests();
		expect(new URLSearchParams(request.query).getAll('fieldIds')).toEqual([status, owner]);
		for (const item of result.items) {
			expect(Object.keys(item.fields as object).sort()).toEqual(['Owner', 'Status']);
			expect(item.listId).toBe(TARGET_ACCOUNTS);
			expect(typeof item.entityName).toBe('string');
		}
	});
});

describe('errors', () => {
	it('gives a clear 401 for an invalid key, without the key in it', async () => {
		const badKey = 'affv2-not-a-real-key-123456';
		const result = await runAffinityNode({
			credentials: fixture.credentials(badKey),
			parameters: { resource: 'list', operation: 'getAll', returnAll: true },
		});
		expect(result.error?.message).toBe('Invalid API key');
		expect(result.error?.description).toMatch(/check the api key/i);
		expect(result.error?.httpCode).toBe('401');
		expect(JSON.stringify(result.run)).not.toContain(badKey);
		expectNoKey(result.run);
	});

	it('with continueOnFail turns a failed item into an error item paired to its input', async () => {
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			continueOnFail: true,
			items: [{ companyId: 3000001 }, { companyId: 999999999 }, { companyId: 3000002 }],
			parameters: {
				resource: 'company',
				operation: 'get',
				companyId: byId('={{ $json.companyId }}'),
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].id).toBe(3000001);
		expect(result.items[1].error).toBe('Row 2: Company 999999999 not found');
		expect(result.items[1].description).toMatch(/company with ID 999999999/);
		expect(result.items[2].id).toBe(3000002);
		expect(result.paired).toEqual([0, 1, 2]);
	});

	it('refuses an id of 0 before any request is sent', async () => {
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'get',
				listId: byId(0),
				listEntryId: byId(5),
			},
		});
		expect(result.error?.message).toBe('Invalid List ID: got "0"');
		expect(result.error?.description).toMatch(/whole number from 1 to 9007199254740991/);
		expect(await fixture.requests()).toHaveLength(0);
	});

	it('retries after a 429 and succeeds, waiting for the reset the headers give', async () => {
		await fixture.fault({
			kind: 'status',
			status: 429,
			headers: { 'x-ratelimit-limit-user-reset': '1' },
		});
		const started = Date.now();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: { resource: 'list', operation: 'getAll', returnAll: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		const log = await fixture.requests();
		expect(log.map((r) => r.status)).toEqual([429, 200]);
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
	});

	it('explains a 403 from a key whose IP allowlist does not include this machine', async () => {
		const elsewhere = DEMO_KEYS.find((k) => k.label === 'elsewhere')!.key;
		const result = await runAffinityNode({
			credentials: fixture.credentials(elsewhere),
			parameters: { resource: 'list', operation: 'getAll', returnAll: true },
		});
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toMatch(/not permitted for this API key/);
		expect(result.error?.description).toMatch(/IP allowlist/);
		expectNoKey(result.run);
	});

	it('refuses plain http to a host other than loopback, naming the Base URL', async () => {
		const result = await runAffinityNode({
			credentials: { apiKey: ADMIN_KEY, baseUrl: 'http://api.example.com', apiVersion: '' },
			parameters: { resource: 'list', operation: 'getAll', returnAll: true },
		});
		expect(result.error?.message).toMatch(/Base URL "http:\/\/api.example.com" uses plain http/);
		expectNoKey(result.run);
	});
});

describe('other first-slice operations', () => {
	it('company.get and company.getAll return companies; list.getAll the lists the key can see', async () => {
		const one = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'company',
				operation: 'get',
				companyId: byId(3000001),
				fieldTypes: ['global'],
			},
		});
		expect(one.items[0]).toMatchObject({ id: 3000001, name: expect.any(String) });
		expect(Object.keys(one.items[0].fields as object)).toContain('Industry');

		const many = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'company',
				operation: 'getAll',
				returnAll: false,
				limit: 120,
				simplify: false,
			},
		});
		expect(many.items).toHaveLength(120);
		expect(many.items[0].fields).toBeUndefined();

		const lists = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: { resource: 'list', operation: 'getAll', returnAll: true },
		});
		expect(lists.items.map((l) => l.name)).toEqual(
			expect.arrayContaining([
				'Deal Pipeline',
				'Target Accounts',
				'Investors',
				'Board Confidential',
			]),
		);
	});

	it('listEntry.get takes the list by URL and the entry by id, int64 ids beyond int32 included', async () => {
		const entries = await fixture.control<Array<{ id: number }>>(
			'GET',
			`/lists/${TARGET_ACCOUNTS}/entries`,
		);
		const bigId = entries.map((e) => e.id).find((id) => id > 2147483647);
		expect(bigId).toBeDefined();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'get',
				listId: {
					__rl: true,
					mode: 'url',
					value: `https://emulated-ventures.affinity.co/lists/${TARGET_ACCOUNTS}/views/1`,
				},
				listEntryId: byId(bigId!),
				fieldTypes: ['list'],
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({ id: bigId, listId: TARGET_ACCOUNTS, type: 'company' });
	});
});

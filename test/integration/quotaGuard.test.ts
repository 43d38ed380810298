/**
 * The monthly quota guard of the action node's Return All (the transport's paginator), through
 * the real engine against the emulator's monthly org quota (x-ratelimit-limit-org*).
 */
import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../harness/engine';

const fixture = new EmulatorFixture();
const TARGET_ACCOUNTS = 102;
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

const readEntries = (paging: { returnAll: boolean; limit?: number }) =>
	runAffinityNode({
		credentials: fixture.credentials(),
		parameters: {
			resource: 'listEntry',
			operation: 'getAll',
			listId: byId(TARGET_ACCOUNTS),
			simplify: false,
			...paging,
		},
	});

/** Spends calls of the account's month with another client, as other integrations do. */
async function spendCalls(count: number): Promise<void> {
	for (let i = 0; i < count; i++) await fixture.api('/v2/auth/whoami');
}

beforeAll(async () => {
	await fixture.start();
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

describe('Return All and the monthly quota', () => {
	it('stops before a page that would spend the reserve, naming calls left, reset and cost', async () => {
		// 20 calls a month, a reserve of 2 (10 %); 16 spent elsewhere: 4 left for 3 pages.
		await fixture.control('POST', '/rate-limit', { orgLimit: 20 });
		await spendCalls(16);
		const result = await readEntries({ returnAll: true });
		const log = await fixture.requests();
		const pages = log.filter((r) => r.path === `/v2/lists/${TARGET_ACCOUNTS}/list-entries`);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe(
			'Stopped reading pages before the monthly API quota runs out: 2 of 20 calls left',
		);
		expect(pages).toHaveLength(2);
		const description = result.error?.description ?? '';
		expect(description).toMatch(/2 pages \(200 records\) read/);
		expect(description).toMatch(/the remaining pages would cost at least 1 more call/);
		expect(description).toMatch(/resets at \d{4}-\d\d-\d\dT/);
		expect(description).toMatch(/the last 10 % of the month's calls are kept/);
		expect(description).toMatch(/turn off Return All and set a Limit/);
	});

	it('reads every page while the quota is above the reserve, and always with a Limit', async () => {
		await fixture.control('POST', '/rate-limit', { orgLimit: 20 });
		await spendCalls(14);
		// 6 left: 3 pages leave 3, above the reserve of 2.
		const all = await readEntries({ returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.items).toHaveLength(250);
		// 3 left: a Limit is a deliberate amount, read in full, into the reserve.
		const limited = await readEntries({ returnAll: false, limit: 250 });
		expect(limited.items).toHaveLength(250);
		expect(limited.error).toBeUndefined();
	});

	it('has nothing to say on plans without a monthly cap', async () => {
		await spendCalls(16);
		const result = await readEntries({ returnAll: true });
		expect(result.items).toHaveLength(250);
	});
});

/**
 * The monthly quota guard of the action node's Return All (the transport's paginator), through
 * the real engine against the emulator's monthly org quota (x-ratelimit-limit-org*).
 */
import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId, TARGET_ACCOUNTS } from '../harness/ids';

const fixture = new EmulatorFixture();

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

describe("the guard is for what the user asked to read, not the node's own metadata reads", () => {
	it("within the reserve, Update Field Values still reads every page of the list's fields and writes", async () => {
		// 120 more fields: the list's fields take two pages (100 a page).
		const ids: string[] = [];
		for (let i = 0; i < 120; i++) {
			const created = await fixture.control<{ id: string }>('POST', '/fields', {
				listId: TARGET_ACCOUNTS,
				name: `Extra ${i + 1}`,
				valueType: 'text',
			});
			ids.push(created.id);
		}
		const [entry] = await fixture.control<Array<{ id: number }>>(
			'GET',
			`/lists/${TARGET_ACCOUNTS}/entries`,
		);
		// 40 calls a month, a reserve of 4 (10 %); 35 spent elsewhere: after the first page of
		// fields 4 are left, so a guarded second page would be refused.
		await fixture.control('POST', '/rate-limit', { orgLimit: 40 });
		await spendCalls(35);
		await fixture.clearRequests();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'updateFieldValues',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				inputMode: 'json',
				updatesJson: JSON.stringify([{ id: ids[119], value: 'late field' }]),
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({ success: true, updated: 1 });
		const log = await fixture.requests();
		expect(log.filter((r) => r.path === `/v2/lists/${TARGET_ACCOUNTS}/fields`)).toHaveLength(2);
		expect(log.filter((r) => r.method === 'PATCH')).toHaveLength(1);
	});
});

import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

/**
 * A 429 that persists with a reset far beyond the longest wait (a day): the node does not wait
 * minutes for a reset that cannot come within its retries; it fails at once and says when to
 * run again. The emulator's request log counts what was sent.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const COMPANY = 3000001;

it('a 429 whose reset is a day away: one request, no retry, the reset time on the error item', async () => {
	await fixture.fault({
		kind: 'status',
		status: 429,
		method: 'GET',
		path: `^/v2/companies/${COMPANY}$`,
		headers: { 'x-ratelimit-limit-user-remaining': '0', 'x-ratelimit-limit-user-reset': '86400' },
		times: 10,
	});
	const started = Date.now();
	const result = await runAffinityNode({
		credentials: fixture.credentials(),
		parameters: { resource: 'company', operation: 'get', companyId: byId(COMPANY) },
		continueOnFail: true,
	});
	const sent = (await fixture.requests()).filter((r) => r.path === `/v2/companies/${COMPANY}`);
	expect(sent.map((r) => r.status)).toEqual([429]);
	const [item] = result.items;
	expect(item).toMatchObject({ httpCode: '429', writeMayHaveApplied: false });
	const resetAt = Date.parse(String(item.rateLimitResetAt));
	expect(Math.abs(resetAt - (started + 86_400_000))).toBeLessThan(60_000);
	const shown = new Date(resetAt).toISOString().slice(0, 19).replace('T', ' ');
	expect(item.description).toBe(
		`The Affinity rate limit is exhausted until ${shown} UTC, longer than the node waits (65 s at most), so it was not retried. Affinity did not process the request. Run again after that time, or lower how often this workflow runs.`,
	);
}, 30_000);

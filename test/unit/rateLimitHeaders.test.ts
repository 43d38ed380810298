import {
	nextBudget,
	paceDelay,
	readOrgQuota,
	readRateLimitHeaders,
	recordRateLimit,
} from '../../nodes/AffinityV2/transport/rateLimit';

/**
 * The rate-limit headers Affinity sends (X-Ratelimit-Limit-User, -User-Remaining, -User-Reset,
 * -Org, -Org-Remaining, -Org-Reset; no X-RateLimit-Remaining), with the monthly (org) bucket
 * absent on plans without a monthly cap.
 */
describe('rate-limit headers as Affinity names them', () => {
	const now = 1_000_000;
	const live = {
		'x-ratelimit-limit-user': '900',
		'x-ratelimit-limit-user-remaining': '0',
		'x-ratelimit-limit-user-reset': '12',
		'x-ratelimit-limit-org': '100000',
		'x-ratelimit-limit-org-remaining': '4321',
		'x-ratelimit-limit-org-reset': '864000',
	};

	it('reads the per-user and the monthly buckets', () => {
		expect(readRateLimitHeaders(live)).toEqual({
			userLimit: 900,
			userRemaining: 0,
			userReset: 12,
			orgLimit: 100000,
			orgRemaining: 4321,
			orgReset: 864000,
		});
		recordRateLimit('key with a monthly cap', readRateLimitHeaders(live), now);
		expect(readOrgQuota('key with a monthly cap')).toMatchObject({
			limit: 100000,
			remaining: 4321,
		});
	});

	it('paces on x-ratelimit-limit-user-remaining / -reset: none left waits for the window', () => {
		const budget = nextBudget(undefined, readRateLimitHeaders(live), now);
		expect(paceDelay(budget, now)).toBeGreaterThanOrEqual(12_000);
	});

	it('X-RateLimit-Remaining (a name Affinity does not send) is not read: no pacing from it', () => {
		const other = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '30' };
		expect(Object.values(readRateLimitHeaders(other)).every((v) => v === undefined)).toBe(true);
		expect(paceDelay(nextBudget(undefined, readRateLimitHeaders(other), now), now)).toBe(0);
	});

	it('a plan without a monthly cap (no -org headers) is fine: no quota, user pacing as usual', () => {
		const userOnly = {
			'x-ratelimit-limit-user': '900',
			'x-ratelimit-limit-user-remaining': '899',
			'x-ratelimit-limit-user-reset': '60',
		};
		const limits = readRateLimitHeaders(userOnly);
		recordRateLimit('key without a monthly cap', limits, now);
		expect(readOrgQuota('key without a monthly cap')).toBeUndefined();
		expect([limits.orgLimit, limits.orgRemaining, limits.orgReset]).toEqual([
			undefined,
			undefined,
			undefined,
		]);
		expect(paceDelay(nextBudget(undefined, limits, now), now)).toBe(0);
	});
});

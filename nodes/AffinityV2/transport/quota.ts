import type { OrgQuota } from './rateLimit';

/**
 * The reserve of the account's monthly API calls (x-ratelimit-limit-org*) that unattended or
 * bulk reads leave for everything else: every integration of the account shares the quota.
 */
export const DEFAULT_QUOTA_RESERVE_PERCENT = 10;

export interface QuotaGuard {
	enabled: boolean;
	reservePercent: number;
}

export const DEFAULT_QUOTA_GUARD: QuotaGuard = {
	enabled: true,
	reservePercent: DEFAULT_QUOTA_RESERVE_PERCENT,
};

/** Whether a run costing `cost` calls would eat into the reserve. */
export function quotaExhausted(quota: OrgQuota, guard: QuotaGuard, cost: number): boolean {
	// Without the month's limit in the answer, the reserve cannot be worked out: only an
	// exhausted quota stops the run.
	const reserve =
		quota.limit === undefined ? 0 : Math.ceil((quota.limit * guard.reservePercent) / 100);
	return quota.remaining - cost < reserve;
}

/** "4 of 40 calls left", for messages. */
export function quotaLeftText(quota: OrgQuota): string {
	return `${quota.remaining} of ${quota.limit ?? 'the month’s'} calls left`;
}

/** When the monthly window resets, for messages. */
export function quotaResetText(quota: OrgQuota): string {
	return quota.resetAt ? quota.resetAt.toISOString() : 'an unknown time (Affinity did not say)';
}

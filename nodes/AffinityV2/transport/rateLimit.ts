import { sleep } from 'n8n-workflow';

/**
 * Per-minute budget of one key at one base URL, as the last response's x-ratelimit-* headers
 * told it. Shared by every request of this n8n process, so that items, pages and concurrent
 * executions with the same key pace together.
 */
export interface Budget {
	limit: number;
	remaining: number;
	resetAt: number;
}

const budgets = new Map<string, Budget>();

/** Extra wait after the estimated end of a window, for the server's own clock step. */
const RESET_MARGIN_MS = 50;

function header(headers: Record<string, unknown>, name: string): number | undefined {
	const raw = headers[name];
	const value = Array.isArray(raw) ? raw[0] : raw;
	if (value === undefined || value === null || value === '') return undefined;
	const n = Number(value);
	return Number.isFinite(n) ? n : undefined;
}

export interface RateLimitHeaders {
	userLimit?: number;
	userRemaining?: number;
	userReset?: number;
	orgLimit?: number;
	orgRemaining?: number;
	orgReset?: number;
}

export function readRateLimitHeaders(headers: Record<string, unknown>): RateLimitHeaders {
	return {
		userLimit: header(headers, 'x-ratelimit-limit-user'),
		userRemaining: header(headers, 'x-ratelimit-limit-user-remaining'),
		userReset: header(headers, 'x-ratelimit-limit-user-reset'),
		orgLimit: header(headers, 'x-ratelimit-limit-org'),
		orgRemaining: header(headers, 'x-ratelimit-limit-org-remaining'),
		orgReset: header(headers, 'x-ratelimit-limit-org-reset'),
	};
}

/**
 * The reset header is in whole seconds, rounded up: each answer only says the window ends at
 * most `reset` seconds after it arrived. Within one window the earliest of those bounds is
 * both safe and tight (within a round trip of the real end), so a long read waits for the
 * window to end, not for up to a second more at every window.
 */
export function nextBudget(previous: Budget | undefined, limits: RateLimitHeaders, now: number): Budget | undefined {
	if (limits.userRemaining === undefined || limits.userReset === undefined) return previous;
	const upperBound = now + limits.userReset * 1000;
	const sameWindow =
		previous !== undefined && now < previous.resetAt && limits.userRemaining <= previous.remaining + 1;
	return {
		limit: limits.userLimit ?? Math.max(limits.userRemaining, 1),
		remaining: limits.userRemaining,
		resetAt: sameWindow ? Math.min(previous.resetAt, upperBound) : upperBound,
	};
}

/**
 * The account's monthly quota as the last answer's x-ratelimit-limit-org* headers told it;
 * absent on plans without a monthly cap, where the API sends no org headers.
 */
export interface OrgQuota {
	limit: number;
	remaining: number;
	/** Epoch milliseconds when the month's quota starts again. */
	resetAt: number;
}

const orgQuotas = new Map<string, OrgQuota>();

export function recordRateLimit(key: string, limits: RateLimitHeaders, now = Date.now()): void {
	const budget = nextBudget(budgets.get(key), limits, now);
	if (budget) budgets.set(key, budget);
	if (limits.orgLimit !== undefined && limits.orgRemaining !== undefined) {
		orgQuotas.set(key, {
			limit: limits.orgLimit,
			remaining: limits.orgRemaining,
			resetAt: now + (limits.orgReset ?? 0) * 1000,
		});
	}
}

/** The last known monthly quota of a key at a base URL, or undefined (none seen, or unlimited). */
export function recordedOrgQuota(key: string): OrgQuota | undefined {
	return orgQuotas.get(key);
}

/**
 * How long to wait before the next request: none while the window has budget left (counted
 * down locally for requests in flight, so parallel items and executions of this process pace
 * together), else until the window ends. A long read thus stops short of the limit instead of
 * running into 429s, and loses no time: requests beyond the budget could not go sooner anyway.
 * Spreading the last requests of a window was tried and dropped: it delays a read that ends in
 * that window and gains nothing a 429 (not processed, retried after the reset) would not.
 */
export function paceDelay(budget: Budget | undefined, now = Date.now()): number {
	if (!budget) return 0;
	const left = budget.resetAt - now;
	if (left <= 0 || budget.remaining > 0) return 0;
	return left + RESET_MARGIN_MS;
}

/** Waits as paceDelay says, then counts the request against the budget before it is sent. */
export async function paceBeforeRequest(key: string): Promise<number> {
	const budget = budgets.get(key);
	const delay = paceDelay(budget);
	if (delay > 0) await sleep(delay);
	const current = budgets.get(key);
	if (current) {
		if (current.resetAt <= Date.now()) budgets.delete(key);
		else current.remaining -= 1;
	}
	return delay;
}

/** For tests and benchmarks that start from a fresh emulator. */
export function forgetRateLimits(): void {
	budgets.clear();
	orgQuotas.clear();
}

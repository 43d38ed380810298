import { sleep } from 'n8n-workflow';

/**
 * Per-minute budget of one key at one base URL, as the last response's x-ratelimit-* headers
 * told it. Shared by every request of this n8n process, so that items, pages and concurrent
 * executions with the same key pace together.
 */
interface Budget {
	limit: number;
	remaining: number;
	resetAt: number;
}

const budgets = new Map<string, Budget>();

/** Extra wait after a window's announced reset: the reset header is in whole seconds. */
const RESET_MARGIN_MS = 60;

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

export function recordRateLimit(key: string, limits: RateLimitHeaders, now = Date.now()): void {
	if (limits.userRemaining === undefined || limits.userReset === undefined) return;
	budgets.set(key, {
		limit: limits.userLimit ?? Math.max(limits.userRemaining, 1),
		remaining: limits.userRemaining,
		resetAt: now + limits.userReset * 1000,
	});
}

/**
 * How long to wait before the next request. With budget to spare: not at all. Near the end of
 * the budget, the last few requests are spread over what is left of the window; with none
 * left, until the window resets. So a long read slows down instead of running into 429s, and
 * loses no time: the window has to end before more requests may go anyway.
 */
export function paceDelay(budget: Budget | undefined, now = Date.now()): number {
	if (!budget) return 0;
	const left = budget.resetAt - now;
	if (left <= 0) return 0;
	if (budget.remaining <= 0) return left + RESET_MARGIN_MS;
	const reserve = Math.min(5, Math.max(1, Math.ceil(budget.limit * 0.05)));
	if (budget.remaining > reserve) return 0;
	return Math.floor(left / (budget.remaining + 1));
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
}

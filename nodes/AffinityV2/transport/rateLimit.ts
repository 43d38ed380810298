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

/**
 * Longest wait for the per-minute window (x-ratelimit-limit-user-reset): a minute and a
 * margin. A header that asks for longer is capped, so no answer can park a run for hours.
 */
export const MAX_WAIT_MS = 65000;

/** A per-minute reset header beyond a day (or negative) is not believed: treated as absent. */
const MAX_USER_RESET_SECONDS = 86400;
/** The monthly window resets within a month; beyond a year the header is not believed. */
const MAX_ORG_RESET_SECONDS = 366 * 86400;

function header(headers: Record<string, unknown>, name: string): number | undefined {
	const raw = headers[name];
	const value = Array.isArray(raw) ? raw[0] : raw;
	if (value === undefined || value === null || value === '') return undefined;
	const n = Number(value);
	return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** A count or seconds header within [0, max]; anything else (negative, NaN, absurd) is unknown. */
function bounded(value: number | undefined, max: number): number | undefined {
	return value !== undefined && value <= max ? value : undefined;
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
		userReset: bounded(header(headers, 'x-ratelimit-limit-user-reset'), MAX_USER_RESET_SECONDS),
		orgLimit: header(headers, 'x-ratelimit-limit-org'),
		orgRemaining: header(headers, 'x-ratelimit-limit-org-remaining'),
		orgReset: bounded(header(headers, 'x-ratelimit-limit-org-reset'), MAX_ORG_RESET_SECONDS),
	};
}

/**
 * The reset header is in whole seconds, rounded up: each answer only says the window ends at
 * most `reset` seconds after it arrived. Within one window the earliest of those bounds is
 * both safe and tight (within a round trip of the real end), so a long read waits for the
 * window to end, not for up to a second more at every window.
 */
export function nextBudget(
	previous: Budget | undefined,
	limits: RateLimitHeaders,
	now: number,
): Budget | undefined {
	if (limits.userRemaining === undefined || limits.userReset === undefined) return previous;
	const upperBound = now + limits.userReset * 1000;
	const sameWindow =
		previous !== undefined &&
		now < previous.resetAt &&
		limits.userRemaining <= previous.remaining + 1;
	return {
		limit: limits.userLimit ?? Math.max(limits.userRemaining, 1),
		remaining: limits.userRemaining,
		resetAt: sameWindow ? Math.min(previous.resetAt, upperBound) : upperBound,
	};
}

export function recordRateLimit(key: string, limits: RateLimitHeaders, now = Date.now()): void {
	const budget = nextBudget(budgets.get(key), limits, now);
	if (budget) budgets.set(key, budget);
	if (limits.orgRemaining !== undefined) {
		orgQuotas.set(key, {
			limit: limits.orgLimit,
			remaining: limits.orgRemaining,
			resetAt: limits.orgReset === undefined ? undefined : new Date(now + limits.orgReset * 1000),
			seenAt: new Date(now),
		});
	}
}

/**
 * The account's monthly quota (x-ratelimit-limit-org*) as the last answer for one key told it.
 * Absent when no answer carried the headers (an account without a monthly limit).
 */
export interface OrgQuota {
	/** Calls a month, if the answer said. */
	limit?: number;
	/** Calls left this month. */
	remaining: number;
	/** When the monthly window resets, if the answer said (believably). */
	resetAt?: Date;
	/** When the answer that said so arrived. */
	seenAt: Date;
}

const orgQuotas = new Map<string, OrgQuota>();

export function readOrgQuota(key: string): OrgQuota | undefined {
	const quota = orgQuotas.get(key);
	return quota && { ...quota };
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
	return Math.min(left + RESET_MARGIN_MS, MAX_WAIT_MS);
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

/** A Retry-After header in seconds or as an HTTP date; beyond a day (or in the past) unknown. */
export function retryAfterSeconds(raw: unknown, now = Date.now()): number | undefined {
	const text = String(Array.isArray(raw) ? raw[0] : (raw ?? '')).trim();
	if (text === '') return undefined;
	const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : (Date.parse(text) - now) / 1000;
	return Number.isFinite(seconds) && seconds >= 0 && seconds <= 86400 ? seconds : undefined;
}

/**
 * What a 429's headers say: how long to wait (undefined when they say nothing usable; capped at
 * MAX_WAIT_MS), when the window resets as they tell it (uncapped: a reset further off than the
 * node waits is not worth retrying), or `monthly` when the account's monthly quota is what ran
 * out: waiting cannot help then.
 */
export function rateLimitWaitMs(
	headers: Record<string, unknown>,
	now = Date.now(),
): { waitMs?: number; resetAt?: Date; monthly: boolean } {
	const limits = readRateLimitHeaders(headers);
	if (limits.orgRemaining !== undefined && limits.orgRemaining <= 0) return { monthly: true };
	const userExhausted = limits.userRemaining !== undefined && limits.userRemaining <= 0;
	const seconds =
		userExhausted && limits.userReset !== undefined
			? limits.userReset
			: (retryAfterSeconds(headers['retry-after'], now) ?? limits.userReset);
	if (seconds === undefined) return { monthly: false };
	return {
		waitMs: Math.min(seconds * 1000 + 60, MAX_WAIT_MS),
		resetAt: new Date(now + seconds * 1000),
		monthly: false,
	};
}

/**
 * After a request has waited for the reset a 429 named, the window that 429 recorded is over as
 * far as pacing goes: the next answer tells the new one. Without this the pacing wait before the
 * retry would wait for the same reset a second time.
 */
export function windowWaitedFor(key: string): void {
	budgets.delete(key);
}

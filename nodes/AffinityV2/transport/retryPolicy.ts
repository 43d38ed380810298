import { MAX_WAIT_MS } from './rateLimit';

/** Retry and timeout figures; exported so that tests and docs quote the real numbers. */
export const RETRY_POLICY = {
	/** GETs retried after 500/502/503/504, network errors, timeouts and unreadable bodies. */
	readRetries: 3,
	backoffBaseMs: 400,
	backoffMaxMs: 5000,
	/** 429s retried, for reads and writes alike: the API did not process a 429'd request. */
	rateLimitRetries: 5,
	/** Longest wait for a per-minute window to reset, after a 429 or before a request. */
	rateLimitMaxWaitMs: MAX_WAIT_MS,
	defaultTimeoutMs: 60000,
} as const;

export const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);
/** Failures before the request could reach the server: safe to retry even for writes. */
export const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export function backoff(attempt: number): number {
	const base = Math.min(RETRY_POLICY.backoffMaxMs, RETRY_POLICY.backoffBaseMs * 2 ** attempt);
	return Math.round(base * (0.75 + Math.random() * 0.5));
}

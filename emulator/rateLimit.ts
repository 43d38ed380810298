/**
 * Per-key fixed windows (default 900 requests a minute, the API's documented limit) and an optional monthly
 * account budget, with the API's x-ratelimit-* headers on every answer.
 */
export interface RateLimitSettings {
	limit: number;
	windowMs: number;
	/** Monthly account budget; null: unlimited (no org headers' remaining ever runs out). */
	orgLimit: number | null;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = {
	limit: 900,
	windowMs: 60_000,
	orgLimit: null,
};

interface Window {
	start: number;
	used: number;
}

export class RateLimiter {
	settings: RateLimitSettings = { ...DEFAULT_RATE_LIMIT };
	private windows = new Map<string, Window>();
	orgUsed = 0;
	/** When the month "ends": far enough not to matter in a test, but a real number. */
	readonly orgResetAt = Date.now() + 20 * 86_400_000;

	configure(settings: Partial<RateLimitSettings>): void {
		this.settings = { ...this.settings, ...settings };
		this.windows.clear();
	}

	reset(): void {
		this.windows.clear();
		this.orgUsed = 0;
	}

	private window(key: string, now: number): Window {
		let w = this.windows.get(key);
		if (!w || now - w.start >= this.settings.windowMs) {
			w = { start: now, used: 0 };
			this.windows.set(key, w);
		}
		return w;
	}

	/** Counts a request; returns whether it is allowed and the headers to send. */
	take(
		key: string,
		now = Date.now(),
	): { allowed: boolean; headers: Record<string, string>; usage: Usage } {
		const w = this.window(key, now);
		const orgLimit = this.settings.orgLimit;
		const orgExhausted = orgLimit !== null && this.orgUsed >= orgLimit;
		const allowed = w.used < this.settings.limit && !orgExhausted;
		if (allowed) {
			w.used++;
			this.orgUsed++;
		}
		const usage = this.usage(key, now);
		return { allowed, headers: headersOf(usage), usage };
	}

	usage(key: string, now = Date.now()): Usage {
		const w = this.window(key, now);
		const orgLimit = this.settings.orgLimit;
		return {
			user: {
				limit: this.settings.limit,
				remaining: Math.max(0, this.settings.limit - w.used),
				reset: Math.max(0, Math.ceil((w.start + this.settings.windowMs - now) / 1000)),
				used: w.used,
			},
			org:
				orgLimit === null
					? null
					: {
							limit: orgLimit,
							remaining: Math.max(0, orgLimit - this.orgUsed),
							reset: Math.ceil((this.orgResetAt - now) / 1000),
							used: this.orgUsed,
						},
		};
	}
}

export interface WindowUsage {
	limit: number;
	remaining: number;
	reset: number;
	used: number;
}

export interface Usage {
	user: WindowUsage;
	org: WindowUsage | null;
}

export function headersOf(usage: Usage): Record<string, string> {
	const headers: Record<string, string> = {
		'x-ratelimit-limit-user': String(usage.user.limit),
		'x-ratelimit-limit-user-remaining': String(usage.user.remaining),
		'x-ratelimit-limit-user-reset': String(usage.user.reset),
	};
	if (usage.org) {
		headers['x-ratelimit-limit-org'] = String(usage.org.limit);
		headers['x-ratelimit-limit-org-remaining'] = String(usage.org.remaining);
		headers['x-ratelimit-limit-org-reset'] = String(usage.org.reset);
	}
	return headers;
}

/**
 * Faults injected through the control API, consumed by the next matching requests in order.
 *
 * - status: answer with that status (and an error body) instead of handling the request; with
 *   `apply: true` the request is handled first (a write is applied) and then the status sent,
 *   which is what makes "the write may or may not have been applied" real.
 * - delay: handle normally but answer after delayMs (longer than a client's timeout, say).
 * - reset: destroy the connection without an answer (apply: true handles it first).
 * - malformed: 200 with a body that is not JSON. truncated: the real body cut in half.
 * - shape: a 200 of the wrong shape: "no-pagination" drops `pagination`, "data-not-array"
 *   turns `data` into an object.
 * - rateLimitHeaders false (with status 429): a 429 without any x-ratelimit-* headers.
 */
export interface FaultSpec {
	kind: 'status' | 'delay' | 'reset' | 'malformed' | 'truncated' | 'shape';
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
	rateLimitHeaders?: boolean;
	delayMs?: number;
	shape?: 'no-pagination' | 'data-not-array';
	apply?: boolean;
	/** How many matching requests it affects (default 1). */
	times?: number;
	/** How many matching requests to let through untouched before it applies (default 0). */
	skip?: number;
	/** Only requests with this method / whose path matches this regular expression. */
	method?: string;
	path?: string;
}

interface ArmedFault extends FaultSpec {
	remaining: number;
	toSkip: number;
	matcher?: RegExp;
}

export class FaultQueue {
	private faults: ArmedFault[] = [];

	add(specs: FaultSpec[]): void {
		for (const spec of specs) {
			this.faults.push({
				...spec,
				remaining: spec.times ?? 1,
				toSkip: spec.skip ?? 0,
				matcher: spec.path ? new RegExp(spec.path) : undefined,
			});
		}
	}

	clear(): void {
		this.faults = [];
	}

	pending(): number {
		return this.faults.reduce((sum, f) => sum + f.remaining, 0);
	}

	/** The fault for this request, if one is armed for it; counts it down. */
	take(method: string, path: string): FaultSpec | undefined {
		const fault = this.faults.find(
			(f) =>
				f.remaining > 0 &&
				(!f.method || f.method.toUpperCase() === method) &&
				(!f.matcher || f.matcher.test(path)),
		);
		if (!fault) return undefined;
		if (fault.toSkip > 0) {
			fault.toSkip--;
			return undefined;
		}
		fault.remaining--;
		if (fault.remaining === 0) this.faults = this.faults.filter((f) => f !== fault);
		return fault;
	}
}

export const STATUS_CODES: Record<number, string> = {
	400: 'bad-request',
	401: 'authentication',
	403: 'authorization',
	404: 'not-found',
	405: 'method-not-allowed',
	422: 'unprocessable-entity',
	429: 'rate-limit',
	500: 'server',
	502: 'server',
	503: 'server',
	504: 'timeout',
};

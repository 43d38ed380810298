import type { IPollFunctions } from 'n8n-workflow';

/** Time kept in hand at the end of n8n's poll budget, besides two of the slowest calls. */
const RESERVE_MS = 1000;

/**
 * n8n's time limit for a poll, when it sets one (`getPollBudgetMs`: the durable scheduler's
 * N8N_SCHEDULER_POLL_TIMEOUT less a margin). A poll asks before each further call whether it
 * still fits, and stops while it can end on its own, keeping its place, rather than be cut
 * off (n8n discards what an abandoned poll staged).
 */
export class PollBudget {
	readonly limitMs: number | undefined;
	private slowestMs = 0;
	private calls = 0;
	private callStarted: number;

	constructor(
		limitMs: number | undefined,
		readonly startedAt: number,
	) {
		this.limitMs = typeof limitMs === 'number' && limitMs > 0 ? limitMs : undefined;
		this.callStarted = startedAt;
	}

	/** After each call (a page): remembers the slowest, the measure of what another one costs. */
	callDone(): void {
		const now = Date.now();
		this.slowestMs = Math.max(this.slowestMs, now - this.callStarted);
		this.callStarted = now;
		this.calls++;
	}

	/** Before a call that is not a page of a read (its time counts from here). */
	callStarting(): void {
		this.callStarted = Date.now();
	}

	/** The slowest call so far (ms). */
	get slowestCallMs(): number {
		return this.slowestMs;
	}

	/**
	 * Whether `calls` more calls, as slow as the slowest so far, fit with the reserve in hand and
	 * `keepMs` left for what must still follow. Always true without a limit, and for a poll's
	 * first call: every poll takes at least one step, so that a read always gets on.
	 */
	fits(calls = 2, keepMs = 0): boolean {
		if (this.limitMs === undefined || this.calls === 0) return true;
		const spent = Date.now() - this.startedAt;
		return spent + calls * this.slowestMs + RESERVE_MS + keepMs <= this.limitMs;
	}

	/** What the calls of a quiet change-log poll need, kept while a whole read goes on. */
	quietPollMs(): number {
		return this.limitMs === undefined ? 0 : 4 * Math.max(this.slowestMs, 250);
	}
}

/** This poll's budget: n8n's limit for it, when n8n sets one (n8n 1.x has no getPollBudgetMs). */
export function pollBudget(this: IPollFunctions, startedAt: number): PollBudget {
	const limit = typeof this.getPollBudgetMs === 'function' ? this.getPollBudgetMs() : undefined;
	return new PollBudget(limit, startedAt);
}

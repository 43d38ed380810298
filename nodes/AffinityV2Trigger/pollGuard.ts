import type { IPollFunctions } from 'n8n-workflow';

/**
 * What this process knows of the polls of each trigger node, so that no change is emitted
 * twice when n8n runs polls of one node close together:
 *
 * - two polls at once would compare with the same state: the second finds the first in flight
 *   and ends at once;
 * - n8n's durable scheduler (2.41) reads a poll's state when the poll's task starts, and commits
 *   an emitting poll's state with its execution a moment after the poll returned, without
 *   checking that the state it replaces is the one it read. Several tasks of one node start
 *   together after a restart (one per poll time): one that starts before the previous poll's
 *   commit lands reads the state before it and would emit the same changes again. Each emitting
 *   poll writes a new `revision`; a poll that finds the revision the last emitting poll of this
 *   process replaced, while that commit may still be landing, ends at once and changes nothing.
 *   Past COMMIT_WINDOW_MS the commit did not land (n8n refused it: no execution was made), and
 *   the poll goes on from the old state, which reports those changes again, as it should.
 *
 * Across several mains (n8n's multi-main mode) this memory is not shared: see docs/scaling.md.
 */

/** How long a commit of an emitting poll may take to land before it is taken as refused. */
export const COMMIT_WINDOW_MS = 60_000;

const inFlight = new Set<string>();
const lastEmitted = new Map<string, { from: string; to: string; at: number }>();
let sequence = 0;

/** The node within its workflow: what the memory is kept by. */
export function pollKey(ctx: IPollFunctions): string {
	return `${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;
}

/** Starts a poll; false when another poll of the node runs in this process. */
export function enterPoll(key: string): boolean {
	if (inFlight.has(key)) return false;
	inFlight.add(key);
	return true;
}

export function leavePoll(key: string): void {
	inFlight.delete(key);
}

/** True when `revision` is the one this process's last emitting poll replaced, moments ago. */
export function readsStaleState(key: string, revision: string, now = Date.now()): boolean {
	const last = lastEmitted.get(key);
	if (!last) return false;
	if (revision === last.from && revision !== last.to && now - last.at < COMMIT_WINDOW_MS)
		return true;
	lastEmitted.delete(key);
	return false;
}

/** A new revision for the state an emitting poll writes, remembered with the one it replaces. */
export function emittedRevision(key: string, from: string, now = Date.now()): string {
	const to = `${now.toString(36)}-${(++sequence).toString(36)}-${Math.floor(Math.random() * 2 ** 32).toString(36)}`;
	lastEmitted.set(key, { from, to, at: now });
	return to;
}

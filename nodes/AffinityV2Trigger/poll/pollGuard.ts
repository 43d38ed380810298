import type { IDataObject, IPollFunctions } from 'n8n-workflow';

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
const lastEmitted = new Map<string, { from: string[]; to: string; at: number }>();
let sequence = 0;

/** The node within its workflow: what the memory is kept by. */
export function pollKey(this: IPollFunctions): string {
	return `${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
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
	if (last.from.includes(revision) && revision !== last.to && now - last.at < COMMIT_WINDOW_MS)
		return true;
	lastEmitted.delete(key);
	return false;
}

/**
 * A new revision for the state an emitting poll writes, remembered with the ones it replaces:
 * the one it read and, when it took up a dropped quiet write, the one it went on from.
 */
export function emittedRevision(key: string, from: string[], now = Date.now()): string {
	const to = `${now.toString(36)}-${(++sequence).toString(36)}-${Math.floor(Math.random() * 2 ** 32).toString(36)}`;
	lastEmitted.set(key, { from, to, at: now });
	return to;
}

/** The keys of the node's static data the trigger owns. */
const TRIGGER_KEYS = ['state', 'changeLog', 'read', 'revision'] as const;

/**
 * What the last quiet poll of each node in this process wrote (it emitted nothing), and the
 * revision it read. With the durable scheduler but without durable cursors, n8n 2.41 saves a
 * poll's state only when the poll emits: a quiet poll's progress (a baseline, a read over
 * several polls, the log's cursor) would be lost at each poll, and a list slower to read than a
 * poll would never be read through. A poll that finds the revision the last quiet poll read
 * knows n8n dropped what it wrote, and goes on from it: that poll reported nothing, so taking up
 * its state loses nothing and repeats nothing. It is kept after a poll that goes on from it and
 * emits: if n8n refuses that poll's commit, the next one goes on from it again.
 */
const lastQuiet = new Map<string, { from: string; written: Partial<Record<string, unknown>> }>();

function ownKeys(data: IDataObject): Partial<Record<string, unknown>> {
	const copy: Partial<Record<string, unknown>> = {};
	for (const name of TRIGGER_KEYS) if (data[name] !== undefined) copy[name] = data[name];
	return copy;
}

/**
 * Before a poll: takes up what the last quiet poll wrote when n8n dropped it (the saved state is
 * still the one that poll read). Returns the revision the poll goes on from.
 */
export function takeUpQuietWrite(key: string, data: IDataObject, revision: string): string {
	const last = lastQuiet.get(key);
	if (!last || last.from !== revision) {
		lastQuiet.delete(key);
		return revision;
	}
	for (const name of TRIGGER_KEYS) {
		if (last.written[name] === undefined) delete data[name];
		else data[name] = last.written[name] as IDataObject;
	}
	return String(last.written.revision ?? '');
}

/**
 * After a poll that emitted nothing: when it changed the state, gives it a new revision and
 * remembers what it wrote (see lastQuiet). `before`: the state's own keys when the poll began.
 */
export function afterQuietPoll(
	key: string,
	data: IDataObject,
	before: Partial<Record<string, unknown>>,
	revision: string,
): void {
	const changed = TRIGGER_KEYS.some((name) => data[name] !== before[name]);
	if (!changed) return;
	data.revision = `${Date.now().toString(36)}-q${(++sequence).toString(36)}`;
	lastQuiet.set(key, { from: revision, written: ownKeys(data) });
}

/** The state's own keys as they are now (what afterQuietPoll compares with). */
export function stateKeys(data: IDataObject): Partial<Record<string, unknown>> {
	return ownKeys(data);
}

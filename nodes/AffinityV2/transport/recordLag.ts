import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { connection, type AffinityContext } from './connection';
import { behindWrite, createdEntry, forget, recall, remember } from './recentWrites';
import {
	label,
	v1ReadPath,
	v2Records,
	writtenBy,
	type PathRecords,
	type RecordRef,
} from './recordPaths';

/**
 * Records a workflow has just written, read by the next node. Live, API v2 reads see a write
 * (an API v1 one above all) only after a moment: right after a create a v2 read by id answers
 * 404, right after an update the values from before it, typically for 100 to 500 ms, longer on
 * a busy day. n8n runs a workflow's nodes milliseconds apart, so the next node meets that.
 *
 * One building block tells a record that only lags from one that does not exist, for every
 * request that takes a record by id (its path names it):
 * - a 404 for a record this process wrote a moment ago, or one API v1 has (v1 sees its own
 *   writes at once: one GET of the id), is read again after short waits, 4 s at most; a record
 *   neither knows fails at once with Affinity's 404, after that one v1 GET and no wait (under a
 *   field of the record, only this process's writes tell, without the GET);
 * - a v2 read of a record this process updated or deleted a moment ago that still shows it as
 *   before is read again the same way, and said to be possibly old if it stays so;
 * - the time waited and what was seen go into the item (`lagWaitedMs`, `lagNote`).
 * Only runs that ask for it (the action node's router: `followWrites`) take part: the triggers
 * have their own rules for fresh records.
 */

/** The waits between reads of a record that lags a write: 4 s in all, then it is told as such. */
export const RECORD_LAG_WAITS_MS = [250, 250, 500, 1000, 2000] as const;

/**
 * The list entry this process added a moment ago for a record on a list (POST
 * /lists/{list_id}/list-entries, POST /v2/lists/{listId}/list-entries, POST /opportunities), and
 * did not remove: for a check of whether the record is on the list, whose v2 read (GET
 * /v2/{companies|persons}/{id}/list-entries) may not show the new entry yet.
 */
export async function entryAddedHere(
	this: AffinityContext,
	listId: number,
	entityId: number,
	itemIndex?: number,
): Promise<number | undefined> {
	if (!runs.has(this)) return undefined;
	return createdEntry((await connection.call(this, itemIndex)).budgetKey, listId, entityId);
}

/** Forgets a list entry this process added, which API v1 says is gone (someone removed it). */
export async function forgetEntryAdded(
	this: AffinityContext,
	listId: number,
	entryId: number,
	itemIndex?: number,
): Promise<void> {
	const account = (await connection.call(this, itemIndex)).budgetKey;
	forget(account, { kind: 'listEntry', id: String(entryId), listId: String(listId) });
}

/** What waiting for records found, per item of a run that follows its writes. */
interface LagEvent {
	waitedMs: number;
	note: string;
}

/** Per item of a followed run: what lagged, and the first write Affinity answered 2xx. */
interface ItemFacts {
	events: LagEvent[];
	applied?: string;
}

const runs = new WeakMap<object, Map<number, ItemFacts>>();

/** The action node's runs take part: their reads by id wait for the records they just wrote. */
export function followWrites(this: object): void {
	if (!runs.has(this)) runs.set(this, new Map());
}

function factsOf(this: object, itemIndex: number | undefined): ItemFacts | undefined {
	const items = runs.get(this);
	if (!items || itemIndex === undefined) return undefined;
	let facts = items.get(itemIndex);
	if (!facts) items.set(itemIndex, (facts = { events: [] }));
	return facts;
}

function told(this: object, itemIndex: number | undefined, event: LagEvent): void {
	factsOf.call(this, itemIndex)?.events.push(event);
}

/**
 * What this item's requests waited for and saw (taken once, with the rest of the item's facts):
 * `lagWaitedMs` (ms waited in all) and `lagNote` (what lagged and how it ended), or undefined
 * when nothing lagged.
 */
export function takeLagNote(
	this: object,
	itemIndex: number,
): { lagWaitedMs: number; lagNote: string } | undefined {
	const events = runs.get(this)?.get(itemIndex)?.events;
	runs.get(this)?.delete(itemIndex);
	if (!events?.length) return undefined;
	return {
		lagWaitedMs: events.reduce((sum, e) => sum + e.waitedMs, 0),
		lagNote: events.map((e) => e.note).join(' '),
	};
}

/**
 * The first write of this item that Affinity answered 2xx ("PUT /organizations/12"), if any
 * (read before takeLagNote, which forgets it): an error after it must not say the item wrote
 * nothing.
 */
export function appliedWriteOf(this: object, itemIndex: number): string | undefined {
	return runs.get(this)?.get(itemIndex)?.applied;
}

/** The request as this block needs it (transport/request.ts's AffinityRequest). */
export interface FollowedRequest {
	api?: 'v1' | 'v2';
	method: string;
	path: string;
	idempotent?: boolean;
	itemIndex?: number;
	shows?: (answer: unknown) => IDataObject;
}

/** How this block reaches the API: the request itself (with its own retries), and v1 reads. */
export interface FollowIo<R extends { body: unknown }> {
	send(): Promise<R>;
	/** True when an API v1 GET of `path` answers 2xx; false on any failure. */
	exists(path: string): Promise<boolean>;
}

const httpCodeOf = (error: unknown) =>
	error instanceof NodeApiError ? String(error.httpCode ?? '') : undefined;

/** Whether a 404 for these records is a lag: written here a moment ago, or known to API v1. */
async function lagging<R extends { body: unknown }>(
	account: string,
	records: PathRecords,
	io: FollowIo<R>,
): Promise<boolean> {
	const main = recall(account, records.main);
	if (main) return main.change !== 'deleted';
	const field = records.field && recall(account, records.field);
	if (field) return field.change !== 'deleted';
	// Under a field of the record, a 404 is a mistyped field as often as a lagging record: only
	// this process's writes tell, and a mistyped field costs no read.
	if (records.field) return false;
	const v1 = v1ReadPath(records.main);
	return v1 !== undefined && (await io.exists(v1));
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Sends a request (`io.send`), following this process's writes as the header says. Writes
 * answered 2xx are remembered; a 404 on a v2 path by id (read or write: a 404 applied nothing)
 * and a v2 read that shows a record as before a write here are sent again after the waits of
 * RECORD_LAG_WAITS_MS while the record lags. Runs that did not `followWrites` send once, as is.
 */
export async function followRecords<R extends { body: unknown }>(
	this: object,
	account: string,
	request: FollowedRequest,
	io: FollowIo<R>,
): Promise<R> {
	if (!runs.has(this)) return await io.send();
	const api = request.api ?? 'v2';
	const path = request.path.split('?')[0];
	const isWrite = !(request.idempotent ?? request.method === 'GET');
	const records = api === 'v2' ? v2Records(path) : undefined;
	const waits: number[] = [...RECORD_LAG_WAITS_MS];
	let waited = 0;
	let isLagging: boolean | undefined;
	for (;;) {
		const sent = await io.send().then(
			(response) => ({ response }),
			(error: unknown) => ({ error }),
		);
		if ('error' in sent) {
			const { error } = sent;
			if (!records || httpCodeOf(error) !== '404') throw error;
			isLagging ??= await lagging(account, records, io);
			if (!isLagging) throw error;
			const wait = waits.shift();
			if (wait !== undefined) {
				await sleep(wait);
				waited += wait;
				continue;
			}
			const what = label(records.main);
			told.call(this, request.itemIndex, {
				waitedMs: waited,
				note: `API v2 did not show ${what} within ${seconds(waited)}, though it exists (written a moment ago, or API v1 has it).`,
			});
			throw notShownYet(error as NodeApiError, what, waited);
		}
		const { response } = sent;
		if (isWrite) {
			const facts = factsOf.call(this, request.itemIndex);
			if (facts) facts.applied ??= `${request.method} ${path}`;
			for (const { ref, change, entityId } of writtenBy(
				api,
				request.method,
				request.path,
				response.body,
			))
				remember(account, ref, change, request.shows?.(response.body), entityId);
		} else if (records) {
			const written = recall(account, records.main);
			const behind = written && records.whole ? behindWrite(written, response.body) : undefined;
			if (behind) {
				const wait = waits.shift();
				if (wait !== undefined) {
					await sleep(wait);
					waited += wait;
					continue;
				}
				const ago = Date.now() - written!.at;
				told.call(this, request.itemIndex, {
					waitedMs: waited,
					note: `API v2 may show ${label(records.main)} as it was before this workflow wrote it ${seconds(ago)} ago: after ${seconds(waited)} it ${behind}.`,
				});
				return response;
			}
			// v2 shows the record now, as written: nothing more to wait for.
			if (written && written.change !== 'deleted' && (records.whole || !written.shows))
				forget(account, records.main);
		}
		if (waited)
			told.call(this, request.itemIndex, {
				waitedMs: waited,
				note: `API v2 showed ${records ? label(records.main) : 'the record'} after ${seconds(waited)}: it had just been written, and Affinity's API v2 sees writes after a moment.`,
			});
		return response;
	}
}

/** The 404 of a record that exists but API v2 did not show in time: said so, with the wait as data. */
function notShownYet(error: NodeApiError, what: string, waited: number): NodeApiError {
	error.description = `Affinity has ${what}: it was written a moment ago (or API v1 has it), but API v2 did not show it within ${seconds(waited)}. Affinity's APIs agree after a moment, usually under a second: run again shortly.`;
	error.context.lagWaitedMs = waited;
	return error;
}

/** True when the error is a 404 of a record that exists but API v2 did not show yet. */
export function notShownYetError(error: unknown): boolean {
	return error instanceof NodeApiError && typeof error.context?.lagWaitedMs === 'number';
}

/**
 * For a record looked for inside a list (a field among a list's fields, which no path by id
 * reads): `find` again, after the lag waits, while it finds nothing and this process wrote the
 * record a moment ago. Anything else is found, or not, at once.
 */
export async function findWritten<T>(
	this: AffinityContext,
	ref: RecordRef,
	itemIndex: number | undefined,
	find: (again: boolean) => Promise<T | undefined>,
): Promise<T | undefined> {
	let found = await find(false);
	if (found !== undefined || !runs.has(this)) return found;
	const account = (await connection.call(this, itemIndex)).budgetKey;
	const written = recall(account, ref);
	if (!written || written.change === 'deleted') return found;
	let waited = 0;
	for (const wait of RECORD_LAG_WAITS_MS) {
		await sleep(wait);
		waited += wait;
		found = await find(true);
		if (found !== undefined) break;
	}
	told.call(this, itemIndex, {
		waitedMs: waited,
		note:
			found === undefined
				? `API v2 did not show ${label(ref)} within ${seconds(waited)}, though this workflow wrote it a moment ago.`
				: `API v2 showed ${label(ref)} after ${seconds(waited)}: it had just been written, and Affinity's API v2 sees writes after a moment.`,
	});
	if (found === undefined) forget(account, ref);
	return found;
}

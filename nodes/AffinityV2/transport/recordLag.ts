import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { connection, type AffinityContext } from './connection';

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

/** How long a write is remembered: past it a record is as anyone's (its 404s are probed). */
const REMEMBERED_MS = 60_000;
/** At most so many writes remembered in this process (the oldest are forgotten first). */
const REMEMBERED_MAX = 5000;

export type RecordKind =
	| 'company'
	| 'person'
	| 'opportunity'
	| 'listEntry'
	| 'note'
	| 'reminder'
	| 'interaction'
	| 'file'
	| 'field';

/** A record by id: a field's id is `field-N`; a list entry's reads name its list. */
export interface RecordRef {
	kind: RecordKind;
	id: string;
	listId?: string;
}

type Change = 'created' | 'updated' | 'deleted';

interface Written {
	change: Change;
	at: number;
	/** What a v2 read shows once it sees the update (v2's names): AffinityRequest.shows. */
	shows?: IDataObject;
	/** A list entry's list and record. */
	listId?: string;
	entityId?: string;
}

const LABEL: Record<RecordKind, string> = {
	company: 'company',
	person: 'person',
	opportunity: 'opportunity',
	listEntry: 'list entry',
	note: 'note',
	reminder: 'reminder',
	// v2 reads meetings by id (GET /v2/meetings/{meetingId}): the interactions followed here.
	interaction: 'meeting',
	file: 'file',
	field: 'field',
};

const label = (ref: RecordRef) =>
	ref.kind === 'listEntry' && ref.listId
		? `list entry ${ref.id} (list ${ref.listId})`
		: `${LABEL[ref.kind]} ${ref.id}`;

/** v2 collections whose records the node reads or writes by id: GET /v2/companies/{companyId}, … */
const V2_KINDS: Record<string, RecordKind> = {
	companies: 'company',
	persons: 'person',
	opportunities: 'opportunity',
	notes: 'note',
	reminders: 'reminder',
	// GET /v2/meetings/{meetingId}: Interaction → Get (meetings, v1 type 0).
	meetings: 'interaction',
	files: 'file',
};

/** v1 collections (https://api-docs.affinity.co): the same records, the same ids. */
const V1_KINDS: Record<string, RecordKind> = {
	organizations: 'company',
	persons: 'person',
	opportunities: 'opportunity',
	notes: 'note',
	reminders: 'reminder',
	interactions: 'interaction',
	'entity-files': 'file',
	fields: 'field',
};

/** The record a v2 path takes by id, whether it reads the record itself, and a field it names. */
interface PathRecords {
	main: RecordRef;
	whole: boolean;
	field?: RecordRef;
}

function v2Records(path: string): PathRecords | undefined {
	const entry = /^\/v2\/lists\/(\d+)\/list-entries\/(\d+)(\/.*)?$/.exec(path);
	const record = entry ? undefined : /^\/v2\/([a-z-]+)\/(\d+)(\/.*)?$/.exec(path);
	let main: RecordRef | undefined;
	let rest: string | undefined;
	if (entry) {
		main = { kind: 'listEntry', id: entry[2], listId: entry[1] };
		rest = entry[3];
	} else if (record && V2_KINDS[record[1]]) {
		main = { kind: V2_KINDS[record[1]], id: record[2] };
		rest = record[3];
	}
	if (!main) return undefined;
	// A field of the record (GET …/fields/field-12): user-made fields are the ones v1 creates.
	const field = /^\/fields\/(field-\d+)(\/|$)/.exec(rest ?? '');
	return {
		main,
		whole: !rest,
		field: field ? { kind: 'field', id: field[1] } : undefined,
	};
}

/**
 * The API v1 read of the record (GET /organizations/{organization_id}, /lists/{list_id}/list-entries/
 * {list_entry_id}, /interactions/{id}?type=0, …), which sees a write at once; none for a field:
 * v1's GET /fields lags a created field itself.
 */
function v1ReadPath(ref: RecordRef): string | undefined {
	switch (ref.kind) {
		case 'listEntry':
			return ref.listId ? `/lists/${ref.listId}/list-entries/${ref.id}` : undefined;
		case 'interaction':
			return `/interactions/${ref.id}?type=0`;
		case 'field':
			return undefined;
		default: {
			const collection = Object.keys(V1_KINDS).find((c) => V1_KINDS[c] === ref.kind);
			return collection ? `/${collection}/${ref.id}` : undefined;
		}
	}
}

const idOf = (value: unknown): string | undefined =>
	typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))
		? String(value)
		: undefined;

const listOf = (value: unknown): IDataObject[] =>
	Array.isArray(value) ? value.filter((v): v is IDataObject => !!v && typeof v === 'object') : [];

/**
 * The records a write answered 2xx changed: the record its path names (PUT, POST or DELETE
 * /organizations/{organization_id}, /v2/notes/{noteId}, …), or the one a POST to a collection
 * created (its id in the answer), with what v1's creates make besides: an opportunity's list
 * entry (`list_entries`), an interaction's note (`notes`), each uploaded file (`entity_files`).
 */
function writtenBy(
	api: 'v1' | 'v2',
	method: string,
	pathAndQuery: string,
	answer: unknown,
): Array<{ ref: RecordRef; change: Change; entityId?: string }> {
	const [path, query] = pathAndQuery.split('?');
	const body = (answer && typeof answer === 'object' ? answer : {}) as IDataObject;
	const change: Change = method === 'DELETE' ? 'deleted' : 'updated';
	const created = (ref: RecordRef | undefined) =>
		ref ? [{ ref, change: 'created' as Change }] : [];
	const entryPath = /^(?:\/v2)?\/lists\/(\d+)\/list-entries(?:\/(\d+))?$/.exec(path);
	if (entryPath) {
		if (entryPath[2])
			return [{ ref: { kind: 'listEntry', id: entryPath[2], listId: entryPath[1] }, change }];
		const id = idOf(body.id);
		// Its record: v1's `entity_id`, v2's `entity.id` (ListEntryWithEntity).
		const entityId = idOf(body.entity_id) ?? idOf((body.entity as IDataObject | undefined)?.id);
		return method === 'POST' && id
			? [{ ref: { kind: 'listEntry', id, listId: entryPath[1] }, change: 'created', entityId }]
			: [];
	}
	const kinds = api === 'v2' ? V2_KINDS : V1_KINDS;
	const match = (api === 'v2' ? /^\/v2\/([a-z-]+)(?:\/(\d+))?$/ : /^\/([a-z-]+)(?:\/(\d+))?$/).exec(
		path,
	);
	const kind = match && kinds[match[1]];
	if (!match || !kind) return [];
	// v1 interactions are of a type (the answer's, or DELETE's `type`); v2 reads meetings by id.
	if (
		api === 'v1' &&
		kind === 'interaction' &&
		String(body.type ?? new URLSearchParams(query ?? '').get('type')) !== '0'
	)
		return (Array.isArray(body.notes) ? body.notes : []).flatMap((note) =>
			idOf(note)
				? [
						{
							ref: { kind: 'note' as const, id: idOf(note)! },
							change: match[2] ? change : 'created',
						},
					]
				: [],
		);
	const fieldId = (id: string) => (kind === 'field' ? `field-${id}` : id);
	if (match[2]) {
		const written = [{ ref: { kind, id: fieldId(match[2]) }, change }];
		// v1 PUT /interactions/{id} may add the note of its content.
		for (const note of Array.isArray(body.notes) ? body.notes : [])
			if (idOf(note)) written.push({ ref: { kind: 'note', id: idOf(note)! }, change });
		return written;
	}
	if (method !== 'POST') return [];
	if (kind === 'file')
		return listOf(body.entity_files).flatMap((f) =>
			created(idOf(f.id) ? { kind: 'file', id: idOf(f.id)! } : undefined),
		);
	const id = idOf(body.id);
	if (!id) return [];
	const out: Array<{ ref: RecordRef; change: Change; entityId?: string }> = created({
		kind,
		id: fieldId(id),
	});
	for (const entry of listOf(body.list_entries))
		if (idOf(entry.id) && idOf(entry.list_id))
			out.push({
				ref: { kind: 'listEntry', id: idOf(entry.id)!, listId: idOf(entry.list_id) },
				change: 'created',
				entityId: idOf(entry.entity_id),
			});
	for (const note of Array.isArray(body.notes) ? body.notes : [])
		out.push(...created(idOf(note) ? { kind: 'note', id: idOf(note)! } : undefined));
	return out;
}

/** Writes of this process, by account (base URL and key tag) and record, oldest first. */
const remembered = new Map<string, Written>();

const keyOf = (account: string, ref: RecordRef) => `${account} ${ref.kind} ${ref.id}`;

function recall(account: string, ref: RecordRef): Written | undefined {
	const key = keyOf(account, ref);
	const written = remembered.get(key);
	if (written && Date.now() - written.at > REMEMBERED_MS) {
		remembered.delete(key);
		return undefined;
	}
	return written;
}

function remember(
	account: string,
	ref: RecordRef,
	change: Change,
	shows?: IDataObject,
	entityId?: string,
): void {
	const key = keyOf(account, ref);
	const before = recall(account, ref);
	remembered.delete(key);
	// Created a moment ago and now updated: still new to v2.
	const kept = before?.change === 'created' && change === 'updated' ? 'created' : change;
	remembered.set(key, {
		change: kept,
		at: Date.now(),
		shows: change === 'deleted' ? undefined : shows,
		listId: ref.listId ?? before?.listId,
		entityId: entityId ?? before?.entityId,
	});
	while (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
}

function forget(account: string, ref: RecordRef): void {
	remembered.delete(keyOf(account, ref));
}

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
	const account = (await connection(this, itemIndex)).budgetKey;
	const prefix = `${account} listEntry `;
	for (const [key, written] of [...remembered].reverse()) {
		if (!key.startsWith(prefix) || Date.now() - written.at > REMEMBERED_MS) continue;
		if (written.change === 'created' && written.listId === String(listId))
			if (written.entityId === String(entityId)) return Number(key.slice(prefix.length));
	}
	return undefined;
}

/** Forgets every write remembered (tests that reset the emulator's ids). */
export function forgetRecentWrites(): void {
	remembered.clear();
}

/** Same value as v2 shows it: arrays in any order, date-times as instants, objects by the keys written. */
function sameValue(shown: unknown, written: unknown): boolean {
	if (written === null || written === undefined) return shown === null || shown === undefined;
	if (Array.isArray(written)) {
		if (!Array.isArray(shown) || shown.length !== written.length) return false;
		const left = [...shown];
		return written.every((w) => {
			const at = left.findIndex((s) => sameValue(s, w));
			return at >= 0 && left.splice(at, 1).length === 1;
		});
	}
	if (typeof written === 'object') {
		if (!shown || typeof shown !== 'object') return false;
		return Object.entries(written).every(([k, v]) => sameValue((shown as IDataObject)[k], v));
	}
	if (typeof written === 'string' && typeof shown === 'string') {
		const instant = /^\d{4}-\d\d-\d\dT/;
		if (instant.test(written) && instant.test(shown))
			return Date.parse(written) === Date.parse(shown);
	}
	return shown === written;
}

/** What a v2 read of the record shows from before this process's write to it, if anything. */
function behindWrite(written: Written, body: unknown): string | undefined {
	if (written.change === 'deleted') return 'still shows it, deleted';
	if (!written.shows) return undefined;
	const record = (body && typeof body === 'object' ? body : {}) as IDataObject;
	const old = Object.keys(written.shows).filter((k) => !sameValue(record[k], written.shows![k]));
	return old.length ? `shows ${old.join(', ')} as before the update` : undefined;
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
export function followWrites(ctx: object): void {
	if (!runs.has(ctx)) runs.set(ctx, new Map());
}

function factsOf(ctx: object, itemIndex: number | undefined): ItemFacts | undefined {
	const items = runs.get(ctx);
	if (!items || itemIndex === undefined) return undefined;
	let facts = items.get(itemIndex);
	if (!facts) items.set(itemIndex, (facts = { events: [] }));
	return facts;
}

function told(ctx: object, itemIndex: number | undefined, event: LagEvent): void {
	factsOf(ctx, itemIndex)?.events.push(event);
}

/**
 * What this item's requests waited for and saw (taken once, with the rest of the item's facts):
 * `lagWaitedMs` (ms waited in all) and `lagNote` (what lagged and how it ended), or undefined
 * when nothing lagged.
 */
export function takeLagNote(
	ctx: object,
	itemIndex: number,
): { lagWaitedMs: number; lagNote: string } | undefined {
	const events = runs.get(ctx)?.get(itemIndex)?.events;
	runs.get(ctx)?.delete(itemIndex);
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
export function appliedWriteOf(ctx: object, itemIndex: number): string | undefined {
	return runs.get(ctx)?.get(itemIndex)?.applied;
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
	ctx: object,
	account: string,
	request: FollowedRequest,
	io: FollowIo<R>,
): Promise<R> {
	if (!runs.has(ctx)) return await io.send();
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
			told(ctx, request.itemIndex, {
				waitedMs: waited,
				note: `API v2 did not show ${what} within ${seconds(waited)}, though it exists (written a moment ago, or API v1 has it).`,
			});
			throw notShownYet(error as NodeApiError, what, waited);
		}
		const { response } = sent;
		if (isWrite) {
			const facts = factsOf(ctx, request.itemIndex);
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
				told(ctx, request.itemIndex, {
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
			told(ctx, request.itemIndex, {
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
	const account = (await connection(this, itemIndex)).budgetKey;
	const written = recall(account, ref);
	if (!written || written.change === 'deleted') return found;
	let waited = 0;
	for (const wait of RECORD_LAG_WAITS_MS) {
		await sleep(wait);
		waited += wait;
		found = await find(true);
		if (found !== undefined) break;
	}
	told(this, itemIndex, {
		waitedMs: waited,
		note:
			found === undefined
				? `API v2 did not show ${label(ref)} within ${seconds(waited)}, though this workflow wrote it a moment ago.`
				: `API v2 showed ${label(ref)} after ${seconds(waited)}: it had just been written, and Affinity's API v2 sees writes after a moment.`,
	});
	if (found === undefined) forget(account, ref);
	return found;
}

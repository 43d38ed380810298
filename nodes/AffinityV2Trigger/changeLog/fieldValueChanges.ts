import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { deletedReferenceText, simplifyValue } from '../../AffinityV2/helpers/simplifyValue';
import { displayText } from '../../AffinityV2/helpers/text';
import { triggerPagingGuard } from '../../AffinityV2/api/quotaGuard';
import { wholeSecondTime } from '../../AffinityV2/helpers/filterBuilder';
import { affinityPaginate, type AffinityRequest } from '../../AffinityV2/transport';
import { nodeError } from '../poll/listEntries';
import type { PollBudget } from '../poll/budget';

/**
 * Change-log detection (GET /v2/field-value-changes): field changes since the last processed
 * change, so a poll costs what changed, not what exists. The API orders changes by `changedAt`
 * then change id and is read with a `changedAt>=` filter from the saved cursor, never from a
 * saved nextUrl. The window reaches CLOCK_SKEW_MS back from the cursor: a change logged late
 * with an earlier time (a clock that stepped back) is still read, and the ids already
 * processed in that window are kept so that nothing is reported twice.
 */

/** How far back of the cursor each poll reads again, for late changes with an earlier time. */
export const CLOCK_SKEW_MS = 10_000;

export interface ChangeLogCursor {
	/** What the cursor belongs to: another list or field selection is a new baseline. */
	key: string;
	/** The latest processed change: `changedAt` (ISO) and id. */
	at: string;
	id: number;
	/** Processed changes inside the re-read window: [id, changedAt in epoch ms]. */
	recent: Array<[number, number]>;
	/**
	 * The API's clock at the read that left the cursor here. A cursor more than two re-read
	 * windows behind it was behind when that read saw the log: a change at or before it was long
	 * logged, and the next read need not go back a window (a backlog read over several polls
	 * would otherwise read the same window again at every poll).
	 */
	readAt?: number;
	/**
	 * The next page of a read that a poll's time limit cut short, every change before it
	 * reported: the next poll goes on from it (the API's own next-page link, kept only from one
	 * poll to the next), so that a burst of more changes in one second than a poll can read is
	 * still read through. A link the API no longer takes falls back to the time filter.
	 */
	next?: string;
}

/** A change as GET /v2/field-value-changes returns it (fieldValueChanges.FieldValueChange). */
export interface ApiFieldChange {
	id: number;
	/** `type`: global (a person's or company's own field) or list (fieldValueChanges.Field). */
	field: { id: string; name?: string; entityType?: string; type?: string };
	entity: { id: number };
	listEntry: { id: number; listId: number } | null;
	changer: IDataObject | null;
	changedAt: string;
	actionType: 'add' | 'update' | 'delete';
	type: string;
	value: unknown;
}

export function isCursor(value: unknown): value is ChangeLogCursor {
	const c = value as ChangeLogCursor | null;
	return (
		c !== null &&
		typeof c === 'object' &&
		typeof c.key === 'string' &&
		typeof c.at === 'string' &&
		typeof c.id === 'number' &&
		Array.isArray(c.recent)
	);
}

function isChange(value: unknown): value is ApiFieldChange {
	const c = value as ApiFieldChange | null;
	return (
		c !== null &&
		typeof c === 'object' &&
		typeof c.id === 'number' &&
		typeof c.changedAt === 'string' &&
		typeof c.field?.id === 'string'
	);
}

/** The filter for the watched fields: one `field.id=` term each, joined by `|`. */
function fieldFilter(watchedIds: string[]): string {
	if (!watchedIds.length) return '';
	const terms = watchedIds.map((id) => `field.id="${id.replace(/["\\]/g, '\\$&')}"`);
	return terms.length === 1 ? terms[0] : `(${terms.join(' | ')})`;
}

function changesRequest(
	watchedIds: string[],
	since: number | undefined,
	newestFirst = false,
): AffinityRequest {
	const terms = [];
	// The filter takes whole-second UTC times only (a fraction is a 400): the bound goes down
	// to its second, and readChanges drops what lies before the exact one.
	if (since !== undefined) terms.push(`changedAt>=${wholeSecondTime(since, 'floor')}`);
	const fields = fieldFilter(watchedIds);
	if (fields) terms.push(fields);
	const qs: IDataObject = {};
	if (terms.length) qs.filter = terms.join(' & ');
	if (newestFirst) qs.orderBy = '-changedAt';
	return {
		method: 'GET',
		path: '/v2/field-value-changes',
		qs,
		subject: 'change log',
	};
}

const time = (change: { changedAt: string }) => Date.parse(change.changedAt);

/** Orders by (changedAt, id), the log's own order. */
function later(a: { at: number; id: number }, b: { at: number; id: number }): boolean {
	return a.at > b.at || (a.at === b.at && a.id > b.id);
}

/**
 * The cursor after `changes` (all of them processed) on top of `previous`: the latest change,
 * and the ids inside the re-read window below it.
 */
export function advanceCursor(
	key: string,
	previous: ChangeLogCursor | undefined,
	changes: ApiFieldChange[],
	fallbackAt: number,
	readAt?: number,
	next?: string,
): ChangeLogCursor {
	let top = previous ? { at: Date.parse(previous.at), id: previous.id } : { at: fallbackAt, id: 0 };
	const all = new Map<number, number>(previous?.recent ?? []);
	for (const change of changes) {
		const candidate = { at: time(change), id: change.id };
		all.set(change.id, candidate.at);
		if (later(candidate, top)) top = candidate;
	}
	const floor = top.at - CLOCK_SKEW_MS;
	const recent = [...all].filter(([, at]) => at >= floor).sort((a, b) => a[0] - b[0]);
	const cursor: ChangeLogCursor = { key, at: new Date(top.at).toISOString(), id: top.id, recent };
	if (readAt !== undefined) cursor.readAt = readAt;
	if (next !== undefined) cursor.next = next;
	return cursor;
}

/** Where a read from `cursor` starts: a window back, unless the cursor was well behind the log. */
export function readFrom(cursor: ChangeLogCursor): number {
	const at = Date.parse(cursor.at);
	const behind = cursor.readAt !== undefined && cursor.readAt - at > 2 * CLOCK_SKEW_MS;
	return behind ? at : at - CLOCK_SKEW_MS;
}

/** Changes not processed before: the re-read window's known ids are left out. */
export function unseenChanges(
	previous: ChangeLogCursor,
	changes: ApiFieldChange[],
): ApiFieldChange[] {
	const seen = new Set(previous.recent.map(([id]) => id));
	const out = new Map<number, ApiFieldChange>();
	for (const change of changes) if (!seen.has(change.id)) out.set(change.id, change);
	return [...out.values()].sort((a, b) => time(a) - time(b) || a.id - b.id);
}

/**
 * Reads the changes from the cursor's window on, page by page. Under n8n's time limit for a
 * poll (`budget`), it stops at a page boundary when another page would not fit with `keepMs`
 * left: `complete` is false then, and the changes read are the log's first ones in its order,
 * so that the cursor advanced over them is exact and the next poll reads on from there.
 */
export async function readChanges(
	this: IPollFunctions,
	watchedIds: string[],
	cursor: ChangeLogCursor,
	budget?: PollBudget,
	keepMs = 0,
): Promise<{ changes: ApiFieldChange[]; next?: string; readAt?: number }> {
	const changes: ApiFieldChange[] = [];
	const since = readFrom(cursor);
	let next: string | undefined;
	let readAt: number | undefined;
	const read = async (resumeFrom: string | undefined) =>
		await affinityPaginate.call(this, changesRequest(watchedIds, since), {
			quotaGuard: triggerPagingGuard.call(this),
			resumeFrom,
			onPage: (page) => {
				budget?.callDone();
				readAt ??= page.serverTime;
				for (const change of page.data)
					if (isChange(change) && !(time(change) < since)) changes.push(change);
				if (page.resumePath && budget && !budget.fits(2, keepMs)) {
					next = page.resumePath;
					return false;
				}
				return true;
			},
		});
	budget?.callStarting();
	try {
		await read(cursor.next);
	} catch (error) {
		const failure = nodeError.call(this, error);
		if (!cursor.next || !(failure instanceof NodeApiError) || !/^4/.test(failure.httpCode ?? ''))
			throw failure;
		changes.length = 0;
		await read(undefined);
	}
	return { changes, next, readAt };
}

/**
 * A new baseline: the latest changes, newest first, down to the re-read window below the
 * newest, so the next poll starts after them. One request unless the window holds more than
 * a page. Its floor is the API's clock (the answer's `Date` header), never n8n's: with
 * Affinity's clock behind n8n's, a floor from n8n's clock would lie ahead of the changes made
 * right after activation, and they would never be read. Without that header and without
 * changes, the cursor starts at the epoch: the log holds none of these fields' changes yet.
 */
export async function baselineCursor(
	this: IPollFunctions,
	key: string,
	watchedIds: string[],
): Promise<ChangeLogCursor> {
	const changes: ApiFieldChange[] = [];
	let newest: number | undefined;
	let serverTime: number | undefined;
	await affinityPaginate.call(this, changesRequest(watchedIds, undefined, true), {
		quotaGuard: triggerPagingGuard.call(this),
		onPage: (page) => {
			serverTime ??= page.serverTime;
			for (const change of page.data) {
				if (!isChange(change)) continue;
				newest ??= time(change);
				if (time(change) < newest - CLOCK_SKEW_MS) return false;
				changes.push(change);
			}
			return true;
		},
	});
	return advanceCursor(key, undefined, changes, serverTime ?? 0);
}

/** How many pages of changes, newest first, a manual run reads looking for the list's changes. */
const LATEST_CHANGES_PAGES = 3;

/**
 * The newest changes of the list's entries, newest first, at most `count` (GET
 * /v2/field-value-changes ordered by `-changedAt`, filtered to `fieldIds`): what a manual run
 * shows as real test events. At most LATEST_CHANGES_PAGES pages are read.
 */
export async function latestChanges(
	this: IPollFunctions,
	fieldIds: string[],
	listId: number,
	count: number,
): Promise<ApiFieldChange[]> {
	const found: ApiFieldChange[] = [];
	let pages = 0;
	await affinityPaginate.call(this, changesRequest(fieldIds, undefined, true), {
		quotaGuard: triggerPagingGuard.call(this),
		onPage: (page) => {
			// An empty page that has a nextUrl is no page of changes: it does not count.
			if (page.data.length) pages++;
			for (const change of page.data)
				if (isChange(change) && change.listEntry?.listId === listId && found.length < count)
					found.push(change);
			return found.length < count && pages < LATEST_CHANGES_PAGES;
		},
	});
	return found;
}

/** A change's value type; '' when the answer lacks it (real answers lack described properties). */
function typeOf(change: ApiFieldChange): string {
	return typeof change.type === 'string' ? change.type : '';
}

/** A change's value in the same simplified form as snapshot events (one item of a multi-value field). */
function changeValue(change: ApiFieldChange): unknown {
	const type = typeOf(change).replace(/-multi$/, '');
	return simplifyValue({ type, data: change.value } as Parameters<typeof simplifyValue>[0]);
}

/**
 * A fieldValueChanged event for one change of the log. `previous` is known for a deleted value
 * (the log carries the value removed); a multi-value field's change is one item added or
 * removed (`actionType` add or delete).
 */
export function changeEvent(listId: number, change: ApiFieldChange): IDataObject {
	const value = changeValue(change) as IDataObject | null;
	const field = change.field && typeof change.field === 'object' ? change.field : undefined;
	const item: IDataObject = {
		fieldId: field?.id ?? null,
		fieldName: displayText(field?.name) || (field?.id ?? null),
		actionType: change.actionType,
	};
	if (change.actionType === 'delete') item.previous = value;
	item.current = change.actionType === 'delete' ? null : value;
	if (/-multi$/.test(typeOf(change))) item.multiValueItem = true;
	// The person, company or dropdown option has been deleted since: the value is its text then.
	if (deletedReferenceText(change.value) !== undefined) item.referenceDeleted = true;
	return {
		event: 'fieldValueChanged',
		listId,
		listEntryId: change.listEntry?.id ?? null,
		entityType: field?.entityType ?? null,
		entityId: change.entity?.id ?? null,
		entityName: null,
		changes: [item],
		changer: change.changer ?? null,
		changedAt: change.changedAt,
		changeId: change.id,
		detectedBy: 'changeLog',
	};
}

/** True when `a` comes before `b` in the log's order (changedAt, then id). */
export function isBefore(a: ApiFieldChange, b: ApiFieldChange): boolean {
	return time(a) < time(b) || (time(a) === time(b) && a.id < b.id);
}

/**
 * The change of the same field and record just before `change` in the log (GET
 * /v2/field-value-changes, newest first, up to the change's second): what the value was before
 * it. A list field's change is looked up by its entry (`listEntry.id`); a global field's by its
 * entity among the field's changes of one page. Undefined when the log holds none (the field's
 * change tracking started later, or it is older than a page of that field's changes).
 */
export async function previousChange(
	this: IPollFunctions,
	change: ApiFieldChange,
): Promise<ApiFieldChange | undefined> {
	const global = change.field.type === 'global';
	const terms = [
		fieldFilter([change.field.id]),
		`changedAt<=${wholeSecondTime(time(change), 'ceil')}`,
	];
	if (!global && change.listEntry) terms.push(`listEntry.id=${change.listEntry.id}`);
	let found: ApiFieldChange | undefined;
	await affinityPaginate.call(
		this,
		{
			method: 'GET',
			path: '/v2/field-value-changes',
			qs: { filter: terms.join(' & '), orderBy: '-changedAt' },
			subject: 'change log',
		},
		{
			quotaGuard: triggerPagingGuard.call(this),
			onPage: (page) => {
				for (const c of page.data) {
					if (!isChange(c) || !isBefore(c, change)) continue;
					if (global ? c.entity?.id !== change.entity?.id : false) continue;
					found = c;
					break;
				}
				// One page: the change before is among the newest ones up to this change.
				return false;
			},
		},
	);
	return found;
}

/** The value a change leaves the field with, as events show it (null after a delete). */
export function valueAfter(change: ApiFieldChange): unknown {
	return change.actionType === 'delete' ? null : changeValue(change);
}

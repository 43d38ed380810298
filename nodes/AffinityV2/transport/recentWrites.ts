import type { IDataObject } from 'n8n-workflow';

import type { Change, RecordRef } from './recordPaths';

/**
 * The writes this process made a moment ago, by account and record, and whether a v2 read shows
 * them yet: what tells a record that lags (written here) from one that does not exist.
 */

/** How long a write is remembered: past it a record is as anyone's (its 404s are probed). */
const REMEMBERED_MS = 60_000;
/** At most so many writes remembered in this process (the oldest are forgotten first). */
const REMEMBERED_MAX = 5000;

interface Written {
	change: Change;
	at: number;
	/** What a v2 read shows once it sees the update (v2's names): AffinityRequest.shows. */
	shows?: IDataObject;
	/** A list entry's list and record. */
	listId?: string;
	entityId?: string;
}

/** Writes of this process, by account (base URL and key tag) and record, oldest first. */
const remembered = new Map<string, Written>();

const keyOf = (account: string, ref: RecordRef) => `${account} ${ref.kind} ${ref.id}`;

export function recall(account: string, ref: RecordRef): Written | undefined {
	const key = keyOf(account, ref);
	const written = remembered.get(key);
	if (written && Date.now() - written.at > REMEMBERED_MS) {
		remembered.delete(key);
		return undefined;
	}
	return written;
}

export function remember(
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

export function forget(account: string, ref: RecordRef): void {
	remembered.delete(keyOf(account, ref));
}

/** The list entry this process created a moment ago for a record on a list, if any. */
export function createdEntry(
	account: string,
	listId: number,
	entityId: number,
): number | undefined {
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
export function behindWrite(written: Written, body: unknown): string | undefined {
	if (written.change === 'deleted') return 'still shows it, deleted';
	if (!written.shows) return undefined;
	const record = (body && typeof body === 'object' ? body : {}) as IDataObject;
	const old = Object.keys(written.shows).filter((k) => !sameValue(record[k], written.shows![k]));
	return old.length ? `shows ${old.join(', ')} as before the update` : undefined;
}

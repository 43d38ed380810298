import type { IDataObject } from 'n8n-workflow';

/**
 * Events already emitted, kept in the node's static data until Affinity can no longer
 * redeliver them (it retries for up to 10 hours). `seen` maps the hour (since the epoch) after
 * which a group may be forgotten to the space-separated short hashes of the events emitted in
 * the hour 12 hours before: about 11 bytes an event. Hours are counted on Affinity's clock
 * (the deliveries' `sent_at`), never n8n's. Whether a retry keeps its first `sent_at` or is
 * stamped anew is not documented, so no key holds `sent_at`: a retry stamped anew is at most
 * 10 hours later than its first attempt, which is still within its group's 12 hours.
 *
 * `latest` serves updates whose body holds no time of the change (see DeliveryIdentity): per
 * record, the short hash of the state last emitted and its `sent_at` (Unix seconds), kept 12
 * hours too.
 */

const KEEP_HOURS = 12;
const HOUR_MS = 60 * 60 * 1000;

/** What tells one delivery from another (built by deliveryIdentity in delivery.ts). */
export interface DeliveryIdentity {
	/** The event: its type and body, without `sent_at`. */
	key: string;
	/**
	 * Only for an update whose body holds no time of the change: the record it is about. The
	 * same body then comes again both when Affinity retries and when the record returns to an
	 * earlier state (A → B → A); `sent_at` and the record's latest state tell which.
	 */
	record?: string;
	/** The delivery's `sent_at`, Unix seconds. */
	sentAt: number;
}

/** 52 bits of two FNV-1a passes, base 36 (at most 11 characters). */
export function shortHash(text: string): string {
	let a = 0x811c9dc5;
	let b = 0x050c5d1f;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		a = Math.imul(a ^ c, 0x01000193) >>> 0;
		b = Math.imul(b ^ c, 0x01000195) >>> 0;
	}
	return (a * 2 ** 20 + (b >>> 12)).toString(36);
}

/** The groups still kept at `atMs`; older groups are dropped from `staticData`. */
function keptGroups(staticData: IDataObject, atMs: number): Record<string, string> {
	const hour = Math.floor(atMs / HOUR_MS);
	const seen = (
		staticData.seen && typeof staticData.seen === 'object' ? staticData.seen : {}
	) as Record<string, string>;
	for (const until of Object.keys(seen)) if (Number(until) < hour) delete seen[until];
	return seen;
}

/** Per record: "<hash of the state last emitted> <its sent_at>"; entries past 12 hours dropped. */
function keptLatest(staticData: IDataObject, atMs: number): Record<string, string> {
	const latest = (
		staticData.latest && typeof staticData.latest === 'object' ? staticData.latest : {}
	) as Record<string, string>;
	const oldest = atMs / 1000 - KEEP_HOURS * 3600;
	for (const [record, entry] of Object.entries(latest))
		if (!(Number(entry.split(' ')[1]) >= oldest)) delete latest[record];
	return latest;
}

function holds(seen: Record<string, string>, hash: string): boolean {
	for (const hashes of Object.values(seen)) if (` ${hashes} `.includes(` ${hash} `)) return true;
	return false;
}

/**
 * Whether the delivery reports an event emitted before. An event never emitted is new. One
 * emitted before is a redelivery, unless its body holds no time of the change and the record
 * has since been emitted in another state with an earlier `sent_at`: then the record came back
 * to that state (A → B → A), a change of its own. (A retry stamped anew that arrives after a
 * later change of the same record looks exactly like that and is emitted again: nothing in
 * such a body tells the two apart, and a lost change is worse than a repeated one.)
 */
function reportedBefore(staticData: IDataObject, id: DeliveryIdentity, atMs: number): boolean {
	const hash = shortHash(id.key);
	if (!holds(keptGroups(staticData, atMs), hash)) return false;
	if (id.record === undefined) return true;
	const last = keptLatest(staticData, atMs)[shortHash(id.record)];
	if (last === undefined) return true;
	const [lastHash, lastSentAt] = last.split(' ');
	return lastHash === hash || id.sentAt <= Number(lastSentAt);
}

/** Whether the event was emitted before (nothing is recorded). */
export function emittedBefore(
	staticData: IDataObject,
	id: DeliveryIdentity,
	atMs: number,
): boolean {
	return reportedBefore(staticData, id, atMs);
}

/**
 * Records the event as emitted and tells whether it was new; groups past their hour are
 * dropped. Called right before the event is emitted, after everything that can fail: a
 * delivery that failed is answered with an error and must pass again when Affinity retries it.
 * Node.js runs this without yielding, so two concurrent deliveries of one event cannot both pass.
 */
export function firstDelivery(
	staticData: IDataObject,
	id: DeliveryIdentity,
	atMs: number,
): boolean {
	if (reportedBefore(staticData, id, atMs)) return false;
	const seen = keptGroups(staticData, atMs);
	const hash = shortHash(id.key);
	// Kept from this delivery's hour on, also when it was emitted before (A → B → A): its own
	// retries may come for 10 hours more.
	const until = String(Math.floor(atMs / HOUR_MS) + KEEP_HOURS);
	if (!holds({ until: seen[until] ?? '' }, hash))
		seen[until] = seen[until] ? `${seen[until]} ${hash}` : hash;
	staticData.seen = seen;
	if (id.record !== undefined) {
		const latest = keptLatest(staticData, atMs);
		const record = shortHash(id.record);
		const last = latest[record];
		// The record's state is the one sent last: an older change delivered late does not replace it.
		if (last === undefined || id.sentAt >= Number(last.split(' ')[1]))
			latest[record] = `${hash} ${id.sentAt}`;
		staticData.latest = latest;
	}
	return true;
}

import type { IDataObject } from 'n8n-workflow';

/**
 * Events already emitted, kept in the node's static data until Affinity can no longer
 * redeliver them (it retries for up to 10 hours). `seen` maps the hour (since the epoch) after
 * which a group may be forgotten to the space-separated short hashes of the events emitted in
 * the hour 12 hours before: about 11 bytes an event. Hours are counted on Affinity's clock
 * (the deliveries' `sent_at`), never n8n's: a retry carries its first `sent_at`, so its group
 * is kept for as long as Affinity may send it again.
 */

const KEEP_HOURS = 12;
const HOUR_MS = 60 * 60 * 1000;

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

function holds(seen: Record<string, string>, hash: string): boolean {
	for (const hashes of Object.values(seen)) if (` ${hashes} `.includes(` ${hash} `)) return true;
	return false;
}

/** Whether the event was emitted before (nothing is recorded). */
export function emittedBefore(staticData: IDataObject, key: string, atMs: number): boolean {
	return holds(keptGroups(staticData, atMs), shortHash(key));
}

/**
 * Records the event as emitted and tells whether it was new; groups past their hour are
 * dropped. Called right before the event is emitted, after everything that can fail: a
 * delivery that failed is answered with an error and must pass again when Affinity retries it.
 * Node.js runs this without yielding, so two concurrent deliveries of one event cannot both pass.
 */
export function firstDelivery(staticData: IDataObject, key: string, atMs: number): boolean {
	const seen = keptGroups(staticData, atMs);
	const hash = shortHash(key);
	if (holds(seen, hash)) return false;
	const until = String(Math.floor(atMs / HOUR_MS) + KEEP_HOURS);
	seen[until] = seen[until] ? `${seen[until]} ${hash}` : hash;
	staticData.seen = seen;
	return true;
}

import type { IDataObject } from 'n8n-workflow';

/**
 * Events already emitted, kept in the node's static data until Affinity can no longer
 * redeliver them (it retries for up to 10 hours). `seen` maps the hour (since the epoch) after
 * which a group may be forgotten to the space-separated short hashes of the events emitted in
 * the hour 12 hours before: about 11 bytes an event.
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

/**
 * Records the event and tells whether it was new; groups past their hour are dropped. Node.js
 * runs this without yielding, so two concurrent deliveries of one event cannot both pass.
 */
export function firstDelivery(staticData: IDataObject, key: string, nowMs: number): boolean {
	const hour = Math.floor(nowMs / HOUR_MS);
	const seen = (
		staticData.seen && typeof staticData.seen === 'object' ? staticData.seen : {}
	) as Record<string, string>;
	for (const until of Object.keys(seen)) if (Number(until) < hour) delete seen[until];
	const hash = shortHash(key);
	for (const hashes of Object.values(seen)) if (` ${hashes} `.includes(` ${hash} `)) return false;
	const until = String(hour + KEEP_HOURS);
	seen[until] = seen[until] ? `${seen[until]} ${hash}` : hash;
	staticData.seen = seen;
	return true;
}

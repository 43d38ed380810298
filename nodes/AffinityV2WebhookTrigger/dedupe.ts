import type { IDataObject } from 'n8n-workflow';

/**
 * Events already emitted, kept in the node's static data until Affinity can no longer
 * redeliver them (it retries for up to 10 hours): `seen` maps a short hash of each event's key
 * to the minute (since the epoch) it may be forgotten.
 */

const KEEP_MINUTES = 12 * 60;

/** 52 bits of two FNV-1a passes, base 36 (about 10 characters): compact for static data. */
export function shortHash(text: string): string {
	let a = 0x811c9dc5;
	let b = 0x01000193 ^ 0x5bd1e995;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		a = Math.imul(a ^ c, 0x01000193) >>> 0;
		b = Math.imul(b ^ c, 0x01000193 + 2) >>> 0;
	}
	return ((a >>> 0) * 2 ** 20 + (b >>> 12)).toString(36);
}

/**
 * Records the event and tells whether it was new. Expired entries are dropped as they are met.
 * Node.js runs this without yielding, so two concurrent deliveries of one event cannot both pass.
 */
export function firstDelivery(staticData: IDataObject, key: string, nowMs: number): boolean {
	const now = Math.floor(nowMs / 60_000);
	const seen = (staticData.seen ?? {}) as Record<string, number>;
	for (const [hash, until] of Object.entries(seen)) if (until < now) delete seen[hash];
	const hash = shortHash(key);
	const isNew = seen[hash] === undefined;
	if (isNew) seen[hash] = now + KEEP_MINUTES;
	staticData.seen = seen;
	return isNew;
}

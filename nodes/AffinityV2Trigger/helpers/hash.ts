/*
 * The hash primitives fingerprints are made of. Like the fingerprints, they are part of the
 * saved state: see fingerprint.ts before changing anything here.
 */

/** JSON with object keys sorted, so that key order never makes two equal values differ. */
export function canonicalJson(value: unknown): string {
	if (value === null || value === undefined) return 'null';
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (typeof value === 'object') {
		const keys = Object.keys(value as object).sort();
		return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
	}
	return JSON.stringify(value);
}

/** murmur3's finalizer: spreads every input bit over the output. */
export function mix32(value: number): number {
	let h = value >>> 0;
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h >>> 0;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A 32-bit hash of a string: FNV-1a over its UTF-16 code units, then murmur3's finalizer for
 * avalanche. Seeded, so that equal text under two value types hashes apart. Two different
 * values of a field share a hash with a chance of 1 in 4.3 billion: the chance of a change
 * going unseen.
 */
export function hash32(text: string, seed = 0): number {
	let h = (FNV_OFFSET ^ seed) >>> 0;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
	return mix32(h ^ text.length);
}

/*
 * hash32 of a text made of parts, without building the text: FNV-1a runs over the parts in
 * turn, and the length is counted aside (streamLength) for the finalizer.
 */
let streamLength = 0;

export function streamStart(seed: number): number {
	streamLength = 0;
	return (FNV_OFFSET ^ seed) >>> 0;
}

export function streamText(h: number, text: string): number {
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
	streamLength += text.length;
	return h;
}

export function streamCode(h: number, code: number): number {
	streamLength++;
	return Math.imul(h ^ code, FNV_PRIME);
}

export function streamEnd(h: number): number {
	return mix32(h ^ streamLength);
}

const float = new Float64Array(1);
const words = new Uint32Array(float.buffer);

/** A 32-bit hash of a number's value (its float64 bits; 0 and -0 alike): ids, amounts, scores. */
export function hashNumber(value: number, seed = 0): number {
	float[0] = value === 0 ? 0 : value;
	return mix32((mix32(words[0] ^ seed) + words[1]) >>> 0);
}

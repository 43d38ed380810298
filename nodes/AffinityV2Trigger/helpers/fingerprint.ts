import { mayBeTruncated } from '../../AffinityV2/helpers/simplify';
import type { FieldValue } from '../../AffinityV2/helpers/types';

/*
 * How values hash is part of the saved state: a change here makes every entry look changed.
 * Whoever changes it must raise STATE_VERSION (state.ts), which starts a new baseline instead.
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
function mix32(value: number): number {
	let h = value >>> 0;
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h >>> 0;
}

/**
 * A 32-bit hash of a string: FNV-1a over its UTF-16 code units, then murmur3's finalizer for
 * avalanche. Seeded, so that equal text under two value types hashes apart. Two different
 * values of a field share a hash with a chance of 1 in 4.3 billion: the chance of a change
 * going unseen.
 */
export function hash32(text: string, seed = 0): number {
	let h = (0x811c9dc5 ^ seed) >>> 0;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
	return mix32(h ^ text.length);
}

const float = new Float64Array(1);
const words = new Uint32Array(float.buffer);

/** A 32-bit hash of a number's value (its float64 bits; 0 and -0 alike): ids, amounts, scores. */
export function hashNumber(value: number, seed = 0): number {
	float[0] = value === 0 ? 0 : value;
	return mix32((mix32(words[0] ^ seed) + words[1]) >>> 0);
}

/** The fingerprint of an empty value, whatever its type (the API sends null, not []). */
export const EMPTY = 0;

/**
 * The fingerprint of a value at the API's cut-off of 100 associations. The API shows only some
 * of its members, and which ones may shift, so the visible part cannot tell a real change from
 * noise: such a value counts as changed only when it reaches or leaves the cut-off, and events
 * flag it as possibly truncated.
 */
export const TRUNCATED = hash32('\u0000truncated');

const typeSeeds = new Map<string, number>();
function seedOf(type: string): number {
	let seed = typeSeeds.get(type);
	if (seed === undefined) {
		seed = hash32(type, 0x5eed);
		typeSeeds.set(type, seed);
	}
	return seed;
}

const MEMBER = 0x3e3b;

const VALUE_TYPES = [
	'text',
	'filterable-text',
	'number',
	'datetime',
	'filterable-text-multi',
	'number-multi',
	'location',
	'location-multi',
	'dropdown',
	'ranked-dropdown',
	'dropdown-multi',
	'person',
	'company',
	'person-multi',
	'company-multi',
	'formula-number',
	'interaction',
] as const;
/** Each value type's seed, looked up by constant keys in the hot path. */
const SEED = Object.fromEntries(VALUE_TYPES.map((type) => [type, seedOf(type)])) as Record<(typeof VALUE_TYPES)[number], number>;

function textHash(value: unknown, seed: number): number {
	return hash32(typeof value === 'string' ? value : canonicalJson(value), seed);
}

function numberHash(value: unknown, seed: number): number {
	return typeof value === 'number' ? hashNumber(value, seed) : hash32(canonicalJson(value), seed);
}

/** A person or company counts by its id, whatever its name. */
function refHash(item: unknown, seed: number): number {
	const id = item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
	return typeof id === 'number' ? hashNumber(id, seed) : hash32(canonicalJson(item), seed);
}

/** A dropdown choice counts by its option id, whatever its text. */
function optionHash(item: unknown, seed: number): number {
	const id = item && typeof item === 'object' ? (item as { dropdownOptionId?: unknown }).dropdownOptionId : undefined;
	if (typeof id === 'number') return hashNumber(id, seed);
	const text = item && typeof item === 'object' ? (item as { text?: unknown }).text : item;
	return hash32(`\u0000${canonicalJson(text ?? null)}`, seed);
}

function part(p: unknown): string {
	return p === null || p === undefined ? '\u0000' : String(p);
}

function locationHash(item: unknown, seed: number): number {
	const l = (item ?? {}) as Record<string, unknown>;
	return hash32(`${part(l.streetAddress)}\u0001${part(l.city)}\u0001${part(l.state)}\u0001${part(l.country)}\u0001${part(l.continent)}`, seed);
}

/** An instant, whatever its ISO spelling ("…:00Z" and "…:00.000Z" are the same time). */
function instantHash(data: unknown, seed: number): number {
	if (typeof data !== 'string') return hash32(canonicalJson(data), seed);
	// The API's usual spelling is already canonical: no parsing needed.
	if (data.length === 24 && data.charCodeAt(19) === 46 && data.charCodeAt(23) === 90) return hash32(data, seed);
	const time = Date.parse(data);
	return hash32(Number.isNaN(time) ? data : new Date(time).toISOString(), seed);
}

/**
 * A multiset's fingerprint: independent of member order (the API's order is noise), from the
 * sum and the xor of the members' hashes and their count.
 */
function setHash(items: unknown, member: (item: unknown, seed: number) => number, seed: number): number {
	if (!Array.isArray(items)) return hash32(canonicalJson(items), seed);
	let sum = 0;
	let xor = 0;
	for (const item of items) {
		const h = member(item, MEMBER);
		sum = (sum + h) >>> 0;
		xor = (xor ^ h) >>> 0;
	}
	return mix32((mix32(sum ^ seed) + Math.imul(mix32(xor), 0x27d4eb2d) + items.length) >>> 0);
}

/**
 * What a field value means, as a 32-bit hash: equal for values Affinity considers the same,
 * different for any real change. References count by id (a person or company renamed is not
 * a change of the entries that name them), dropdown choices by option id (renaming an option
 * is not a change either), multi values as multisets, dates as instants. Empty is empty
 * whatever the type.
 */
export function fingerprint(value: FieldValue | null | undefined): number {
	if (!value || value.data === null || value.data === undefined) return EMPTY;
	const hash = hashOf(value);
	// EMPTY stays reserved for empty values.
	return hash === EMPTY ? 1 : hash;
}

function hashOf(value: FieldValue): number {
	if (mayBeTruncated(value)) return TRUNCATED;
	const { data } = value;
	// Seeds by constant keys: a lookup by the type string itself costs a string hash per value.
	switch (value.type) {
		case 'text':
			return textHash(data, SEED.text);
		case 'filterable-text':
			return textHash(data, SEED['filterable-text']);
		case 'number':
			return numberHash(data, SEED.number);
		case 'datetime':
			return instantHash(data, SEED.datetime);
		case 'filterable-text-multi':
			return setHash(data, textHash, SEED['filterable-text-multi']);
		case 'number-multi':
			return setHash(data, numberHash, SEED['number-multi']);
		case 'location':
			return locationHash(data, SEED.location);
		case 'location-multi':
			return setHash(data, locationHash, SEED['location-multi']);
		case 'dropdown':
			return optionHash(data, SEED.dropdown);
		case 'ranked-dropdown':
			return optionHash(data, SEED['ranked-dropdown']);
		case 'dropdown-multi':
			return setHash(data, optionHash, SEED['dropdown-multi']);
		case 'person':
			return refHash(data, SEED.person);
		case 'company':
			return refHash(data, SEED.company);
		case 'person-multi':
			return setHash(data, refHash, SEED['person-multi']);
		case 'company-multi':
			return setHash(data, refHash, SEED['company-multi']);
		case 'formula-number':
			return numberHash((data as { calculatedValue?: unknown }).calculatedValue ?? null, SEED['formula-number']);
		case 'interaction': {
			const interaction = data as { type?: unknown; id?: unknown };
			return hash32(interaction.id !== undefined ? `${String(interaction.type)}:${String(interaction.id)}` : canonicalJson(data), SEED.interaction);
		}
		default:
			return hash32(canonicalJson(data), seedOf(value.type));
	}
}

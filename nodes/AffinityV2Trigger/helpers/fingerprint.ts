import { atAssociationLimit } from '../../AffinityV2/helpers/entities';
import type { FieldValue } from '../../AffinityV2/helpers/types';
import {
	canonicalJson,
	hash32,
	hashNumber,
	mix32,
	streamCode,
	streamEnd,
	streamStart,
	streamText,
} from './hash';

export { canonicalJson, hash32 } from './hash';
import { SEEDS, T, seedOf, typeCode } from './typeCodes';

/*
 * What "changed" means for the trigger: two values are the same when their fingerprints are.
 * How values hash is part of the saved state: a change here makes every entry look changed.
 * Whoever changes it must raise STATE_VERSION (state/format.ts), which starts a new baseline
 * instead. test/unit/triggerState.test.ts pins them.
 */

/** The fingerprint of an empty value, whatever its type (the API sends null, not []). */
export const EMPTY = 0;

/**
 * The fingerprint of a value at the API's cut-off of 100 associations. The API shows only some
 * of its members, and which ones may shift, so the visible part cannot tell a real change from
 * noise: such a value counts as changed only when it reaches or leaves the cut-off, and events
 * flag it as possibly truncated.
 */
export const TRUNCATED = hash32('\u0000truncated');

/** The seed of multiset members. */
const MEMBER = 0x3e3b;

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
	const id =
		item && typeof item === 'object'
			? (item as { dropdownOptionId?: unknown }).dropdownOptionId
			: undefined;
	if (typeof id === 'number') return hashNumber(id, seed);
	const text = item && typeof item === 'object' ? (item as { text?: unknown }).text : item;
	return hash32(`\u0000${canonicalJson(text ?? null)}`, seed);
}

function streamPart(h: number, part: unknown): number {
	if (part === null || part === undefined) return streamCode(h, 0);
	return streamText(h, typeof part === 'string' ? part : String(part));
}

/** The hash of "street\u0001city\u0001state\u0001country\u0001continent", null parts as \u0000. */
function locationHash(item: unknown, seed: number): number {
	const l = (item ?? {}) as Record<string, unknown>;
	let h = streamStart(seed);
	h = streamPart(h, l.streetAddress);
	h = streamCode(h, 1);
	h = streamPart(h, l.city);
	h = streamCode(h, 1);
	h = streamPart(h, l.state);
	h = streamCode(h, 1);
	h = streamPart(h, l.country);
	h = streamCode(h, 1);
	h = streamPart(h, l.continent);
	return streamEnd(h);
}

/** An instant, whatever its ISO spelling ("…:00Z" and "…:00.000Z" are the same time). */
function instantHash(data: unknown, seed: number): number {
	if (typeof data !== 'string') return hash32(canonicalJson(data), seed);
	// The API's usual spelling is already canonical: no parsing needed.
	if (data.length === 24 && data.charCodeAt(19) === 46 && data.charCodeAt(23) === 90)
		return hash32(data, seed);
	const time = Date.parse(data);
	return hash32(Number.isNaN(time) ? data : new Date(time).toISOString(), seed);
}

/** The hash of "type:id" of an interaction, or of all of it when it has no id. */
function interactionHash(data: unknown, seed: number): number {
	const interaction = (data ?? {}) as { type?: unknown; id?: unknown };
	if (interaction.id === undefined) return hash32(canonicalJson(data), seed);
	let h = streamStart(seed);
	h = streamText(h, String(interaction.type));
	h = streamCode(h, 58);
	h = streamText(h, String(interaction.id));
	return streamEnd(h);
}

/**
 * A note value (notes.BaseNote) by its id and its text: another note, or the note's content
 * edited, is a change; its creator renamed or its mentions resolved anew are not.
 */
function noteHash(data: unknown, seed: number): number {
	const note = (data ?? {}) as { id?: unknown; content?: { html?: unknown } | null };
	if (typeof note.id !== 'number') return hash32(canonicalJson(data), seed);
	return hash32(`${note.id}\u0001${canonicalJson(note.content?.html ?? null)}`, seed);
}

/** A reminder value (ReminderData) by its id, content, due date and type, not its createdAt. */
function reminderHash(data: unknown, seed: number): number {
	const r = (data ?? {}) as { id?: unknown; content?: unknown; dueDate?: unknown; type?: unknown };
	if (typeof r.id !== 'number') return hash32(canonicalJson(data), seed);
	return hash32(canonicalJson([r.id, r.content ?? null, r.dueDate ?? null, r.type ?? null]), seed);
}

/** A member of a multi value, hashed as it counts in its multiset. */
export function memberHash(code: number, item: unknown): number {
	switch (code) {
		case T.numberMulti:
			return numberHash(item, MEMBER);
		case T.locationMulti:
			return locationHash(item, MEMBER);
		case T.dropdownMulti:
			return optionHash(item, MEMBER);
		case T.personMulti:
		case T.companyMulti:
		case T.listMulti:
			// A list counts by its id, whatever its name or how many entries it has.
			return refHash(item, MEMBER);
		default:
			return textHash(item, MEMBER);
	}
}

/**
 * A multiset's fingerprint, built member by member from the members' hashes: independent of
 * member order (the API's order is noise), from their sum, their xor and their count.
 */
export class MultisetHash {
	private sum = 0;
	private xor = 0;
	private count = 0;

	constructor(private readonly code: number) {}

	reset(): void {
		this.sum = 0;
		this.xor = 0;
		this.count = 0;
	}

	add(memberHash: number): void {
		this.sum = (this.sum + memberHash) >>> 0;
		this.xor = (this.xor ^ memberHash) >>> 0;
		this.count++;
	}

	/** The hash of the members added since the last reset. */
	hash(): number {
		return mix32(
			(mix32(this.sum ^ SEEDS[this.code]) + Math.imul(mix32(this.xor), 0x27d4eb2d) + this.count) >>>
				0,
		);
	}

	/** The fingerprint of a value made of these members. */
	fingerprint(): number {
		return nonEmpty(this.hash());
	}
}

function setHash(code: number, items: unknown): number {
	if (!Array.isArray(items)) return hash32(canonicalJson(items), SEEDS[code]);
	const multiset = new MultisetHash(code);
	for (let i = 0; i < items.length; i++) multiset.add(memberHash(code, items[i]));
	return multiset.hash();
}

/**
 * The hash of a non-empty value's data, by type code (`type` only serves types without one).
 * Not for values at the association cut-off: fingerprintData() checks those first.
 */
export function hashData(code: number, data: unknown, type: string): number {
	switch (code) {
		case T.text:
		case T.filterableText:
			return textHash(data, SEEDS[code]);
		case T.number:
			return numberHash(data, SEEDS[code]);
		case T.datetime:
			return instantHash(data, SEEDS[code]);
		case T.location:
			return locationHash(data, SEEDS[code]);
		case T.dropdown:
		case T.rankedDropdown:
			return optionHash(data, SEEDS[code]);
		case T.person:
		case T.company:
			return refHash(data, SEEDS[code]);
		case T.formulaNumber:
			return numberHash(
				(data as { calculatedValue?: unknown }).calculatedValue ?? null,
				SEEDS[code],
			);
		case T.interaction:
			// By type and id: internalPerson (2026-09-17) is not a change of its own.
			return interactionHash(data, SEEDS[code]);
		case T.note:
			return noteHash(data, SEEDS[code]);
		case T.reminder:
			return reminderHash(data, SEEDS[code]);
		case T.filterableTextMulti:
		case T.numberMulti:
		case T.locationMulti:
		case T.dropdownMulti:
		case T.personMulti:
		case T.companyMulti:
		case T.listMulti:
			return setHash(code, data);
		default:
			return hash32(canonicalJson(data), seedOf(type));
	}
}

/** EMPTY stays reserved for empty values. */
export function nonEmpty(hash: number): number {
	return hash === EMPTY ? 1 : hash;
}

/**
 * Whether a value is at the API's cut-off of associations (persons and companies of a
 * `*-multi` value): it may hold more than it shows, so it fingerprints as TRUNCATED. A value
 * that shows as many as its `totalCount` (read whole from its values pages, 2026-09-17) holds
 * no more, and is hashed exactly.
 */
export function atCutOff(code: number, data: unknown, totalCount?: unknown): boolean {
	return (
		(code === T.personMulti || code === T.companyMulti) &&
		Array.isArray(data) &&
		atAssociationLimit(data.length) &&
		!(typeof totalCount === 'number' && data.length >= totalCount)
	);
}

/** The fingerprint of non-empty data of a type (`type` only serves types without a code). */
export function fingerprintData(
	code: number,
	data: unknown,
	type: string,
	totalCount?: unknown,
): number {
	return atCutOff(code, data, totalCount) ? TRUNCATED : nonEmpty(hashData(code, data, type));
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
	// A value without a type (real answers lack described properties) hashes under the empty type.
	const type = typeof value.type === 'string' ? value.type : '';
	return fingerprintData(typeCode(type), value.data, type, value.totalCount);
}

/*
 * Exact keys. Many values are a number at heart (an id, an amount, an instant): the state can
 * store that number instead of a 32-bit hash, in fewer bits when the numbers are close, and
 * rebuild the hash from it. A key is only a candidate: the state keeps it only if the hash
 * rebuilt from it is the hash the value had (hashFromKey), so nothing is ever lost by it.
 */

/** The exact key of a non-empty value's data, or NaN when it has none. */
export function exactKey(code: number, data: unknown): number {
	switch (code) {
		case T.number:
			return typeof data === 'number' ? data : NaN;
		case T.formulaNumber: {
			const calculated =
				data && typeof data === 'object'
					? (data as { calculatedValue?: unknown }).calculatedValue
					: undefined;
			return typeof calculated === 'number' ? calculated : NaN;
		}
		case T.datetime:
			return typeof data === 'string' ? Date.parse(data) : NaN;
		case T.dropdown:
		case T.rankedDropdown: {
			const id =
				data && typeof data === 'object'
					? (data as { dropdownOptionId?: unknown }).dropdownOptionId
					: undefined;
			return typeof id === 'number' ? id : NaN;
		}
		case T.person:
		case T.company: {
			const id = data && typeof data === 'object' ? (data as { id?: unknown }).id : undefined;
			return typeof id === 'number' ? id : NaN;
		}
		default:
			return NaN;
	}
}

/** The exact key of a member of a multi value, or NaN. */
export function memberKey(code: number, item: unknown): number {
	switch (code) {
		case T.numberMulti:
			return typeof item === 'number' ? item : NaN;
		case T.dropdownMulti: {
			const id =
				item && typeof item === 'object'
					? (item as { dropdownOptionId?: unknown }).dropdownOptionId
					: undefined;
			return typeof id === 'number' ? id : NaN;
		}
		case T.personMulti:
		case T.companyMulti:
		case T.listMulti: {
			const id = item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
			return typeof id === 'number' ? id : NaN;
		}
		default:
			return NaN;
	}
}

/** Whether the keys of a type are amounts, which the state may scale to integers (2500.5 → 25005). */
export function hasDecimalKeys(code: number): boolean {
	return code === T.number || code === T.formulaNumber || code === T.numberMulti;
}

/** The fingerprint of a value of this type whose exact key is `key` (see exactKey). */
export function hashFromKey(code: number, key: number): number {
	if (code === T.datetime) {
		const time = new Date(key);
		return Number.isNaN(time.getTime()) ? -1 : nonEmpty(hash32(time.toISOString(), SEEDS[code]));
	}
	return nonEmpty(hashNumber(key, SEEDS[code]));
}

/** The member hash of a member whose exact key is `key` (see memberKey). */
export function memberHashFromKey(key: number): number {
	return hashNumber(key, MEMBER);
}

import { hash32 } from '../helpers/fingerprint';

/**
 * The trigger's saved state: one row per list entry, sorted by entry id, as columns of bits.
 *
 * Every column is a bit stream stored as JSON-safe text (13 bits in two characters, see
 * codec.ts), starting with a small header that says how it is coded. Each column takes the
 * cheapest of the codings that reproduce its fingerprints exactly:
 *
 * - entryIds: the sorted entry ids as Exp-Golomb coded gaps (1 bit an entry when consecutive).
 * - entityIds: each entry's company, person or opportunity id (needed to report a removal: the
 *   entry is gone from the API by then), as zigzag deltas from the previous row's or as they are.
 * - fields, one column per tracked field, in one of four codings (one file each):
 *   dictionaryCoding.ts, hashesCoding.ts, rangeCoding.ts and membersCoding.ts.
 *   The hash of every value is rebuilt from what is stored, and checked when it is written:
 *   a value is stored exactly only if its hash comes back identical.
 * - check: a hash of all the bit texts: a damaged state is refused, not misread.
 *
 * A state of another version (version 1 was a development layout, never released) is not read:
 * the poll starts a new baseline.
 */
export const STATE_VERSION = 2;

export interface StateColumn {
	/** Field id. */
	id: string;
	/** The column's bit stream (header, dictionary, rows) as text. */
	rows: string;
	/** Kept values (Keep Previous Values), aligned with the column's dictionary. */
	values?: unknown[];
}

export interface TriggerState {
	version: typeof STATE_VERSION;
	/** The list and saved view this state describes; another key means a new baseline. */
	key: string;
	count: number;
	/** company, person or opportunity; empty while the list was empty. */
	entityType: string;
	entryIds: string;
	entityIds: string;
	fields: StateColumn[];
	/** hash32 of every bit text, in order: a damaged state is refused. */
	check: number;
	/** When the poll that wrote this state started. */
	polledAt: string;
}

/** What a poll finds in the static data: read only if it is a TriggerState of this version. */
export type SavedState = TriggerState;

export interface DecodedColumn {
	hashes: Uint32Array;
	/** With kept values: per row, the index into `values`. */
	valueIndex?: Uint32Array;
	values?: unknown[];
}

export interface DecodedState {
	key: string;
	count: number;
	entityType: string;
	entryIds: Float64Array;
	entityIds: Float64Array;
	columns: Map<string, DecodedColumn>;
	polledAt: string;
}

/** A tracked field: its id, and whether its values are kept for `previous`. */
export interface TrackedField {
	id: string;
	keepValues: boolean;
}

/** Column codings, the first 2 bits of a column; the next 5 are the value type code. */
export const DICTIONARY = 0;
export const HASHES = 1;
export const RANGE = 2;
export const MEMBERS = 3;
export const CODING_BITS = 2;
export const TYPE_CODE_BITS = 5;

/**
 * A dictionary of hashes larger than this is given up for direct hashes: it no longer saves
 * space. Amounts and instants keep theirs (they may be coded as a range at the end).
 */
export const DICTIONARY_LIMIT = 16384;
/** Members collected for the members coding, at most; beyond, the column is hashed. */
export const MEMBER_LIMIT = 65535;

/** Exact keys stay below 2^52, so that their zigzag form is a safe integer. */
export const KEY_LIMIT = 2 ** 52;
/** Decimal places an amount may have to be stored exactly (2500.5 → 25005 at scale 1). */
export const MAX_SCALE = 9;
export const POW10 = Float64Array.from({ length: MAX_SCALE + 1 }, (_, i) => 10 ** i);

/** Bits that one character of a bit text carries (13 in two). */
const BITS_PER_CHARACTER = 6.5;

/** Entity ids must be whole numbers from 0 to 2^52: anything else is stored as 0 (unknown). */
export function storableEntityId(id: unknown): number {
	return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 && id < KEY_LIMIT ? id : 0;
}

export function checksum(state: TriggerState): number {
	let h = hash32(state.entryIds, state.count);
	h = hash32(state.entityIds, h);
	for (const field of state.fields) h = hash32(field.rows, hash32(field.id, h));
	return h;
}

function isBitText(value: unknown): value is string {
	return typeof value === 'string' && value.length % 2 === 0;
}

function columnProblem(column: unknown, index: number): string | undefined {
	if (column === null || typeof column !== 'object' || Array.isArray(column))
		return `field ${index} is not an object`;
	const { id, rows, values } = column as Partial<Record<keyof StateColumn, unknown>>;
	if (typeof id !== 'string') return `field ${index} has no id`;
	if (!isBitText(rows)) return `field ${index} has no bit text`;
	if (values !== undefined && !Array.isArray(values))
		return `field ${index} keeps values that are not a list`;
	return undefined;
}

/**
 * What makes `value` unreadable as a state of this version, or undefined when its shape is
 * sound: every field of the right type, and a count that the entry id text can hold (each
 * entry takes at least one bit there). Checked before anything is sized from the count, so
 * that a damaged count is refused instead of allocated.
 */
export function stateProblem(value: unknown): string | undefined {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not an object';
	const s = value as Partial<Record<keyof TriggerState, unknown>>;
	if (s.version !== STATE_VERSION) return `version ${String(s.version)}`;
	if (typeof s.key !== 'string') return 'no key';
	if (typeof s.entityType !== 'string') return 'no entity type';
	if (typeof s.polledAt !== 'string') return 'no poll time';
	if (
		typeof s.check !== 'number' ||
		!Number.isInteger(s.check) ||
		s.check < 0 ||
		s.check > 0xffffffff
	)
		return 'no check';
	if (!isBitText(s.entryIds) || !isBitText(s.entityIds)) return 'no id columns';
	const count = s.count;
	if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return 'bad count';
	if (
		count > s.entryIds.length * BITS_PER_CHARACTER ||
		count > s.entityIds.length * BITS_PER_CHARACTER
	) {
		return `a count of ${count} that the id columns cannot hold`;
	}
	if (!Array.isArray(s.fields)) return 'no fields';
	for (let i = 0; i < s.fields.length; i++) {
		const problem = columnProblem(s.fields[i], i);
		if (problem) return problem;
	}
	return undefined;
}

/** True when `value` has the shape of a state this version reads (anything else is a new baseline). */
export function isTriggerState(value: unknown): value is SavedState {
	return stateProblem(value) === undefined;
}

/**
 * True when `saved` holds exactly what `next` holds (the same entries, fingerprints and kept
 * values; only the poll time may differ): a poll that found nothing new need not write it again.
 */
export function sameSnapshot(saved: unknown, next: TriggerState): boolean {
	if (!isTriggerState(saved)) return false;
	if (saved.check !== next.check || saved.count !== next.count) return false;
	if (saved.key !== next.key || saved.entityType !== next.entityType) return false;
	if (saved.entryIds !== next.entryIds || saved.entityIds !== next.entityIds) return false;
	if (saved.fields.length !== next.fields.length) return false;
	return saved.fields.every(
		(f, i) =>
			f.id === next.fields[i].id &&
			f.rows === next.fields[i].rows &&
			JSON.stringify(f.values) === JSON.stringify(next.fields[i].values),
	);
}

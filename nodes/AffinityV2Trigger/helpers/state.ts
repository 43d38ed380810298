import { simplifyValue } from '../../AffinityV2/helpers/simplify';
import type { FieldValue } from '../../AffinityV2/helpers/types';
import {
	TextBitReader,
	TextBitWriter,
	bitsFor,
	expGolombBits,
	expGolombOrder,
	unzigzag,
	zigzag,
} from './codec';
import {
	EMPTY,
	T,
	TRUNCATED,
	canonicalJson,
	combineMembers,
	exactKey,
	fingerprint,
	hasDecimalKeys,
	hash32,
	hashData,
	hashFromKey,
	isMultiType,
	isNumericType,
	memberHash,
	memberHashFromKey,
	memberKey,
	nonEmpty,
	typeCode,
} from './fingerprint';

/**
 * The trigger's saved state: one row per list entry, sorted by entry id, as columns of bits.
 *
 * Version 2 (written since issue 7). Every column is a bit stream stored as JSON-safe text
 * (13 bits in two characters, see codec.ts), starting with a small header that says how it is
 * coded. Each column takes the cheapest of the codings that reproduce its fingerprints exactly:
 *
 * - entryIds: the sorted entry ids as Exp-Golomb coded gaps (1 bit an entry when consecutive).
 * - entityIds: each entry's company, person or opportunity id (needed to report a removal: the
 *   entry is gone from the API by then), as zigzag deltas from the previous row's or as they are.
 * - fields, one column per tracked field, coded as one of:
 *   - dictionary: the field's distinct values once, then per entry an index of the fewest bits
 *     (a status with 6 options takes 3 bits an entry), optionally a 1-bit flag for the most
 *     frequent value (often "empty"). Values that are a number at heart (ids of persons,
 *     companies and dropdown options, amounts, instants) are stored as that number, sorted and
 *     delta coded; other values as their 32-bit hash, sorted and delta coded.
 *   - hashes: the 32-bit hash of each entry's value (free text), optionally after an empty flag.
 *   - range: amounts and instants as their offset from the column's smallest, in steps of the
 *     greatest common step (whole hours for dates), without a dictionary.
 *   - members: multi values (people, companies, options, numbers, places) as a count and an
 *     index per member into a dictionary of the members: exact, and cheaper than a hash when
 *     members repeat across entries.
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

/**
 * A dictionary of hashes larger than this is given up for direct hashes: it no longer saves
 * space. Amounts and instants keep theirs (they may be coded as a range at the end).
 */
export const DICTIONARY_LIMIT = 16384;
/** Members collected for the members coding, at most; beyond, the column is hashed. */
export const MEMBER_LIMIT = 65535;

/**
 * After this many rows a column drops what will not pay: a dictionary of mostly distinct
 * values, members that cost more than hashes. Only the size depends on it, never what is read.
 */
const ADAPT_AT = 4096;

/** Exact keys stay below 2^52, so that their zigzag form is a safe integer. */
const KEY_LIMIT = 2 ** 52;
/** Decimal places an amount may have to be stored exactly (2500.5 → 25005 at scale 1). */
const MAX_SCALE = 9;
const POW10 = Float64Array.from({ length: MAX_SCALE + 1 }, (_, i) => 10 ** i);

/* Column codings, the first 2 bits of a column. */
const DICTIONARY = 0;
const HASHES = 1;
const RANGE = 2;
const MEMBERS = 3;

// ---------------------------------------------------------------------------------------------
// Growable arrays and a hash index: what a poll keeps per entry, a few bytes each.

class GrowableFloat64 {
	data: Float64Array;
	length = 0;

	constructor(capacity = 1024) {
		this.data = new Float64Array(Math.max(16, capacity));
	}

	push(value: number): void {
		if (this.length === this.data.length) {
			const grown = new Float64Array(this.data.length * 2);
			grown.set(this.data);
			this.data = grown;
		}
		this.data[this.length++] = value;
	}
}

class GrowableUint32 {
	data: Uint32Array;
	length = 0;

	constructor(capacity = 64) {
		this.data = new Uint32Array(Math.max(16, capacity));
	}

	push(value: number): void {
		if (this.length === this.data.length) {
			const grown = new Uint32Array(this.data.length * 2);
			grown.set(this.data);
			this.data = grown;
		}
		this.data[this.length++] = value;
	}
}

/**
 * uint32 → index, open addressing. The keys are hashes (well spread already) and many exceed
 * 2^30, which a Map would box as heap numbers: this is several times faster and allocates
 * nothing per key.
 */
class HashIndex {
	private keys = new Uint32Array(64);
	private slots = new Int32Array(64).fill(-1);
	private size = 0;

	get(key: number): number {
		const mask = this.keys.length - 1;
		for (let i = key & mask; ; i = (i + 1) & mask) {
			const slot = this.slots[i];
			if (slot === -1) return -1;
			if (this.keys[i] === key) return slot;
		}
	}

	set(key: number, value: number): void {
		if ((this.size + 1) * 2 > this.keys.length) this.grow();
		this.place(key, value);
		this.size++;
	}

	private place(key: number, value: number): void {
		const mask = this.keys.length - 1;
		let i = key & mask;
		while (this.slots[i] !== -1) i = (i + 1) & mask;
		this.keys[i] = key;
		this.slots[i] = value;
	}

	private grow(): void {
		const { keys, slots } = this;
		this.keys = new Uint32Array(keys.length * 2);
		this.slots = new Int32Array(keys.length * 2).fill(-1);
		for (let i = 0; i < keys.length; i++) if (slots[i] !== -1) this.place(keys[i], slots[i]);
	}
}

function gcd(a: number, b: number): number {
	while (b !== 0) {
		const rest = a % b;
		a = b;
		b = rest;
	}
	return a;
}

// ---------------------------------------------------------------------------------------------
// Dictionaries: distinct values (or members) as exact keys where their hash comes back from
// the key, as hashes otherwise; both sorted and delta coded.

interface Dictionary {
	/** Decimal places of the exact keys (amounts), 0 for ids and instants. */
	scale: number;
	/** Exact keys, scaled to integers, ascending. */
	keys: Float64Array;
	/** Hashes of the values without an exact key, ascending (equal ones allowed). */
	hashes: Float64Array;
	/** Old entry index → index in the written dictionary (exact keys first, then hashes). */
	remap: Uint32Array;
	/** Written index → old entry index. */
	order: Uint32Array;
	/** Bits the dictionary takes. */
	bits: number;
}

/** Fewest decimal places that give `value` exactly, or -1. */
function decimalPlaces(value: number): number {
	for (let s = 0; s <= MAX_SCALE; s++) {
		const scaled = Math.round(value * POW10[s]);
		if (Math.abs(scaled) < KEY_LIMIT && scaled / POW10[s] === value) return s;
	}
	return -1;
}

/** Bits of a sorted run written as a first value and gaps: see writeSorted. */
function sortedBits(values: Float64Array, strict: boolean): { bits: number; step: number; firstK: number; gapK: number } {
	const n = values.length;
	if (n === 0) return { bits: 0, step: 1, firstK: 0, gapK: 0 };
	const first = expGolombOrder([zigzag(values[0])]);
	if (n === 1) return { bits: 6 + first.bits, step: 1, firstK: first.k, gapK: 0 };
	let step = 0;
	for (let i = 1; i < n; i++) step = gcd(values[i] - values[i - 1], step);
	if (step === 0) step = 1;
	const gaps = new Float64Array(n - 1);
	const offset = strict ? 1 : 0;
	for (let i = 1; i < n; i++) gaps[i - 1] = (values[i] - values[i - 1]) / step - offset;
	const coded = expGolombOrder(gaps);
	return { bits: 6 + first.bits + expGolombBits(step - 1, 0) + 6 + coded.bits, step, firstK: first.k, gapK: coded.k };
}

/**
 * A sorted run: count, the first value (zigzag, Exp-Golomb of a written order), the greatest
 * common step of the gaps, then each gap in steps (minus one when strictly ascending).
 */
function writeSorted(writer: TextBitWriter, values: Float64Array, strict: boolean): void {
	const n = values.length;
	writer.expGolomb(n, 0);
	if (n === 0) return;
	const plan = sortedBits(values, strict);
	writer.write(plan.firstK, 6);
	writer.expGolomb(zigzag(values[0]), plan.firstK);
	if (n === 1) return;
	writer.expGolomb(plan.step - 1, 0);
	writer.write(plan.gapK, 6);
	const offset = strict ? 1 : 0;
	for (let i = 1; i < n; i++) writer.expGolomb((values[i] - values[i - 1]) / plan.step - offset, plan.gapK);
}

function readSorted(reader: TextBitReader, strict: boolean, limit: number): Float64Array {
	const n = reader.expGolomb(0);
	if (n > limit) throw new Error(`state: a run of ${n} values where at most ${limit} fit`);
	const values = new Float64Array(n);
	if (n === 0) return values;
	let value = unzigzag(reader.expGolomb(reader.read(6)));
	values[0] = value;
	if (n === 1) return values;
	const step = reader.expGolomb(0) + 1;
	const gapK = reader.read(6);
	const offset = strict ? 1 : 0;
	for (let i = 1; i < n; i++) {
		value += (reader.expGolomb(gapK) + offset) * step;
		values[i] = value;
	}
	return values;
}

/**
 * Sorts a column's distinct entries into a dictionary. `keys` are candidate exact keys (NaN:
 * none); an entry keeps its key only if the hash rebuilt from it is its hash.
 */
function buildDictionary(code: number, member: boolean, hashes: ArrayLike<number>, keys: ArrayLike<number> | undefined, size: number): Dictionary {
	const decimal = hasDecimalKeys(code);
	const places = new Int8Array(size).fill(-1);
	let scale = 0;
	if (keys) {
		for (let i = 0; i < size; i++) {
			const key = keys[i];
			if (Number.isNaN(key)) continue;
			const p = decimal ? decimalPlaces(key) : Number.isSafeInteger(key) && Math.abs(key) < KEY_LIMIT ? 0 : -1;
			if (p < 0) continue;
			const rebuilt = member ? memberHashFromKey(key) : hashFromKey(code, key);
			if (rebuilt !== hashes[i]) continue;
			places[i] = p;
			if (p > scale) scale = p;
		}
	}
	const exact: number[] = [];
	const hashed: number[] = [];
	const scaled = new Float64Array(size);
	for (let i = 0; i < size; i++) {
		if (places[i] >= 0) {
			const value = Math.round((keys as ArrayLike<number>)[i] * POW10[scale]);
			if (Math.abs(value) < KEY_LIMIT && value / POW10[scale] === (keys as ArrayLike<number>)[i]) {
				scaled[i] = value;
				exact.push(i);
				continue;
			}
		}
		hashed.push(i);
	}
	exact.sort((a, b) => scaled[a] - scaled[b]);
	hashed.sort((a, b) => hashes[a] - hashes[b] || a - b);
	const order = Uint32Array.from([...exact, ...hashed]);
	const remap = new Uint32Array(size);
	for (let i = 0; i < order.length; i++) remap[order[i]] = i;
	const keyRun = Float64Array.from(exact, (i) => scaled[i]);
	const hashRun = Float64Array.from(hashed, (i) => hashes[i]);
	const bits = 4 + expGolombBits(keyRun.length, 0) + sortedBits(keyRun, true).bits + expGolombBits(hashRun.length, 0) + sortedBits(hashRun, false).bits;
	return { scale, keys: keyRun, hashes: hashRun, remap, order, bits };
}

function writeDictionary(writer: TextBitWriter, dictionary: Dictionary): void {
	writer.write(dictionary.scale, 4);
	writeSorted(writer, dictionary.keys, true);
	writeSorted(writer, dictionary.hashes, false);
}

/** The entries' hashes, in written order: rebuilt from the exact keys, then as stored. */
function readDictionary(reader: TextBitReader, code: number, member: boolean, limit: number): Uint32Array {
	const scale = reader.read(4);
	if (scale > MAX_SCALE) throw new Error('state: bad decimal scale');
	const keys = readSorted(reader, true, limit);
	const hashes = readSorted(reader, false, limit);
	const out = new Uint32Array(keys.length + hashes.length);
	for (let i = 0; i < keys.length; i++) {
		const key = scale ? keys[i] / POW10[scale] : keys[i];
		const hash = member ? memberHashFromKey(key) : hashFromKey(code, key);
		if (hash < 0) throw new Error('state: a key without a value');
		out[i] = hash;
	}
	for (let i = 0; i < hashes.length; i++) {
		if (hashes[i] > 0xffffffff) throw new Error('state: a hash beyond 32 bits');
		out[keys.length + i] = hashes[i];
	}
	return out;
}

// ---------------------------------------------------------------------------------------------
// Collecting a poll.

/** Per row of a multi column: its member count, or one of these. */
const NULL_ROW = 0;
const SPECIAL_ROW = 0xffff;

/**
 * The members of a multi column's values, for the members coding: per row a count (or
 * SPECIAL_ROW: a value that is not a plain list of members, stored by its hash), per member
 * an index into the column's member dictionary.
 */
class MemberCollector {
	readonly counts: GrowableUint32;
	readonly indexes: GrowableUint32;
	private readonly dictionary = new HashIndex();
	readonly hashes = new GrowableUint32();
	readonly keys = new GrowableFloat64(64);
	maxCount = 0;
	specials = 0;
	abandoned = false;

	constructor(
		private readonly code: number,
		capacity: number,
	) {
		this.counts = new GrowableUint32(capacity);
		this.indexes = new GrowableUint32(capacity * 2);
	}

	empty(): void {
		this.counts.push(NULL_ROW);
	}

	special(): void {
		this.counts.push(SPECIAL_ROW);
		this.specials++;
	}

	/** A plain list of members; returns the value's fingerprint. */
	add(items: unknown[]): number {
		const code = this.code;
		const n = items.length;
		let sum = 0;
		let xor = 0;
		if (n === 0 || n >= SPECIAL_ROW) {
			this.special();
			return nonEmpty(hashData(code, items, ''));
		}
		for (let i = 0; i < n; i++) {
			const item = items[i];
			const h = memberHash(code, item);
			sum = (sum + h) >>> 0;
			xor = (xor ^ h) >>> 0;
			if (this.abandoned) continue;
			let index = this.dictionary.get(h);
			if (index < 0) {
				index = this.hashes.length;
				if (index >= MEMBER_LIMIT) {
					this.abandoned = true;
					continue;
				}
				this.dictionary.set(h, index);
				this.hashes.push(h);
				this.keys.push(memberKey(code, item));
			}
			this.indexes.push(index);
		}
		this.counts.push(n);
		if (n > this.maxCount) this.maxCount = n;
		return nonEmpty(combineMembers(code, sum, xor, n));
	}
}

/**
 * One column while a poll collects it: per row an index into the column's distinct values (or
 * the value's hash, once there are too many), and for multi columns the members.
 */
class ColumnBuilder {
	/** The column's value type, from its first value; values of another type are hashed generally. */
	private type: string | undefined;
	private code: number = T.other;
	private multi = false;
	private limit = DICTIONARY_LIMIT;
	private dictionary: HashIndex | undefined = new HashIndex();
	private readonly entryHashes = new GrowableUint32();
	private readonly entryKeys = new GrowableFloat64(64);
	/** Dictionary indexes per row, or hashes per row once `dictionary` is dropped. */
	private readonly rows: GrowableUint32;
	private members: MemberCollector | undefined;

	constructor(
		readonly field: TrackedField,
		private readonly capacity: number,
	) {
		this.rows = new GrowableUint32(capacity);
	}

	/** Takes the column's type from its first non-empty value. */
	private start(value: FieldValue): void {
		this.type = value.type;
		this.code = typeCode(this.type);
		this.multi = isMultiType(this.code);
		if (isNumericType(this.code)) this.limit = 0xffffffff;
		if (this.multi) {
			this.members = new MemberCollector(this.code, this.capacity);
			// The rows so far were all empty.
			for (let i = 0; i < this.rows.length; i++) this.members.empty();
		}
	}

	/** Adds a row; returns its fingerprint. */
	add(value: FieldValue | undefined): number {
		if (!value || value.data === null || value.data === undefined) {
			this.members?.empty();
			this.record(EMPTY, undefined);
			return EMPTY;
		}
		if (this.type === undefined) this.start(value);
		const members = this.members;
		let hash: number;
		let exact = false;
		if (value.type !== this.type) {
			// Another type than the column's (the field was changed in Affinity): hashed as any value.
			hash = fingerprint(value);
			members?.special();
		} else if (this.multi) {
			const data = value.data;
			if (!Array.isArray(data)) {
				hash = nonEmpty(hashData(this.code, data, this.type));
				members?.special();
			} else if ((this.code === T.personMulti || this.code === T.companyMulti) && data.length >= 100) {
				// At the API's cut-off: see TRUNCATED.
				hash = TRUNCATED;
				members?.special();
			} else if (members) {
				hash = members.add(data);
				if (members.abandoned) this.members = undefined;
			} else hash = nonEmpty(hashData(this.code, data, this.type));
		} else {
			hash = nonEmpty(hashData(this.code, value.data, this.type));
			exact = true;
		}
		this.record(hash, exact ? value.data : undefined);
		if (this.rows.length === ADAPT_AT) this.adapt();
		return hash;
	}

	/** Estimates in bits a row, from the rows so far; a dictionary item costs about 24 bits. */
	private adapt(): void {
		const rows = this.rows.length;
		const distinct = this.entryHashes.length;
		if (this.dictionary && !isNumericType(this.code) && distinct > rows * 0.75) this.dropDictionary();
		const dictionaryBits = this.dictionary ? bitsFor(distinct) + (distinct * 24) / rows : Infinity;
		const members = this.members;
		if (!members) return;
		let empty = 0;
		for (let i = 0; i < rows; i++) if (members.counts.data[i] === NULL_ROW) empty++;
		const hashBits = 1 + (32 * (rows - empty)) / rows;
		const size = members.hashes.length;
		const memberBits = bitsFor(members.maxCount + 2) + (members.indexes.length / rows) * bitsFor(size) + (size * 24) / rows;
		if (memberBits > 1.25 * Math.min(hashBits, dictionaryBits)) this.members = undefined;
	}

	/** `data`: the value's data when it may have an exact key (looked up for new entries only). */
	private record(hash: number, data: unknown): void {
		const dictionary = this.dictionary;
		if (!dictionary) {
			this.rows.push(hash);
			return;
		}
		let index = dictionary.get(hash);
		if (index < 0) {
			index = this.entryHashes.length;
			if (index >= this.limit) {
				this.dropDictionary();
				this.rows.push(hash);
				return;
			}
			dictionary.set(hash, index);
			this.entryHashes.push(hash);
			this.entryKeys.push(data === undefined ? NaN : exactKey(this.code, data));
		}
		this.rows.push(index);
	}

	private dropDictionary(): void {
		const rows = this.rows.data;
		const hashes = this.entryHashes.data;
		for (let i = 0; i < this.rows.length; i++) rows[i] = hashes[rows[i]];
		this.dictionary = undefined;
	}

	/** The row's fingerprint (`row` in the order rows were added). */
	private tokenOf(row: number): number {
		const value = this.rows.data[row];
		return this.dictionary ? this.entryHashes.data[value] : value;
	}

	/** Chooses the cheapest coding and writes the column, rows in `order` (row indexes as added). */
	finish(count: number, order: Uint32Array): StateColumn {
		const writer = new TextBitWriter(count * 8);
		const code = this.code;
		const plan = this.plan(count);
		writer.write(plan.coding, 2);
		writer.write(code, 5);
		switch (plan.coding) {
			case DICTIONARY: {
				const dictionary = plan.dictionary as Dictionary;
				const rows = this.rows.data;
				writeDictionary(writer, dictionary);
				const size = dictionary.order.length;
				const common = plan.common;
				writer.flag(common >= 0);
				if (common >= 0) {
					writer.write(common, bitsFor(size));
					const width = bitsFor(size - 1);
					for (let i = 0; i < count; i++) {
						const index = dictionary.remap[rows[order[i]]];
						writer.flag(index === common);
						if (index !== common) writer.write(index > common ? index - 1 : index, width);
					}
				} else {
					const width = bitsFor(size);
					if (width) for (let i = 0; i < count; i++) writer.write(dictionary.remap[rows[order[i]]], width);
				}
				break;
			}
			case HASHES: {
				writer.flag(plan.flagEmpty);
				for (let i = 0; i < count; i++) {
					const hash = this.tokenOf(order[i]);
					if (plan.flagEmpty) writer.flag(hash === EMPTY);
					if (!plan.flagEmpty || hash !== EMPTY) writer.write(hash, 32);
				}
				break;
			}
			case RANGE: {
				const dictionary = plan.dictionary as Dictionary;
				const { min, step, width } = plan.range as RangePlan;
				const rows = this.rows.data;
				writer.write(dictionary.scale, 4);
				const minK = expGolombOrder([zigzag(min)]).k;
				writer.write(minK, 6);
				writer.expGolomb(zigzag(min), minK);
				writer.expGolomb(step - 1, 0);
				writer.write(width, 6);
				writer.flag(plan.flagEmpty);
				const keys = dictionary.keys;
				// Written index → key; EMPTY is the last dictionary entry when present.
				for (let i = 0; i < count; i++) {
					const index = dictionary.remap[rows[order[i]]];
					const empty = index >= keys.length;
					if (plan.flagEmpty) {
						writer.flag(empty);
						if (!empty) writer.write((keys[index] - min) / step, width);
					} else writer.write(empty ? 0 : (keys[index] - min) / step + 1, width);
				}
				break;
			}
			case MEMBERS: {
				const members = this.members as MemberCollector;
				const dictionary = plan.dictionary as Dictionary;
				writeDictionary(writer, dictionary);
				const countWidth = bitsFor(members.maxCount + 1 + (members.specials ? 1 : 0));
				const special = members.maxCount + 1;
				writer.expGolomb(members.maxCount, 0);
				writer.flag(members.specials > 0);
				const indexWidth = bitsFor(dictionary.order.length);
				const counts = members.counts.data;
				const indexes = members.indexes.data;
				// Where each row's members start, by the order rows were added.
				const starts = new Uint32Array(count);
				for (let i = 0, at = 0; i < count; i++) {
					starts[i] = at;
					if (counts[i] !== SPECIAL_ROW) at += counts[i];
				}
				// A row's members in ascending order (the order of a multiset is noise).
				const sorted = new Uint32Array(members.maxCount);
				const remap = dictionary.remap;
				for (let i = 0; i < count; i++) {
					const row = order[i];
					const n = counts[row];
					if (n === SPECIAL_ROW) {
						writer.write(special, countWidth);
						writer.write(this.tokenOf(row), 32);
						continue;
					}
					writer.write(n, countWidth);
					const start = starts[row];
					for (let m = 0; m < n; m++) {
						const index = remap[indexes[start + m]];
						let at = m;
						while (at > 0 && sorted[at - 1] > index) {
							sorted[at] = sorted[at - 1];
							at--;
						}
						sorted[at] = index;
					}
					for (let m = 0; m < n; m++) writer.write(sorted[m], indexWidth);
				}
				break;
			}
		}
		return { id: this.field.id, rows: writer.finish() };
	}

	/** The coding that takes the fewest bits for this column. */
	private plan(count: number): Plan {
		const code = this.code;
		const candidates: Plan[] = [];
		// The most frequent token: with a dictionary counted exactly, else EMPTY.
		let emptyRows = 0;
		let dictionary: Dictionary | undefined;
		let frequency: Uint32Array | undefined;
		if (this.dictionary) {
			const size = this.entryHashes.length;
			dictionary = buildDictionary(code, false, this.entryHashes.data, this.entryKeys.data, size);
			frequency = new Uint32Array(size);
			const rows = this.rows.data;
			for (let i = 0; i < count; i++) frequency[dictionary.remap[rows[i]]]++;
			let common = 0;
			for (let i = 1; i < size; i++) if (frequency[i] > frequency[common]) common = i;
			const plain = dictionary.bits + 1 + count * bitsFor(size);
			const flagged = size > 1 ? dictionary.bits + 1 + bitsFor(size) + count + (count - frequency[common]) * bitsFor(size - 1) : Infinity;
			candidates.push({ coding: DICTIONARY, bits: Math.min(plain, flagged), dictionary, common: flagged < plain ? common : -1, flagEmpty: false });
			for (let i = 0; i < size; i++) if (this.entryHashes.data[dictionary.order[i]] === EMPTY) emptyRows = frequency[i];
			const range = this.rangePlan(dictionary, frequency, count);
			if (range) candidates.push(range);
		} else {
			for (let i = 0; i < count; i++) if (this.rows.data[i] === EMPTY) emptyRows++;
		}
		const flagged = 1 + count + (count - emptyRows) * 32;
		candidates.push({ coding: HASHES, bits: Math.min(1 + count * 32, flagged), common: -1, flagEmpty: flagged < 1 + count * 32 });
		const members = this.members;
		if (members && members.counts.length === count) {
			const size = members.hashes.length;
			const memberDictionary = buildDictionary(code, true, members.hashes.data, members.keys.data, size);
			const countWidth = bitsFor(members.maxCount + 1 + (members.specials ? 1 : 0));
			const bits = memberDictionary.bits + expGolombBits(members.maxCount, 0) + 1 + count * countWidth + members.indexes.length * bitsFor(size) + members.specials * 32;
			candidates.push({ coding: MEMBERS, bits, dictionary: memberDictionary, common: -1, flagEmpty: false });
		}
		let best = candidates[0];
		for (const candidate of candidates) if (candidate.bits < best.bits) best = candidate;
		return best;
	}

	/**
	 * Amounts and instants as offsets from the smallest: possible when every value but empty
	 * has an exact key. Empty is the written dictionary's only hash then.
	 */
	private rangePlan(dictionary: Dictionary, frequency: Uint32Array, count: number): Plan | undefined {
		if (!isNumericType(this.code)) return undefined;
		const keys = dictionary.keys;
		const hashes = dictionary.hashes;
		if (keys.length === 0 || hashes.length > 1 || (hashes.length === 1 && hashes[0] !== EMPTY)) return undefined;
		const min = keys[0];
		let step = 0;
		for (let i = 1; i < keys.length; i++) step = gcd(keys[i] - min, step);
		if (step === 0) step = 1;
		const span = (keys[keys.length - 1] - min) / step;
		const emptyRows = hashes.length ? frequency[keys.length] : 0;
		const header = 4 + 6 + expGolombBits(zigzag(min), expGolombOrder([zigzag(min)]).k) + expGolombBits(step - 1, 0) + 6 + 1;
		// Unflagged, code 0 is empty and the others are offset by one.
		const coded = count * bitsFor(span + 2);
		const flagged = emptyRows ? count + (count - emptyRows) * bitsFor(span + 1) : Infinity;
		const flagEmpty = flagged < coded;
		const width = flagEmpty ? bitsFor(span + 1) : bitsFor(span + 2);
		if (width > 53) return undefined;
		return { coding: RANGE, bits: header + Math.min(coded, flagged), dictionary, common: -1, flagEmpty, range: { min, step, width } };
	}
}

interface RangePlan {
	min: number;
	step: number;
	width: number;
}

interface Plan {
	coding: number;
	bits: number;
	dictionary?: Dictionary;
	/** Dictionary coding: the written index flagged with one bit, or -1. */
	common: number;
	/** Hashes and range codings: a 1-bit empty flag per row. */
	flagEmpty: boolean;
	range?: RangePlan;
}

/**
 * A column that keeps its values (Keep Previous Values): one dictionary item per distinct
 * value as shown (the same set in another order, a person under a new name), so that
 * `previous` is exactly what was there.
 */
class KeptColumnBuilder {
	private readonly dictionary = new Map<string, number>();
	private readonly entryHashes = new GrowableUint32();
	private readonly values: unknown[] = [];
	private readonly rows: GrowableUint32;

	constructor(
		readonly field: TrackedField,
		capacity: number,
	) {
		this.rows = new GrowableUint32(capacity);
	}

	add(value: FieldValue | undefined): number {
		const hash = fingerprint(value);
		const shown = simplifyValue(value as FieldValue);
		const key = `${hash}|${canonicalJson(shown)}`;
		let index = this.dictionary.get(key);
		if (index === undefined) {
			index = this.values.length;
			this.dictionary.set(key, index);
			this.entryHashes.push(hash);
			this.values.push(shown);
		}
		this.rows.push(index);
		return hash;
	}

	finish(count: number, order: Uint32Array): StateColumn {
		const size = this.values.length;
		const dictionary = buildDictionary(T.other, false, this.entryHashes.data, undefined, size);
		const writer = new TextBitWriter(count * 4);
		writer.write(DICTIONARY, 2);
		writer.write(T.other, 5);
		writeDictionary(writer, dictionary);
		writer.flag(false);
		const width = bitsFor(size);
		const rows = this.rows.data;
		if (width) for (let i = 0; i < count; i++) writer.write(dictionary.remap[rows[order[i]]], width);
		return { id: this.field.id, rows: writer.finish(), values: Array.from(dictionary.order, (i) => this.values[i]) };
	}
}

/**
 * Collects the entries of one poll and encodes them as a TriggerState at the end. Memory is a
 * few typed arrays (about 8 + 8 + 2 × fields bytes an entry, plus members), not the entries.
 */
export class SnapshotBuilder {
	private readonly entryIdColumn: GrowableFloat64;
	private readonly entityIds: GrowableFloat64;
	private readonly columns: Array<ColumnBuilder | KeptColumnBuilder>;
	/** The fingerprints of the last entry added, in the order of `fields`. */
	readonly hashes: Uint32Array;
	entityType = '';

	/** `expected`: about how many entries to expect (the previous poll's count), to size arrays once. */
	constructor(
		readonly fields: TrackedField[],
		expected = 0,
	) {
		const capacity = Math.max(1024, Math.ceil(expected * 1.05) + 16);
		this.entryIdColumn = new GrowableFloat64(capacity);
		this.entityIds = new GrowableFloat64(capacity);
		this.columns = fields.map((f) => (f.keepValues ? new KeptColumnBuilder(f, capacity) : new ColumnBuilder(f, capacity)));
		this.hashes = new Uint32Array(fields.length);
	}

	get count(): number {
		return this.entryIdColumn.length;
	}

	/** The entry ids added so far. */
	entryIds(): Float64Array {
		return this.entryIdColumn.data.subarray(0, this.entryIdColumn.length);
	}

	/**
	 * One entry: `fields[c]` is the field of the c-th tracked field (its value may be empty).
	 * Returns the entry's fingerprints (`hashes`, overwritten by the next call).
	 */
	add(entryId: number, entityId: number, fields: ArrayLike<{ value: FieldValue } | undefined>): Uint32Array {
		this.entryIdColumn.push(entryId);
		this.entityIds.push(entityId);
		const columns = this.columns;
		const hashes = this.hashes;
		for (let c = 0; c < columns.length; c++) hashes[c] = columns[c].add(fields[c]?.value);
		return hashes;
	}

	encode(key: string, polledAt: string): TriggerState {
		const count = this.count;
		const ids = this.entryIdColumn.data;
		// Rows in entry id order. The API pages in that order already; sort only if it did not.
		const order = new Uint32Array(count);
		for (let i = 0; i < count; i++) order[i] = i;
		for (let i = 1; i < count; i++) {
			if (ids[i] <= ids[i - 1]) {
				order.sort((a, b) => ids[a] - ids[b]);
				break;
			}
		}
		const rowAt = (i: number) => order[i];

		const entryIds = new TextBitWriter(count * 2);
		if (count > 0) {
			const first = ids[rowAt(0)];
			if (!Number.isSafeInteger(first) || first < 0) throw new Error(`list entry id out of range: ${first}`);
			const gaps = new Float64Array(count - 1);
			for (let i = 1; i < count; i++) gaps[i - 1] = ids[rowAt(i)] - ids[rowAt(i - 1)] - 1;
			// Ids are unique (the poll skips repeats), so every gap is 0 or more.
			const firstK = expGolombOrder([first]).k;
			const gapK = expGolombOrder(gaps).k;
			entryIds.write(firstK, 6);
			entryIds.expGolomb(first, firstK);
			entryIds.write(gapK, 6);
			for (let i = 0; i < gaps.length; i++) {
				if (!Number.isSafeInteger(gaps[i]) || gaps[i] < 0) throw new Error(`list entry id out of range: ${ids[rowAt(i + 1)]}`);
				entryIds.expGolomb(gaps[i], gapK);
			}
		}

		// Entity ids as zigzag deltas from the previous row's, or as they are: whichever is smaller.
		const entities = this.entityIds.data;
		const deltas = new Float64Array(count);
		const raw = new Float64Array(count);
		for (let i = 0, previous = 0; i < count; i++) {
			const id = entities[rowAt(i)];
			raw[i] = id;
			deltas[i] = zigzag(id - previous);
			previous = id;
		}
		const deltaPlan = expGolombOrder(deltas);
		const rawPlan = expGolombOrder(raw);
		const useRaw = rawPlan.bits < deltaPlan.bits;
		const entityIds = new TextBitWriter(count * 4);
		entityIds.flag(useRaw);
		entityIds.write(useRaw ? rawPlan.k : deltaPlan.k, 6);
		const coded = useRaw ? raw : deltas;
		for (let i = 0; i < count; i++) entityIds.expGolomb(coded[i], useRaw ? rawPlan.k : deltaPlan.k);

		const fields = this.columns.map((c) => c.finish(count, order));
		const state: TriggerState = {
			version: STATE_VERSION,
			key,
			count,
			entityType: this.entityType,
			entryIds: entryIds.finish(),
			entityIds: entityIds.finish(),
			fields,
			check: 0,
			polledAt,
		};
		state.check = checksum(state);
		return state;
	}
}

/** Entity ids must be whole numbers from 0 to 2^52: anything else is stored as 0 (unknown). */
export function storableEntityId(id: unknown): number {
	return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 && id < KEY_LIMIT ? id : 0;
}

function checksum(state: TriggerState): number {
	let h = hash32(state.entryIds, state.count);
	h = hash32(state.entityIds, h);
	for (const field of state.fields) h = hash32(field.rows, hash32(field.id, h));
	return h;
}

// ---------------------------------------------------------------------------------------------
// Reading a saved state.

/** True when `value` looks like a state this version reads (anything else is a new baseline). */
export function isTriggerState(value: unknown): value is SavedState {
	const s = value as SavedState | undefined;
	if (!s || typeof s !== 'object' || typeof s.key !== 'string' || typeof s.count !== 'number' || !Array.isArray(s.fields)) return false;
	if (typeof s.entryIds !== 'string' || typeof s.entityIds !== 'string') return false;
	if (s.version === STATE_VERSION) return typeof s.check === 'number' && s.fields.every((f) => f && typeof f.id === 'string' && typeof f.rows === 'string');
	return false;
}

export function decodeState(state: SavedState): DecodedState {
	const count = state.count;
	if (!Number.isSafeInteger(count) || count < 0) throw new Error('state: bad count');
	if (checksum(state) !== state.check) throw new Error('state: the check does not match (damaged)');

	const entryIds = new Float64Array(count);
	const idReader = new TextBitReader(state.entryIds);
	if (count > 0) {
		let id = idReader.expGolomb(idReader.read(6));
		entryIds[0] = id;
		const gapK = idReader.read(6);
		for (let i = 1; i < count; i++) {
			id += idReader.expGolomb(gapK) + 1;
			entryIds[i] = id;
		}
	}
	idReader.end();

	const entityIds = new Float64Array(count);
	const entityReader = new TextBitReader(state.entityIds);
	const raw = entityReader.flag();
	const entityK = entityReader.read(6);
	for (let i = 0, previous = 0; i < count; i++) {
		const value = entityReader.expGolomb(entityK);
		previous = raw ? value : previous + unzigzag(value);
		entityIds[i] = previous;
	}
	entityReader.end();

	const columns = new Map<string, DecodedColumn>();
	for (const field of state.fields) columns.set(field.id, decodeColumn(field, count));
	return { key: state.key, count, entityType: state.entityType, entryIds, entityIds, columns, polledAt: state.polledAt };
}

function decodeColumn(field: StateColumn, count: number): DecodedColumn {
	const reader = new TextBitReader(field.rows);
	const coding = reader.read(2);
	const code = reader.read(5);
	const hashes = new Uint32Array(count);
	const column: DecodedColumn = { hashes };
	switch (coding) {
		case DICTIONARY: {
			const dictionary = readDictionary(reader, code, false, count + 1);
			const size = dictionary.length;
			if (size === 0 && count > 0) throw new Error(`state: empty dictionary in ${field.id}`);
			const indexes = field.values ? new Uint32Array(count) : undefined;
			const flagged = reader.flag();
			const common = flagged ? reader.read(bitsFor(size)) : -1;
			const width = bitsFor(flagged ? size - 1 : size);
			for (let i = 0; i < count; i++) {
				let index: number;
				if (flagged && reader.flag()) index = common;
				else {
					index = width ? reader.read(width) : 0;
					if (flagged && index >= common) index++;
				}
				if (index >= size) throw new Error(`state: index ${index} outside the dictionary of ${field.id}`);
				hashes[i] = dictionary[index];
				if (indexes) indexes[i] = index;
			}
			if (field.values) {
				if (field.values.length !== size) throw new Error(`state: ${field.id} keeps ${field.values.length} values for ${size} entries`);
				column.values = field.values;
				column.valueIndex = indexes;
			}
			break;
		}
		case HASHES: {
			const flagged = reader.flag();
			for (let i = 0; i < count; i++) hashes[i] = flagged && reader.flag() ? EMPTY : reader.read(32);
			break;
		}
		case RANGE: {
			const scale = reader.read(4);
			if (scale > MAX_SCALE) throw new Error('state: bad decimal scale');
			const min = unzigzag(reader.expGolomb(reader.read(6)));
			const step = reader.expGolomb(0) + 1;
			const width = reader.read(6);
			const flagged = reader.flag();
			// Instants take a string per hash: look each distinct one up once.
			const seen = new Map<number, number>();
			for (let i = 0; i < count; i++) {
				let offset: number;
				if (flagged) offset = reader.flag() ? -1 : reader.read(width);
				else offset = reader.read(width) - 1;
				if (offset < 0) {
					hashes[i] = EMPTY;
					continue;
				}
				const key = min + offset * step;
				let hash = seen.get(key);
				if (hash === undefined) {
					hash = hashFromKey(code, scale ? key / POW10[scale] : key);
					if (hash < 0) throw new Error('state: a key without a value');
					if (code === T.datetime) seen.set(key, hash);
				}
				hashes[i] = hash;
			}
			break;
		}
		default: {
			const members = readDictionary(reader, code, true, MEMBER_LIMIT);
			const maxCount = reader.expGolomb(0);
			const hasSpecial = reader.flag();
			const special = maxCount + 1;
			const countWidth = bitsFor(maxCount + 1 + (hasSpecial ? 1 : 0));
			const indexWidth = bitsFor(members.length);
			for (let i = 0; i < count; i++) {
				const n = reader.read(countWidth);
				if (n === special && hasSpecial) {
					hashes[i] = reader.read(32);
					continue;
				}
				if (n > maxCount) throw new Error(`state: bad member count in ${field.id}`);
				if (n === NULL_ROW) {
					hashes[i] = EMPTY;
					continue;
				}
				let sum = 0;
				let xor = 0;
				for (let m = 0; m < n; m++) {
					const index = reader.read(indexWidth);
					if (index >= members.length) throw new Error(`state: member ${index} outside the dictionary of ${field.id}`);
					const h = members[index];
					sum = (sum + h) >>> 0;
					xor = (xor ^ h) >>> 0;
				}
				hashes[i] = nonEmpty(combineMembers(code, sum, xor, n));
			}
		}
	}
	reader.end();
	return column;
}

import { hasDecimalKeys, hashFromKey, memberHashFromKey } from '../helpers/fingerprint';
import {
	type TextBitReader,
	type TextBitWriter,
	expGolombBits,
	expGolombOrder,
	unzigzag,
	zigzag,
} from './codec';
import { KEY_LIMIT, MAX_SCALE, POW10 } from './format';

/*
 * Dictionaries: a column's distinct values (or a multi column's members) as exact keys where
 * their hash comes back from the key, as hashes otherwise; both sorted and delta coded.
 */

export interface Dictionary {
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

export function gcd(a: number, b: number): number {
	while (b !== 0) {
		const rest = a % b;
		a = b;
		b = rest;
	}
	return a;
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
function sortedBits(
	values: Float64Array,
	strict: boolean,
): { bits: number; step: number; firstK: number; gapK: number } {
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
	return {
		bits: 6 + first.bits + expGolombBits(step - 1, 0) + 6 + coded.bits,
		step,
		firstK: first.k,
		gapK: coded.k,
	};
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
	for (let i = 1; i < n; i++)
		writer.expGolomb((values[i] - values[i - 1]) / plan.step - offset, plan.gapK);
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
export function buildDictionary(
	code: number,
	member: boolean,
	hashes: ArrayLike<number>,
	keys: ArrayLike<number> | undefined,
	size: number,
): Dictionary {
	const decimal = hasDecimalKeys(code);
	const places = new Int8Array(size).fill(-1);
	let scale = 0;
	if (keys) {
		for (let i = 0; i < size; i++) {
			const key = keys[i];
			if (Number.isNaN(key)) continue;
			const p = decimal
				? decimalPlaces(key)
				: Number.isSafeInteger(key) && Math.abs(key) < KEY_LIMIT
					? 0
					: -1;
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
		if (keys && places[i] >= 0) {
			const value = Math.round(keys[i] * POW10[scale]);
			if (Math.abs(value) < KEY_LIMIT && value / POW10[scale] === keys[i]) {
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
	const bits =
		4 +
		expGolombBits(keyRun.length, 0) +
		sortedBits(keyRun, true).bits +
		expGolombBits(hashRun.length, 0) +
		sortedBits(hashRun, false).bits;
	return { scale, keys: keyRun, hashes: hashRun, remap, order, bits };
}

export function writeDictionary(writer: TextBitWriter, dictionary: Dictionary): void {
	writer.write(dictionary.scale, 4);
	writeSorted(writer, dictionary.keys, true);
	writeSorted(writer, dictionary.hashes, false);
}

/** Reads the decimal scale of exact keys (4 bits), refusing one beyond MAX_SCALE. */
export function readScale(reader: TextBitReader): number {
	const scale = reader.read(4);
	if (scale > MAX_SCALE) throw new Error('state: bad decimal scale');
	return scale;
}

/** The entries' hashes, in written order: rebuilt from the exact keys, then as stored. */
export function readDictionary(
	reader: TextBitReader,
	code: number,
	member: boolean,
	limit: number,
): Uint32Array {
	const scale = readScale(reader);
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
		if (hashes[i] < 0 || hashes[i] > 0xffffffff) throw new Error('state: a hash beyond 32 bits');
		out[keys.length + i] = hashes[i];
	}
	return out;
}

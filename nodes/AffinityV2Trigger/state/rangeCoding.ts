import { EMPTY, hashFromKey } from '../helpers/fingerprint';
import { T, isNumericType } from '../helpers/typeCodes';
import {
	type TextBitReader,
	type TextBitWriter,
	bitsFor,
	expGolombBits,
	expGolombOrder,
	unzigzag,
	zigzag,
} from './codec';
import { type Dictionary, gcd, readScale } from './dictionary';
import { POW10, RANGE } from './format';

/*
 * The range coding: amounts and instants as their offset from the column's smallest, in steps
 * of the greatest common step (whole hours for dates), without a dictionary. Possible when
 * every value but empty has an exact key; empty is then the dictionary's only hash.
 */

export interface RangePlan {
	coding: typeof RANGE;
	bits: number;
	dictionary: Dictionary;
	/** A 1-bit empty flag per row; without it, offset 0 is empty and the others are one up. */
	flagEmpty: boolean;
	min: number;
	step: number;
	width: number;
}

/** `frequency`: rows per written dictionary index. */
export function planRange(
	code: number,
	dictionary: Dictionary,
	frequency: Uint32Array,
	count: number,
): RangePlan | undefined {
	if (!isNumericType(code)) return undefined;
	const { keys, hashes } = dictionary;
	if (keys.length === 0 || hashes.length > 1 || (hashes.length === 1 && hashes[0] !== EMPTY))
		return undefined;
	const min = keys[0];
	let step = 0;
	for (let i = 1; i < keys.length; i++) step = gcd(keys[i] - min, step);
	if (step === 0) step = 1;
	const span = (keys[keys.length - 1] - min) / step;
	const emptyRows = hashes.length ? frequency[keys.length] : 0;
	const header =
		4 +
		6 +
		expGolombBits(zigzag(min), expGolombOrder([zigzag(min)]).k) +
		expGolombBits(step - 1, 0) +
		6 +
		1;
	const coded = count * bitsFor(span + 2);
	const flagged = emptyRows ? count + (count - emptyRows) * bitsFor(span + 1) : Infinity;
	const flagEmpty = flagged < coded;
	const width = flagEmpty ? bitsFor(span + 1) : bitsFor(span + 2);
	if (width > 53) return undefined;
	return {
		coding: RANGE,
		bits: header + Math.min(coded, flagged),
		dictionary,
		flagEmpty,
		min,
		step,
		width,
	};
}

/** `rows[order[i]]`: the i-th written row's index in the order entries were first seen. */
export function writeRangeColumn(
	writer: TextBitWriter,
	plan: RangePlan,
	rows: Uint32Array,
	order: Uint32Array,
	count: number,
): void {
	const { dictionary, min, step, width, flagEmpty } = plan;
	writer.write(dictionary.scale, 4);
	const minK = expGolombOrder([zigzag(min)]).k;
	writer.write(minK, 6);
	writer.expGolomb(zigzag(min), minK);
	writer.expGolomb(step - 1, 0);
	writer.write(width, 6);
	writer.flag(flagEmpty);
	const keys = dictionary.keys;
	// Written index → key; EMPTY is the last dictionary entry when present.
	for (let i = 0; i < count; i++) {
		const index = dictionary.remap[rows[order[i]]];
		const empty = index >= keys.length;
		if (flagEmpty) {
			writer.flag(empty);
			if (!empty) writer.write((keys[index] - min) / step, width);
		} else writer.write(empty ? 0 : (keys[index] - min) / step + 1, width);
	}
}

export function readRangeColumn(reader: TextBitReader, code: number, count: number): Uint32Array {
	const hashes = new Uint32Array(count);
	const scale = readScale(reader);
	const min = unzigzag(reader.expGolomb(reader.read(6)));
	const step = reader.expGolomb(0) + 1;
	const width = reader.read(6);
	if (width > 53) throw new Error('state: a range wider than 53 bits');
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
	return hashes;
}

import { type TextBitReader, type TextBitWriter, bitsFor } from './codec';
import { type Dictionary, readDictionary, writeDictionary } from './dictionary';
import { DICTIONARY } from './format';

/*
 * The dictionary coding: the column's distinct values once (see dictionary.ts), then per entry
 * an index of the fewest bits (a status with 6 options takes 3 bits an entry), optionally
 * after a 1-bit flag for the most frequent value (often "empty").
 */

export interface DictionaryPlan {
	coding: typeof DICTIONARY;
	bits: number;
	dictionary: Dictionary;
	/** The written index flagged with one bit, or -1. */
	common: number;
}

/** `frequency`: rows per written index. */
export function planDictionary(
	dictionary: Dictionary,
	frequency: Uint32Array,
	count: number,
): DictionaryPlan {
	const size = frequency.length;
	let common = 0;
	for (let i = 1; i < size; i++) if (frequency[i] > frequency[common]) common = i;
	const plain = dictionary.bits + 1 + count * bitsFor(size);
	const flagged =
		size > 1
			? dictionary.bits +
				1 +
				bitsFor(size) +
				count +
				(count - frequency[common]) * bitsFor(size - 1)
			: Infinity;
	return {
		coding: DICTIONARY,
		bits: Math.min(plain, flagged),
		dictionary,
		common: flagged < plain ? common : -1,
	};
}

/**
 * Writes the dictionary and the rows. `rows[order[i]]` is the i-th written row's index in the
 * order entries were first seen (what `dictionary.remap` maps).
 */
export function writeDictionaryColumn(
	writer: TextBitWriter,
	{ dictionary, common }: Pick<DictionaryPlan, 'dictionary' | 'common'>,
	rows: Uint32Array,
	order: Uint32Array,
	count: number,
): void {
	writeDictionary(writer, dictionary);
	const size = dictionary.order.length;
	const remap = dictionary.remap;
	writer.flag(common >= 0);
	if (common >= 0) {
		writer.write(common, bitsFor(size));
		const width = bitsFor(size - 1);
		for (let i = 0; i < count; i++) {
			const index = remap[rows[order[i]]];
			writer.flag(index === common);
			if (index !== common) writer.write(index > common ? index - 1 : index, width);
		}
	} else {
		const width = bitsFor(size);
		if (width) for (let i = 0; i < count; i++) writer.write(remap[rows[order[i]]], width);
	}
}

export interface DictionaryRows {
	hashes: Uint32Array;
	/** Per row, its index in the dictionary (asked for by columns that keep values). */
	indexes?: Uint32Array;
	/** Entries in the dictionary. */
	size: number;
}

export function readDictionaryColumn(
	reader: TextBitReader,
	code: number,
	count: number,
	withIndexes: boolean,
	fieldId: string,
): DictionaryRows {
	const dictionary = readDictionary(reader, code, false, count + 1);
	const size = dictionary.length;
	if (size === 0 && count > 0) throw new Error(`state: empty dictionary in ${fieldId}`);
	const hashes = new Uint32Array(count);
	const indexes = withIndexes ? new Uint32Array(count) : undefined;
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
		if (index >= size)
			throw new Error(`state: index ${index} outside the dictionary of ${fieldId}`);
		hashes[i] = dictionary[index];
		if (indexes) indexes[i] = index;
	}
	return { hashes, indexes, size };
}

import { EMPTY } from '../helpers/fingerprint';
import type { TextBitReader, TextBitWriter } from './codec';
import { HASHES } from './format';

/*
 * The hashes coding: the 32-bit fingerprint of each entry's value (free text), optionally
 * after a 1-bit empty flag per row.
 */

export interface HashesPlan {
	coding: typeof HASHES;
	bits: number;
	/** A 1-bit empty flag per row. */
	flagEmpty: boolean;
}

export function planHashes(count: number, emptyRows: number): HashesPlan {
	const plain = 1 + count * 32;
	const flagged = 1 + count + (count - emptyRows) * 32;
	return { coding: HASHES, bits: Math.min(plain, flagged), flagEmpty: flagged < plain };
}

/** `hashOf(row)`: the fingerprint of a row (in the order rows were added); `order`: written order. */
export function writeHashesColumn(
	writer: TextBitWriter,
	{ flagEmpty }: HashesPlan,
	hashOf: (row: number) => number,
	order: Uint32Array,
	count: number,
): void {
	writer.flag(flagEmpty);
	for (let i = 0; i < count; i++) {
		const hash = hashOf(order[i]);
		if (flagEmpty) writer.flag(hash === EMPTY);
		if (!flagEmpty || hash !== EMPTY) writer.write(hash, 32);
	}
}

export function readHashesColumn(reader: TextBitReader, count: number): Uint32Array {
	const hashes = new Uint32Array(count);
	const flagged = reader.flag();
	for (let i = 0; i < count; i++) hashes[i] = flagged && reader.flag() ? EMPTY : reader.read(32);
	return hashes;
}

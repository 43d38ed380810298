import {
	EMPTY,
	MultisetHash,
	fingerprintData,
	memberHash,
	memberKey,
} from '../helpers/fingerprint';
import { type TextBitReader, type TextBitWriter, bitsFor, expGolombBits } from './codec';
import { type Growable, HashIndex, growableFloat64, growableUint32 } from './buffers';
import { type Dictionary, buildDictionary, readDictionary, writeDictionary } from './dictionary';
import { MEMBER_LIMIT, MEMBERS } from './format';

/*
 * The members coding: multi values (people, companies, options, numbers, places) as a count
 * and an index per member into a dictionary of the column's members: exact, and cheaper than a
 * hash when members repeat across entries. A value that is not a plain list of members is
 * stored by its 32-bit hash after a count one above the largest.
 */

/** Per row of a multi column while collecting: its member count, or one of these. */
const NULL_ROW = 0;
const SPECIAL_ROW = 0xffff;

/**
 * The members of a multi column's values as a poll collects them: per row a count (or
 * SPECIAL_ROW: stored by its hash), per member an index into the column's member dictionary.
 */
export class MemberCollector {
	readonly counts: Growable<Uint32Array>;
	readonly indexes: Growable<Uint32Array>;
	private readonly dictionary = new HashIndex();
	readonly hashes = growableUint32();
	readonly keys = growableFloat64(64);
	private readonly multiset: MultisetHash;
	maxCount = 0;
	specials = 0;
	abandoned = false;

	constructor(
		private readonly code: number,
		capacity: number,
	) {
		this.counts = growableUint32(capacity);
		this.indexes = growableUint32(capacity * 2);
		this.multiset = new MultisetHash(code);
	}

	empty(): void {
		this.counts.push(NULL_ROW);
	}

	/** Gives back the collector's arrays (Growable.release). */
	release(): void {
		this.counts.release();
		this.indexes.release();
		this.hashes.release();
		this.keys.release();
	}

	special(): void {
		this.counts.push(SPECIAL_ROW);
		this.specials++;
	}

	/** A plain list of members; returns the value's fingerprint. */
	add(items: unknown[]): number {
		const code = this.code;
		const n = items.length;
		if (n === 0 || n >= SPECIAL_ROW) {
			this.special();
			return fingerprintData(code, items, '');
		}
		const multiset = this.multiset;
		multiset.reset();
		for (let i = 0; i < n; i++) {
			const item = items[i];
			const h = memberHash(code, item);
			multiset.add(h);
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
		return multiset.fingerprint();
	}

	/** Rows without a value among the first `rows`. */
	emptyRows(rows: number): number {
		let empty = 0;
		for (let i = 0; i < rows; i++) if (this.counts.data[i] === NULL_ROW) empty++;
		return empty;
	}
}

export interface MembersPlan {
	coding: typeof MEMBERS;
	bits: number;
	dictionary: Dictionary;
}

export function planMembers(code: number, members: MemberCollector, count: number): MembersPlan {
	const size = members.hashes.length;
	const dictionary = buildDictionary(code, true, members.hashes.data, members.keys.data, size);
	const countWidth = bitsFor(members.maxCount + 1 + (members.specials ? 1 : 0));
	const bits =
		dictionary.bits +
		expGolombBits(members.maxCount, 0) +
		1 +
		count * countWidth +
		members.indexes.length * bitsFor(size) +
		members.specials * 32;
	return { coding: MEMBERS, bits, dictionary };
}

/** `hashOf(row)`: a row's fingerprint (rows in the order added); `order`: the written order. */
export function writeMembersColumn(
	writer: TextBitWriter,
	{ dictionary }: MembersPlan,
	members: MemberCollector,
	hashOf: (row: number) => number,
	order: Uint32Array,
	count: number,
): void {
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
			writer.write(hashOf(row), 32);
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
}

export function readMembersColumn(
	reader: TextBitReader,
	code: number,
	count: number,
	fieldId: string,
): Uint32Array {
	const hashes = new Uint32Array(count);
	const members = readDictionary(reader, code, true, MEMBER_LIMIT);
	const maxCount = reader.expGolomb(0);
	if (maxCount >= SPECIAL_ROW) throw new Error(`state: ${maxCount} members in a row of ${fieldId}`);
	const hasSpecial = reader.flag();
	const special = maxCount + 1;
	const countWidth = bitsFor(maxCount + 1 + (hasSpecial ? 1 : 0));
	const indexWidth = bitsFor(members.length);
	const multiset = new MultisetHash(code);
	for (let i = 0; i < count; i++) {
		const n = reader.read(countWidth);
		if (n === special && hasSpecial) {
			hashes[i] = reader.read(32);
			continue;
		}
		if (n > maxCount) throw new Error(`state: bad member count in ${fieldId}`);
		if (n === NULL_ROW) {
			hashes[i] = EMPTY;
			continue;
		}
		multiset.reset();
		for (let m = 0; m < n; m++) {
			const index = reader.read(indexWidth);
			if (index >= members.length)
				throw new Error(`state: member ${index} outside the dictionary of ${fieldId}`);
			multiset.add(members[index]);
		}
		hashes[i] = multiset.fingerprint();
	}
	return hashes;
}

import { simplifyValue } from '../../AffinityV2/helpers/simplifyValue';
import type { FieldValue } from '../../AffinityV2/helpers/types';
import {
	EMPTY,
	atCutOff,
	canonicalJson,
	exactKey,
	fingerprint,
	fingerprintData,
} from '../helpers/fingerprint';
import { T, isMultiType, isNumericType, typeCode } from '../helpers/typeCodes';
import { type Growable, HashIndex, growableFloat64, growableUint32 } from './buffers';
import { TextBitWriter, bitsFor } from './codec';
import { buildDictionary } from './dictionary';
import { type DictionaryPlan, planDictionary, writeDictionaryColumn } from './dictionaryCoding';
import {
	CODING_BITS,
	DICTIONARY,
	DICTIONARY_LIMIT,
	HASHES,
	MEMBERS,
	RANGE,
	TYPE_CODE_BITS,
	type StateColumn,
	type TrackedField,
} from './format';
import { type HashesPlan, planHashes, writeHashesColumn } from './hashesCoding';
import {
	MemberCollector,
	type MembersPlan,
	planMembers,
	writeMembersColumn,
} from './membersCoding';
import { type RangePlan, planRange, writeRangeColumn } from './rangeCoding';

/**
 * After this many rows a column drops what will not pay: a dictionary of mostly distinct
 * values, members that cost more than hashes. Only the size depends on it, never what is read.
 */
const ADAPT_AT = 4096;

type Plan = DictionaryPlan | HashesPlan | RangePlan | MembersPlan;

function writeHeader(writer: TextBitWriter, coding: number, code: number): void {
	writer.write(coding, CODING_BITS);
	writer.write(code, TYPE_CODE_BITS);
}

/**
 * One column while a poll collects it: per row an index into the column's distinct values (or
 * the value's hash, once there are too many), and for multi columns the members.
 */
export class ColumnBuilder {
	/** The column's value type, from its first value; values of another type are hashed generally. */
	private type: string | undefined;
	private code: number = T.other;
	private multi = false;
	private limit = DICTIONARY_LIMIT;
	private dictionary: HashIndex | undefined = new HashIndex();
	private readonly entryHashes = growableUint32();
	private readonly entryKeys = growableFloat64(64);
	/** Dictionary indexes per row, or hashes per row once `dictionary` is dropped. */
	private readonly rows: Growable<Uint32Array>;
	private members: MemberCollector | undefined;
	/** Rows taken by their fingerprint alone (a read resumed): members cannot be rebuilt for them. */
	private fingerprintsOnly = false;

	constructor(
		readonly field: TrackedField,
		private readonly capacity: number,
	) {
		this.rows = growableUint32(capacity);
	}

	/** Takes the column's type from its first non-empty value. */
	private start(value: FieldValue): void {
		this.type = value.type;
		this.code = typeCode(this.type);
		this.multi = isMultiType(this.code);
		if (isNumericType(this.code)) this.limit = 0xffffffff;
		if (this.multi && !this.fingerprintsOnly) {
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
		} else if (!this.multi) {
			hash = fingerprintData(this.code, value.data, this.type, value.totalCount);
			exact = true;
		} else if (
			members &&
			Array.isArray(value.data) &&
			!atCutOff(this.code, value.data, value.totalCount)
		) {
			hash = members.add(value.data);
			if (members.abandoned) this.dropMembers();
		} else {
			// Not a plain list, or at the API's cut-off (see TRUNCATED): stored by its fingerprint.
			hash = fingerprintData(this.code, value.data, this.type, value.totalCount);
			members?.special();
		}
		this.record(hash, exact ? value.data : undefined);
		if (this.rows.length === ADAPT_AT) this.adapt();
		return hash;
	}

	/**
	 * Adds a row known only by its fingerprint: an entry an earlier poll of the same read saw.
	 * Stored as a hash (no exact key, no members), which reproduces the fingerprint exactly.
	 */
	addFingerprint(hash: number): void {
		if (hash === EMPTY) {
			this.members?.empty();
			this.record(EMPTY, undefined);
		} else {
			this.fingerprintsOnly = true;
			this.dropMembers();
			this.record(hash, undefined);
		}
		if (this.rows.length === ADAPT_AT) this.adapt();
	}

	/** Estimates in bits a row, from the rows so far; a dictionary item costs about 24 bits. */
	private adapt(): void {
		const rows = this.rows.length;
		const distinct = this.entryHashes.length;
		if (this.dictionary && !isNumericType(this.code) && distinct > rows * 0.75)
			this.dropDictionary();
		const dictionaryBits = this.dictionary ? bitsFor(distinct) + (distinct * 24) / rows : Infinity;
		const members = this.members;
		if (!members) return;
		const hashBits = 1 + (32 * (rows - members.emptyRows(rows))) / rows;
		const size = members.hashes.length;
		const memberBits =
			bitsFor(members.maxCount + 2) +
			(members.indexes.length / rows) * bitsFor(size) +
			(size * 24) / rows;
		if (memberBits > 1.25 * Math.min(hashBits, dictionaryBits)) this.dropMembers();
	}

	private dropMembers(): void {
		this.members?.release();
		this.members = undefined;
	}

	/** Gives back the column's arrays (Growable.release): once encoded, or never to be. */
	release(): void {
		this.dropMembers();
		this.entryHashes.release();
		this.entryKeys.release();
		this.rows.release();
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
	private readonly hashOf = (row: number): number => {
		const value = this.rows.data[row];
		return this.dictionary ? this.entryHashes.data[value] : value;
	};

	/** Chooses the cheapest coding and writes the column, rows in `order` (row indexes as added). */
	finish(count: number, order: Uint32Array): StateColumn {
		const writer = new TextBitWriter(count * 8);
		const plan = this.plan(count);
		writeHeader(writer, plan.coding, this.code);
		const rows = this.rows.data;
		switch (plan.coding) {
			case DICTIONARY:
				writeDictionaryColumn(writer, plan, rows, order, count);
				break;
			case HASHES:
				writeHashesColumn(writer, plan, this.hashOf, order, count);
				break;
			case RANGE:
				writeRangeColumn(writer, plan, rows, order, count);
				break;
			case MEMBERS:
				writeMembersColumn(
					writer,
					plan,
					this.members as MemberCollector,
					this.hashOf,
					order,
					count,
				);
				break;
		}
		return { id: this.field.id, rows: writer.finish() };
	}

	/** The coding that takes the fewest bits for this column; the first of equals wins. */
	private plan(count: number): Plan {
		const candidates: Plan[] = [];
		let emptyRows = 0;
		if (this.dictionary) {
			const size = this.entryHashes.length;
			const dictionary = buildDictionary(
				this.code,
				false,
				this.entryHashes.data,
				this.entryKeys.data,
				size,
			);
			const frequency = new Uint32Array(size);
			const rows = this.rows.data;
			for (let i = 0; i < count; i++) frequency[dictionary.remap[rows[i]]]++;
			candidates.push(planDictionary(dictionary, frequency, count));
			for (let i = 0; i < size; i++)
				if (this.entryHashes.data[dictionary.order[i]] === EMPTY) emptyRows = frequency[i];
			const range = planRange(this.code, dictionary, frequency, count);
			if (range) candidates.push(range);
		} else {
			for (let i = 0; i < count; i++) if (this.rows.data[i] === EMPTY) emptyRows++;
		}
		candidates.push(planHashes(count, emptyRows));
		const members = this.members;
		if (members && members.counts.length === count)
			candidates.push(planMembers(this.code, members, count));
		let best = candidates[0];
		for (const candidate of candidates) if (candidate.bits < best.bits) best = candidate;
		return best;
	}
}

/**
 * A column that keeps its values (Keep Previous Values): one dictionary item per distinct
 * value as shown (the same set in another order, a person under a new name), so that
 * `previous` is exactly what was there. Always in the dictionary coding.
 */
export class KeptColumnBuilder {
	private readonly dictionary = new Map<string, number>();
	private readonly entryHashes = growableUint32();
	private readonly values: unknown[] = [];
	private readonly rows: Growable<Uint32Array>;

	constructor(
		readonly field: TrackedField,
		capacity: number,
	) {
		this.rows = growableUint32(capacity);
	}

	add(value: FieldValue | undefined): number {
		const hash = fingerprint(value);
		this.addKept(hash, simplifyValue(value as FieldValue));
		return hash;
	}

	/** Gives back the column's arrays (Growable.release). */
	release(): void {
		this.entryHashes.release();
		this.rows.release();
	}

	/** A row by its fingerprint and the value kept for it (a read resumed). */
	addKept(hash: number, shown: unknown): void {
		const key = `${hash}|${canonicalJson(shown)}`;
		let index = this.dictionary.get(key);
		if (index === undefined) {
			index = this.values.length;
			this.dictionary.set(key, index);
			this.entryHashes.push(hash);
			this.values.push(shown);
		}
		this.rows.push(index);
	}

	finish(count: number, order: Uint32Array): StateColumn {
		const dictionary = buildDictionary(
			T.other,
			false,
			this.entryHashes.data,
			undefined,
			this.values.length,
		);
		const writer = new TextBitWriter(count * 4);
		writeHeader(writer, DICTIONARY, T.other);
		writeDictionaryColumn(writer, { dictionary, common: -1 }, this.rows.data, order, count);
		return {
			id: this.field.id,
			rows: writer.finish(),
			values: Array.from(dictionary.order, (i) => this.values[i]),
		};
	}
}

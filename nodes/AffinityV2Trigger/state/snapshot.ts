import type { FieldValue } from '../../AffinityV2/helpers/types';
import { EMPTY } from '../helpers/fingerprint';
import { type Growable, growableFloat64 } from './buffers';
import { TextBitReader } from './codec';
import { ColumnBuilder, KeptColumnBuilder } from './columns';
import { readDictionaryColumn } from './dictionaryCoding';
import {
	CODING_BITS,
	DICTIONARY,
	HASHES,
	RANGE,
	STATE_VERSION,
	TYPE_CODE_BITS,
	checksum,
	stateProblem,
	type DecodedColumn,
	type DecodedState,
	type StateColumn,
	type TrackedField,
	type TriggerState,
} from './format';
import { readHashesColumn } from './hashesCoding';
import { readEntityIds, readEntryIds, writeEntityIds, writeEntryIds } from './ids';
import { readMembersColumn } from './membersCoding';
import { readRangeColumn } from './rangeCoding';

/**
 * Collects the entries of one poll and encodes them as a TriggerState at the end. Memory is a
 * few typed arrays (about 8 + 8 + 2 × fields bytes an entry, plus members), not the entries.
 */
export class SnapshotBuilder {
	private readonly entryIdColumn: Growable<Float64Array>;
	private readonly entityIds: Growable<Float64Array>;
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
		this.entryIdColumn = growableFloat64(capacity);
		this.entityIds = growableFloat64(capacity);
		this.columns = fields.map((f) =>
			f.keepValues ? new KeptColumnBuilder(f, capacity) : new ColumnBuilder(f, capacity),
		);
		this.hashes = new Uint32Array(fields.length);
	}

	get count(): number {
		return this.entryIdColumn.length;
	}

	/** The entry ids added so far. */
	entryIds(): Float64Array {
		return this.entryIdColumn.data.subarray(0, this.entryIdColumn.length);
	}

	/** The entity ids added so far, aligned with entryIds(). */
	entityIdsSoFar(): Float64Array {
		return this.entityIds.data.subarray(0, this.entityIds.length);
	}

	/**
	 * One entry: `fields[c]` is the field of the c-th tracked field (its value may be empty).
	 * Returns the entry's fingerprints (`hashes`, overwritten by the next call).
	 */
	add(
		entryId: number,
		entityId: number,
		fields: ArrayLike<{ value: FieldValue } | undefined>,
	): Uint32Array {
		this.entryIdColumn.push(entryId);
		this.entityIds.push(entityId);
		const columns = this.columns;
		const hashes = this.hashes;
		for (let c = 0; c < columns.length; c++) hashes[c] = columns[c].add(fields[c]?.value);
		return hashes;
	}

	/**
	 * Takes the rows of `state` (the entries an earlier poll of the same read collected) by
	 * their fingerprints and kept values, before the entries still to come.
	 */
	addDecoded(state: DecodedState): void {
		const columns = this.fields.map((f) => state.columns.get(f.id));
		for (let row = 0; row < state.count; row++) {
			this.entryIdColumn.push(state.entryIds[row]);
			this.entityIds.push(state.entityIds[row]);
			for (let c = 0; c < this.columns.length; c++) {
				const column = columns[c];
				const builder = this.columns[c];
				const hash = column ? column.hashes[row] : EMPTY;
				if (builder instanceof KeptColumnBuilder)
					builder.addKept(hash, column?.values?.[column.valueIndex?.[row] ?? 0] ?? null);
				else builder.addFingerprint(hash);
			}
		}
		if (!this.entityType) this.entityType = state.entityType;
	}

	/** Gives back the builder's arrays (Growable.release), once its state is encoded. */
	release(): void {
		this.entryIdColumn.release();
		this.entityIds.release();
		for (const column of this.columns) column.release();
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
		const state: TriggerState = {
			version: STATE_VERSION,
			key,
			count,
			entityType: this.entityType,
			entryIds: writeEntryIds(ids, order, count),
			entityIds: writeEntityIds(this.entityIds.data, order, count),
			fields: this.columns.map((c) => c.finish(count, order)),
			check: 0,
			polledAt,
		};
		state.check = checksum(state);
		return state;
	}
}

/**
 * Reads a saved state, or throws saying why it cannot: its shape and count are checked before
 * anything is sized from them, then its check, then every bit text is read to its end.
 */
export function decodeState(saved: unknown): DecodedState {
	const problem = stateProblem(saved);
	if (problem) throw new Error(`state: ${problem} (damaged)`);
	const state = saved as TriggerState;
	if (checksum(state) !== state.check) throw new Error('state: the check does not match (damaged)');
	const count = state.count;
	const entryIds = readEntryIds(state.entryIds, count);
	const entityIds = readEntityIds(state.entityIds, count);
	const columns = new Map<string, DecodedColumn>();
	for (const field of state.fields) columns.set(field.id, decodeColumn(field, count));
	return {
		key: state.key,
		count,
		entityType: state.entityType,
		entryIds,
		entityIds,
		columns,
		polledAt: state.polledAt,
	};
}

function decodeColumn(field: StateColumn, count: number): DecodedColumn {
	const reader = new TextBitReader(field.rows);
	const coding = reader.read(CODING_BITS);
	const code = reader.read(TYPE_CODE_BITS);
	let column: DecodedColumn;
	if (coding === DICTIONARY) {
		const { hashes, indexes, size } = readDictionaryColumn(
			reader,
			code,
			count,
			field.values !== undefined,
			field.id,
		);
		column = { hashes };
		if (field.values) {
			if (field.values.length !== size)
				throw new Error(
					`state: ${field.id} keeps ${field.values.length} values for ${size} entries`,
				);
			column.values = field.values;
			column.valueIndex = indexes;
		}
	} else if (coding === HASHES) column = { hashes: readHashesColumn(reader, count) };
	else if (coding === RANGE) column = { hashes: readRangeColumn(reader, code, count) };
	else column = { hashes: readMembersColumn(reader, code, count, field.id) };
	reader.end();
	return column;
}

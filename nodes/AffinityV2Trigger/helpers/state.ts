import { BitReader, BitWriter, ByteReader, ByteWriter, bitsFor, fromBase64, toBase64, unzigzag, zigzag } from './codec';
import { canonicalJson } from './fingerprint';

/**
 * The trigger's saved state: one row per list entry, sorted by entry id, as columns.
 *
 * - entryIds: the sorted entry ids as varint deltas (about 1 to 3 bytes an entry).
 * - entityIds: each entry's company, person or opportunity id as a zigzag varint delta from
 *   the previous row's (needed to report a removal: the entry is gone from the API by then).
 * - fields: one column per tracked field. A column holds, per entry, a 32-bit hash of the
 *   value's meaning, either directly (32 bits) or, when the field has few distinct values, as
 *   an index into a dictionary of those hashes (a status with 6 options takes 3 bits an entry).
 *   With "Keep Previous Values" the dictionary also holds the values themselves. The column's
 *   per-entry bits are packed one entry after the other in its `rows`.
 *
 * Everything binary is base64 in a few strings: JSON numbers would cost a digit a decimal.
 */
export const STATE_VERSION = 1;

export interface StateColumn {
	/** Field id. */
	id: string;
	/** Bits per entry in `rows`. */
	bits: number;
	/** Distinct value hashes (uint32, little-endian, base64); absent: rows hold the hashes. */
	dictionary?: string;
	/** The simplified values, aligned with the dictionary (Keep Previous Values). */
	values?: unknown[];
	/** `bits` per entry, entries in id order, packed (base64). */
	rows: string;
}

export interface TriggerState {
	version: typeof STATE_VERSION;
	/** The list and saved view this state describes; another key means a new baseline. */
	key: string;
	count: number;
	/** company, person or opportunity; empty while the list was empty. */
	entityType: string;
	entryIds: string;
	/** 'delta' (zigzag deltas) or 'raw' (plain varints, for ids beyond 2^52). */
	entityIdCoding: 'delta' | 'raw';
	entityIds: string;
	fields: StateColumn[];
	/** When the poll that wrote this state started. */
	polledAt: string;
}

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

/** A dictionary larger than this is given up for direct hashes: it no longer saves space. */
export const DICTIONARY_LIMIT = 16384;

class GrowableUint32 {
	data = new Uint32Array(1024);
	length = 0;

	push(value: number): void {
		if (this.length === this.data.length) {
			const grown = new Uint32Array(this.data.length * 2);
			grown.set(this.data);
			this.data = grown;
		}
		this.data[this.length++] = value;
	}
}

class GrowableFloat64 {
	data = new Float64Array(1024);
	length = 0;

	push(value: number): void {
		if (this.length === this.data.length) {
			const grown = new Float64Array(this.data.length * 2);
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

/**
 * One column while a poll collects it: dictionary indexes, or hashes once the dictionary is too
 * big. A column that keeps values has one dictionary item per distinct value as shown (the same
 * set in another order, a person under a new name), so `previous` is exactly what was there.
 */
class ColumnBuilder {
	/** Hash → index; with kept values, shown value → index. Undefined once given up. */
	private dictionary: HashIndex | Map<string, number> | undefined;
	private readonly dictionaryHashes: number[] = [];
	private readonly values: unknown[] = [];
	/** Dictionary indexes per row, or hashes per row once `dictionary` is dropped. */
	private readonly rows = new GrowableUint32();

	constructor(readonly field: TrackedField) {
		this.dictionary = field.keepValues ? new Map() : new HashIndex();
	}

	add(hash: number, value: unknown): void {
		const dictionary = this.dictionary;
		if (!dictionary) {
			this.rows.push(hash);
			return;
		}
		if (dictionary instanceof Map) {
			const key = `${hash}|${canonicalJson(value)}`;
			let index = dictionary.get(key);
			if (index === undefined) {
				index = this.dictionaryHashes.length;
				dictionary.set(key, index);
				this.dictionaryHashes.push(hash);
				this.values.push(value);
			}
			this.rows.push(index);
			return;
		}
		let index = dictionary.get(hash);
		if (index < 0) {
			index = this.dictionaryHashes.length;
			if (index >= DICTIONARY_LIMIT) {
				this.dropDictionary();
				this.rows.push(hash);
				return;
			}
			dictionary.set(hash, index);
			this.dictionaryHashes.push(hash);
		}
		this.rows.push(index);
	}

	private dropDictionary(): void {
		for (let i = 0; i < this.rows.length; i++) this.rows.data[i] = this.dictionaryHashes[this.rows.data[i]];
		this.dictionary = undefined;
	}

	/** Chooses dictionary or direct hashes, whichever is smaller, and packs the rows in `order`. */
	finish(count: number, order: Uint32Array | undefined): StateColumn {
		const { id, keepValues } = this.field;
		let column: StateColumn | undefined;
		if (this.dictionary) {
			const size = this.dictionaryHashes.length;
			const bits = bitsFor(size);
			if (keepValues || count * bits + size * 32 < count * 32) {
				const writer = new ByteWriter();
				for (const hash of this.dictionaryHashes) writer.uint32(hash);
				column = { id, bits, dictionary: toBase64(writer.result()), rows: '' };
				if (keepValues) column.values = this.values;
			} else this.dropDictionary();
		}
		column ??= { id, bits: 32, rows: '' };
		const rows = this.rows.data;
		const writer = new BitWriter(column.bits * count);
		if (column.bits > 0) for (let i = 0; i < count; i++) writer.write(rows[order ? order[i] : i], column.bits);
		column.rows = toBase64(writer.result());
		return column;
	}
}

/**
 * Collects the entries of one poll and encodes them as a TriggerState at the end. Memory is a
 * few typed arrays (about 8 + 8 + 4 × fields bytes an entry), not the entries themselves.
 */
export class SnapshotBuilder {
	private readonly entryIdColumn = new GrowableFloat64();
	private readonly entityIds = new GrowableFloat64();
	private readonly columns: ColumnBuilder[];
	entityType = '';

	constructor(readonly fields: TrackedField[]) {
		this.columns = fields.map((f) => new ColumnBuilder(f));
	}

	get count(): number {
		return this.entryIdColumn.length;
	}

	/** The entry ids added so far. */
	entryIds(): Float64Array {
		return this.entryIdColumn.data.subarray(0, this.entryIdColumn.length);
	}

	/** One entry: hashes (and values, for columns that keep them) in the order of `fields`. */
	add(entryId: number, entityId: number, hashes: ArrayLike<number>, values?: ArrayLike<unknown>): void {
		this.entryIdColumn.push(entryId);
		this.entityIds.push(entityId);
		const columns = this.columns;
		if (values === undefined) for (let c = 0; c < columns.length; c++) columns[c].add(hashes[c], undefined);
		else for (let c = 0; c < columns.length; c++) columns[c].add(hashes[c], values[c]);
	}

	encode(key: string, polledAt: string): TriggerState {
		const count = this.count;
		const ids = this.entryIdColumn.data.subarray(0, count);
		// Rows in entry id order. The API pages in that order already; sort only if it did not.
		let order: Uint32Array | undefined;
		for (let i = 1; i < count; i++) {
			if (ids[i] <= ids[i - 1]) {
				order = Uint32Array.from({ length: count }, (_, k) => k).sort((a, b) => ids[a] - ids[b]);
				break;
			}
		}
		const rowAt = (i: number) => (order ? order[i] : i);

		const idWriter = new ByteWriter();
		let previous = 0;
		for (let i = 0; i < count; i++) {
			const id = ids[rowAt(i)];
			idWriter.varint(id - previous);
			previous = id;
		}

		const entities = this.entityIds.data;
		let entityIdCoding: TriggerState['entityIdCoding'] = 'delta';
		let entityWriter = new ByteWriter();
		let previousEntity = 0;
		for (let i = 0; i < count; i++) {
			const entityId = entities[rowAt(i)];
			const coded = zigzag(entityId - previousEntity);
			if (!Number.isSafeInteger(coded)) {
				entityIdCoding = 'raw';
				break;
			}
			entityWriter.varint(coded);
			previousEntity = entityId;
		}
		if (entityIdCoding === 'raw') {
			entityWriter = new ByteWriter();
			for (let i = 0; i < count; i++) entityWriter.varint(entities[rowAt(i)]);
		}

		const fields = this.columns.map((c) => c.finish(count, order));

		return {
			version: STATE_VERSION,
			key,
			count,
			entityType: this.entityType,
			entryIds: toBase64(idWriter.result()),
			entityIdCoding,
			entityIds: toBase64(entityWriter.result()),
			fields,
			polledAt,
		};
	}
}

/** True when `value` looks like a state this version wrote (anything else is a new baseline). */
export function isTriggerState(value: unknown): value is TriggerState {
	const s = value as TriggerState | undefined;
	return (
		!!s &&
		typeof s === 'object' &&
		s.version === STATE_VERSION &&
		typeof s.key === 'string' &&
		typeof s.count === 'number' &&
		typeof s.entryIds === 'string' &&
		typeof s.entityIds === 'string' &&
		Array.isArray(s.fields) &&
		s.fields.every((f) => f && typeof f.id === 'string' && typeof f.bits === 'number' && typeof f.rows === 'string')
	);
}

export function decodeState(state: TriggerState): DecodedState {
	const count = state.count;
	const entryIds = new Float64Array(count);
	const idReader = new ByteReader(fromBase64(state.entryIds));
	let previous = 0;
	for (let i = 0; i < count; i++) {
		previous += idReader.varint();
		entryIds[i] = previous;
	}

	const entityIds = new Float64Array(count);
	const entityReader = new ByteReader(fromBase64(state.entityIds));
	let previousEntity = 0;
	for (let i = 0; i < count; i++) {
		if (state.entityIdCoding === 'raw') entityIds[i] = entityReader.varint();
		else {
			previousEntity += unzigzag(entityReader.varint());
			entityIds[i] = previousEntity;
		}
	}

	const columns = new Map<string, DecodedColumn>();
	for (const field of state.fields) {
		const hashes = new Uint32Array(count);
		const column: DecodedColumn = { hashes };
		const reader = new BitReader(fromBase64(field.rows));
		const bits = field.bits;
		if (field.dictionary === undefined) {
			for (let i = 0; i < count; i++) hashes[i] = reader.read(bits);
		} else {
			const dictionaryReader = new ByteReader(fromBase64(field.dictionary));
			const dictionary: number[] = [];
			while (!dictionaryReader.done) dictionary.push(dictionaryReader.uint32());
			const valueIndex = new Uint32Array(count);
			for (let i = 0; i < count; i++) {
				const index = bits ? reader.read(bits) : 0;
				if (index >= dictionary.length) throw new Error(`state: index ${index} outside the dictionary of ${field.id}`);
				hashes[i] = dictionary[index];
				valueIndex[i] = index;
			}
			if (field.values) {
				column.values = field.values;
				column.valueIndex = valueIndex;
			}
		}
		columns.set(field.id, column);
	}
	return { key: state.key, count, entityType: state.entityType, entryIds, entityIds, columns, polledAt: state.polledAt };
}

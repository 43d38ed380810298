import type { DecodedColumn, DecodedState } from './format';

export type Comparison =
	| { kind: 'added' }
	| { kind: 'unchanged'; row: number }
	/** `fields`: the tracked field ids whose value changed. */
	| { kind: 'changed'; row: number; fields: string[] };

/**
 * Compares the entries of a poll, one at a time as pages come, with the previous poll's state.
 * An entry is matched by its entry id only, so the same company listed twice is two entries.
 * A tracked field the previous state has no column for (newly watched, or a column added to
 * the list since) is taken as it is now, without an event: its own baseline.
 */
export class Differ {
	private readonly seen: Uint8Array;
	private readonly oldColumns: Array<DecodedColumn | undefined>;
	private hint = 0;

	constructor(
		private readonly old: DecodedState | undefined,
		private readonly trackedIds: string[],
	) {
		this.seen = new Uint8Array(old?.count ?? 0);
		this.oldColumns = trackedIds.map((id) => old?.columns.get(id));
	}

	/** The row of an entry id in the previous state, or -1. */
	rowOf(entryId: number): number {
		const ids = this.old?.entryIds;
		if (!ids) return -1;
		// Pages come in id order: the next row is the likely one.
		if (ids[this.hint] === entryId) return this.hint++;
		let lo = 0;
		let hi = ids.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			if (ids[mid] < entryId) lo = mid + 1;
			else hi = mid;
		}
		if (ids[lo] !== entryId) return -1;
		this.hint = lo + 1;
		return lo;
	}

	/** An entry an earlier poll of the same read compared already: seen, not compared again. */
	markSeen(entryId: number): void {
		const row = this.rowOf(entryId);
		if (row >= 0) this.seen[row] = 1;
	}

	/** `hashes`: the entry's current hashes, in the order of the tracked ids. */
	compare(entryId: number, hashes: ArrayLike<number>): Comparison {
		const row = this.rowOf(entryId);
		if (row < 0) return { kind: 'added' };
		this.seen[row] = 1;
		let fields: string[] | undefined;
		for (let c = 0; c < this.trackedIds.length; c++) {
			const column = this.oldColumns[c];
			if (column && column.hashes[row] !== hashes[c]) (fields ??= []).push(this.trackedIds[c]);
		}
		return fields ? { kind: 'changed', row, fields } : { kind: 'unchanged', row };
	}

	/** Rows of the previous state that this poll did not see: entries removed (or out of the view). */
	removedRows(): number[] {
		const rows: number[] = [];
		for (let row = 0; row < this.seen.length; row++) if (!this.seen[row]) rows.push(row);
		return rows;
	}

	entryId(row: number): number {
		return (this.old as DecodedState).entryIds[row];
	}

	entityId(row: number): number {
		return (this.old as DecodedState).entityIds[row];
	}

	/** The kept previous value of a field in a row; `known` is false when values were not kept. */
	previousValue(row: number, fieldId: string): { known: boolean; value?: unknown } {
		const column = this.old?.columns.get(fieldId);
		if (!column?.values || !column.valueIndex) return { known: false };
		return { known: true, value: column.values[column.valueIndex[row]] };
	}

	/** Field ids that have a kept-values column in the previous state. */
	keptFields(): string[] {
		const ids: string[] = [];
		for (const [id, column] of this.old?.columns ?? []) if (column.values) ids.push(id);
		return ids;
	}
}

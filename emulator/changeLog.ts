import { AsyncLocalStorage } from 'node:async_hooks';

import type { FieldDef, StoredData, StoredValue, ValueType } from './model';

/**
 * The workspace's field value change log (GET /v2/field-value-changes and
 * GET /v2/lists/{listId}/list-entries/{listEntryId}/field-value-changes): every change of a
 * change-tracked field, ascending by `changedAt` then change id. Ids ascend in the order
 * changes are made; times usually do too, but a server whose clock ran back logs a later change
 * with an earlier time (clockOffsetMs), and it takes its place by time. Either way the log is
 * sorted by (time, id): a time bound is a binary search, and a cursor (the time and id of the
 * last change) is one too.
 */

export type ChangeAction = 'add' | 'update' | 'delete';

export interface FieldChange {
	id: number;
	/** changedAt in epoch milliseconds. */
	at: number;
	fieldId: string;
	entityId: number;
	listEntry: { id: number; listId: number } | null;
	/** The user who made the change; null for system changes (fieldValueChanges.FieldValueChangeBase.changer). */
	changerId: number | null;
	action: ChangeAction;
	valueType: ValueType;
	/** One item: multi-value fields log one add or delete per item. */
	value: StoredData;
	/** A text snapshot of a referenced person, company or option, shown once it is deleted. */
	display?: string;
}

/** Value types the change log describes (the fieldValueChanges.FieldValueChange variants). */
export const CHANGE_VALUE_TYPES: ReadonlySet<ValueType> = new Set([
	'text',
	'filterable-text',
	'filterable-text-multi',
	'number',
	'number-multi',
	'datetime',
	'location',
	'location-multi',
	'dropdown',
	'dropdown-multi',
	'ranked-dropdown',
	'person',
	'person-multi',
	'company',
	'company-multi',
]);

/**
 * Whether a field's changes are recorded: as set through the control API, else every global or
 * list field of a value type the change log describes (enriched and relationship-intelligence
 * fields are computed by Affinity, not changed by people).
 */
export function isChangeTracked(field: FieldDef): boolean {
	if (!CHANGE_VALUE_TYPES.has(field.valueType)) return false;
	return field.changeTracked ?? (field.type === 'global' || field.type === 'list');
}

/** Who is acting: the API key's user inside an API request, as the control API says otherwise. */
export const actingUser = new AsyncLocalStorage<number | null>();

const itemKey = (item: unknown) => JSON.stringify(item);

/**
 * The changes that turn `before` into `after`: multi-value fields add and delete items (never
 * update), single values are added, updated or deleted (a delete carries the value removed).
 */
export function diffValues(
	valueType: ValueType,
	before: StoredValue | undefined,
	after: StoredValue | null,
): Array<{ action: ChangeAction; value: StoredData }> {
	const old = before?.data ?? null;
	const now = after?.data ?? null;
	if (valueType.endsWith('-multi')) {
		const oldItems = Array.isArray(old) ? (old as unknown[]) : [];
		const newItems = Array.isArray(now) ? (now as unknown[]) : [];
		const oldKeys = new Set(oldItems.map(itemKey));
		const newKeys = new Set(newItems.map(itemKey));
		return [
			...oldItems
				.filter((item) => !newKeys.has(itemKey(item)))
				.map((item) => ({ action: 'delete' as const, value: item as StoredData })),
			...newItems
				.filter((item) => !oldKeys.has(itemKey(item)))
				.map((item) => ({ action: 'add' as const, value: item as StoredData })),
		];
	}
	if (old === null && now === null) return [];
	if (old === null) return [{ action: 'add', value: now }];
	if (now === null) return [{ action: 'delete', value: old }];
	return itemKey(old) === itemKey(now) ? [] : [{ action: 'update', value: now }];
}

/** A sequence of changes in log order: the whole log or one list entry's changes. */
export interface ChangeView {
	readonly length: number;
	at(index: number): FieldChange;
}

/** Puts a change with the newest id in its place by time: after every change not later. */
function insertByTime(items: FieldChange[], record: FieldChange): void {
	let lo = 0;
	let hi = items.length;
	if (hi === 0 || items[hi - 1].at <= record.at) {
		items.push(record);
		return;
	}
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (items[mid].at <= record.at) lo = mid + 1;
		else hi = mid;
	}
	items.splice(lo, 0, record);
}

export class ChangeLog {
	private readonly items: FieldChange[] = [];
	/** Each list entry's changes, in the log's order. */
	private readonly byEntry = new Map<number, FieldChange[]>();
	private lastId = 0;
	/** Comparisons made by the binary searches (read by tests to prove the O(log n) bound). */
	comparisons = 0;
	/**
	 * The server's clock for new changes, as an offset from the machine's: negative, a change
	 * made now is logged at an earlier time than changes already logged (a clock that ran back).
	 */
	clockOffsetMs = 0;

	get length(): number {
		return this.items.length;
	}

	/** Logs a change with the next id; its time is `at` (default the server's clock). */
	append(change: Omit<FieldChange, 'id' | 'at'> & { at?: number }): FieldChange {
		const at = change.at ?? Date.now() + this.clockOffsetMs;
		const record: FieldChange = { ...change, id: ++this.lastId, at };
		insertByTime(this.items, record);
		if (record.listEntry) {
			const changes = this.byEntry.get(record.listEntry.id);
			if (changes) insertByTime(changes, record);
			else this.byEntry.set(record.listEntry.id, [record]);
		}
		return record;
	}

	all(): ChangeView {
		const items = this.items;
		return { length: items.length, at: (i) => items[i] };
	}

	ofEntry(listEntryId: number): ChangeView {
		const changes = this.byEntry.get(listEntryId) ?? [];
		return { length: changes.length, at: (i) => changes[i] };
	}

	/** The first index of `view` whose change satisfies `after` (monotone: false then true). */
	firstIndex(view: ChangeView, after: (change: FieldChange) => boolean): number {
		let lo = 0;
		let hi = view.length;
		while (lo < hi) {
			const mid = (lo + hi) >>> 1;
			this.comparisons++;
			if (after(view.at(mid))) hi = mid;
			else lo = mid + 1;
		}
		return lo;
	}
}

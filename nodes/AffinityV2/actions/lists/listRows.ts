import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { cachedPerRun } from '../../api/cache';
import { holdsValue } from '../../helpers/columnValues';
import { asNodeError } from '../../helpers/nodeErrors';
import { affinityPaginate, writeMayHaveApplied } from '../../transport';
import { writeInChunks } from '../fieldValues/batchWrites';
import type { FieldWrite } from '../fieldValues/fieldWrites';
import { recordEntryOnList, type ListedKind } from './listMembership';

/**
 * The rows of a company or person list as Create or Update needs them: each entry with the
 * values it holds, found by its record's domain, email addresses or id.
 */

export interface ListRow {
	id: number;
	/** Added by this run. */
	added: boolean;
	/** The entry's values as read with it ({fieldId: {type, data}}); none for a new entry. */
	values: Record<string, unknown>;
}

export interface IndexedRow extends ListRow {
	entityId: number;
	name: string;
}

/** The list's rows by key; `complete` when every page was read (then a record not in it is not on the list). */
export interface ListIndex {
	rows: Map<string, IndexedRow>;
	complete: boolean;
}

function valuesOf(fields: unknown): Record<string, unknown> {
	const values: Record<string, unknown> = {};
	for (const field of (fields as IDataObject[] | undefined) ?? [])
		values[String(field.id)] = field.value;
	return values;
}

/** The record's row on the list, with its values (GET /v2/{companies|persons}/{id}/list-entries). */
export async function recordRow(
	this: IExecuteFunctions,
	kind: ListedKind,
	entityId: number,
	listId: number,
	itemIndex: number,
): Promise<ListRow | undefined> {
	const entry = await recordEntryOnList.call(this, kind, entityId, listId, itemIndex);
	return entry && { id: entry.id, added: false, values: valuesOf(entry.fields) };
}

/** Rows a page of the list's entries stands in for: past this, each row is looked up alone. */
const ROWS_PER_INDEX_PAGE = 50;

/**
 * The list's rows by their record's domain (company) or email addresses (person) and by
 * `id:{entityId}`, with the values of `fieldIds` (the fields the run writes; a value of another
 * field is unknown, so a row writing it writes it): GET /v2/lists/{listId}/list-entries, read
 * once per run and at most one page (100 entries) for every 50 rows of the run, so that a big
 * list costs a small run little. A row whose record is among them needs no search and no read
 * of its own; a row not found here is looked up alone, and when every page was read, its record
 * is known not to be on the list (no read of its list entries).
 */
export function listIndex(
	this: IExecuteFunctions,
	listId: number,
	kind: ListedKind,
	fieldIds: string[],
	itemIndex: number,
): Promise<ListIndex> {
	return cachedPerRun(this, `listRows:index:${listId}`, async () => {
		const rows = new Map<string, IndexedRow>();
		let complete = true;
		const maxPages = Math.max(1, Math.ceil(this.getInputData().length / ROWS_PER_INDEX_PAGE));
		await affinityPaginate.call(
			this,
			{
				method: 'GET',
				path: `/v2/lists/${listId}/list-entries`,
				// Without fieldIds the API sends no field values: what no row writes needs none.
				...(fieldIds.length ? { qs: { fieldIds } } : {}),
				subject: `list with ID ${listId}`,
				itemIndex,
			},
			{
				onPage: (page, pageIndex) => {
					for (const raw of page.data as IDataObject[]) {
						const entity = (raw.entity ?? {}) as IDataObject;
						const entityId = Number(entity.id);
						if (!Number.isInteger(entityId)) continue;
						const row: IndexedRow = {
							id: Number(raw.id),
							added: false,
							values: valuesOf(entity.fields),
							entityId,
							name:
								kind === 'company'
									? String(entity.name ?? '')
									: [entity.firstName, entity.lastName].filter(Boolean).join(' '),
						};
						const keys =
							kind === 'company'
								? [entity.domain]
								: [entity.primaryEmailAddress, ...((entity.emailAddresses as unknown[]) ?? [])];
						for (const key of [
							`id:${entityId}`,
							...keys.map((k) => (typeof k === 'string' ? k.toLowerCase() : '')),
						])
							if (key && !rows.has(key)) rows.set(key, row);
					}
					if (pageIndex + 1 < maxPages) return true;
					complete = !page.nextUrl;
					return false;
				},
			},
		);
		return { rows, complete };
	});
}

/** Under this key of a row's writes: the item whose write to it may or may not have been applied. */
const UNKNOWN_OUTCOME = '(unknown outcome)';

/** What this run wrote to each row, so that a later item with the same value does not write it again. */
function writtenInRun(this: IExecuteFunctions, entryId: number): Promise<Map<string, unknown>> {
	return cachedPerRun(this, `listRows:written:${entryId}`, async () => new Map<string, unknown>());
}

/**
 * Writes the values the row does not hold yet (as read with it, or as this run wrote them) in
 * one PATCH /v2/lists/{listId}/list-entries/{listEntryId}/fields (`update-fields`; chunks of
 * 100); returns those written. After a write whose outcome is unknown, a later item writing the
 * same row is refused rather than sent: it could apply an older value over it.
 */
export async function writeRowChanges<W extends FieldWrite>(
	this: IExecuteFunctions,
	listId: number,
	row: ListRow,
	writes: W[],
	itemIndex: number,
): Promise<W[]> {
	const written = await writtenInRun.call(this, row.id);
	const changed = writes.filter(
		(w) =>
			!holdsValue(w.value, written.has(w.fieldId) ? written.get(w.fieldId) : row.values[w.fieldId]),
	);
	if (!changed.length) return changed;
	const unknown = written.get(UNKNOWN_OUTCOME) as number | undefined;
	if (unknown !== undefined)
		throw new NodeOperationError(
			this.getNode(),
			`Not sent: row ${unknown + 1} of this run wrote list entry ${row.id} and its outcome is unknown`,
			{
				itemIndex,
				description:
					'Sending again could apply an older value over it. Check the entry in Affinity, then run again.',
			},
		);
	try {
		await writeInChunks.call(
			this,
			changed,
			{
				path: `/v2/lists/${listId}/list-entries/${row.id}/fields`,
				subject: `list entry with ID ${row.id} on list ${listId}`,
				checkWith: `Check the current values with List Entry → Get Field Values (list ${listId}, entry ${row.id})`,
			},
			itemIndex,
		);
	} catch (error) {
		if (writeMayHaveApplied(error)) written.set(UNKNOWN_OUTCOME, itemIndex);
		throw asNodeError(this.getNode(), error, itemIndex);
	}
	for (const w of changed) written.set(w.fieldId, w.value);
	return changed;
}

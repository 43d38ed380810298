import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { holdsValue } from '../../helpers/columnValues';
import { affinityPaginate, affinityRequest } from '../../transport';
import type { FieldWrite } from './fieldWrites';

/**
 * Skip Unchanged Values: a write whose value the field already holds is not sent. Such a write
 * costs a call of the monthly quota and, in Affinity, may record a change that other workflows'
 * triggers then report (an echo). The field's current value is read first (GET …/fields/{fieldId},
 * or GET …/fields with `ids` for several), so a changed value costs a read and a write.
 */

export const SKIP_UNCHANGED = 'skipUnchanged';

/** The switch; on by default where the user maps rows (Map Fields), off where each write is picked. */
export function skipUnchangedParameter(
	byDefault: boolean,
	show?: INodeProperties['displayOptions'],
): INodeProperties {
	const description =
		'Whether to read the current values first and send only those that differ (the item says which were unchanged). Saves a write, and the change other workflows would see, when nothing changed; a changed value costs a read and a write. Turn off to write even an unchanged value.';
	const shown = show ? { displayOptions: show } : {};
	return byDefault
		? {
				displayName: 'Skip Unchanged Values',
				name: SKIP_UNCHANGED,
				type: 'boolean',
				default: true,
				...shown,
				description,
			}
		: {
				displayName: 'Skip Unchanged Values',
				name: SKIP_UNCHANGED,
				type: 'boolean',
				default: false,
				...shown,
				description,
			};
}

export function skipsUnchanged(this: IExecuteFunctions, itemIndex: number): boolean {
	return this.getNodeParameter(SKIP_UNCHANGED, itemIndex, false) === true;
}

/** Where the values are read: the record's `…/fields` path, and what it is for errors. */
export interface FieldsOfRecord {
	path: string;
	subject: string;
}

/**
 * The current values ({type, data}) of these fields of one record, by field id: one field by
 * GET …/fields/{fieldId}, several by GET …/fields with `ids` (paged).
 */
export async function currentValues(
	this: IExecuteFunctions,
	record: FieldsOfRecord,
	fieldIds: string[],
	itemIndex: number,
): Promise<Map<string, unknown>> {
	const values = new Map<string, unknown>();
	if (fieldIds.length === 1) {
		const { body } = await affinityRequest.call(this, {
			method: 'GET',
			path: `${record.path}/${encodeURIComponent(fieldIds[0])}`,
			subject: `field ${fieldIds[0]} on ${record.subject}`,
			itemIndex,
		});
		values.set(fieldIds[0], (body as IDataObject | undefined)?.value);
		return values;
	}
	const { items } = await affinityPaginate.call(this, {
		method: 'GET',
		path: record.path,
		qs: { ids: fieldIds },
		subject: record.subject,
		itemIndex,
	});
	for (const field of items as IDataObject[]) values.set(String(field.id), field.value);
	return values;
}

/** The writes that change something, and those whose value the field already holds. */
export function splitUnchanged<W extends FieldWrite>(
	writes: W[],
	current: Map<string, unknown>,
): { changed: W[]; unchanged: W[] } {
	const changed: W[] = [];
	const unchanged: W[] = [];
	for (const w of writes)
		(holdsValue(w.value, current.get(w.fieldId)) ? unchanged : changed).push(w);
	return { changed, unchanged };
}

/**
 * The writes to send: all of them, or with Skip Unchanged Values (`skipping`), those whose
 * value differs from the record's (read first).
 */
export async function writesToSend<W extends FieldWrite>(
	this: IExecuteFunctions,
	record: FieldsOfRecord,
	writes: W[],
	itemIndex: number,
): Promise<{ changed: W[]; unchanged: W[]; skipping: boolean }> {
	const skipping = skipsUnchanged.call(this, itemIndex);
	if (!writes.length || !skipping) return { changed: writes, unchanged: [], skipping };
	const current = await currentValues.call(
		this,
		record,
		writes.map((w) => w.fieldId),
		itemIndex,
	);
	return { ...splitUnchanged(writes, current), skipping };
}

/** Where one field write goes: the record's `…/fields` path, and how its errors name things. */
export interface FieldWriteTarget extends FieldsOfRecord {
	/** What a 404 of the write may mean ("company with ID 1 or field field-2"); default `subject`. */
	writeSubject?: string;
	checkWith: string;
}

/**
 * POST …/fields/{fieldId} with the value, unless Skip Unchanged Values finds the field holding
 * it already. Returns what the item adds: `unchanged` (with the switch on), else nothing.
 */
export async function sendFieldWrite(
	this: IExecuteFunctions,
	target: FieldWriteTarget,
	write: FieldWrite,
	itemIndex: number,
): Promise<IDataObject> {
	const { changed, skipping } = await writesToSend.call(this, target, [write], itemIndex);
	if (changed.length)
		await affinityRequest.call(this, {
			method: 'POST',
			path: `${target.path}/${encodeURIComponent(write.fieldId)}`,
			body: { value: write.value } as IDataObject,
			subject: target.writeSubject ?? target.subject,
			itemIndex,
			checkWith: target.checkWith,
		});
	return skipping ? { unchanged: !changed.length } : {};
}

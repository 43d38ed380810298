import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { completable, valuesPath } from '../../helpers/allValues';
import type { ApiEdition, ApiField } from '../../helpers/types';
import { affinityPaginate } from '../../transport';
import { editionAllows, requireEdition } from '../../api/edition';

/**
 * Every value of a multi-value field. The reads of records and field values answer at most 100
 * values of a field and say how many it holds (`totalCount`); from 2026-09-17 on, GET
 * …/fields/{fieldId}/values (FieldValuesPaged, BETA) pages through all of them.
 */

/** The edition that has the values pages. */
export const ALL_VALUES_EDITION: ApiEdition = '2026-09-17';

/** The option of the reads that cut multi-values (Get, Get Many, Get Field Values). */
export const completeMultiValuesParameter: INodeProperties = {
	displayName: 'Complete Multi-Value Fields',
	name: 'completeMultiValues',
	type: 'boolean',
	default: false,
	description:
		'Whether to read every value of a multi-value field that came back cut at 100 (its totalCount is larger than the values returned), at the cost of one paged read per such field and record (one call per 100 values). Needs API version 2026-09-17; without it a cut field says so (possiblyTruncated, totalCount, moreValues).',
};

/**
 * Whether this item asks for complete multi-values; if it does, the run must be on 2026-09-17
 * or later, checked before any request.
 */
export async function completesMultiValues(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<boolean> {
	if (!(this.getNodeParameter('completeMultiValues', itemIndex, false) as boolean)) return false;
	await requireEdition.call(this, ALL_VALUES_EDITION, 'Complete Multi-Value Fields', itemIndex);
	return true;
}

/** Every value of one field: GET {valuesPath}, each page followed. */
export async function readAllValues(
	this: IExecuteFunctions,
	fieldPath: string,
	subject: string,
	itemIndex: number,
): Promise<unknown[]> {
	const { items } = await affinityPaginate.call(this, {
		method: 'GET',
		path: fieldPath,
		subject,
		itemIndex,
	});
	return items;
}

/**
 * The field with every value where it was cut: `data` holds all of them, `totalCount` stays.
 * `fieldsPath` is the record's `…/fields`; a field not cut is returned as it is, unread.
 */
export async function completeField(
	this: IExecuteFunctions,
	field: ApiField,
	fieldsPath: string,
	subject: string,
	itemIndex: number,
): Promise<ApiField> {
	if (!field || typeof field !== 'object' || !completable(field.value)) return field;
	const data = await readAllValues.call(
		this,
		valuesPath(fieldsPath, field.id),
		`field ${field.id} on ${subject}`,
		itemIndex,
	);
	return { ...field, value: { ...field.value, data } };
}

/** Every field of a record's `fields` array completed (one paged read per cut field). */
export async function completeFields(
	this: IExecuteFunctions,
	fields: ApiField[] | undefined,
	fieldsPath: string,
	subject: string,
	itemIndex: number,
): Promise<ApiField[] | undefined> {
	if (!Array.isArray(fields)) return fields;
	const out: ApiField[] = [];
	for (const field of fields)
		out.push(await completeField.call(this, field, fieldsPath, subject, itemIndex));
	return out;
}

/** A company or person (its `fields`) with every cut field completed. */
export async function completeEntity<T extends IDataObject>(
	this: IExecuteFunctions,
	entity: T,
	kind: 'company' | 'person',
	itemIndex: number,
): Promise<T> {
	const fields = entity.fields as ApiField[] | undefined;
	if (!Array.isArray(fields) || !fields.some((f) => completable(f?.value))) return entity;
	const id = entity.id as number;
	const base = kind === 'company' ? `/v2/companies/${id}` : `/v2/persons/${id}`;
	const completed = await completeFields.call(
		this,
		fields,
		`${base}/fields`,
		`${kind} ${id}`,
		itemIndex,
	);
	return { ...entity, fields: completed };
}

/** A list entry (its entity's `fields`) with every cut field completed. */
export async function completeListEntry<T extends IDataObject>(
	this: IExecuteFunctions,
	entry: T,
	itemIndex: number,
): Promise<T> {
	const entity = entry.entity as IDataObject | undefined;
	const fields = entity?.fields as ApiField[] | undefined;
	if (!Array.isArray(fields) || !fields.some((f) => completable(f?.value))) return entry;
	const listId = entry.listId as number;
	const entryId = entry.id as number;
	const completed = await completeFields.call(
		this,
		fields,
		`/v2/lists/${listId}/list-entries/${entryId}/fields`,
		`list entry ${entryId} of list ${listId}`,
		itemIndex,
	);
	return { ...entry, entity: { ...entity, fields: completed } };
}

/**
 * Whether this run may read the values pages, without a request: Get Field Value completes a
 * cut field whenever it can (the edition is known once its first read answered).
 */
export async function valuesPagesAllowed(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<boolean> {
	return editionAllows.call(this, ALL_VALUES_EDITION, itemIndex);
}

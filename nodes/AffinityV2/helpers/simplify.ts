import type { IDataObject } from 'n8n-workflow';

import { calendarDate } from './dates';
import { entityDisplayName, valuesLeftOut } from './entities';
import { displayText } from './text';
import type { ApiEntity, ApiField, ApiListEntry } from './types';
import { mayBeTruncated, simplifyValue } from './simplifyValue';

/**
 * Names that would reach an object's prototype when a Code node copies an item with
 * `Object.assign` or a spread: a field so named is keyed "name (id)" like a shared name.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The key a field gets in a simplified record: its name, or "name (id)" where two fields share
 * a name (a global and a list field called "Status", say), so that neither hides the other.
 */
export function fieldKeys(fields: Array<Pick<ApiField, 'id' | 'name'>>): Map<string, string> {
	// A field without a usable name goes by its id.
	const nameOf = (f: Pick<ApiField, 'id' | 'name'>) => displayText(f.name) || displayText(f.id);
	const count = new Map<string, number>();
	for (const f of fields) count.set(nameOf(f), (count.get(nameOf(f)) ?? 0) + 1);
	const keys = new Map<string, string>();
	for (const f of fields) {
		const name = nameOf(f);
		const shared = (count.get(name) ?? 0) > 1 || PROTOTYPE_KEYS.has(name);
		keys.set(f.id, shared ? `${name} (${displayText(f.id)})` : name);
	}
	return keys;
}

/**
 * Sets `object[key]` as an own, enumerable property whatever the key: field names are user
 * data, and a plain assignment to `__proto__` would set the object's prototype instead.
 */
export function setOwn(object: IDataObject, key: string, value: unknown): void {
	Object.defineProperty(object, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true,
	});
}

export interface SimplifiedFields {
	fields: IDataObject;
	/** Calendar dates of datetime fields (Affinity stores them at midnight Pacific). */
	calendarDates?: IDataObject;
	/**
	 * Names of fields that hold more than they show: their `totalCount` says so, or they came
	 * back with 100 people or companies, the most the API returns in one value. Absent when
	 * nothing may be cut.
	 */
	possiblyTruncated?: string[];
	/**
	 * How many values each truncated field left out, by field name ("and 150 more"), where the
	 * API says (`totalCount`). The field's values are those shown, never all of them.
	 */
	moreValues?: IDataObject;
	/**
	 * Names of fields whose value the key may not see (hidden: their value reads as null, which
	 * is not "empty"). Absent when none is hidden.
	 */
	hiddenFields?: string[];
}

/**
 * Whether a field's value is hidden from the key (2026-07-15 on, a restricted record): the
 * field's `type` or its value's `type` says "hidden", with `data: null`.
 */
export function isHidden(field: unknown): boolean {
	if (!field || typeof field !== 'object') return false;
	const { type, value } = field as { type?: unknown; value?: unknown };
	return (
		type === 'hidden' ||
		(!!value && typeof value === 'object' && (value as { type?: unknown }).type === 'hidden')
	);
}

export function simplifyFields(fields: ApiField[] | undefined): SimplifiedFields {
	const result: SimplifiedFields = { fields: {} };
	if (!Array.isArray(fields)) return result;
	const usable = fields.filter((f) => !!f && typeof f === 'object');
	const keys = fieldKeys(usable);
	for (const field of usable) {
		const key = keys.get(field.id) as string;
		const value = field.value && typeof field.value === 'object' ? field.value : undefined;
		setOwn(result.fields, key, simplifyValue(value));
		if (value?.type === 'datetime') {
			result.calendarDates ??= {};
			setOwn(result.calendarDates, key, calendarDate(value.data));
		}
		if (mayBeTruncated(value)) (result.possiblyTruncated ??= []).push(key);
		const more = valuesLeftOut(value);
		if (more > 0) setOwn((result.moreValues ??= {}), key, more);
		if (isHidden(field)) (result.hiddenFields ??= []).push(key);
	}
	return result;
}

/**
 * A simplified record with its field values by name at the top level too, where
 * `{{ $json.Status }}` finds them: `head` first (the name a table shows first), then each field
 * whose key is not one of the record's own keys, then `tail` (with `fields`, which keeps every
 * value by name, as saved expressions read them). A field named as one of the record's own
 * keys (`id`, `type`, `entity`…) is only under `fields`.
 */
export function withFieldsOnTop(head: IDataObject, tail: IDataObject): IDataObject {
	const values = tail.fields && typeof tail.fields === 'object' ? (tail.fields as IDataObject) : {};
	const taken = new Set([...Object.keys(head), ...Object.keys(tail)]);
	const record: IDataObject = {};
	for (const [key, value] of Object.entries(head)) setOwn(record, key, value);
	for (const [key, value] of Object.entries(values))
		if (!taken.has(key)) setOwn(record, key, value);
	for (const [key, value] of Object.entries(tail)) setOwn(record, key, value);
	return record;
}

/**
 * The keys of a simplified record that are copies of its `fields` (the field values put at the
 * top level by withFieldsOnTop): an AI agent reads each value once, under `fields`.
 */
export function withoutFieldCopies(record: IDataObject): IDataObject {
	const values = record.fields;
	if (!values || typeof values !== 'object' || Array.isArray(values)) return record;
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		const copy =
			key !== 'fields' &&
			Object.prototype.hasOwnProperty.call(values, key) &&
			(values as IDataObject)[key] === value;
		if (!copy) setOwn(out, key, value);
	}
	return out;
}

/**
 * A company, person or opportunity with its `fields` array turned into `{name: value}`, the
 * values also at the top level (withFieldsOnTop).
 */
export function simplifyEntity(entity: ApiEntity): IDataObject {
	const { fields, id, ...rest } = entity;
	// The name first and the id after the fields, as tables show them best.
	const tail: IDataObject = { ...(rest as IDataObject) };
	delete tail.name;
	if (fields !== undefined) Object.assign(tail, simplifyFields(fields));
	tail.id = id;
	return withFieldsOnTop({ name: (rest as IDataObject).name ?? entityDisplayName(entity) }, tail);
}

/**
 * A list entry, flattened for tables: the entity's name and type and its fields by name first
 * (at the top level and under `fields`), then the dates and ids (entry, list, entity, creator),
 * then the entity as the API gave it.
 */
export function simplifyListEntry(entry: ApiListEntry): IDataObject {
	// An entry without an entity object gets null, never an invented id.
	const entity: Partial<ApiEntity> =
		entry.entity && typeof entry.entity === 'object' ? entry.entity : {};
	const { fields, ...entityRest } = entity;
	const {
		fields: values,
		calendarDates,
		possiblyTruncated,
		moreValues,
		hiddenFields,
	} = simplifyFields(fields);
	const tail: IDataObject = { fields: values };
	if (calendarDates) tail.calendarDates = calendarDates;
	if (possiblyTruncated) tail.possiblyTruncated = possiblyTruncated;
	if (moreValues) tail.moreValues = moreValues;
	if (hiddenFields) tail.hiddenFields = hiddenFields;
	Object.assign(tail, {
		createdAt: entry.createdAt,
		id: entry.id,
		listId: entry.listId,
		entityId: entity.id ?? null,
		creatorId: entry.creatorId,
		entity: entityRest as IDataObject,
	});
	return withFieldsOnTop({ entityName: entityDisplayName(entity), type: entry.type }, tail);
}

/**
 * An entry of a company's or person's list-entries page: the entry's metadata and list name
 * with its (comprehensive) field data by name, at the top level too. That page has no
 * `entity`: the entity is the company or person asked about.
 */
export function simplifyEntryOfEntity(entry: {
	fields?: ApiField[];
	[key: string]: unknown;
}): IDataObject {
	const { fields, ...rest } = entry;
	return withFieldsOnTop({}, Object.assign({ ...(rest as IDataObject) }, simplifyFields(fields)));
}

/** One field value (GET .../fields/{fieldId}): its id, name and type, and the value unwrapped. */
export function simplifyField(field: ApiField): IDataObject {
	const value = field.value && typeof field.value === 'object' ? field.value : undefined;
	const simplified: IDataObject = {
		id: field.id,
		name: typeof field.name === 'string' ? field.name : displayText(field.name) || field.id,
		type: field.type,
		enrichmentSource: field.enrichmentSource ?? null,
		valueType: value?.type ?? null,
		value: simplifyValue(value) as IDataObject[keyof IDataObject],
	};
	if (value?.type === 'datetime') simplified.calendarDate = calendarDate(value.data);
	if (mayBeTruncated(value)) simplified.possiblyTruncated = true;
	if (typeof value?.totalCount === 'number') simplified.totalCount = value.totalCount;
	const more = valuesLeftOut(value);
	if (more > 0) simplified.moreValues = more;
	if (isHidden(field)) simplified.hidden = true;
	return simplified;
}

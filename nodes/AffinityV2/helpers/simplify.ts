import type { IDataObject } from 'n8n-workflow';

import { calendarDate } from './dates';
import { atAssociationLimit, entityDisplayName, valuesLeftOut } from './entities';
import { displayText, htmlText } from './text';
import type { ApiEntity, ApiField, ApiListEntry, FieldValue, Location } from './types';

export function locationLine(location: Partial<Location> | null | undefined): string {
	if (!location) return '';
	return [location.streetAddress, location.city, location.state, location.country]
		.filter((part) => typeof part === 'string' && part.trim() !== '')
		.join(', ');
}

function simplifyLocation(location: unknown): IDataObject | null {
	if (!location || typeof location !== 'object') return null;
	const parts = location as Location;
	return {
		line: locationLine(parts),
		streetAddress: parts.streetAddress ?? null,
		city: parts.city ?? null,
		state: parts.state ?? null,
		country: parts.country ?? null,
		continent: parts.continent ?? null,
	};
}

/**
 * The text of a change log value whose person, company or dropdown option has been deleted
 * from Affinity since (fieldValueChanges.DeletedEntityReference: `{referenceType:
 * "deleted-entity", displayValue}`, the text as it was when the change was made); undefined for
 * any other value.
 */
export function deletedReferenceText(value: unknown): string | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const { referenceType, displayValue } = value as {
		referenceType?: unknown;
		displayValue?: unknown;
	};
	if (referenceType !== 'deleted-entity') return undefined;
	return typeof displayValue === 'string' ? displayValue : '';
}

/** An id as the API should send it (a number), or null: never an object shown as text. */
function idOrNull(id: unknown): number | null {
	return typeof id === 'number' ? id : null;
}

/** A described string as text (a LinkedIn entry, a number…), or null when there is none. */
function textOrNull(value: unknown): string | null {
	const text = displayText(value);
	return text === '' ? null : text;
}

function personReference(person: unknown): IDataObject | null {
	if (!person || typeof person !== 'object') return null;
	const deleted = deletedReferenceText(person);
	if (deleted !== undefined) return { id: null, name: deleted, email: null, deleted: true };
	const p = person as {
		id?: unknown;
		firstName?: unknown;
		lastName?: unknown;
		primaryEmailAddress?: unknown;
	};
	return {
		id: idOrNull(p.id),
		name: entityDisplayName(p),
		email: textOrNull(p.primaryEmailAddress),
	};
}

function companyReference(company: unknown): IDataObject | null {
	if (!company || typeof company !== 'object') return null;
	const deleted = deletedReferenceText(company);
	if (deleted !== undefined) return { id: null, name: deleted, domain: null, deleted: true };
	const c = company as { id?: unknown; name?: unknown; domain?: unknown };
	return {
		id: idOrNull(c.id),
		name: displayText(c.name),
		domain: textOrNull(c.domain),
	};
}

function dropdownText(option: unknown): string | null {
	if (!option || typeof option !== 'object') return null;
	const deleted = deletedReferenceText(option);
	if (deleted !== undefined) return deleted;
	return textOrNull((option as { text?: unknown }).text);
}

/**
 * A note value (2026-09-17, NoteValue: notes.BaseNote): its text, its creator and when it was
 * written. The text is the note's HTML as plain text.
 */
function noteReference(note: unknown): IDataObject | null {
	if (!note || typeof note !== 'object') return null;
	const n = note as { id?: unknown; content?: unknown; creator?: unknown; createdAt?: unknown };
	const content = n.content && typeof n.content === 'object' ? (n.content as IDataObject) : {};
	return {
		id: idOrNull(n.id),
		text: htmlText(content.html),
		creator: personReference(n.creator),
		createdAt: textOrNull(n.createdAt),
	};
}

/** A reminder value (2026-09-17, ReminderValue: ReminderData): its content and due date. */
function reminderReference(reminder: unknown): IDataObject | null {
	if (!reminder || typeof reminder !== 'object') return null;
	const r = reminder as { id?: unknown; content?: unknown; dueDate?: unknown; type?: unknown };
	return {
		id: idOrNull(r.id),
		content: textOrNull(r.content),
		dueDate: textOrNull(r.dueDate),
		type: textOrNull(r.type),
	};
}

/** A list of a list-multi value (2026-09-17, ListsValue: ListData): its name and kind. */
function listReference(list: unknown): IDataObject | null {
	if (!list || typeof list !== 'object') return null;
	const l = list as { id?: unknown; name?: unknown; type?: unknown };
	return { id: idOrNull(l.id), name: displayText(l.name), type: textOrNull(l.type) };
}

function mapArray<T>(data: unknown, map: (item: unknown) => T): T[] | null {
	return Array.isArray(data) ? data.map(map) : null;
}

/**
 * One field value as a workflow wants it: text as a string, dropdowns as their text, location
 * as a line plus parts, person and company references as id and name, multi types as arrays.
 * A null stays null (the API sends null, not [], for an empty array value).
 */
export function simplifyValue(value: FieldValue | null | undefined): unknown {
	if (!value || value.data === null || value.data === undefined) return null;
	const { data } = value;
	switch (value.type) {
		case 'text':
		case 'filterable-text':
			// Text as text, whatever came (a LinkedIn entry {link, text} included).
			return typeof data === 'string' ? data : textOrNull(data);
		case 'number':
		case 'datetime':
			return data;
		case 'filterable-text-multi':
			return mapArray(data, displayText);
		case 'number-multi':
			return Array.isArray(data) ? [...data] : null;
		case 'location':
			return simplifyLocation(data);
		case 'location-multi':
			return mapArray(data, simplifyLocation);
		case 'dropdown':
		case 'ranked-dropdown':
			return dropdownText(data);
		case 'dropdown-multi':
			return mapArray(data, dropdownText);
		case 'person':
			return personReference(data);
		case 'person-multi':
			return mapArray(data, personReference);
		case 'company':
			return companyReference(data);
		case 'company-multi':
			return mapArray(data, companyReference);
		case 'note':
			return noteReference(data);
		case 'reminder':
			return reminderReference(data);
		case 'list-multi':
			return mapArray(data, listReference);
		case 'formula-number':
			return data && typeof data === 'object'
				? ((data as { calculatedValue?: unknown }).calculatedValue ?? null)
				: data;
		default:
			// interaction (with its internalPerson from 2026-09-17) and any type a newer API
			// adds: kept as the API gives it.
			return data;
	}
}

/**
 * True when a value holds more than it shows: its `totalCount` says so, or it is an association
 * array at the API's cut-off of 100 (which may hold more).
 */
export function mayBeTruncated(value: FieldValue | null | undefined): boolean {
	if (!value || typeof value !== 'object') return false;
	// A value that gives its totalCount says exactly whether it holds more than it shows (a
	// completed one holds all of them).
	if (typeof value.totalCount === 'number' && Number.isFinite(value.totalCount))
		return valuesLeftOut(value) > 0;
	return (
		(value.type === 'person-multi' || value.type === 'company-multi') &&
		Array.isArray(value.data) &&
		atAssociationLimit(value.data.length)
	);
}

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

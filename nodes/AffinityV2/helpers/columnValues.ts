import type { FieldType } from 'n8n-workflow';

import { calendarDate } from './dates';
import { LOCATION_PARTS, type FieldValueUpdate } from './valueTypes';

/**
 * The column mapping of the writes (n8n's resource mapper): the editor type of each Affinity
 * value type, what counts as "no value given", and whether a value to write is the one a field
 * already holds (so that it is not written again). Pure, no requests.
 */

/** The resource mapper's input type for a FieldValueUpdate `type`. */
export function mapperFieldType(valueType: string): FieldType {
	switch (valueType) {
		case 'number':
			return 'number';
		case 'datetime':
			return 'dateTime';
		case 'dropdown':
		case 'ranked-dropdown':
			return 'options';
		case 'location':
			return 'object';
		case 'number-multi':
		case 'location-multi':
		case 'dropdown-multi':
		case 'filterable-text-multi':
			return 'array';
	}
	// People and companies (one or several) are text: IDs, email addresses or domains, several
	// comma-separated, which an 'array' column would mark as an issue in the editor.
	return 'string';
}

/** What a person or company column takes, shown beside its name (the editor shows only the name). */
const COLUMN_HINTS: Record<string, string> = {
	person: 'ID, email',
	'person-multi': 'IDs, emails',
	company: 'ID, domain',
	'company-multi': 'IDs, domains',
};

/** The name the editor shows for a field's column: "Owner (ID, email)". */
export function mapperDisplayName(name: string, valueType: string): string {
	const hint = COLUMN_HINTS[valueType];
	return hint ? `${name} (${hint})` : name;
}

/** The field's own name from a column's display name (mapperDisplayName undone). */
export function mappedFieldName(displayName: string, valueType: string | undefined): string {
	const hint = valueType ? COLUMN_HINTS[valueType] : undefined;
	const suffix = hint ? ` (${hint})` : undefined;
	return suffix && displayName.endsWith(suffix)
		? displayName.slice(0, -suffix.length)
		: displayName;
}

/** A mapped column left empty: not written (clearing is Update Field Values' Clear the Value). */
export function isEmptyMapped(value: unknown): boolean {
	return (
		value === undefined ||
		value === null ||
		(typeof value === 'string' && value.trim() === '') ||
		(Array.isArray(value) && value.length === 0)
	);
}

interface DateTimeLike {
	isValid: boolean;
	hour: number;
	minute: number;
	second: number;
	millisecond: number;
	toISODate(): string | null;
	toISO(): string | null;
}

function isDateTimeLike(value: unknown): value is DateTimeLike {
	return (
		!!value &&
		typeof value === 'object' &&
		typeof (value as DateTimeLike).toISODate === 'function' &&
		typeof (value as DateTimeLike).toISO === 'function'
	);
}

/**
 * A mapped value as the value codecs take it. n8n hands a date column over as a Luxon DateTime
 * in the workflow's time zone: a date at midnight is that calendar date, any other its instant.
 */
export function plainMappedValue(value: unknown): unknown {
	if (isDateTimeLike(value)) {
		if (!value.isValid) return String(value);
		const midnight =
			value.hour === 0 && value.minute === 0 && value.second === 0 && value.millisecond === 0;
		return midnight ? value.toISODate() : value.toISO();
	}
	if (value instanceof Date) return value.toISOString();
	return value;
}

function idOf(item: unknown, key: 'id' | 'dropdownOptionId'): unknown {
	if (!item || typeof item !== 'object') return item;
	const record = item as Record<string, unknown>;
	return record[key] ?? record.id;
}

function locationKey(item: unknown): string {
	const record = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
	return JSON.stringify(LOCATION_PARTS.map((part) => record[part] ?? null));
}

function sortedKeys(items: unknown, key: (item: unknown) => unknown): string {
	const list = Array.isArray(items) ? items : [];
	return JSON.stringify(list.map((item) => String(key(item))).sort());
}

/** A comparable form of a value's `data`, as written (FieldValueUpdate) or as read (FieldValue). */
function comparable(type: string, data: unknown): string {
	if (data === null || data === undefined) return 'null';
	switch (type) {
		// A date field holds a calendar day: written at noon UTC, read back at midnight Pacific.
		case 'datetime':
			return calendarDate(data) ?? String(data);
		case 'dropdown':
		case 'ranked-dropdown':
			return String(idOf(data, 'dropdownOptionId'));
		case 'dropdown-multi':
			return sortedKeys(data, (item) => idOf(item, 'dropdownOptionId'));
		case 'person':
		case 'company':
			return String(idOf(data, 'id'));
		case 'person-multi':
		case 'company-multi':
			return sortedKeys(data, (item) => idOf(item, 'id'));
		case 'number-multi':
		case 'filterable-text-multi':
			return sortedKeys(data, (item) => item);
		case 'location':
			return locationKey(data);
		case 'location-multi':
			return sortedKeys(data, locationKey);
	}
	return JSON.stringify(data);
}

/**
 * Whether a field already holds the value a write would send. `current` is the field's value
 * as a read gives it (`{type, data}`), or undefined when it was not read (then it is written).
 */
export function holdsValue(write: FieldValueUpdate, current: unknown): boolean {
	if (!current || typeof current !== 'object') return false;
	const read = current as { type?: unknown; data?: unknown };
	if (read.type !== write.type) return false;
	return comparable(write.type, write.data) === comparable(write.type, read.data);
}

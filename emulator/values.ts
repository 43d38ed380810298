import { ApiError, badRequest } from './http';
import type { FieldDef, LocationData, StoredData, StoredValue } from './model';
import { READ_ONLY_VALUE_TYPES } from './model';
import { pacificCalendarDate, pacificMidnight } from './pacificDate';
import { currentSettings } from './requestScope';
import type { Store } from './store';

/**
 * Validation of written field values, as the API does it: the value must be `{type, data}` of
 * the field's own value type, data of that type's shape, dropdown options of that field,
 * persons and companies that exist, at most 100 associations. Every refusal is a 400 naming
 * the offending part (`param`). Accepted values come back in stored form (references by id),
 * dates moved to midnight Pacific of the calendar date written (DateValue).
 */

const MAX_ASSOCIATIONS = 100;
const LOCATION_KEYS = ['streetAddress', 'city', 'state', 'country', 'continent'] as const;
/** RFC 3339 date-time (OpenAPI `format: date-time`): a time and an offset are required. */
const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

const invalid = (param: string, message: string) => badRequest(message, param);

function isObject(value: unknown): value is Record<string, unknown> {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Why a field cannot be written, or undefined. */
export function readOnlyReason(field: FieldDef): string | undefined {
	if (field.type === 'enriched')
		return `Field ${field.id} is an enriched field and cannot be updated`;
	if (field.type === 'relationship-intelligence')
		return `Field ${field.id} is a relationship-intelligence field and cannot be updated`;
	if (READ_ONLY_VALUE_TYPES.has(field.valueType))
		return `Field ${field.id} has value type ${field.valueType}, which cannot be updated`;
	if (field.readOnly) return `Field ${field.id} cannot be updated`;
	return undefined;
}

/**
 * A written RFC 3339 date-time as the API keeps it: midnight Pacific of a calendar date. Which
 * date is the `dateFieldDay` setting's: the Pacific calendar date of the instant (default), or
 * its UTC calendar date.
 */
export function storedDate(data: unknown, param: string): string {
	const match = typeof data === 'string' ? DATE_TIME.exec(data) : null;
	if (!match)
		throw invalid(
			param,
			`Expected an ISO 8601 date-time with a time zone (e.g. 2024-03-10T00:00:00Z); got ${JSON.stringify(data)}`,
		);
	const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const check = new Date(Date.UTC(y, m - 1, d));
	const instant = Date.parse(data as string);
	if (
		check.getUTCFullYear() !== y ||
		check.getUTCMonth() !== m - 1 ||
		check.getUTCDate() !== d ||
		Number(match[4]) > 23 ||
		Number(match[5]) > 59 ||
		!Number.isFinite(instant)
	) {
		throw invalid(param, `${JSON.stringify(data)} is not a valid date-time`);
	}
	const iso = new Date(instant).toISOString();
	const day =
		currentSettings()?.dateFieldDay === 'utc' ? iso.slice(0, 10) : pacificCalendarDate(iso);
	return pacificMidnight(day);
}

function location(value: unknown, param: string): LocationData {
	if (!isObject(value)) throw invalid(param, 'Expected a location object');
	for (const key of Object.keys(value)) {
		if (!(LOCATION_KEYS as readonly string[]).includes(key))
			throw invalid(`${param}.${key}`, `Unknown location property "${key}"`);
	}
	const out = {} as LocationData;
	for (const key of LOCATION_KEYS) {
		if (!(key in value))
			throw invalid(`${param}.${key}`, `Missing location property "${key}" (use null for none)`);
		const part = value[key];
		if (part !== null && typeof part !== 'string')
			throw invalid(`${param}.${key}`, `Location property "${key}" must be a string or null`);
		out[key] = part as string | null;
	}
	return out;
}

function array(value: unknown, param: string): unknown[] {
	if (!Array.isArray(value)) throw invalid(param, 'Expected an array');
	return value;
}

/** An array of at most 100 values: the Value schemas' `maxItems: 100` (all but dropdown-multi). */
function capped(value: unknown, param: string): unknown[] {
	const items = array(value, param);
	if (items.length > MAX_ASSOCIATIONS)
		throw invalid(param, `At most ${MAX_ASSOCIATIONS} values are allowed; got ${items.length}`);
	return items;
}

function reference(
	store: Store,
	kind: 'person' | 'company',
	value: unknown,
	param: string,
): { id: number } {
	if (!isObject(value) || Object.keys(value).some((k) => k !== 'id'))
		throw invalid(param, `Expected {"id": <${kind} id>}`);
	const id = value.id;
	if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
		throw invalid(`${param}.id`, `Expected a ${kind} id (a positive integer)`);
	const exists = kind === 'person' ? store.persons.has(id) : store.companies.has(id);
	if (!exists)
		throw invalid(
			`${param}.id`,
			`${kind === 'person' ? 'Person' : 'Company'} ${id} does not exist`,
		);
	return { id };
}

function option(field: FieldDef, value: unknown, param: string): { dropdownOptionId: number } {
	if (!isObject(value) || Object.keys(value).some((k) => k !== 'dropdownOptionId'))
		throw invalid(param, 'Expected {"dropdownOptionId": <option id>}');
	const id = value.dropdownOptionId;
	if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
		throw invalid(
			`${param}.dropdownOptionId`,
			'Expected a dropdown option id (a positive integer)',
		);
	if (!field.dropdownOptions?.some((o) => o.id === id)) {
		throw invalid(
			`${param}.dropdownOptionId`,
			`Dropdown option ${id} does not belong to field ${field.id}`,
		);
	}
	return { dropdownOptionId: id };
}

function unique<T>(items: T[], key: (item: T) => unknown): T[] {
	const seen = new Set<unknown>();
	return items.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)));
}

/**
 * Checks a written `value` (the body's `value`, or an update's) against its field and returns
 * it in stored form, or null when it clears the field. `param` names the value in errors
 * ("value", "updates[3].value"), `fieldParam` the field ("fieldId", "updates[3].id").
 */
export function parseWrittenValue(
	store: Store,
	field: FieldDef,
	value: unknown,
	param: string,
	fieldParam = 'fieldId',
): StoredValue | null {
	const reason = readOnlyReason(field);
	if (reason) throw new ApiError(400, 'validation', reason, fieldParam);
	if (!isObject(value)) throw invalid(param, 'Expected a value object {type, data}');
	for (const key of Object.keys(value))
		if (key !== 'type' && key !== 'data')
			throw invalid(`${param}.${key}`, `Unknown property "${key}"`);
	if (typeof value.type !== 'string') throw invalid(`${param}.type`, 'Expected the value type');
	if (value.type !== field.valueType) {
		throw invalid(
			`${param}.type`,
			`Field ${field.id} has value type ${field.valueType}; got a value of type ${value.type}`,
		);
	}
	if (!('data' in value))
		throw invalid(`${param}.data`, 'Missing data (use null to clear the value)');
	const type = field.valueType;
	const data = value.data;
	const at = `${param}.data`;
	if (data === null) return null;
	let stored: StoredData;
	switch (type) {
		case 'text':
		case 'filterable-text':
			if (typeof data !== 'string') throw invalid(at, 'Expected a string');
			stored = data;
			break;
		case 'filterable-text-multi':
			stored = capped(data, at).map((item, i) => {
				if (typeof item !== 'string') throw invalid(`${at}[${i}]`, 'Expected a string');
				return item;
			});
			break;
		case 'number':
			if (typeof data !== 'number' || !Number.isFinite(data))
				throw invalid(at, 'Expected a number');
			stored = data;
			break;
		case 'number-multi':
			stored = capped(data, at).map((item, i) => {
				if (typeof item !== 'number' || !Number.isFinite(item))
					throw invalid(`${at}[${i}]`, 'Expected a number');
				return item;
			});
			break;
		case 'datetime':
			stored = storedDate(data, at);
			break;
		case 'location':
			stored = location(data, at);
			break;
		case 'location-multi':
			stored = capped(data, at).map((item, i) => location(item, `${at}[${i}]`));
			break;
		case 'dropdown':
		case 'ranked-dropdown':
			stored = option(field, data, at);
			break;
		case 'dropdown-multi':
			stored = unique(
				array(data, at).map((item, i) => option(field, item, `${at}[${i}]`)),
				(o) => o.dropdownOptionId,
			);
			break;
		case 'person':
		case 'company':
			stored = reference(store, type, data, at);
			break;
		case 'person-multi':
		case 'company-multi': {
			const items = capped(data, at);
			const kind = type === 'person-multi' ? 'person' : 'company';
			stored = unique(
				items.map((item, i) => reference(store, kind, item, `${at}[${i}]`)),
				(r) => r.id,
			);
			break;
		}
		default:
			throw invalid(`${param}.type`, `Values of type ${type} cannot be written`);
	}
	// An empty array holds nothing: the API returns null for it, so store no value.
	if (Array.isArray(stored) && stored.length === 0) return null;
	return { type, data: stored };
}

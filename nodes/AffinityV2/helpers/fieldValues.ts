/**
 * Field value codecs for writes: what a user gives in n8n (text, numbers, dates in any form,
 * location parts, dropdown options by id or name, person and company ids) becomes the API's
 * `{type, data}` (DESIGN.md "Facts from newer API editions"). Pure functions, no requests.
 */

/** Value types a user can write (FieldValueUpdate of the OpenAPI description). */
export const WRITABLE_VALUE_TYPES = [
	'text',
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
	'filterable-text',
	'filterable-text-multi',
] as const;

export type WritableValueType = (typeof WRITABLE_VALUE_TYPES)[number];

/** Computed by Affinity: a write is refused before any request. */
export const READ_ONLY_VALUE_TYPES: ReadonlySet<string> = new Set(['formula-number', 'interaction']);

/** Field categories Affinity fills itself (SPEC 2.1). */
export const READ_ONLY_FIELD_CATEGORIES: ReadonlySet<string> = new Set(['enriched', 'relationship-intelligence']);

/** Enrichment sources named in the OpenAPI description: their field ids start with them. */
const ENRICHMENT_PREFIXES = ['affinity-data-', 'dealroom-', 'eventbrite-', 'mailchimp-'];

/** Relationship-intelligence field ids (SPEC 2.1: "resembling the in-product name"). */
const RELATIONSHIP_INTELLIGENCE_IDS: ReadonlySet<string> = new Set([
	'first-email',
	'last-email',
	'first-event',
	'last-event',
	'next-event',
	'first-chat-message',
	'last-chat-message',
	'last-contact',
	'source-of-introduction',
]);

/** Association arrays are limited to 100 ids (PersonsValueUpdate / CompaniesValueUpdate). */
export const MAX_ASSOCIATIONS = 100;

/** The batch endpoint takes at most 100 updates per request. */
export const MAX_BATCH_UPDATES = 100;

export interface FieldValueUpdate {
	type: string;
	data: unknown;
}

export interface LocationValue {
	streetAddress: string | null;
	city: string | null;
	state: string | null;
	country: string | null;
	continent: string | null;
}

export const LOCATION_PARTS: Array<keyof LocationValue> = ['streetAddress', 'city', 'state', 'country', 'continent'];

export interface DropdownChoice {
	id: number;
	text: string;
}

/** A value a user gave that cannot be written: the message says what to change. */
export class ValueInputError extends Error {
	constructor(
		message: string,
		readonly hint?: string,
	) {
		super(message);
		this.name = 'ValueInputError';
	}
}

export function isWritableValueType(type: unknown): type is WritableValueType {
	return typeof type === 'string' && (WRITABLE_VALUE_TYPES as readonly string[]).includes(type);
}

/**
 * Why a field id cannot be written, judged from the id alone (enriched and relationship-
 * intelligence ids have their own patterns, SPEC 2.1); undefined when the id may be writable.
 */
export function readOnlyFieldReason(fieldId: string): string | undefined {
	if (ENRICHMENT_PREFIXES.some((prefix) => fieldId.startsWith(prefix))) {
		return `"${fieldId}" is an enriched field: Affinity and its data partners fill it, and the API does not accept writes to it`;
	}
	if (RELATIONSHIP_INTELLIGENCE_IDS.has(fieldId)) {
		return `"${fieldId}" is a relationship-intelligence field: Affinity computes it from email and calendar data, and the API does not accept writes to it`;
	}
	return undefined;
}

/** Why a field (from its metadata) cannot be written; undefined when it can. */
export function readOnlyMetadataReason(field: { id: string; name?: string; type?: string; valueType?: string }): string | undefined {
	const label = field.name ? `"${field.name}" (${field.id})` : `"${field.id}"`;
	if (field.type && READ_ONLY_FIELD_CATEGORIES.has(field.type)) {
		return `${label} is ${field.type === 'enriched' ? 'an enriched' : 'a relationship-intelligence'} field, which Affinity fills itself; the API does not accept writes to it`;
	}
	if (field.valueType && READ_ONLY_VALUE_TYPES.has(field.valueType)) {
		return `${label} is a ${field.valueType === 'interaction' ? 'interaction' : 'formula'} field, which Affinity computes; the API does not accept writes to it`;
	}
	return undefined;
}

/** Whether the write pickers offer a field: writable, of a type the node can encode. */
export function isWritableField(field: { id: string; name?: string; type?: string; valueType: string }): boolean {
	return !readOnlyMetadataReason(field) && isWritableValueType(field.valueType) && !field.valueType.startsWith('filterable-text');
}

/**
 * A field as the pickers give it: "field-123|ranked-dropdown" (id and value type, so the editor
 * can show the input for that type) or a bare id from an expression.
 */
export function parseFieldChoice(raw: unknown): { fieldId: string; valueType?: string } {
	const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
	const bar = text.lastIndexOf('|');
	if (bar < 0) return { fieldId: text };
	const fieldId = text.slice(0, bar).trim();
	const valueType = text.slice(bar + 1).trim();
	return { fieldId, valueType: valueType || undefined };
}

export function fieldChoiceValue(fieldId: string, valueType: string): string {
	return `${fieldId}|${valueType}`;
}

// ---------------------------------------------------------------------------------------------
// Dates

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

function validCalendarDate(y: number, m: number, d: number): boolean {
	const t = new Date(Date.UTC(y, m - 1, d));
	return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && y >= 1 && y <= 9999;
}

function formatDate(y: number, m: number, d: number): string {
	return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function dateInZone(time: number, timezone: string): string {
	let zone = timezone;
	try {
		new Intl.DateTimeFormat('en-CA', { timeZone: zone });
	} catch {
		zone = 'UTC';
	}
	return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(time);
}

interface DateTimeLike {
	isValid?: boolean;
	toISODate(): string | null;
}

function isDateTimeLike(value: unknown): value is DateTimeLike {
	return !!value && typeof value === 'object' && typeof (value as DateTimeLike).toISODate === 'function';
}

/**
 * The calendar date a user meant, as YYYY-MM-DD. Affinity keeps only the date (SPEC 2.2), so
 * the date is taken as written: "2024-03-10", "2024-03-10T23:30:00-05:00" (10 March, in the
 * offset it was written in, not the UTC date), "2024-03-10T08:00:00Z" (10 March: also how
 * Affinity's own midnight-Pacific values read back). A Luxon DateTime (n8n's $now, $today,
 * DateTime expressions) gives its date in its own zone. A JavaScript Date or epoch
 * milliseconds carry no zone: their date in the workflow's time zone is used.
 */
export function calendarDateOf(input: unknown, timezone = 'UTC'): string {
	if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) {
		throw new ValueInputError('No date given', 'Enter a date (YYYY-MM-DD or an ISO date-time), or choose "Clear the Value".');
	}
	if (isDateTimeLike(input)) {
		const date = input.isValid === false ? null : input.toISODate();
		if (!date) throw new ValueInputError('The date is not a valid date-time object');
		return date;
	}
	if (input instanceof Date) {
		if (Number.isNaN(input.getTime())) throw new ValueInputError('The date is not a valid date');
		return dateInZone(input.getTime(), timezone);
	}
	if (typeof input === 'number') {
		if (!Number.isFinite(input)) throw new ValueInputError(`"${input}" is not a date`);
		return dateInZone(input, timezone);
	}
	if (typeof input === 'string') {
		const text = input.trim();
		const match = ISO_DATE.exec(text) ?? ISO_DATE_TIME.exec(text);
		if (match) {
			const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
			if (!validCalendarDate(y, m, d)) throw new ValueInputError(`"${text}" is not a real calendar date`);
			return formatDate(y, m, d);
		}
		if (/^\d{12,14}$/.test(text)) return dateInZone(Number(text), timezone);
		throw new ValueInputError(
			`"${text}" is not a date the node can read`,
			'Use YYYY-MM-DD (2024-03-10) or an ISO date-time (2024-03-10T09:00:00+01:00), or an n8n date such as {{ $now }}.',
		);
	}
	throw new ValueInputError(`A ${typeof input} is not a date`, 'Use YYYY-MM-DD or an ISO date-time.');
}

const pacificHour = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' });

/**
 * Midnight America/Los_Angeles of a calendar date, as an ISO instant: 08:00Z under standard
 * time, 07:00Z under daylight time. On both change-over days midnight is before the 02:00
 * switch, so it takes that day's morning offset.
 */
export function pacificMidnight(date: string): string {
	const match = ISO_DATE.exec(date);
	if (!match) throw new ValueInputError(`"${date}" is not a YYYY-MM-DD date`);
	const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
	for (const offset of [8, 7]) {
		const candidate = Date.UTC(y, m - 1, d, offset);
		if (Number(pacificHour.format(candidate)) === 0) return new Date(candidate).toISOString();
	}
	return new Date(Date.UTC(y, m - 1, d, 8)).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Other types

function numberOf(input: unknown, what = 'number'): number {
	const n = typeof input === 'string' && input.trim() !== '' ? Number(input.trim().replace(/_/g, '')) : input;
	if (typeof n !== 'number' || !Number.isFinite(n)) {
		throw new ValueInputError(`"${typeof input === 'object' ? JSON.stringify(input) : String(input)}" is not a ${what}`);
	}
	return n;
}

/** An array, or a comma-separated text (what expressions and text inputs give). */
export function listOf(input: unknown): unknown[] {
	if (input === null || input === undefined || input === '') return [];
	if (Array.isArray(input)) return input;
	if (typeof input === 'string') {
		const text = input.trim();
		if (text.startsWith('[')) {
			try {
				const parsed: unknown = JSON.parse(text);
				if (Array.isArray(parsed)) return parsed;
			} catch {
				// not JSON: read as a comma-separated list
			}
		}
		return text.split(',').map((part) => part.trim()).filter((part) => part !== '');
	}
	return [input];
}

/** A record id from a number, a numeric text, `{id}`, a resource-locator value, or an Affinity URL. */
export function recordIdOf(input: unknown, what: string): number {
	let raw: unknown = input;
	if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
		const obj = raw as { __rl?: boolean; value?: unknown; id?: unknown; mode?: unknown };
		raw = obj.__rl ? obj.value : obj.id;
	}
	let text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
	// The id is the whole path segment: …/persons/12abc is not person 12.
	const fromUrl = /\.affinity\.(?:co|com)\/(?:persons|companies|organizations)\/(\d+)(?:[/?#]|$)/.exec(text);
	if (fromUrl) text = fromUrl[1];
	const id = /^\d+$/.test(text) ? Number(text) : NaN;
	if (!Number.isSafeInteger(id) || id < 1) {
		const shown = raw === undefined || raw === '' ? 'nothing' : `"${typeof raw === 'object' ? JSON.stringify(raw) : String(raw)}"`;
		throw new ValueInputError(`Invalid ${what} ID: got ${shown}`, `A ${what} ID is a whole number of 1 or more; pick the ${what} from the list or check the expression.`);
	}
	return id;
}

function textOrNull(value: unknown): string | null {
	if (value === null || value === undefined) return null;
	const text = String(value).trim();
	return text === '' ? null : text;
}

/** Parsed JSON, or undefined when the text is not JSON. */
function parseJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

export function locationOf(input: unknown): LocationValue {
	const value = typeof input === 'string' ? parseJson(input) : input;
	if (value === undefined) {
		throw new ValueInputError(`"${String(input)}" is not a location`, 'Give the location parts (street address, city, state, country, continent), or JSON of them.');
	}
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw new ValueInputError('A location is an object with streetAddress, city, state, country and continent');
	}
	const parts = value as Record<string, unknown>;
	const unknown = Object.keys(parts).filter((key) => !(LOCATION_PARTS as string[]).includes(key) && key !== 'line');
	if (unknown.length) {
		throw new ValueInputError(`Unknown location part "${unknown[0]}"`, `A location has only ${LOCATION_PARTS.join(', ')}.`);
	}
	const location = Object.fromEntries(LOCATION_PARTS.map((key) => [key, textOrNull(parts[key])])) as unknown as LocationValue;
	if (LOCATION_PARTS.every((key) => location[key] === null)) {
		throw new ValueInputError('The location has no parts', 'Fill at least one part (a city, say), or choose "Clear the Value".');
	}
	return location;
}

/**
 * A dropdown option from its id (number, numeric text, `{dropdownOptionId}`) or its text
 * (case and surrounding spaces ignored). Names need the field's options.
 */
export function dropdownOptionIdOf(input: unknown, options?: DropdownChoice[]): number {
	let raw: unknown = input;
	if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
		const obj = raw as { dropdownOptionId?: unknown; id?: unknown; text?: unknown };
		raw = obj.dropdownOptionId ?? obj.id ?? obj.text;
	}
	if (typeof raw === 'number' || (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw))) {
		const id = Number(raw);
		if (Number.isSafeInteger(id) && id >= 1) {
			if (options && !options.some((o) => o.id === id)) {
				const byText = options.find((o) => o.text.trim().toLowerCase() === String(raw).trim().toLowerCase());
				if (byText) return byText.id;
				throw new ValueInputError(`The field has no dropdown option with ID ${id}`, `Options: ${describeOptions(options)}.`);
			}
			return id;
		}
	}
	if (typeof raw !== 'string' || raw.trim() === '') {
		throw new ValueInputError('No dropdown option given', 'Pick an option from the list, or give its name or ID.');
	}
	if (!options) throw new ValueInputError(`The option "${raw}" needs the field's options to be looked up`);
	const wanted = raw.trim().toLowerCase();
	const found = options.find((o) => o.text.trim().toLowerCase() === wanted);
	if (!found) {
		throw new ValueInputError(`The field has no dropdown option "${raw.trim()}"`, `Options: ${describeOptions(options)}.`);
	}
	return found.id;
}

function describeOptions(options: DropdownChoice[]): string {
	if (!options.length) return 'none';
	const shown = options.slice(0, 30).map((o) => `"${o.text}" (${o.id})`);
	return shown.join(', ') + (options.length > 30 ? `, and ${options.length - 30} more` : '');
}

/** True when a dropdown input names an option by text, so the field's options must be fetched. */
export function needsDropdownLookup(type: string, input: unknown): boolean {
	if (type !== 'dropdown' && type !== 'ranked-dropdown' && type !== 'dropdown-multi') return false;
	const items = type === 'dropdown-multi' ? listOf(input) : [input];
	return items.some((item) => {
		const raw = item && typeof item === 'object' ? ((item as { dropdownOptionId?: unknown; id?: unknown; text?: unknown }).dropdownOptionId ?? (item as { id?: unknown }).id ?? (item as { text?: unknown }).text) : item;
		return !(typeof raw === 'number' || (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw)));
	});
}

function uniqueBy<T>(items: T[], key: (item: T) => unknown): T[] {
	const seen = new Set<unknown>();
	return items.filter((item) => {
		const k = key(item);
		if (seen.has(k)) return false;
		seen.add(k);
		return true;
	});
}

export interface EncodeOptions {
	/** The workflow's time zone, for dates without one of their own. */
	timezone?: string;
	/** The field's dropdown options, to accept option names. */
	dropdownOptions?: DropdownChoice[];
}

/**
 * The API body value for a value type and what the user gave. Empty multi inputs and `null`
 * are refused here: clearing is a choice of its own (`clearValue`), so that an expression that
 * came out empty by mistake does not silently erase data.
 */
export function encodeFieldValue(type: string, input: unknown, options: EncodeOptions = {}): FieldValueUpdate {
	if (READ_ONLY_VALUE_TYPES.has(type)) {
		throw new ValueInputError(`Values of type "${type}" are computed by Affinity and cannot be written`);
	}
	if (!isWritableValueType(type)) {
		throw new ValueInputError(`Unknown value type "${type}"`, `Value types: ${WRITABLE_VALUE_TYPES.join(', ')}.`);
	}
	const many = (what: string): unknown[] => {
		const items = listOf(input);
		if (!items.length) throw new ValueInputError(`No ${what} given`, 'Give at least one, or choose "Clear the Value".');
		return items;
	};
	switch (type) {
		case 'text':
		case 'filterable-text': {
			if (input === null || input === undefined) throw new ValueInputError('No text given', 'Enter the text, or choose "Clear the Value".');
			if (typeof input === 'object') throw new ValueInputError('Text must be a string, not an object', 'Use an expression that gives text.');
			return { type, data: String(input) };
		}
		case 'filterable-text-multi':
			return { type, data: uniqueBy(many('texts').map((item) => String(item)), (s) => s) };
		case 'number':
			return { type, data: numberOf(input) };
		case 'number-multi':
			return { type, data: many('numbers').map((item) => numberOf(item)) };
		case 'datetime':
			return { type, data: pacificMidnight(calendarDateOf(input, options.timezone)) };
		case 'location':
			return { type, data: locationOf(input) };
		case 'location-multi':
			return { type, data: many('locations').map(locationOf) };
		case 'dropdown':
		case 'ranked-dropdown':
			return { type, data: { dropdownOptionId: dropdownOptionIdOf(input, options.dropdownOptions) } };
		case 'dropdown-multi': {
			const ids = uniqueBy(many('dropdown options').map((item) => dropdownOptionIdOf(item, options.dropdownOptions)), (id) => id);
			return { type, data: ids.map((dropdownOptionId) => ({ dropdownOptionId })) };
		}
		case 'person':
		case 'company':
			return { type, data: { id: recordIdOf(input, type) } };
		case 'person-multi':
		case 'company-multi': {
			const what = type === 'person-multi' ? 'person' : 'company';
			const ids = uniqueBy(many(type === 'person-multi' ? 'persons' : 'companies').map((item) => recordIdOf(item, what)), (id) => id);
			if (ids.length > MAX_ASSOCIATIONS) {
				throw new ValueInputError(
					`${ids.length} ${type === 'person-multi' ? 'persons' : 'companies'} given; Affinity takes at most ${MAX_ASSOCIATIONS} in one value`,
				);
			}
			return { type, data: ids.map((id) => ({ id })) };
		}
	}
	throw new ValueInputError(`Unknown value type "${type}"`);
}

/** The body value that clears a field (SPEC: `data: null` clears). */
export function clearValue(type: string): FieldValueUpdate {
	return { type, data: null };
}

/**
 * A raw `{type, data}` (expert mode, or the JSON of a batch update), checked and normalised by
 * the same codecs, so a wrong shape is refused before the request. `data: null` clears.
 */
export function rawFieldValue(input: unknown, options: EncodeOptions = {}): FieldValueUpdate {
	const value = typeof input === 'string' ? parseJson(input) : input;
	if (value === undefined) throw new ValueInputError('The raw value is not valid JSON', 'Give {"type": "<value type>", "data": <data>}.');
	if (!value || typeof value !== 'object' || Array.isArray(value) || typeof (value as { type?: unknown }).type !== 'string') {
		throw new ValueInputError('The raw value must be an object {"type": ..., "data": ...}', 'For example {"type": "number", "data": 42}.');
	}
	const { type, data } = value as { type: string; data?: unknown };
	if (!('data' in (value as object))) throw new ValueInputError('The raw value has no "data"', 'Use "data": null to clear the field.');
	if (data === null) {
		if (READ_ONLY_VALUE_TYPES.has(type)) throw new ValueInputError(`Values of type "${type}" are computed by Affinity and cannot be written`);
		if (!isWritableValueType(type)) throw new ValueInputError(`Unknown value type "${type}"`, `Value types: ${WRITABLE_VALUE_TYPES.join(', ')}.`);
		return clearValue(type);
	}
	return encodeFieldValue(type, data, options);
}

/** Splits updates into the batches the API accepts, keeping their order. */
export function chunk<T>(items: T[], size = MAX_BATCH_UPDATES): T[][] {
	const chunks: T[][] = [];
	for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
	return chunks;
}

/** Display names of value types, for options and messages. */
export const VALUE_TYPE_NAMES: Record<WritableValueType, string> = {
	text: 'Text',
	number: 'Number',
	'number-multi': 'Numbers (Multiple)',
	datetime: 'Date',
	location: 'Location',
	'location-multi': 'Locations (Multiple)',
	dropdown: 'Dropdown',
	'dropdown-multi': 'Dropdown (Multiple)',
	'ranked-dropdown': 'Ranked Dropdown',
	person: 'Person',
	'person-multi': 'Persons (Multiple)',
	company: 'Company',
	'company-multi': 'Companies (Multiple)',
	'filterable-text': 'Filterable Text',
	'filterable-text-multi': 'Filterable Texts (Multiple)',
};

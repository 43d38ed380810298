/**
 * Field value codecs for writes: what a user gives in n8n (text, numbers, dates in any form,
 * location parts, dropdown options by id or name, person and company ids) becomes the API's
 * `{type, data}` (the FieldValueUpdate schema). Pure functions, no requests.
 */
import { dateFieldData } from './calendarDays';
import {
	CAPPED_MULTI_VALUE_TYPES,
	isWritableValueType,
	LOCATION_PARTS,
	MULTI_VALUE_LIMIT,
	READ_ONLY_VALUE_TYPES,
	ValueInputError,
	WRITABLE_VALUE_TYPES,
	type DropdownChoice,
	type FieldValueUpdate,
	type LocationValue,
} from './valueTypes';

function numberOf(input: unknown, what = 'number'): number {
	if (input === null || input === undefined || input === '') {
		throw new ValueInputError(`No ${what} given`, 'Enter the number, or choose "Clear the Value".');
	}
	const n =
		typeof input === 'string' && input.trim() !== ''
			? Number(input.trim().replace(/_/g, ''))
			: input;
	if (typeof n !== 'number' || !Number.isFinite(n)) {
		throw new ValueInputError(
			`"${typeof input === 'object' ? JSON.stringify(input) : String(input)}" is not a ${what}`,
		);
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
		return text
			.split(',')
			.map((part) => part.trim())
			.filter((part) => part !== '');
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
	const fromUrl =
		/\.affinity\.(?:co|com)\/(?:persons|companies|organizations)\/(\d+)(?:[/?#]|$)/.exec(text);
	if (fromUrl) text = fromUrl[1];
	const id = /^\d+$/.test(text) ? Number(text) : NaN;
	if (!Number.isSafeInteger(id) || id < 1) {
		const shown =
			raw === undefined || raw === ''
				? 'nothing'
				: `"${typeof raw === 'object' ? JSON.stringify(raw) : String(raw)}"`;
		throw new ValueInputError(
			`Invalid ${what} ID: got ${shown}`,
			`A ${what} ID is a whole number of 1 or more; pick the ${what} from the list or check the expression.`,
		);
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
		throw new ValueInputError(
			`"${String(input)}" is not a location`,
			'Give the location parts (street address, city, state, country, continent), or JSON of them.',
		);
	}
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		throw new ValueInputError(
			'A location is an object with streetAddress, city, state, country and continent',
		);
	}
	const parts = value as Record<string, unknown>;
	const unknown = Object.keys(parts).filter(
		(key) => !(LOCATION_PARTS as string[]).includes(key) && key !== 'line',
	);
	if (unknown.length) {
		throw new ValueInputError(
			`Unknown location part "${unknown[0]}"`,
			`A location has only ${LOCATION_PARTS.join(', ')}.`,
		);
	}
	const location = Object.fromEntries(
		LOCATION_PARTS.map((key) => [key, textOrNull(parts[key])]),
	) as unknown as LocationValue;
	if (LOCATION_PARTS.every((key) => location[key] === null)) {
		throw new ValueInputError(
			'The location has no parts',
			'Fill at least one part (a city, say), or choose "Clear the Value".',
		);
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
				const byText = options.find(
					(o) => o.text.trim().toLowerCase() === String(raw).trim().toLowerCase(),
				);
				if (byText) return byText.id;
				throw new ValueInputError(
					`The field has no dropdown option with ID ${id}`,
					`Options: ${describeOptions(options)}.`,
				);
			}
			return id;
		}
	}
	if (typeof raw !== 'string' || raw.trim() === '') {
		throw new ValueInputError(
			'No dropdown option given',
			'Pick an option from the list, or give its name or ID.',
		);
	}
	if (!options)
		throw new ValueInputError(`The option "${raw}" needs the field's options to be looked up`);
	const wanted = raw.trim().toLowerCase();
	const found = options.find((o) => o.text.trim().toLowerCase() === wanted);
	if (!found) {
		throw new ValueInputError(
			`The field has no dropdown option "${raw.trim()}"`,
			`Options: ${describeOptions(options)}.`,
		);
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
		const raw =
			item && typeof item === 'object'
				? ((item as { dropdownOptionId?: unknown; id?: unknown; text?: unknown })
						.dropdownOptionId ??
					(item as { id?: unknown }).id ??
					(item as { text?: unknown }).text)
				: item;
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
export function encodeFieldValue(
	type: string,
	input: unknown,
	options: EncodeOptions = {},
): FieldValueUpdate {
	return withinMultiValueLimit(encodeUnchecked(type, input, options));
}

function encodeUnchecked(type: string, input: unknown, options: EncodeOptions): FieldValueUpdate {
	if (READ_ONLY_VALUE_TYPES.has(type)) {
		throw new ValueInputError(
			`Values of type "${type}" are computed by Affinity and cannot be written`,
		);
	}
	if (!isWritableValueType(type)) {
		throw new ValueInputError(
			`Unknown value type "${type}"`,
			`Value types: ${WRITABLE_VALUE_TYPES.join(', ')}.`,
		);
	}
	const many = (what: string): unknown[] => {
		const items = listOf(input);
		if (!items.length)
			throw new ValueInputError(
				`No ${what} given`,
				'Give at least one, or choose "Clear the Value".',
			);
		return items;
	};
	switch (type) {
		case 'text':
		case 'filterable-text': {
			if (input === null || input === undefined)
				throw new ValueInputError('No text given', 'Enter the text, or choose "Clear the Value".');
			if (typeof input === 'object')
				throw new ValueInputError(
					'Text must be a string, not an object',
					'Use an expression that gives text.',
				);
			return { type, data: String(input) };
		}
		case 'filterable-text-multi':
			return {
				type,
				data: uniqueBy(
					many('texts').map((item) => String(item)),
					(s) => s,
				),
			};
		case 'number':
			return { type, data: numberOf(input) };
		case 'number-multi':
			return { type, data: many('numbers').map((item) => numberOf(item)) };
		case 'datetime':
			return { type, data: dateFieldData(input, options.timezone) };
		case 'location':
			return { type, data: locationOf(input) };
		case 'location-multi':
			return { type, data: many('locations').map(locationOf) };
		case 'dropdown':
		case 'ranked-dropdown':
			return {
				type,
				data: { dropdownOptionId: dropdownOptionIdOf(input, options.dropdownOptions) },
			};
		case 'dropdown-multi': {
			const ids = uniqueBy(
				many('dropdown options').map((item) => dropdownOptionIdOf(item, options.dropdownOptions)),
				(id) => id,
			);
			return { type, data: ids.map((dropdownOptionId) => ({ dropdownOptionId })) };
		}
		case 'person':
		case 'company':
			return { type, data: { id: recordIdOf(input, type) } };
		case 'person-multi':
		case 'company-multi': {
			const what = type === 'person-multi' ? 'person' : 'company';
			const ids = uniqueBy(
				many(type === 'person-multi' ? 'persons' : 'companies').map((item) =>
					recordIdOf(item, what),
				),
				(id) => id,
			);
			return { type, data: ids.map((id) => ({ id })) };
		}
	}
	throw new ValueInputError(`Unknown value type "${type}"`);
}

const MULTI_VALUE_NOUNS: Record<string, string> = {
	'company-multi': 'companies',
	'person-multi': 'persons',
	'location-multi': 'locations',
	'number-multi': 'numbers',
	'filterable-text-multi': 'texts',
};

/** Refuses more values than Affinity takes in one write of a capped multi type. */
function withinMultiValueLimit(value: FieldValueUpdate): FieldValueUpdate {
	if (!CAPPED_MULTI_VALUE_TYPES.has(value.type) || !Array.isArray(value.data)) return value;
	const count = value.data.length;
	if (count > MULTI_VALUE_LIMIT)
		throw new ValueInputError(
			`${count} ${MULTI_VALUE_NOUNS[value.type]} given; Affinity takes at most ${MULTI_VALUE_LIMIT} in one ${value.type} value`,
			`Write at most ${MULTI_VALUE_LIMIT} (repeats count once); nothing was sent.`,
		);
	return value;
}

/** The body value that clears a field (a FieldValueUpdate with `data: null` clears it). */
export function clearValue(type: string): FieldValueUpdate {
	return { type, data: null };
}

/**
 * A raw `{type, data}` (expert mode, or the JSON of a batch update), checked and normalised by
 * the same codecs, so a wrong shape is refused before the request. `data: null` clears.
 */
export function rawFieldValue(input: unknown, options: EncodeOptions = {}): FieldValueUpdate {
	const value = typeof input === 'string' ? parseJson(input) : input;
	if (value === undefined)
		throw new ValueInputError(
			'The raw value is not valid JSON',
			'Give {"type": "<value type>", "data": <data>}.',
		);
	if (
		!value ||
		typeof value !== 'object' ||
		Array.isArray(value) ||
		typeof (value as { type?: unknown }).type !== 'string'
	) {
		throw new ValueInputError(
			'The raw value must be an object {"type": ..., "data": ...}',
			'For example {"type": "number", "data": 42}.',
		);
	}
	const { type, data } = value as { type: string; data?: unknown };
	if (!('data' in (value as object)))
		throw new ValueInputError(
			'The raw value has no "data"',
			'Use "data": null to clear the field.',
		);
	if (data === null) {
		if (READ_ONLY_VALUE_TYPES.has(type))
			throw new ValueInputError(
				`Values of type "${type}" are computed by Affinity and cannot be written`,
			);
		if (!isWritableValueType(type))
			throw new ValueInputError(
				`Unknown value type "${type}"`,
				`Value types: ${WRITABLE_VALUE_TYPES.join(', ')}.`,
			);
		return clearValue(type);
	}
	return encodeFieldValue(type, data, options);
}

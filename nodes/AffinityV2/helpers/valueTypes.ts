/**
 * Value types of field values and which fields can be written: the FieldValueUpdate schema's
 * `type`s, the read-only field categories (enriched, relationship-intelligence) and the choice
 * format of the write pickers. Pure, no requests.
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

/**
 * The most values one write of these multi types takes (their FieldValueUpdate `data` declares
 * maxItems 100; live, Affinity refuses more). dropdown-multi declares none and takes more.
 */
export const MULTI_VALUE_LIMIT = 100;
export const CAPPED_MULTI_VALUE_TYPES: ReadonlySet<string> = new Set([
	'company-multi',
	'person-multi',
	'location-multi',
	'number-multi',
	'filterable-text-multi',
]);

/** Computed by Affinity: a write is refused before any request. */
export const READ_ONLY_VALUE_TYPES: ReadonlySet<string> = new Set([
	'formula-number',
	'interaction',
]);

/** Field categories (the Field schema's `type`) that Affinity fills itself. */
export const READ_ONLY_FIELD_CATEGORIES: ReadonlySet<string> = new Set([
	'enriched',
	'relationship-intelligence',
]);

/** Enrichment sources named in the OpenAPI description: their field ids start with them. */
const ENRICHMENT_PREFIXES = ['affinity-data-', 'dealroom-', 'eventbrite-', 'mailchimp-'];

/** Relationship-intelligence field ids (the Field schema's `id`: named like the in-product fields). */
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

export const LOCATION_PARTS: Array<keyof LocationValue> = [
	'streetAddress',
	'city',
	'state',
	'country',
	'continent',
];

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
 * intelligence ids have their own patterns, see the Field schema's `id`); undefined when the id may be writable.
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
export function readOnlyMetadataReason(field: {
	id: string;
	name?: string;
	type?: string;
	valueType?: string;
}): string | undefined {
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
export function isWritableField(field: {
	id: string;
	name?: string;
	type?: string;
	valueType: string;
}): boolean {
	return (
		!readOnlyMetadataReason(field) &&
		isWritableValueType(field.valueType) &&
		!field.valueType.startsWith('filterable-text')
	);
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

/**
 * A value type as the editor shows it: "Dropdown (Multiple)" for `dropdown-multi`, and for types
 * beyond the writable ones the API's name in words ("Formula number" for `formula-number`).
 */
export function valueTypeName(valueType: string): string {
	if (isWritableValueType(valueType)) return VALUE_TYPE_NAMES[valueType];
	const words = valueType.replace(/-/g, ' ').trim();
	return words ? words.charAt(0).toUpperCase() + words.slice(1) : valueType;
}

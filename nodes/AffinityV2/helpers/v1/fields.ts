import type { IDataObject } from 'n8n-workflow';

/**
 * API v1's fields in the pack's v2 names. v1 ids are integers; v2 names the same field
 * `field-<id>`. v1 value types are codes (The Field Resource, Field Value Types); v2 has a
 * value type per single or multiple value (FieldMetadata.valueType).
 */

export interface V1Field {
	id: number;
	name: string;
	list_id?: number | null;
	enrichment_source?: string | null;
	value_type: number;
	allows_multiple?: boolean;
	track_changes?: boolean;
	dropdown_options?: unknown[];
}

/** The value types v1 creates, by the pack's value name: v1's code and v2's value types. */
export const V1_VALUE_TYPES = {
	person: { code: 0, label: 'Person', multiple: 'person-multi' },
	company: { code: 1, label: 'Company', multiple: 'company-multi' },
	dropdown: { code: 2, label: 'Dropdown', multiple: 'dropdown-multi' },
	number: { code: 3, label: 'Number', multiple: 'number-multi' },
	datetime: { code: 4, label: 'Date', multiple: undefined },
	location: { code: 5, label: 'Location', multiple: 'location-multi' },
	text: { code: 6, label: 'Text', multiple: undefined },
	'ranked-dropdown': { code: 7, label: 'Ranked Dropdown', multiple: undefined },
} as const;

export type V1ValueTypeName = keyof typeof V1_VALUE_TYPES;

/** v1's entity types of a field (Create Field, Field Entity Types). */
export const V1_FIELD_ENTITY_TYPES = { person: 0, company: 1, opportunity: 8 } as const;

/** v2's value type of a v1 field: `number` or `number-multi`, …; null for a code v1 does not list. */
export function v2ValueType(code: number, allowsMultiple: boolean): string | null {
	const entry = Object.entries(V1_VALUE_TYPES).find(([, t]) => t.code === code);
	if (!entry) return null;
	const [name, type] = entry;
	return allowsMultiple && type.multiple ? type.multiple : name;
}

/** `field-123` or `123` as v1's integer id; undefined for ids v1 does not have (enriched fields). */
export function v1FieldId(value: unknown): number | undefined {
	const text = typeof value === 'number' ? String(value) : String(value ?? '').trim();
	const match = /^(?:field-)?([0-9]+)$/.exec(text);
	if (!match) return undefined;
	const id = Number(match[1]);
	return Number.isSafeInteger(id) && id >= 1 ? id : undefined;
}

/** The field as v2's FieldMetadata names it, with its list (null: global). */
export function fieldFromV1(field: V1Field): IDataObject {
	const listId = field.list_id ?? null;
	return {
		id: `field-${field.id}`,
		name: field.name,
		type: listId === null ? 'global' : 'list',
		valueType: v2ValueType(field.value_type, field.allows_multiple === true),
		enrichmentSource:
			field.enrichment_source && field.enrichment_source !== 'none'
				? field.enrichment_source
				: null,
		listId,
	};
}

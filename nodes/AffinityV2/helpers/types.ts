/** Shapes of the Affinity v2 API that the node reads (schemas of its OpenAPI description). */

export type FieldCategory = 'enriched' | 'global' | 'list' | 'relationship-intelligence';

export type ValueType =
	| 'text'
	| 'filterable-text'
	| 'filterable-text-multi'
	| 'number'
	| 'number-multi'
	| 'datetime'
	| 'location'
	| 'location-multi'
	| 'dropdown'
	| 'dropdown-multi'
	| 'ranked-dropdown'
	| 'person'
	| 'person-multi'
	| 'company'
	| 'company-multi'
	| 'formula-number'
	| 'interaction';

export interface FieldValue {
	type: ValueType | string;
	data: unknown;
	totalCount?: number;
}

export interface ApiField {
	id: string;
	name: string;
	type: FieldCategory;
	enrichmentSource: string | null;
	value: FieldValue;
}

export interface FieldMetadata {
	id: string;
	name: string;
	type: FieldCategory;
	valueType: ValueType;
	enrichmentSource: string | null;
	createdAt?: string | null;
	/** With includes=filterability: how searches filter on the field, or null when they cannot. */
	filterability?: FieldFilterability | null;
	/** With includes=sortability: how searches sort by the field, or null when they cannot. */
	sortability?: FieldSortability | null;
}

/** FilterableFieldOperator: an operator id of a search's ValueFilter and what it needs. */
export interface FilterableOperator {
	id: string;
	name: string;
	numberOfValuesRequired: 'none' | 'one' | 'two' | 'multi';
	relativeDateUnits?: string[];
}

/** FieldFilterability: filtered directly, or through attributes (an interaction's date). */
export type FieldFilterability =
	| { filterableFieldType: 'field-only'; operators: FilterableOperator[] }
	| {
			filterableFieldType: 'attribute-on-field';
			attributes: Array<{
				id: string;
				name: string;
				valueType: string;
				operators: FilterableOperator[];
			}>;
	  };

/** FieldSortability: sorted directly, or through attributes. */
export type FieldSortability =
	| { sortableFieldType: 'field-only' }
	| {
			sortableFieldType: 'attribute-on-field';
			attributes: Array<{ id: string; name: string; valueType: string }>;
	  };

export interface Location {
	streetAddress: string | null;
	city: string | null;
	state: string | null;
	country: string | null;
	continent: string | null;
}

export interface ApiEntity {
	id: number;
	name?: string;
	firstName?: string;
	lastName?: string | null;
	fields?: ApiField[];
	[key: string]: unknown;
}

export interface ApiListEntry {
	id: number;
	type: 'company' | 'person' | 'opportunity';
	listId: number;
	createdAt: string;
	creatorId: number | null;
	entity: ApiEntity;
}

/** The v2 editions an endpoint can depend on (X-Affinity-Api-Version). */
export type ApiEdition = '2024-01-01' | '2026-07-15' | '2026-09-17';

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
	/** With includes=filterability: the filter operators the field takes, or null when none. */
	filterability?: { operators: string[] } | null;
	/** With includes=sortability: the sort directions the field takes, or null when none. */
	sortability?: { directions: string[] } | null;
}

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

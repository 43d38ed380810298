import type { FilterProperty, OperatorName } from './filter';
import { inEdition } from './editionFields';
import type { Company, FieldDef, Person, StoredValue, ValueType } from './model';
import type { Store } from './store';
import { EDITION_2026_09_17, isAtLeast, type ApiVersion } from './versions';

/**
 * Enrichment sources whose data the API never exposes (the API docs: "Field data from
 * some third-party data partners is not exposed", naming Crunchbase). Fields from these
 * sources exist in the account (the web app shows them) but no endpoint lists or returns them.
 */
export const UNEXPOSED_ENRICHMENT_SOURCES: ReadonlySet<string> = new Set(['crunchbase']);

export function isExposed(field: FieldDef): boolean {
	return (
		(field.enrichmentSource === null ||
			!UNEXPOSED_ENRICHMENT_SOURCES.has(field.enrichmentSource)) &&
		inEdition(field)
	);
}

/** The person or company fields the API offers: every entity field but partner-restricted ones. */
export function exposedEntityFields(store: Store, kind: 'person' | 'company'): FieldDef[] {
	return store.entityFields[kind].filter(isExposed);
}

const TEXT_OPERATORS: OperatorName[] = ['=', '=^', '=$', '=~', '!=', '= *', '!= *', '= ""'];
const ORDERED_OPERATORS: OperatorName[] = ['=', '>', '>=', '<', '<=', '!=', '= *', '!= *'];
const CHOICE_OPERATORS: OperatorName[] = ['=', '!=', '= *', '!= *'];
const MULTI_OPERATORS: OperatorName[] = ['=', '=~', '=[]', '!='];

/**
 * The filter-language operators a field of this value type takes in `filter` on GET
 * /v2/companies; null: the field cannot be filtered on there (locations, interactions, formulas).
 */
export function filterOperators(valueType: ValueType): OperatorName[] | null {
	switch (valueType) {
		case 'text':
			return TEXT_OPERATORS;
		case 'number':
		case 'datetime':
			return ORDERED_OPERATORS;
		case 'dropdown':
		case 'ranked-dropdown':
		case 'filterable-text':
		case 'person':
		case 'company':
			return CHOICE_OPERATORS;
		case 'dropdown-multi':
		case 'filterable-text-multi':
		case 'number-multi':
		case 'person-multi':
		case 'company-multi':
			return MULTI_OPERATORS;
		default:
			return null;
	}
}

/** Whether results can be sorted by a field of this value type (interactions: by attribute). */
export function isSortable(valueType: ValueType): boolean {
	return ['text', 'number', 'datetime', 'dropdown', 'ranked-dropdown', 'filterable-text'].includes(
		valueType,
	);
}

/** The attribute through which interaction fields (last-email, first-event…) filter and sort. */
const DATE_OF_ACTIVITY = {
	id: 'date-of-activity',
	name: 'Date of Activity',
	valueType: 'date',
} as const;

export interface SearchOperator {
	id: string;
	name: string;
	numberOfValuesRequired: 'none' | 'one' | 'two' | 'multi';
	relativeDateUnits?: string[];
}

/** How a field is filtered in a search (ValueFilter): its filter valueType and operators. */
export interface SearchFilter {
	valueType: string;
	operators: SearchOperator[];
	attribute?: { id: string; name: string };
}

const EMPTY = ['is-empty', 'is-not-empty'];
const SEARCH_OPERATORS: Record<string, string[]> = {
	text: ['contains', 'does-not-contain', 'starts-with', 'ends-with', ...EMPTY],
	number: [
		'is-equal-to',
		'is-not-equal-to',
		'is-greater-than',
		'is-greater-than-or-equal-to',
		'is-less-than',
		'is-less-than-or-equal-to',
		'is-between',
		...EMPTY,
	],
	date: [
		'is-on',
		'is-not-on',
		'is-before',
		'is-on-or-before',
		'is-after',
		'is-on-or-after',
		'is-between',
		'is-within-the-last',
		'is-not-within-the-last',
		'is-within-the-next',
		'is-not-within-the-next',
		'is-between-relative',
		'is-more-than-relative',
		'is-less-than-relative',
		...EMPTY,
	],
	single: ['is-any-of', 'is-none-of', ...EMPTY],
	multi: ['has-any-of', 'has-all-of', 'has-none-of', ...EMPTY],
	// ListsFilter (2026-09-17): ListsFilterMultiValues and ListsFilterNoValue.
	lists: ['has-any-of', 'has-none-of', 'has-all-of', ...EMPTY],
};

const RELATIVE = new Set([
	'is-within-the-last',
	'is-not-within-the-last',
	'is-within-the-next',
	'is-not-within-the-next',
	'is-between-relative',
	'is-more-than-relative',
	'is-less-than-relative',
]);
const TWO_VALUES = new Set(['is-between', 'is-between-relative']);
const MANY_VALUES = new Set(['is-any-of', 'is-none-of', 'has-any-of', 'has-all-of', 'has-none-of']);

/** "is-on-or-after" → "Is on or after". */
const operatorName = (id: string) => id.charAt(0).toUpperCase() + id.slice(1).replace(/-/g, ' ');

function searchOperators(ids: string[], version: string): SearchOperator[] {
	// The relative unit `quarter` arrived with 2026-07-15.
	const units = ['day', 'week', 'month', ...(version >= '2026-07-15' ? ['quarter'] : []), 'year'];
	return ids.map((id) => ({
		id,
		name: operatorName(id),
		numberOfValuesRequired: EMPTY.includes(id)
			? 'none'
			: TWO_VALUES.has(id)
				? 'two'
				: MANY_VALUES.has(id)
					? 'multi'
					: 'one',
		...(RELATIVE.has(id) ? { relativeDateUnits: units } : {}),
	}));
}

/** How a search filters on a field; null when it cannot (number lists, formulas). */
export function searchFilterOf(field: FieldDef, version: string): SearchFilter | null {
	switch (field.valueType) {
		case 'text':
		case 'number':
			return {
				valueType: field.valueType,
				operators: searchOperators(SEARCH_OPERATORS[field.valueType], version),
			};
		case 'datetime':
			return { valueType: 'date', operators: searchOperators(SEARCH_OPERATORS.date, version) };
		case 'interaction':
			return {
				valueType: 'date',
				operators: searchOperators(SEARCH_OPERATORS.date, version),
				attribute: { id: DATE_OF_ACTIVITY.id, name: DATE_OF_ACTIVITY.name },
			};
		case 'dropdown':
		case 'ranked-dropdown':
		case 'filterable-text':
		case 'person':
		case 'company':
		case 'location':
			return {
				valueType: field.valueType,
				operators: searchOperators(SEARCH_OPERATORS.single, version),
			};
		case 'dropdown-multi':
		case 'filterable-text-multi':
		case 'person-multi':
		case 'company-multi':
		case 'location-multi':
			return {
				valueType: field.valueType,
				operators: searchOperators(SEARCH_OPERATORS.multi, version),
			};
		case 'list-multi':
			return isAtLeast(version as ApiVersion, EDITION_2026_09_17)
				? { valueType: 'list-multi', operators: searchOperators(SEARCH_OPERATORS.lists, version) }
				: null;
		// note and reminder: ValueFilter declares no filter of theirs.
		default:
			return null;
	}
}

/** How a search sorts by a field: directly, or through an attribute; null when it cannot. */
export function sortabilityOf(field: FieldDef): { attribute?: typeof DATE_OF_ACTIVITY } | null {
	if (field.valueType === 'interaction') return { attribute: DATE_OF_ACTIVITY };
	return isSortable(field.valueType) ? {} : null;
}

/**
 * What `includes` adds to a field's metadata (GET /v2/companies/fields?includes=…): the
 * FieldFilterability and FieldSortability of the search endpoints, field-only or through an
 * attribute.
 */
export function fieldCapabilities(
	field: FieldDef,
	includes: ReadonlySet<string>,
	version: string,
): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	if (includes.has('filterability')) {
		const filter = searchFilterOf(field, version);
		out.filterability = !filter
			? null
			: filter.attribute
				? {
						filterableFieldType: 'attribute-on-field',
						attributes: [{ ...filter.attribute, valueType: 'date', operators: filter.operators }],
					}
				: { filterableFieldType: 'field-only', operators: filter.operators };
	}
	if (includes.has('sortability')) {
		const sortability = sortabilityOf(field);
		out.sortability = !sortability
			? null
			: sortability.attribute
				? { sortableFieldType: 'attribute-on-field', attributes: [sortability.attribute] }
				: { sortableFieldType: 'field-only' };
	}
	return out;
}

/** A stored value reduced to what filters and sorts compare: texts, numbers, ids, ISO dates. */
export function comparableValue(field: FieldDef, stored: StoredValue | undefined): unknown {
	if (!stored || stored.data === null) return null;
	const data = stored.data as unknown;
	const optionText = (ref: unknown) => {
		const id = (ref as { dropdownOptionId?: number })?.dropdownOptionId;
		return field.dropdownOptions?.find((o) => o.id === id)?.text ?? null;
	};
	switch (field.valueType) {
		case 'dropdown':
		case 'ranked-dropdown':
			return optionText(data);
		case 'dropdown-multi':
			return Array.isArray(data) ? data.map(optionText).filter((t) => t !== null) : null;
		case 'person':
		case 'company':
			return (data as { id: number }).id;
		case 'person-multi':
		case 'company-multi':
			return Array.isArray(data) ? data.map((ref) => (ref as { id: number }).id) : null;
		default:
			return data;
	}
}

/** The rank a ranked dropdown sorts by (its option order), else the comparable value. */
function sortValue(field: FieldDef, stored: StoredValue | undefined): unknown {
	if (field.valueType === 'ranked-dropdown' && stored?.data) {
		const id = (stored.data as { dropdownOptionId: number }).dropdownOptionId;
		return field.dropdownOptions?.find((o) => o.id === id)?.rank ?? null;
	}
	return comparableValue(field, stored);
}

/** Filter property of an entity field, by its value type; undefined when not filterable. */
export function fieldFilterProperty<R extends Person | Company>(
	field: FieldDef,
): FilterProperty<R> | undefined {
	const operators = filterOperators(field.valueType);
	if (!operators) return undefined;
	const get = (record: R) => comparableValue(field, record.values.get(field.id));
	switch (field.valueType) {
		case 'text':
			return { kind: 'text', operators, get };
		case 'number':
			return { kind: 'number', operators, get };
		case 'datetime':
			return { kind: 'date', operators, get };
		case 'person':
		case 'company':
			return { kind: 'reference', operators, get };
		case 'dropdown':
		case 'ranked-dropdown':
		case 'filterable-text':
			return { kind: 'choice', operators, get };
		case 'number-multi':
			return { kind: 'multi', items: 'number', operators, get };
		case 'person-multi':
		case 'company-multi':
			return { kind: 'multi', items: 'reference', operators, get };
		default:
			return { kind: 'multi', items: 'text', operators, get };
	}
}

/** Sort key of a record by a field (nulls sort last in both directions, by the caller). */
export function fieldSortKey<
	R extends { values: { get(fieldId: string): StoredValue | undefined } },
>(field: FieldDef): (record: R) => string | number | null {
	return (record) => {
		const value = sortValue(field, record.values.get(field.id));
		if (typeof value === 'string')
			return field.valueType === 'datetime' ? Date.parse(value) : value.toLowerCase();
		return typeof value === 'number' ? value : null;
	};
}

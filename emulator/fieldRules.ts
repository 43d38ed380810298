import type { FilterProperty, OperatorName } from './filter';
import type { Company, FieldDef, Person, StoredValue, ValueType } from './model';
import type { Store } from './store';

/**
 * Enrichment sources whose data the API never exposes (the API docs: "Field data from
 * some third-party data partners is not exposed", naming Crunchbase). Fields from these
 * sources exist in the account (the web app shows them) but no endpoint lists or returns them.
 */
export const UNEXPOSED_ENRICHMENT_SOURCES: ReadonlySet<string> = new Set(['crunchbase']);

export function isExposed(field: FieldDef): boolean {
	return field.enrichmentSource === null || !UNEXPOSED_ENRICHMENT_SOURCES.has(field.enrichmentSource);
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
 * The operators a field of this value type takes in filters on GET /v2/companies and POST
 * /v2/companies/search (the `filterability` that `includes=filterability` reports); null: the
 * field cannot be filtered on (locations, interactions, formulas).
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

/** Whether search results can be sorted by a field of this value type. */
export function isSortable(valueType: ValueType): boolean {
	return ['text', 'number', 'datetime', 'dropdown', 'ranked-dropdown', 'filterable-text'].includes(valueType);
}

/** What `includes` adds to a field's metadata (GET /v2/companies/fields?includes=…). */
export function fieldCapabilities(field: FieldDef, includes: ReadonlySet<string>): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	if (includes.has('filterability')) {
		const operators = filterOperators(field.valueType);
		out.filterability = operators ? { operators: [...operators] } : null;
	}
	if (includes.has('sortability')) out.sortability = isSortable(field.valueType) ? { directions: ['asc', 'desc'] } : null;
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
export function fieldFilterProperty<R extends Person | Company>(field: FieldDef): FilterProperty<R> | undefined {
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
export function fieldSortKey<R extends Person | Company>(field: FieldDef): (record: R) => string | number | null {
	return (record) => {
		const value = sortValue(field, record.values.get(field.id));
		if (typeof value === 'string') return field.valueType === 'datetime' ? Date.parse(value) : value.toLowerCase();
		return typeof value === 'number' ? value : null;
	};
}

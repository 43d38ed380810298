/**
 * Builds the SearchCriteria body of the search endpoints (POST /v2/companies/search, and the
 * person and list-entry searches): a FilterGroup tree of ValueFilters
 * `{valueType, fieldId, operator, value?, attributeId?}`, a search term, sorts. Pure: the caller
 * supplies the fields' filterability and any dropdown options; every problem comes back as a
 * message naming the condition, before any request.
 */
import {
	LOCATION_KEYS,
	asDate,
	asInteger,
	asList,
	asLocations,
	asNumber,
	optionId,
} from './searchValues';
import type { FilterableOperator } from './types';
import type { SearchTarget } from './searchTargets';

export interface ValueFilter {
	valueType: string;
	fieldId: string;
	operator: string;
	value?: unknown;
	attributeId?: string;
}

export interface FilterGroup {
	operator: 'and' | 'or';
	filters: Array<ValueFilter | FilterGroup>;
}

export interface SearchSort {
	fieldId: string;
	direction: 'asc' | 'desc';
	attributeId?: string;
}

export interface SearchCriteria {
	filters?: FilterGroup;
	search?: { term: string; fieldIds?: string[] };
	sorts?: SearchSort[];
}

/** A condition as the UI collects it: the target's key, the operator, the typed inputs. */
export interface SearchCondition {
	target: string;
	operator: string;
	value?: unknown;
	/** Options chosen from a dropdown field's list (Option Names or IDs), in place of Value. */
	valueOptions?: unknown;
	/** The second bound of `is-between`. */
	value2?: unknown;
	/** Relative dates: how many units back or ahead (and the second amount of `is-between-relative`). */
	amount?: unknown;
	amount2?: unknown;
	unit?: string;
}

export interface Problem {
	message: string;
	hint?: string;
}

export type Built<T> = { ok: T } | { problem: Problem };

/**
 * The validation of the API version a search goes to. From 2026-09-17 on (`rangeRules`), the
 * amounts of is-within-the-last, is-not-within-the-last, is-within-the-next,
 * is-not-within-the-next and is-between-relative are 1 or more (RelativeDates,
 * RelativeDateRange: minimum 1), is-between-relative takes exactly a start and an end amount,
 * start first (DateFilterRelativeRange), and an is-between whose first bound exceeds its second
 * is a 400 on the three search endpoints. Before it, 0 and any order are sent as given.
 */
export interface SearchRules {
	rangeRules?: boolean;
}

export const GROUP_LIMIT = 50;
export const VALUES_LIMIT = 100;
export const SORTS_LIMIT = 5;
export const TERM_MINIMUM = 3;

const RELATIVE_ONE = new Set([
	'is-within-the-last',
	'is-not-within-the-last',
	'is-within-the-next',
	'is-not-within-the-next',
]);

/** Value shape of an operator for a ValueFilter valueType. */
export type ValueKind =
	| 'none'
	| 'text'
	| 'number'
	| 'numberRange'
	| 'date'
	| 'dateRange'
	| 'relative'
	| 'relativeRange'
	| 'relativeDate'
	| 'list';

export function valueKindOf(valueType: string, operator: FilterableOperator): ValueKind {
	if (operator.numberOfValuesRequired === 'none') return 'none';
	if (operator.numberOfValuesRequired === 'multi') return 'list';
	if (valueType === 'number')
		return operator.numberOfValuesRequired === 'two' ? 'numberRange' : 'number';
	if (valueType === 'date') {
		if (operator.id === 'is-between-relative') return 'relativeRange';
		if (RELATIVE_ONE.has(operator.id)) return 'relative';
		if (operator.id.endsWith('-relative')) return 'relativeDate';
		return operator.numberOfValuesRequired === 'two' ? 'dateRange' : 'date';
	}
	return 'text';
}

/**
 * The condition with the options chosen from its field's list (Option Names or IDs) as its value.
 * They belong to dropdown fields only and replace Value, never add to it: a condition with both
 * is refused rather than guessed at.
 */
export function withChosenOptions(
	condition: SearchCondition,
	target: SearchTarget,
): Built<SearchCondition> {
	const chosen = asList(condition.valueOptions).filter((v) => String(v).trim() !== '');
	if (!chosen.length) return { ok: condition };
	if (!target.valueType.includes('dropdown'))
		return {
			problem: {
				message: `${target.label}: Option Names or IDs are for dropdown fields, and this field holds ${target.valueType} values`,
				hint: 'Clear Option Names or IDs and give the value in Value.',
			},
		};
	if (asList(condition.value).some((v) => String(v).trim() !== ''))
		return {
			problem: {
				message: `${target.label}: options given both in Value and in Option Names or IDs`,
				hint: 'Keep one of them: the options chosen from the list, or the names or IDs typed in Value.',
			},
		};
	return { ok: { ...condition, value: chosen } };
}

/**
 * One ValueFilter from a condition, typed as the target's value type wants. `options` are the
 * dropdown options of the target field, for values given by name.
 */
export function buildValueFilter(
	condition: SearchCondition,
	target: SearchTarget,
	options?: Array<{ id: number; text: string }>,
	rules: SearchRules = {},
): Built<ValueFilter> {
	const fail = (message: string, hint?: string): Built<ValueFilter> => ({
		problem: { message, hint },
	});
	const operator = target.operators.find((o) => o.id === condition.operator);
	if (!operator) {
		return fail(
			`${target.label} cannot be filtered with "${condition.operator}"`,
			`Operators of this field: ${target.operators.map((o) => o.name).join(', ')}`,
		);
	}
	const filter: ValueFilter = {
		valueType: target.valueType,
		fieldId: target.fieldId,
		operator: operator.id,
	};
	if (target.attributeId) filter.attributeId = target.attributeId;
	const units = operator.relativeDateUnits ?? [];
	const relative = (amounts: unknown[], atLeastOne = false) => {
		const parsed = amounts.map(asInteger);
		if (parsed.some((a) => a === undefined))
			return fail(`${target.label}: the amount must be a whole number of 0 or more`);
		if (atLeastOne && rules.rangeRules && parsed.some((a) => (a as number) < 1))
			return fail(
				`${target.label}: ${operator.name} takes amounts of 1 or more; got ${parsed.join(' and ')}`,
				'From API version 2026-09-17 Affinity refuses an amount of 0. Use 1 or more.',
			);
		if (!condition.unit || !units.includes(condition.unit))
			return fail(`${target.label}: the unit must be one of ${units.join(', ')}`);
		return undefined;
	};
	/** An inverted range, refused from 2026-09-17 on (Affinity answers 400). */
	const inverted = (low: number | string, high: number | string, what: string) =>
		rules.rangeRules && low > high
			? fail(
					`${target.label}: ${operator.name} needs ${what} first; got ${JSON.stringify(low)} and ${JSON.stringify(high)}`,
					'From API version 2026-09-17 Affinity refuses a range whose first bound is larger than its second. Swap them.',
				)
			: undefined;
	switch (valueKindOf(target.valueType, operator)) {
		case 'none':
			return { ok: filter };
		case 'text': {
			const text =
				typeof condition.value === 'string'
					? condition.value
					: condition.value === undefined || condition.value === null
						? ''
						: String(condition.value);
			if (text === '') return fail(`${target.label}: ${operator.name} needs a value`);
			return { ok: { ...filter, value: text } };
		}
		case 'number': {
			const n = asNumber(condition.value);
			if (n === undefined)
				return fail(`${target.label}: ${JSON.stringify(condition.value)} is not a number`);
			return { ok: { ...filter, value: n } };
		}
		case 'numberRange': {
			const [low, high] = [asNumber(condition.value), asNumber(condition.value2)];
			if (low === undefined || high === undefined)
				return fail(`${target.label}: ${operator.name} needs two numbers (From and To)`);
			return (
				inverted(low, high, 'the smaller number (From)') ?? {
					ok: { ...filter, value: [low, high] },
				}
			);
		}
		case 'date': {
			const date = asDate(condition.value);
			if (!date)
				return fail(
					`${target.label}: ${JSON.stringify(condition.value)} is not a date (YYYY-MM-DD)`,
				);
			return { ok: { ...filter, value: date } };
		}
		case 'dateRange': {
			const [from, to] = [asDate(condition.value), asDate(condition.value2)];
			if (!from || !to)
				return fail(`${target.label}: ${operator.name} needs two dates (From and To, YYYY-MM-DD)`);
			// YYYY-MM-DD dates order as text.
			return (
				inverted(from, to, 'the earlier date (From)') ?? { ok: { ...filter, value: [from, to] } }
			);
		}
		case 'relative':
			return (
				relative([condition.amount], true) ?? {
					ok: { ...filter, value: { amount: [asInteger(condition.amount)], unit: condition.unit } },
				}
			);
		case 'relativeRange':
			return (
				relative([condition.amount, condition.amount2], true) ??
				inverted(
					asInteger(condition.amount) as number,
					asInteger(condition.amount2) as number,
					'the smaller amount (Amount)',
				) ?? {
					ok: {
						...filter,
						value: {
							amount: [asInteger(condition.amount), asInteger(condition.amount2)],
							unit: condition.unit,
						},
					},
				}
			);
		case 'relativeDate':
			return (
				relative([condition.amount]) ?? {
					ok: { ...filter, value: { amount: asInteger(condition.amount), unit: condition.unit } },
				}
			);
		case 'list': {
			let values: unknown[];
			if (target.valueType.startsWith('location')) {
				const locations = asLocations(condition.value);
				if (!locations) {
					return fail(
						`${target.label}: give locations as JSON objects or as city=…; country=… (several separated by |)`,
						`Keys: ${LOCATION_KEYS.join(', ')}`,
					);
				}
				values = locations;
			} else {
				const items = asList(condition.value);
				if (target.valueType.includes('dropdown')) {
					const ids = items.map((item) => optionId(item, options));
					const missing = items.filter((_, i) => ids[i] === undefined);
					if (missing.length) {
						return fail(
							`${target.label}: no dropdown option ${missing.map((m) => JSON.stringify(String(m))).join(', ')}`,
							options
								? `Options: ${options.map((o) => `"${o.text}" (${o.id})`).join(', ')}`
								: undefined,
						);
					}
					values = ids.map((id) => ({ dropdownOptionId: id }));
				} else if (
					target.valueType.startsWith('person') ||
					target.valueType.startsWith('company')
				) {
					const ids = items.map((item) =>
						item && typeof item === 'object'
							? asInteger((item as { id?: unknown }).id)
							: asInteger(item),
					);
					if (ids.some((id) => id === undefined || id < 1))
						return fail(
							`${target.label}: give ${target.valueType.startsWith('person') ? 'person' : 'company'} IDs (whole numbers)`,
						);
					values = ids.map((id) => ({ id }));
				} else {
					values = items.map(String);
				}
			}
			if (values.length === 0)
				return fail(`${target.label}: ${operator.name} needs at least one value`);
			if (values.length > VALUES_LIMIT)
				return fail(
					`${target.label}: at most ${VALUES_LIMIT} values per condition; got ${values.length}`,
				);
			return { ok: { ...filter, value: values } };
		}
	}
}

/** A FilterGroup of at most 50 items. */
export function buildFilterGroup(
	operator: 'and' | 'or',
	filters: Array<ValueFilter | FilterGroup>,
): Built<FilterGroup> {
	if (filters.length > GROUP_LIMIT) {
		return {
			problem: {
				message: `A group takes at most ${GROUP_LIMIT} conditions and groups; got ${filters.length}`,
				hint: 'Split the conditions into groups.',
			},
		};
	}
	return { ok: { operator, filters } };
}

/** The whole body; what is absent is left out (no body member means no constraint). */
export function buildSearchCriteria(parts: {
	filters?: FilterGroup;
	term?: string;
	termFieldIds?: string[];
	sorts?: SearchSort[];
}): Built<SearchCriteria> {
	const criteria: SearchCriteria = {};
	if (parts.filters && parts.filters.filters.length) criteria.filters = parts.filters;
	const term = parts.term?.trim() ?? '';
	if (term) {
		if (term.length < TERM_MINIMUM) {
			return {
				problem: {
					message: `The search term must have at least ${TERM_MINIMUM} characters; got "${term}"`,
					hint: 'Lengthen the term, or leave it empty to search by conditions only.',
				},
			};
		}
		criteria.search = {
			term,
			...(parts.termFieldIds?.length ? { fieldIds: parts.termFieldIds } : {}),
		};
	}
	if (parts.sorts?.length) {
		if (parts.sorts.length > SORTS_LIMIT)
			return { problem: { message: `At most ${SORTS_LIMIT} sorts; got ${parts.sorts.length}` } };
		criteria.sorts = parts.sorts;
	}
	return { ok: criteria };
}

/**
 * The field IDs the conditions of a search body filter on (its ValueFilters' `fieldId`, in
 * groups at any depth), each once, in the order they come: the fields whose values a user
 * filtering on them expects to see in the results.
 */
export function filteredFieldIds(criteria: unknown): string[] {
	const ids: string[] = [];
	const visit = (node: unknown): void => {
		if (!node || typeof node !== 'object') return;
		const { fieldId, filters } = node as { fieldId?: unknown; filters?: unknown };
		if (typeof fieldId === 'string' && fieldId !== '' && !ids.includes(fieldId)) ids.push(fieldId);
		if (Array.isArray(filters)) filters.forEach(visit);
	};
	visit((criteria as { filters?: unknown } | null)?.filters);
	return ids;
}

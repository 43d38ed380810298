/**
 * The conditions of a filter (helpers/filterBuilder) evaluated on records, with the meaning
 * Affinity's filter language gives them: for endpoints that may ignore `filter` (GET
 * /v2/companies answers unfiltered), and for bounds that had to be sent wider than asked (a
 * date-time with a fraction of a second). Records are the API's own (before Simplify); a
 * condition names a property (`name`, `creator.id`) or a field of `fields` by its id.
 */

import { calendarDate } from './dates';
import {
	FILTER_OPERATORS,
	listItems,
	typedValue,
	valueText,
	type FilterCondition,
	type FilterOperator,
	type FilterProperty,
} from './filterBuilder';
import type { FilterTree } from './filterExpression';

export type RecordCheck = (record: object) => boolean;

/** Null, nothing, empty text or an empty collection: what `!= *`, `= ""` and `=[]` find. */
function isNothing(value: unknown): boolean {
	return (
		value === null ||
		value === undefined ||
		value === '' ||
		(Array.isArray(value) && value.length === 0)
	);
}

/**
 * One item of a field value as the filter compares it: a dropdown by its text, a person or
 * company by its id, a text (or a `{link, text}` entry of a filterable-text-multi) as text.
 */
function comparableItem(data: unknown): unknown {
	if (data === null || typeof data !== 'object') return data;
	const item = data as { id?: unknown; text?: unknown };
	if (typeof item.id === 'number') return item.id;
	if (typeof item.text === 'string') return item.text;
	return data;
}

/** A field value (`{type, data}`) as the filter compares it; a collection as an array. */
function comparableField(value: unknown): unknown {
	if (value === null || typeof value !== 'object') return undefined;
	const data = (value as { data?: unknown }).data;
	return Array.isArray(data) ? data.map(comparableItem) : comparableItem(data);
}

interface Found {
	value: unknown;
	/** A date field (FieldValue `datetime`): a date compares calendar days in Pacific time. */
	dateField: boolean;
}

/** The record's value of a property: its own (a dotted path), else the field with that id. */
export function propertyValue(record: object, property: string): Found {
	let current: unknown = record;
	for (const key of property.split('.')) {
		if (current === null || typeof current !== 'object' || Array.isArray(current)) {
			current = undefined;
			break;
		}
		if (!(key in current)) {
			current = undefined;
			break;
		}
		current = (current as Record<string, unknown>)[key];
	}
	if (current !== undefined) return { value: current, dateField: false };
	const fields = (record as { fields?: unknown }).fields;
	if (Array.isArray(fields)) {
		const field = fields.find((f) => (f as { id?: unknown } | null)?.id === property) as
			| { value?: { type?: unknown } }
			| undefined;
		if (field)
			return { value: comparableField(field.value), dateField: field.value?.type === 'datetime' };
	}
	return { value: undefined, dateField: false };
}

interface Operand {
	text: string;
	/** A date-time operand, epoch ms. */
	instant?: number;
	/** A date-only operand of a datetime property. */
	date?: boolean;
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}.*)?$/;

function operandOf(text: string, spec: FilterProperty | undefined, timezone: string): Operand {
	// A raw expression's property has no known type: a date written as such is taken as one.
	if (!spec?.valueType && DATE_LIKE.test(text.trim())) spec = { ...spec, valueType: 'datetime' };
	const checked = typedValue(text, spec, timezone);
	if ('problem' in checked) return { text };
	const date = spec?.valueType === 'datetime' && checked.instant === undefined;
	return { text: checked.text, instant: checked.instant, date };
}

/**
 * How a value compares with an operand: negative, 0 or positive; undefined when they do not
 * compare (no value, text against a number…). A date-only operand means 00:00 UTC of that day,
 * on a date field the calendar day in Pacific time (Affinity keeps dates at midnight Pacific).
 */
function compare(value: unknown, operand: Operand, dateField: boolean): number | undefined {
	if (operand.instant !== undefined || operand.date) {
		if (typeof value !== 'string') return undefined;
		if (operand.date && dateField) {
			const day = calendarDate(value);
			return day === null ? undefined : day.localeCompare(operand.text);
		}
		const time = Date.parse(value);
		const wanted = operand.instant ?? Date.parse(`${operand.text}T00:00:00Z`);
		return Number.isNaN(time) ? undefined : Math.sign(time - wanted);
	}
	if (typeof value === 'number') {
		const wanted = operand.text.trim() === '' ? NaN : Number(operand.text);
		return Number.isFinite(wanted) ? Math.sign(value - wanted) : undefined;
	}
	if (typeof value === 'string') return value === operand.text ? 0 : undefined;
	if (typeof value === 'boolean') return String(value) === operand.text ? 0 : undefined;
	return undefined;
}

const equal = (value: unknown, operand: Operand, dateField: boolean) =>
	compare(value, operand, dateField) === 0;

function conditionCheck(
	condition: FilterCondition,
	spec: FilterProperty | undefined,
	timezone: string,
): RecordCheck {
	const property = String(condition.property ?? '').trim();
	const operator = condition.operator as FilterOperator;
	const read = (record: object) => propertyValue(record, property);
	switch (operator) {
		case 'isSet':
			return (r) => !isNothing(read(r).value);
		case 'isNotSet':
		case 'isEmpty':
		case 'listIsEmpty':
			return (r) => isNothing(read(r).value);
	}
	if (FILTER_OPERATORS[operator]?.value === 'list') {
		const wanted = listItems(condition.value).map((item) => operandOf(item, spec, timezone));
		return (r) => {
			const { value, dateField } = read(r);
			const have = Array.isArray(value) ? value : [];
			if (operator === 'listEquals')
				return (
					have.length === wanted.length && have.every((v, i) => equal(v, wanted[i], dateField))
				);
			return wanted.every((w) => have.some((v) => equal(v, w, dateField)));
		};
	}
	const operand = operandOf(valueText(condition.value) ?? '', spec, timezone);
	const lower = operand.text.toLowerCase();
	const test = (value: unknown, dateField: boolean): boolean => {
		if (operator === 'startsWith' || operator === 'endsWith' || operator === 'contains') {
			if (typeof value !== 'string') return false;
			const text = value.toLowerCase();
			if (operator === 'startsWith') return text.startsWith(lower);
			if (operator === 'endsWith') return text.endsWith(lower);
			return text.includes(lower);
		}
		const order = compare(value, operand, dateField);
		if (order === undefined) return false;
		switch (operator) {
			case 'equals':
				return order === 0;
			case 'greaterThan':
				return order > 0;
			case 'greaterThanOrEqual':
				return order >= 0;
			case 'lessThan':
				return order < 0;
			case 'lessThanOrEqual':
				return order <= 0;
			default:
				return false;
		}
	};
	return (r) => {
		const { value, dateField } = read(r);
		// A collection matches a single value when it holds it (`=`, `=~`); `!=` when it does not.
		if (operator === 'notEquals')
			return Array.isArray(value)
				? !value.some((v) => equal(v, operand, dateField))
				: !equal(value, operand, dateField);
		if (Array.isArray(value)) {
			if (operator === 'equals' || operator === 'contains')
				return value.some((v) => equal(v, operand, dateField));
			return false;
		}
		return test(value, dateField);
	};
}

/**
 * A check of records against conditions (joined by AND or OR), as filterBuilder compiles them:
 * the same properties, operators and values, the exact bounds (no widening).
 */
export function conditionsCheck(
	conditions: FilterCondition[],
	combine: 'and' | 'or' = 'and',
	properties?: Record<string, FilterProperty>,
	timezone = 'UTC',
): RecordCheck {
	const checks = conditions.map((condition) =>
		conditionCheck(condition, properties?.[String(condition.property ?? '').trim()], timezone),
	);
	return combine === 'or'
		? (record) => checks.some((check) => check(record))
		: (record) => checks.every((check) => check(record));
}

/** The properties the conditions name (a company's field ids among them, to be read with it). */
export function conditionProperties(conditions: FilterCondition[]): string[] {
	return [...new Set(conditions.map((c) => String(c.property ?? '').trim()).filter(Boolean))];
}

/** A check of records against a filter tree; `properties` types the values where known. */
export function treeCheck(
	tree: FilterTree,
	properties?: Record<string, FilterProperty>,
	timezone = 'UTC',
): RecordCheck {
	switch (tree.kind) {
		case 'condition': {
			const { condition } = tree;
			return conditionCheck(condition, properties?.[condition.property], timezone);
		}
		case 'not': {
			const inner = treeCheck(tree.item, properties, timezone);
			return (record) => !inner(record);
		}
		default: {
			const checks = tree.items.map((item) => treeCheck(item, properties, timezone));
			return tree.kind === 'or'
				? (record) => checks.some((check) => check(record))
				: (record) => checks.every((check) => check(record));
		}
	}
}

/** The properties a filter tree names. */
export function treeProperties(tree: FilterTree): string[] {
	if (tree.kind === 'condition') return [tree.condition.property];
	if (tree.kind === 'not') return treeProperties(tree.item);
	return [...new Set(tree.items.flatMap(treeProperties))];
}

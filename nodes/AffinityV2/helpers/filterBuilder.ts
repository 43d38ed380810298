/**
 * Builds expressions of Affinity's filter language (the `filter` parameter of GET /v2/companies and others) from conditions picked in the
 * UI. Every value is escaped, so a value taken from item data is always a literal: it can
 * never close a quote, add a condition or change how conditions combine.
 */

import { instantOf } from './dates';

/** The filter language's special characters: each is escaped with a backslash. */
export const SPECIAL_CHARACTERS: readonly string[] = [
	'\\',
	'*',
	'~',
	'!',
	'&',
	'=',
	'>',
	'<',
	'$',
	'^',
	'|',
	'"',
	"'",
	'(',
	')',
	']',
	'[',
	'/',
];

const SPECIAL = new RegExp(`[${SPECIAL_CHARACTERS.map((c) => `\\${c}`).join('')}]`, 'g');

/** The operators a condition can use: UI value name → how it is written and what it needs. */
export const FILTER_OPERATORS = {
	equals: { label: 'is equal to', symbol: '=', value: 'single' },
	notEquals: { label: 'is not equal to', symbol: '!=', value: 'single' },
	startsWith: { label: 'starts with', symbol: '=^', value: 'single' },
	endsWith: { label: 'ends with', symbol: '=$', value: 'single' },
	contains: { label: 'contains', symbol: '=~', value: 'single' },
	greaterThan: { label: 'is greater than', symbol: '>', value: 'single' },
	greaterThanOrEqual: { label: 'is greater than or equal to', symbol: '>=', value: 'single' },
	lessThan: { label: 'is less than', symbol: '<', value: 'single' },
	lessThanOrEqual: { label: 'is less than or equal to', symbol: '<=', value: 'single' },
	isSet: { label: 'is set (not null)', symbol: '= *', value: 'none' },
	isNotSet: { label: 'is not set (null)', symbol: '!= *', value: 'none' },
	isEmpty: { label: 'is empty text', symbol: '= ""', value: 'none' },
	listEquals: { label: 'list is exactly (in order)', symbol: '=', value: 'list' },
	listContainsAll: { label: 'list contains all of', symbol: '=~', value: 'list' },
	listIsEmpty: { label: 'list is empty', symbol: '=[]', value: 'none' },
} as const;

export type FilterOperator = keyof typeof FILTER_OPERATORS;

/** What a property accepts: the API's operator tokens, and the type its values must have. */
export interface FilterProperty {
	/** Shown in errors: "Created At", a field's name. */
	label?: string;
	/** Operator tokens the endpoint allows for this property, as the API lists them (=, =~, >…). */
	operators?: readonly string[];
	/** int: whole numbers (ids); number; datetime (an ISO 8601 date or date-time); text (anything). */
	valueType?: 'int' | 'number' | 'datetime' | 'text';
	/** true: the property holds a collection (a -multi field); false: one value; unknown: either. */
	collection?: boolean;
}

export interface FilterCondition {
	property: string;
	operator: FilterOperator | string;
	value?: unknown;
}

/** Whether a property whose endpoint lists these operator tokens takes this UI operator. */
export function operatorAllowed(
	operator: FilterOperator,
	tokens: readonly string[],
	collection?: boolean,
): boolean {
	const takesList = FILTER_OPERATORS[operator].value === 'list' || operator === 'listIsEmpty';
	// A single-valued property takes no collection operand; a collection property does.
	if (collection === false && takesList) return false;
	if (
		collection === true &&
		(operator === 'isEmpty' || operator === 'startsWith' || operator === 'endsWith')
	)
		return false;
	// Tokens as the filter language writes them: `=`, `=~`, `= *`, `=[]`…
	return tokens.includes(FILTER_OPERATORS[operator].symbol);
}

/** A value as a literal of the filter language: every special character escaped, quoted when needed. */
export function escapeFilterValue(value: string): string {
	const escaped = value.replace(SPECIAL, (c) => `\\${c}`);
	// Spaces are insignificant outside double quotes (rule 1), and a comma separates list
	// items: values with either, and the empty value, are quoted so that they stay whole.
	return escaped === '' || /[\s,]/.test(escaped) ? `"${escaped}"` : escaped;
}

const PROPERTY_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

function describeCondition(
	index: number,
	condition: FilterCondition,
	spec?: FilterProperty,
): string {
	const name =
		spec?.label && spec.label !== condition.property
			? `${spec.label} (${condition.property})`
			: condition.property;
	return `Condition ${index + 1}${name ? ` (${name})` : ''}`;
}

/** A condition value as text (a date as ISO 8601, other objects as JSON); undefined for none. */
export function valueText(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
		return String(value);
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
	// Luxon DateTime (n8n's date type in expressions) and the like.
	const iso = (value as { toISO?: () => unknown }).toISO;
	if (typeof iso === 'function') {
		const text = iso.call(value);
		return typeof text === 'string' ? text : undefined;
	}
	return JSON.stringify(value);
}

/** The items of a list value: an array, a JSON array text, or comma-separated text. */
export function listItems(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((v) => valueText(v) ?? '').filter((v) => v !== '');
	const text = valueText(value)?.trim() ?? '';
	if (text.startsWith('[')) {
		try {
			const parsed = JSON.parse(text) as unknown;
			if (Array.isArray(parsed)) return listItems(parsed);
		} catch {
			// not JSON: read as comma-separated text
		}
	}
	return text
		.split(',')
		.map((v) => v.trim())
		.filter((v) => v !== '');
}

type Checked = { text: string; instant?: number } | { problem: string; hint: string };

/**
 * A value as its property takes it. A date-time (`instant`: epoch ms) is written in UTC with
 * `Z`, its milliseconds kept: the bound that was asked for, which serverBound turns into what
 * the API accepts.
 */
export function typedValue(
	text: string,
	spec: FilterProperty | undefined,
	timezone: string,
): Checked {
	const trimmed = text.trim();
	switch (spec?.valueType) {
		case 'int':
			return /^-?\d+$/.test(trimmed)
				? { text: trimmed }
				: {
						problem: `"${text}" is not a whole number`,
						hint: 'This property takes a whole number, such as an ID.',
					};
		case 'number':
			return trimmed !== '' && Number.isFinite(Number(trimmed))
				? { text: trimmed }
				: { problem: `"${text}" is not a number`, hint: 'This property takes a number.' };
		case 'datetime': {
			// An ISO 8601 date stays a date (date fields compare calendar days: Affinity stores a
			// date at midnight Pacific); a date-time becomes the instant it means (one without a
			// zone is in the workflow's time zone).
			if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return { text: trimmed };
			try {
				const text = instantOf(trimmed, timezone);
				return { text, instant: Date.parse(text) };
			} catch {
				return {
					problem: `"${text}" is not a date`,
					hint: "Give a date and time in ISO 8601 form, such as 2025-02-04T10:48:24Z (without a zone: in the workflow's time zone), or a date such as 2025-02-04.",
				};
			}
		}
		default:
			return { text };
	}
}

/** An instant as the filter language takes it: whole seconds, UTC, `Z` (2025-02-04T10:48:24Z). */
export function wholeSecondTime(ms: number, round: 'floor' | 'ceil' = 'floor'): string {
	const seconds = round === 'floor' ? Math.floor(ms / 1000) : Math.ceil(ms / 1000);
	return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * What is sent for `property <symbol> <instant>`. GET endpoints' `filter` rejects a date-time
 * with a fraction of a second (400), so such a bound is widened to whole seconds: a lower
 * bound down, an upper bound up, an exact match to the second around it, and "is not equal"
 * to no condition at all (null). The records are then checked against the exact bound.
 */
function serverBound(property: string, symbol: string, instant: number): string | null {
	if (instant % 1000 === 0) return `${property} ${symbol} ${wholeSecondTime(instant)}`;
	const floor = wholeSecondTime(instant, 'floor');
	const ceil = wholeSecondTime(instant, 'ceil');
	switch (symbol) {
		case '>':
		case '>=':
			return `${property} ${symbol} ${floor}`;
		case '<':
		case '<=':
			return `${property} ${symbol} ${ceil}`;
		case '=':
			return `(${property} >= ${floor} & ${property} <= ${ceil})`;
		default:
			return null;
	}
}

/** Why a condition cannot be compiled; `condition` is 1-based, as the UI shows conditions. */
export interface FilterProblem {
	message: string;
	condition: number;
	hint: string;
}

/**
 * `filter`: what to send (empty: nothing). `exact` false: it is wider than the conditions (a
 * date-time bound with a fraction of a second, widened to whole seconds), so the records must
 * be checked against the conditions themselves (helpers/filterEvaluator).
 */
export type Compiled = { filter: string; exact: boolean } | { problem: FilterProblem };

/**
 * One condition as filter-language text. `properties`, when given, is the endpoint's set of
 * properties: an unknown property, an operator the property does not allow, a missing value
 * or a value of the wrong type is a problem naming the condition, found before any request.
 */
export function compileCondition(
	condition: FilterCondition,
	index: number,
	properties?: Record<string, FilterProperty>,
	timezone = 'UTC',
): Compiled {
	const property = String(condition.property ?? '').trim();
	const spec = properties?.[property];
	const where = describeCondition(index, { ...condition, property }, spec);
	const fail = (message: string, hint: string): Compiled => ({
		problem: { message: `${where}: ${message}`, condition: index + 1, hint },
	});
	if (!property)
		return fail('no property chosen', 'Choose the property to filter on, or remove the condition.');
	if (!PROPERTY_NAME.test(property)) {
		return fail(
			`"${property}" is not a property name`,
			'Choose the property from the list; property names hold only letters, digits, ".", "-" and "_".',
		);
	}
	if (properties && !spec) {
		const known = Object.keys(properties);
		return fail(
			`"${property}" cannot be filtered on here`,
			known.length
				? `Filterable properties: ${known.join(', ')}.`
				: 'This endpoint has no filterable properties.',
		);
	}
	const operator = condition.operator as FilterOperator;
	const definition = FILTER_OPERATORS[operator];
	if (!definition)
		return fail(
			`unknown operator "${String(condition.operator)}"`,
			`Use one of: ${Object.keys(FILTER_OPERATORS).join(', ')}.`,
		);
	if (spec?.operators && !operatorAllowed(operator, spec.operators, spec.collection)) {
		const allowed = (Object.keys(FILTER_OPERATORS) as FilterOperator[]).filter((op) =>
			operatorAllowed(op, spec.operators ?? [], spec.collection),
		);
		return fail(
			`the operator "${definition.label}" is not available for this property`,
			`Affinity allows these operators for it: ${allowed.map((op) => FILTER_OPERATORS[op].label).join(', ') || 'none'}. Choose another operator.`,
		);
	}

	if (definition.value === 'none')
		return { filter: `${property} ${definition.symbol}`, exact: true };

	if (definition.value === 'list') {
		const items = listItems(condition.value);
		if (!items.length)
			return fail(
				`"${definition.label}" needs at least one value`,
				'Enter the values separated by commas, or a JSON array from an expression.',
			);
		const typed: string[] = [];
		let exact = true;
		for (const item of items) {
			const checked = typedValue(item, spec, timezone);
			if ('problem' in checked) return fail(checked.problem, checked.hint);
			if (checked.instant !== undefined && checked.instant % 1000 !== 0) exact = false;
			typed.push(checked.instant === undefined ? checked.text : wholeSecondTime(checked.instant));
		}
		// A list holding a fraction of a second cannot be sent: no condition, checked locally.
		if (!exact) return { filter: '', exact };
		// Every item quoted, so that an item holding a comma stays one item.
		return {
			filter: `${property} ${definition.symbol} [${typed.map((item) => `"${item.replace(SPECIAL, (c) => `\\${c}`)}"`).join(',')}]`,
			exact,
		};
	}

	const text = valueText(condition.value);
	if (text === undefined || text === '') {
		return fail(
			`"${definition.label}" needs a value`,
			`Enter a value, or use the operator "${FILTER_OPERATORS.isEmpty.label}" to find empty text.`,
		);
	}
	const checked = typedValue(text, spec, timezone);
	if ('problem' in checked) return fail(checked.problem, checked.hint);
	if (checked.instant !== undefined) {
		const bound = serverBound(property, definition.symbol, checked.instant);
		return { filter: bound ?? '', exact: bound !== null && checked.instant % 1000 === 0 };
	}
	return {
		filter: `${property} ${definition.symbol} ${escapeFilterValue(checked.text)}`,
		exact: true,
	};
}

/** Conditions joined with AND (`&`) or OR (`|`); the first problem found, if any. */
export function compileFilter(
	conditions: FilterCondition[],
	combine: 'and' | 'or' = 'and',
	properties?: Record<string, FilterProperty>,
	timezone = 'UTC',
): Compiled {
	const parts: string[] = [];
	let exact = true;
	let unbounded = false;
	for (const [index, condition] of conditions.entries()) {
		const compiled = compileCondition(condition, index, properties, timezone);
		if ('problem' in compiled) return compiled;
		exact &&= compiled.exact;
		if (compiled.filter) parts.push(compiled.filter);
		else unbounded = true;
	}
	// A condition that cannot be sent matches anything on the server: an OR holding one
	// is no condition at all; an AND goes without it.
	if (unbounded && combine === 'or') return { filter: '', exact: false };
	// Each part is one comparison (its value escaped) or a parenthesized range, so joining
	// needs no more parentheses.
	return { filter: parts.join(combine === 'or' ? ' | ' : ' & '), exact };
}

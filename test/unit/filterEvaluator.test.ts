import {
	compileFilter,
	type FilterCondition,
	type FilterProperty,
} from '../../nodes/AffinityV2/helpers/filterBuilder';
import {
	conditionsCheck,
	propertyValue,
	treeCheck,
	treeProperties,
} from '../../nodes/AffinityV2/helpers/filterEvaluator';
import { parseFilterExpression } from '../../nodes/AffinityV2/helpers/filterExpression';

/**
 * The local check of filter conditions, against the filter language's semantics (the API's
 * 2024 description, "Filtering"): exact match, starts with / ends with / contains, ranges,
 * null and not null, empty text, collections (exact in order, contains all, empty), AND / OR.
 */

const company = (
	id: number,
	name: string,
	fields: Array<{ id: string; type: string; data: unknown }> = [],
) => ({
	id,
	name,
	domain: name ? `${name.toLowerCase().replace(/\s+/g, '')}.com` : null,
	fields: fields.map((f) => ({
		id: f.id,
		name: f.id,
		type: 'global',
		value: { type: f.type, data: f.data },
	})),
});

const RECORDS = [
	company(1, 'Acme Corp', [
		{ id: 'field-1', type: 'dropdown', data: { dropdownOptionId: 11, text: 'Fintech' } },
		{ id: 'field-2', type: 'number', data: 120 },
		{
			id: 'field-3',
			type: 'dropdown-multi',
			data: [
				{ dropdownOptionId: 31, text: 'B2B' },
				{ dropdownOptionId: 32, text: 'SaaS' },
			],
		},
		{ id: 'field-4', type: 'person', data: { id: 5000001, firstName: 'Ada' } },
		{ id: 'field-5', type: 'datetime', data: '2024-03-10T08:00:00Z' },
		{
			id: 'field-6',
			type: 'filterable-text-multi',
			data: [{ link: 'https://x', text: 'Seed' }, 'Series A'],
		},
	]),
	company(2, 'Beta Labs', [
		{ id: 'field-1', type: 'dropdown', data: null },
		{ id: 'field-2', type: 'number', data: 15 },
		{ id: 'field-3', type: 'dropdown-multi', data: null },
		{ id: 'field-4', type: 'person', data: null },
		{ id: 'field-5', type: 'datetime', data: '2024-03-11T07:00:00Z' },
		{ id: 'field-6', type: 'filterable-text-multi', data: ['Seed'] },
	]),
	company(3, '', [{ id: 'field-2', type: 'number', data: null }]),
];

const PROPS: Record<string, FilterProperty> = {
	id: { valueType: 'int', collection: false },
	name: { valueType: 'text', collection: false },
	domain: { valueType: 'text', collection: false },
	'field-1': { valueType: 'text', collection: false },
	'field-2': { valueType: 'number', collection: false },
	'field-3': { valueType: 'text', collection: true },
	'field-4': { valueType: 'int', collection: false },
	'field-5': { valueType: 'datetime', collection: false },
	'field-6': { valueType: 'text', collection: true },
};

const ids = (conditions: FilterCondition[], combine: 'and' | 'or' = 'and', timezone = 'UTC') => {
	// Every case is one the builder compiles: the check covers what is sent.
	expect('problem' in compileFilter(conditions, combine)).toBe(false);
	const check = conditionsCheck(conditions, combine, PROPS, timezone);
	return RECORDS.filter(check).map((r) => r.id);
};
const c = (property: string, operator: string, value?: unknown): FilterCondition => ({
	property,
	operator,
	value,
});

describe('conditionsCheck: the filter language on records', () => {
	it('text: exact match is case-sensitive; starts with, ends with, contains are not', () => {
		expect(ids([c('name', 'equals', 'Acme Corp')])).toEqual([1]);
		expect(ids([c('name', 'equals', 'acme corp')])).toEqual([]);
		expect(ids([c('name', 'startsWith', 'ac')])).toEqual([1]);
		expect(ids([c('name', 'endsWith', 'LABS')])).toEqual([2]);
		expect(ids([c('name', 'contains', 'e')])).toEqual([1, 2]);
		expect(ids([c('name', 'notEquals', 'Acme Corp')])).toEqual([2, 3]);
	});

	it('null, not null and empty text', () => {
		expect(ids([c('domain', 'isSet')])).toEqual([1, 2]);
		expect(ids([c('domain', 'isNotSet')])).toEqual([3]);
		expect(ids([c('name', 'isEmpty')])).toEqual([3]);
		expect(ids([c('field-1', 'isSet')])).toEqual([1]);
		// A field not read at all is not set either.
		expect(ids([c('field-1', 'isNotSet')])).toEqual([2, 3]);
	});

	it('numbers and ids compare as numbers; a missing value never matches a range', () => {
		expect(ids([c('field-2', 'greaterThan', '100')])).toEqual([1]);
		expect(ids([c('field-2', 'lessThanOrEqual', '120')])).toEqual([1, 2]);
		expect(ids([c('id', 'greaterThanOrEqual', '2')])).toEqual([2, 3]);
		expect(ids([c('field-4', 'equals', '5000001')])).toEqual([1]);
	});

	it('a dropdown compares by its text; a collection holds a value (=, =~) or not (!=)', () => {
		expect(ids([c('field-1', 'equals', 'Fintech')])).toEqual([1]);
		expect(ids([c('field-3', 'equals', 'SaaS')])).toEqual([1]);
		expect(ids([c('field-3', 'contains', 'B2B')])).toEqual([1]);
		expect(ids([c('field-3', 'notEquals', 'B2B')])).toEqual([2, 3]);
		expect(ids([c('field-6', 'equals', 'Seed')])).toEqual([1, 2]);
	});

	it('collections: exact in order, contains all, empty', () => {
		expect(ids([c('field-3', 'listEquals', 'B2B,SaaS')])).toEqual([1]);
		expect(ids([c('field-3', 'listEquals', 'SaaS,B2B')])).toEqual([]);
		expect(ids([c('field-3', 'listContainsAll', 'SaaS,B2B')])).toEqual([1]);
		expect(ids([c('field-3', 'listContainsAll', 'SaaS,Hardware')])).toEqual([]);
		expect(ids([c('field-3', 'listIsEmpty')])).toEqual([2, 3]);
	});

	it('a date field compares Pacific calendar days for a date, instants for a date-time', () => {
		// 2024-03-10T08:00:00Z is midnight of March 10 in Los Angeles; 2024-03-11T07:00:00Z of March 11.
		expect(ids([c('field-5', 'equals', '2024-03-10')])).toEqual([1]);
		expect(ids([c('field-5', 'greaterThan', '2024-03-10')])).toEqual([2]);
		expect(ids([c('field-5', 'lessThan', '2024-03-10T09:00:00Z')])).toEqual([1]);
		// Without a zone, a date-time is in the workflow's time zone (09:30 in Berlin is 08:30Z).
		expect(ids([c('field-5', 'lessThan', '2024-03-10T09:30:00')], 'and', 'Europe/Berlin')).toEqual([
			1,
		]);
	});

	it('an exact bound with a fraction of a second is applied to the millisecond', () => {
		const notes = [
			{ id: 1, createdAt: '2025-02-04T10:48:24.000Z' },
			{ id: 2, createdAt: '2025-02-04T10:48:24.400Z' },
			{ id: 3, createdAt: '2025-02-04T10:48:25Z' },
		];
		const props: Record<string, FilterProperty> = { createdAt: { valueType: 'datetime' } };
		const pick = (operator: string) =>
			notes
				.filter(
					conditionsCheck([c('createdAt', operator, '2025-02-04T10:48:24.250Z')], 'and', props),
				)
				.map((n) => n.id);
		expect(pick('greaterThan')).toEqual([2, 3]);
		expect(pick('lessThanOrEqual')).toEqual([1]);
		expect(pick('notEquals')).toEqual([1, 2, 3]);
	});

	it('AND needs every condition, OR any', () => {
		const both = [c('name', 'contains', 'a'), c('field-2', 'greaterThan', '100')];
		expect(ids(both, 'and')).toEqual([1]);
		expect(ids(both, 'or')).toEqual([1, 2]);
	});

	it('reads a dotted property (creator.id) from the record, a field id from its fields', () => {
		expect(propertyValue({ creator: { id: 4 } }, 'creator.id').value).toBe(4);
		expect(propertyValue({ creator: null }, 'creator.id').value).toBeUndefined();
		expect(propertyValue(RECORDS[0], 'field-4')).toEqual({ value: 5000001, dateField: false });
		expect(propertyValue(RECORDS[0], 'field-5').dateField).toBe(true);
	});
});

describe('parseFilterExpression: a raw expression checked as the API reads it', () => {
	const raw = (expression: string) =>
		RECORDS.filter(treeCheck(parseFilterExpression(expression))).map((r) => r.id);

	it('& binds tighter than |; parentheses and !( ) change that', () => {
		expect(raw('name =~ acme | name =~ beta & id = 3')).toEqual([1]);
		expect(raw('(name =~ acme | name =~ beta) & id = 2')).toEqual([2]);
		expect(raw('!(name =~ acme)')).toEqual([2, 3]);
		expect(raw('name =~ Labs & (id < 2 | id > 1)')).toEqual([2]);
	});

	it('quotes, escapes, null and not null, empty text, collections', () => {
		expect(raw('name = "Acme Corp"')).toEqual([1]);
		expect(raw('name = Acme\\ Corp')).toEqual([1]);
		expect(raw('domain != *')).toEqual([3]);
		expect(raw('domain = *')).toEqual([1, 2]);
		expect(raw('name = ""')).toEqual([3]);
		expect(raw('field-3 = [B2B, SaaS]')).toEqual([1]);
		expect(raw('field-3 =~ [SaaS,B2B]')).toEqual([1]);
		expect(raw('field-3 =[]')).toEqual([2, 3]);
		expect(raw('field-2 >= 15 & field-2 < 100')).toEqual([2]);
		expect(raw('field-5 < 2024-03-10T09:00:00Z')).toEqual([1]);
	});

	it('names the properties it uses', () => {
		expect(treeProperties(parseFilterExpression('(a = 1 | b = 2) & !(a = 3)'))).toEqual(['a', 'b']);
	});

	it('refuses a malformed expression, saying where', () => {
		expect(() => parseFilterExpression('name = (')).toThrow(/Expected a value at position 8/);
		expect(() => parseFilterExpression('name = "open')).toThrow(/Unclosed double quote/);
		expect(() => parseFilterExpression('name acme')).toThrow(/Expected an operator/);
		expect(() => parseFilterExpression('a = 1 )')).toThrow(/Unexpected "\)"/);
		expect(() => parseFilterExpression('')).toThrow(/empty/);
	});

	it('reads what the builder writes as the conditions it was given, hostile values included', () => {
		const hostile = [
			'"',
			'&',
			'|',
			'\\',
			'a) | (b',
			'Acme" | name =~ "',
			'x & id = 1',
			"O'Brien [UK] / 50% *off* ~ !=",
		];
		for (const value of hostile) {
			const named = [{ ...RECORDS[0], name: value }, ...RECORDS];
			for (const operator of ['equals', 'notEquals', 'startsWith', 'contains']) {
				const conditions = [c('name', operator, value), c('id', 'greaterThan', '0')];
				const compiled = compileFilter(conditions);
				if ('problem' in compiled) throw new Error(compiled.problem.message);
				const fromText = named.filter(treeCheck(parseFilterExpression(compiled.filter), PROPS));
				expect(fromText).toEqual(named.filter(conditionsCheck(conditions, 'and', PROPS)));
			}
		}
	});
});

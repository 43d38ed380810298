import { fieldCapabilities } from '../../emulator/fieldRules';
import type { FieldDef, ValueType } from '../../emulator/model';
import {
	buildSearchCriteria,
	buildValueFilter,
	valueKindOf,
	type SearchCondition,
	type SearchRules,
} from '../../nodes/AffinityV2/helpers/searchCriteria';
import {
	searchTargetKey,
	searchTargetsOf,
	type SearchTarget,
} from '../../nodes/AffinityV2/helpers/searchTargets';
import type { FieldMetadata } from '../../nodes/AffinityV2/helpers/types';
import { Description, explain } from '../../testkit/descriptions/openapi';

/**
 * The search filters of each edition: on 2026-09-17 is-between-relative sends a range of two
 * amounts (RelativeDateRange), relative amounts are 1 or more and inverted bounds are refused
 * before any request, naming the condition; on 2026-07-15 the forms of before are sent as given.
 */

const SEPTEMBER: SearchRules = { rangeRules: true };
const JULY: SearchRules = {};

const schemas = {
	'2026-07-15': new Description('2026-07-15').schema('SearchCriteria'),
	'2026-09-17': new Description('2026-09-17').schema('SearchCriteria'),
};

function targetsOf(valueType: ValueType, edition: string): SearchTarget[] {
	const def = {
		id: `field-${valueType}`,
		name: valueType,
		type: 'global',
		valueType,
		enrichmentSource: null,
		createdAt: null,
	} as unknown as FieldDef;
	return searchTargetsOf({
		...def,
		...fieldCapabilities(def, new Set(['filterability']), edition),
	} as unknown as FieldMetadata);
}

const dateTarget = (edition = '2026-09-17') => targetsOf('datetime', edition)[0];
const numberTarget = () => targetsOf('number', '2026-09-17')[0];

function build(
	condition: Omit<SearchCondition, 'target'>,
	target: SearchTarget,
	rules: SearchRules,
) {
	return buildValueFilter(
		{ target: searchTargetKey(target), ...condition },
		target,
		undefined,
		rules,
	);
}

function body(filter: unknown) {
	const built = buildSearchCriteria({ filters: { operator: 'and', filters: [filter as never] } });
	if ('problem' in built) throw new Error(built.problem.message);
	return built.ok;
}

describe('2026-09-17', () => {
	it('is-between-relative sends a RelativeDateRange of two amounts, valid against 2026-09-17', () => {
		const built = build(
			{ operator: 'is-between-relative', amount: 7, amount2: 30, unit: 'day' },
			dateTarget(),
			SEPTEMBER,
		);
		if ('problem' in built) throw new Error(built.problem.message);
		expect(built.ok.value).toEqual({ amount: [7, 30], unit: 'day' });
		const valid = schemas['2026-09-17'](body(built.ok));
		if (!valid) throw new Error(explain(schemas['2026-09-17']));
	});

	it('every relative and range operator of a date field builds a filter 2026-09-17 accepts', () => {
		const target = dateTarget();
		const checked: string[] = [];
		for (const operator of target.operators) {
			const kind = valueKindOf(target.valueType, operator);
			const inputs: Record<string, Omit<SearchCondition, 'target' | 'operator'>> = {
				relative: { amount: 1, unit: 'week' },
				relativeRange: { amount: 1, amount2: 6, unit: 'month' },
				relativeDate: { amount: 0, unit: 'day' },
				dateRange: { value: '2026-01-01', value2: '2026-01-01' },
				date: { value: '2026-01-01' },
			};
			if (!(kind in inputs)) continue;
			const built = build({ operator: operator.id, ...inputs[kind] }, target, SEPTEMBER);
			if ('problem' in built) throw new Error(`${operator.id}: ${built.problem.message}`);
			if (!schemas['2026-09-17'](body(built.ok)))
				throw new Error(`${operator.id}: ${explain(schemas['2026-09-17'])}`);
			checked.push(operator.id);
		}
		expect(checked).toEqual(
			expect.arrayContaining(['is-between-relative', 'is-within-the-last', 'is-between']),
		);
	});

	it.each([
		['is-within-the-last', { amount: 0, unit: 'day' }, /takes amounts of 1 or more; got 0/],
		['is-not-within-the-next', { amount: 0, unit: 'week' }, /takes amounts of 1 or more; got 0/],
		[
			'is-between-relative',
			{ amount: 0, amount2: 30, unit: 'day' },
			/takes amounts of 1 or more; got 0 and 30/,
		],
		[
			'is-between-relative',
			{ amount: 30, amount2: 7, unit: 'day' },
			/needs the smaller amount \(Amount\) first; got 30 and 7/,
		],
		[
			'is-between',
			{ value: '2026-03-01', value2: '2026-01-31' },
			/needs the earlier date \(From\) first; got "2026-03-01" and "2026-01-31"/,
		],
	])('%s %j is refused before any request, naming the field', (operator, inputs, message) => {
		const target = dateTarget();
		const built = build({ operator, ...inputs }, target, SEPTEMBER);
		expect('problem' in built && built.problem.message).toMatch(message);
		expect('problem' in built && built.problem.message).toMatch(new RegExp(`^${target.label}: `));
		expect('problem' in built && built.problem.hint).toMatch(/2026-09-17/);
	});

	it('an inverted number range is refused; equal bounds are sent', () => {
		const target = numberTarget();
		const inverted = build(
			{ operator: 'is-between', value: '100', value2: '10' },
			target,
			SEPTEMBER,
		);
		expect('problem' in inverted && inverted.problem.message).toMatch(
			/needs the smaller number \(From\) first; got 100 and 10/,
		);
		const equal = build({ operator: 'is-between', value: '10', value2: '10' }, target, SEPTEMBER);
		expect('ok' in equal && equal.ok.value).toEqual([10, 10]);
	});

	it('is-exactly-relative keeps taking 0 (RelativeDate: minimum 0)', () => {
		const target = dateTarget();
		const operator = target.operators.find((o) => o.id === 'is-exactly-relative');
		if (!operator)
			return expect(target.operators.map((o) => o.id)).not.toContain('is-exactly-relative');
		const built = build({ operator: operator.id, amount: 0, unit: 'day' }, target, SEPTEMBER);
		expect('ok' in built && built.ok.value).toEqual({ amount: 0, unit: 'day' });
	});

	it('the 2026-09-17 description itself refuses what is refused here', () => {
		const target = dateTarget();
		const zero = {
			valueType: 'date',
			fieldId: target.fieldId,
			operator: 'is-within-the-last',
			value: { amount: [0], unit: 'day' },
		};
		const single = {
			...zero,
			operator: 'is-between-relative',
			value: { amount: [7], unit: 'day' },
		};
		expect(schemas['2026-09-17'](body(zero))).toBe(false);
		expect(schemas['2026-09-17'](body(single))).toBe(false);
		expect(schemas['2026-07-15'](body(zero))).toBe(true);
		expect(schemas['2026-07-15'](body(single))).toBe(true);
	});
});

describe('2026-07-15', () => {
	it('sends the forms of before exactly: 0 amounts and any order, valid against 2026-07-15', () => {
		const target = dateTarget('2026-07-15');
		const cases: Array<[Omit<SearchCondition, 'target'>, unknown]> = [
			[
				{ operator: 'is-within-the-last', amount: 0, unit: 'day' },
				{ amount: [0], unit: 'day' },
			],
			[
				{ operator: 'is-between-relative', amount: 6, amount2: 1, unit: 'month' },
				{ amount: [6, 1], unit: 'month' },
			],
			[
				{ operator: 'is-between', value: '2026-03-01', value2: '2026-01-31' },
				['2026-03-01', '2026-01-31'],
			],
		];
		for (const [condition, value] of cases) {
			const built = build(condition, target, JULY);
			if ('problem' in built) throw new Error(built.problem.message);
			expect(built.ok).toEqual({
				valueType: 'date',
				fieldId: target.fieldId,
				operator: condition.operator,
				value,
			});
			if (!schemas['2026-07-15'](body(built.ok))) throw new Error(explain(schemas['2026-07-15']));
		}
		const numbers = build(
			{ operator: 'is-between', value: '100', value2: '10' },
			numberTarget(),
			JULY,
		);
		expect('ok' in numbers && numbers.ok.value).toEqual([100, 10]);
	});
});

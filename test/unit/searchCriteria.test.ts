import { fieldCapabilities } from '../../emulator/fieldRules';
import type { FieldDef, ValueType } from '../../emulator/model';
import {
	buildFilterGroup,
	buildSearchCriteria,
	buildValueFilter,
	filteredFieldIds,
	valueKindOf,
	withChosenOptions,
	type SearchCondition,
} from '../../nodes/AffinityV2/helpers/searchCriteria';
import {
	searchTargetKey,
	searchTargetsOf,
	sortTargetsOf,
	type SearchTarget,
} from '../../nodes/AffinityV2/helpers/searchTargets';
import type { FieldMetadata } from '../../nodes/AffinityV2/helpers/types';
import { Description, explain } from '../../testkit/descriptions/openapi';

/**
 * The search body builder, pure: every condition kind a search field offers (each operator of
 * each value type, as the fields' filterability lists them) builds a ValueFilter that the
 * 2026-07-15 description's SearchCriteria accepts; wrong inputs are refused with a message.
 */

const description = new Description();
const criteria = description.schema('SearchCriteria');

const VALUE_TYPES: ValueType[] = [
	'text',
	'number',
	'datetime',
	'interaction',
	'dropdown',
	'ranked-dropdown',
	'dropdown-multi',
	'filterable-text',
	'filterable-text-multi',
	'person',
	'person-multi',
	'company',
	'company-multi',
	'location',
	'location-multi',
];

/** Field metadata as GET /v2/companies/fields?includes=filterability&includes=sortability gives it. */
function metadata(valueType: ValueType): FieldMetadata {
	const def = {
		id: `field-${valueType}`,
		name: valueType,
		type: 'global',
		valueType,
		enrichmentSource: null,
		createdAt: null,
	} as unknown as FieldDef;
	return {
		...def,
		...fieldCapabilities(def, new Set(['filterability', 'sortability']), '2026-07-15'),
	} as unknown as FieldMetadata;
}

const OPTIONS = [
	{ id: 11, text: 'Hot' },
	{ id: 12, text: 'Warm, maybe' },
];

/** Inputs as the UI collects them, per value kind. */
function sampleCondition(target: SearchTarget, operator: string): SearchCondition {
	const kind = valueKindOf(target.valueType, target.operators.find((o) => o.id === operator)!);
	const condition: SearchCondition = { target: searchTargetKey(target), operator };
	switch (kind) {
		case 'text':
			return { ...condition, value: 'acme' };
		case 'number':
			return { ...condition, value: '12.5' };
		case 'numberRange':
			return { ...condition, value: '10', value2: 1000 };
		case 'date':
			return { ...condition, value: '2024-03-10T15:00:00Z' };
		case 'dateRange':
			return { ...condition, value: '2024-01-01', value2: '2024-12-31' };
		case 'relative':
		case 'relativeDate':
			return { ...condition, amount: 3, unit: 'quarter' };
		case 'relativeRange':
			return { ...condition, amount: 6, amount2: 1, unit: 'month' };
		case 'list':
			if (target.valueType.includes('dropdown')) return { ...condition, value: 'hot, 12' };
			if (target.valueType.startsWith('person') || target.valueType.startsWith('company'))
				return { ...condition, value: '5000007, 5000008' };
			if (target.valueType.startsWith('location'))
				return { ...condition, value: 'city=Berlin; country=Germany | country=Nigeria' };
			return { ...condition, value: '["Seed", "Series A, B"]' };
		default:
			return condition;
	}
}

const cases = VALUE_TYPES.flatMap((valueType) =>
	searchTargetsOf(metadata(valueType)).flatMap((target) =>
		target.operators.map((o) => [valueType, o.id, target] as const),
	),
);

describe('every condition kind builds a ValueFilter the edition accepts', () => {
	it('covers every operator of the edition that a field allows', () => {
		expect(new Set(cases.map(([, operator]) => operator)).size).toBeGreaterThanOrEqual(25);
		expect(cases.length).toBeGreaterThanOrEqual(90);
	});

	it.each(cases)('%s %s', (_valueType, operator, target) => {
		const built = buildValueFilter(sampleCondition(target, operator), target, OPTIONS);
		if ('problem' in built) throw new Error(built.problem.message);
		const body = buildSearchCriteria({ filters: { operator: 'and', filters: [built.ok] } });
		if ('problem' in body) throw new Error(body.problem.message);
		if (!criteria(body.ok)) throw new Error(explain(criteria));
		expect(built.ok).toMatchObject({ fieldId: target.fieldId, operator });
	});

	it('values are typed: dropdowns by name or id, dates as calendar dates, numbers as numbers', () => {
		const [dropdown] = searchTargetsOf(metadata('dropdown'));
		expect(
			buildValueFilter({ target: 'x', operator: 'is-any-of', value: 'HOT, 12' }, dropdown, OPTIONS),
		).toEqual({
			ok: {
				valueType: 'dropdown',
				fieldId: 'field-dropdown',
				operator: 'is-any-of',
				value: [{ dropdownOptionId: 11 }, { dropdownOptionId: 12 }],
			},
		});
		const [date] = searchTargetsOf(metadata('datetime'));
		expect(
			buildValueFilter(
				{ target: 'x', operator: 'is-on', value: '2024-03-10T23:00:00-08:00' },
				date,
			),
		).toMatchObject({ ok: { valueType: 'date', value: '2024-03-10' } });
		const [number] = searchTargetsOf(metadata('number'));
		expect(
			buildValueFilter({ target: 'x', operator: 'is-between', value: '1', value2: '2.5' }, number),
		).toMatchObject({ ok: { value: [1, 2.5] } });
		const [interaction] = searchTargetsOf(metadata('interaction'));
		expect(interaction).toMatchObject({ attributeId: 'date-of-activity', valueType: 'date' });
		expect(
			buildValueFilter(
				{ target: 'x', operator: 'is-within-the-last', amount: 2, unit: 'week' },
				interaction,
			),
		).toMatchObject({
			ok: { attributeId: 'date-of-activity', value: { amount: [2], unit: 'week' } },
		});
	});

	it('nested groups and the whole body validate; sorts take attributes', () => {
		const [text] = searchTargetsOf(metadata('text'));
		const [tags] = searchTargetsOf(metadata('dropdown-multi'));
		const a = buildValueFilter({ target: 'x', operator: 'contains', value: 'labs' }, text);
		const b = buildValueFilter(
			{ target: 'x', operator: 'has-all-of', value: [11, 12] },
			tags,
			OPTIONS,
		);
		if ('problem' in a || 'problem' in b) throw new Error('not built');
		const inner = buildFilterGroup('or', [a.ok, b.ok]);
		if ('problem' in inner) throw new Error('not built');
		const sorts = [
			...sortTargetsOf(metadata('interaction')),
			...sortTargetsOf(metadata('number')),
		].map((t) => ({ ...t, direction: 'desc' as const }));
		const body = buildSearchCriteria({
			filters: { operator: 'and', filters: [a.ok, inner.ok] },
			term: ' north ',
			termFieldIds: ['field-text'],
			sorts: sorts.map(({ fieldId, attributeId, direction }) => ({
				fieldId,
				direction,
				...(attributeId ? { attributeId } : {}),
			})),
		});
		if ('problem' in body) throw new Error(body.problem.message);
		expect(body.ok.search).toEqual({ term: 'north', fieldIds: ['field-text'] });
		expect(body.ok.sorts).toEqual([
			{ fieldId: 'field-interaction', attributeId: 'date-of-activity', direction: 'desc' },
			{ fieldId: 'field-number', direction: 'desc' },
		]);
		if (!criteria(body.ok)) throw new Error(explain(criteria));
	});
});

describe('refused before any request, with a message', () => {
	const [number] = searchTargetsOf(metadata('number'));
	const [date] = searchTargetsOf(metadata('datetime'));
	const [dropdown] = searchTargetsOf(metadata('dropdown'));
	const [person] = searchTargetsOf(metadata('person'));
	const [location] = searchTargetsOf(metadata('location'));
	it.each([
		[
			'an operator the field does not allow',
			number,
			{ target: 'x', operator: 'contains', value: 'a' },
			/cannot be filtered with "contains"/,
		],
		[
			'a number that is not one',
			number,
			{ target: 'x', operator: 'is-equal-to', value: 'ten' },
			/"ten" is not a number/,
		],
		[
			'a between with one bound',
			number,
			{ target: 'x', operator: 'is-between', value: '1' },
			/needs two numbers/,
		],
		[
			'a date that is not one',
			date,
			{ target: 'x', operator: 'is-on', value: '2024-02-30' },
			/is not a date/,
		],
		[
			'a unit the operator does not list',
			date,
			{ target: 'x', operator: 'is-within-the-last', amount: 2, unit: 'fortnight' },
			/unit must be one of/,
		],
		[
			'a negative amount',
			date,
			{ target: 'x', operator: 'is-within-the-last', amount: -1, unit: 'day' },
			/whole number of 0 or more/,
		],
		[
			'an unknown dropdown option',
			dropdown,
			{ target: 'x', operator: 'is-any-of', value: 'Cold' },
			/no dropdown option "Cold"/,
		],
		[
			'a person that is not an id',
			person,
			{ target: 'x', operator: 'is-any-of', value: 'Alex' },
			/give person IDs/,
		],
		[
			'a location key that does not exist',
			location,
			{ target: 'x', operator: 'is-any-of', value: 'planet=Mars' },
			/give locations/,
		],
		[
			'over 100 values',
			person,
			{ target: 'x', operator: 'is-any-of', value: Array.from({ length: 101 }, (_, i) => i + 1) },
			/at most 100 values/,
		],
	] as const)('%s', (_what, target, condition, message) => {
		const built = buildValueFilter(condition as SearchCondition, target, OPTIONS);
		expect('problem' in built && built.problem.message).toMatch(message);
	});

	it('a term under 3 characters, more than 5 sorts, more than 50 items in a group', () => {
		expect(buildSearchCriteria({ term: 'ab' })).toMatchObject({
			problem: { message: expect.stringContaining('at least 3 characters') },
		});
		expect(
			buildSearchCriteria({ sorts: Array(6).fill({ fieldId: 'f', direction: 'asc' }) }),
		).toMatchObject({ problem: { message: 'At most 5 sorts; got 6' } });
		expect(
			buildFilterGroup(
				'and',
				Array(51).fill({ valueType: 'text', fieldId: 'f', operator: 'is-empty' }),
			),
		).toMatchObject({ problem: { message: expect.stringContaining('at most 50') } });
		expect(buildSearchCriteria({ term: '  ' })).toEqual({ ok: {} });
	});
});

describe("options chosen from the field's list (Option Names or IDs)", () => {
	const [ranked] = searchTargetsOf(metadata('ranked-dropdown'));
	const [text] = searchTargetsOf(metadata('text'));
	const chosen = (target: SearchTarget, valueOptions: unknown, value?: unknown) =>
		withChosenOptions(
			{ target: searchTargetKey(target), operator: 'is-any-of', valueOptions, value },
			target,
		);

	it('become the value, and build the same filter as the same options typed in Value', () => {
		const built = chosen(ranked, [11, 12]);
		expect(built).toEqual({ ok: expect.objectContaining({ value: [11, 12] }) });
		const fromList = buildValueFilter((built as { ok: SearchCondition }).ok, ranked, OPTIONS);
		const typed = buildValueFilter(
			{ target: searchTargetKey(ranked), operator: 'is-any-of', value: 'hot, Warm, maybe' },
			ranked,
			OPTIONS,
		);
		expect(fromList).toEqual({
			ok: expect.objectContaining({
				value: [{ dropdownOptionId: 11 }, { dropdownOptionId: 12 }],
			}),
		});
		// "Warm, maybe" typed splits at its comma: the list keeps an option whole.
		expect(typed).toHaveProperty('problem');
		expect(
			buildValueFilter(
				{ target: searchTargetKey(ranked), operator: 'is-any-of', value: '["hot", "Warm, maybe"]' },
				ranked,
				OPTIONS,
			),
		).toEqual(fromList);
	});

	it('from an expression: IDs as an array or comma-separated', () => {
		expect(chosen(ranked, '11, 12')).toEqual({
			ok: expect.objectContaining({ value: ['11', '12'] }),
		});
	});

	it('leave a condition without them as it was (Value alone)', () => {
		for (const none of [undefined, [], '', ['  ']])
			expect(chosen(ranked, none, 'hot')).toEqual({
				ok: expect.objectContaining({ value: 'hot' }),
			});
	});

	it('are refused on a field with no options, and beside a typed Value, naming both inputs', () => {
		expect(chosen(text, [11])).toEqual({
			problem: {
				message: expect.stringMatching(/Option Names or IDs are for dropdown fields.*text/),
				hint: expect.stringMatching(/Value/),
			},
		});
		expect(chosen(ranked, [11], 'hot')).toEqual({
			problem: {
				message: expect.stringMatching(/both in Value and in Option Names or IDs/),
				hint: expect.any(String),
			},
		});
	});
});

describe('filteredFieldIds', () => {
	it('gives the fields of the conditions at any depth, each once, in order', () => {
		expect(
			filteredFieldIds({
				filters: {
					operator: 'and',
					filters: [
						{ valueType: 'text', fieldId: 'field-2', operator: 'is-empty' },
						{
							operator: 'or',
							filters: [
								{ valueType: 'number', fieldId: 'field-1', operator: 'is-empty' },
								{ valueType: 'number', fieldId: 'field-2', operator: 'is-not-empty' },
							],
						},
					],
				},
				sorts: [{ fieldId: 'field-9', direction: 'asc' }],
			}),
		).toEqual(['field-2', 'field-1']);
		expect(filteredFieldIds({})).toEqual([]);
		expect(filteredFieldIds(null)).toEqual([]);
	});
});

import {
	compileCondition,
	compileFilter,
	escapeFilterValue,
	listItems,
	SPECIAL_CHARACTERS,
	type Compiled,
	type FilterCondition,
	type FilterProblem,
	type FilterProperty,
} from '../../nodes/AffinityV2/helpers/filterBuilder';
import { parseFilter, type Node } from './filterLanguage';

const HOSTILE = [
	'"',
	'&',
	'|',
	'\\',
	'(',
	'[',
	'Acme" | name =~ "',
	'x & id = 1',
	'a) | (b',
	'\\" | id=1 | name="',
	'] , [',
	"O'Brien & Sons (Holdings) [UK] / 50% *off* ~ !=",
	'  spaced  out  ',
	'line\nbreak\ttab',
	'ends with backslash \\',
	'a,b,c',
];

/** The filter text; fails the test when the builder found a problem. */
function text(compiled: Compiled): string {
	if ('problem' in compiled) throw new Error(`unexpected problem: ${compiled.problem.message}`);
	return compiled.filter;
}

const condition = (c: FilterCondition) => text(compileCondition(c, 0));

function comparisons(node: Node): Array<{ property: string; operator: string; value: unknown }> {
	if (node.kind === 'compare') {
		const value =
			node.value.kind === 'literal'
				? node.value.text
				: node.value.kind === 'list'
					? node.value.items
					: '*';
		return [{ property: node.property, operator: node.operator, value }];
	}
	if (node.kind === 'not') return comparisons(node.part);
	return node.parts.flatMap(comparisons);
}

describe('escapeFilterValue', () => {
	it('escapes every special character of the filter language with a backslash', () => {
		for (const c of SPECIAL_CHARACTERS) expect(escapeFilterValue(`a${c}b`)).toBe(`a\\${c}b`);
	});

	it('quotes values with spaces or commas, and the empty value, so they stay whole', () => {
		expect(escapeFilterValue('hello world')).toBe('"hello world"');
		expect(escapeFilterValue('a,b')).toBe('"a,b"');
		expect(escapeFilterValue('')).toBe('""');
		expect(escapeFilterValue('Acme')).toBe('Acme');
		expect(escapeFilterValue('2025-02-04T10:48:24Z')).toBe('2025-02-04T10:48:24Z');
	});
});

describe('compileFilter with hostile values', () => {
	it.each(HOSTILE)('%j stays one literal value of one condition', (hostile) => {
		const tree = parseFilter(condition({ property: 'name', operator: 'contains', value: hostile }));
		expect(tree).toEqual({
			kind: 'compare',
			property: 'name',
			operator: '=~',
			value: { kind: 'literal', text: hostile },
		});
	});

	it('keeps the AND/OR structure of three conditions whatever their values hold', () => {
		const tree = parseFilter(
			text(
				compileFilter(
					HOSTILE.slice(0, 3).map((value, i) => ({
						property: `field-${i + 1}`,
						operator: 'equals',
						value,
					})),
					'or',
				),
			),
		);
		expect(tree.kind).toBe('or');
		expect(comparisons(tree)).toEqual(
			HOSTILE.slice(0, 3).map((value, i) => ({ property: `field-${i + 1}`, operator: '=', value })),
		);
	});

	it('AND-joins by default; every hostile value of the whole set comes back unchanged', () => {
		const tree = parseFilter(
			text(
				compileFilter(
					HOSTILE.map((value) => ({ property: 'domain', operator: 'startsWith', value })),
				),
			),
		);
		expect(tree.kind).toBe('and');
		expect(comparisons(tree).map((c) => c.value)).toEqual(HOSTILE);
	});

	it('list items with commas, brackets and quotes stay separate, whole items', () => {
		const items = ['Health, care', '[x]', '"q"', 'plain'];
		expect(
			parseFilter(condition({ property: 'field-9', operator: 'listContainsAll', value: items })),
		).toEqual({
			kind: 'compare',
			property: 'field-9',
			operator: '=~',
			value: { kind: 'list', items },
		});
	});
});

describe('operators', () => {
	it.each([
		['equals', 'x', 'name = x'],
		['notEquals', 'x', 'name != x'],
		['startsWith', 'Ac', 'name =^ Ac'],
		['endsWith', 'me', 'name =$ me'],
		['contains', 'cm', 'name =~ cm'],
		['greaterThan', '5', 'name > 5'],
		['greaterThanOrEqual', '5', 'name >= 5'],
		['lessThan', '5', 'name < 5'],
		['lessThanOrEqual', '5', 'name <= 5'],
		['isSet', undefined, 'name = *'],
		['isNotSet', undefined, 'name != *'],
		['isEmpty', undefined, 'name = ""'],
		['listIsEmpty', undefined, 'name =[]'],
		['listEquals', 'a, b', 'name = ["a","b"]'],
	])('%s', (operator, value, expected) => {
		expect(condition({ property: 'name', operator, value })).toBe(expected);
		expect(() => parseFilter(expected)).not.toThrow();
	});

	it('reads list values from arrays, JSON array text and comma-separated text', () => {
		expect(listItems(['a', 2])).toEqual(['a', '2']);
		expect(listItems('["a,b","c"]')).toEqual(['a,b', 'c']);
		expect(listItems(' a , b ,, ')).toEqual(['a', 'b']);
	});
});

describe('local checks, before any request', () => {
	const notes: Record<string, FilterProperty> = {
		id: { label: 'ID', operators: ['='], valueType: 'int' },
		'creator.id': { label: 'Creator ID', operators: ['='], valueType: 'int' },
		createdAt: { label: 'Created At', operators: ['>', '<', '>=', '<='], valueType: 'datetime' },
	};

	function failure(compiled: Compiled): FilterProblem {
		if (!('problem' in compiled))
			throw new Error(`expected a problem, got the filter ${compiled.filter}`);
		return compiled.problem;
	}

	it('refuses an operator the property does not allow, naming the condition and the allowed operators', () => {
		const conditions = [
			{ property: 'id', operator: 'equals', value: '1' },
			{ property: 'createdAt', operator: 'contains', value: '2025' },
		];
		const error = failure(compileFilter(conditions, 'and', notes));
		expect(error.message).toBe(
			'Condition 2 (Created At (createdAt)): the operator "contains" is not available for this property',
		);
		expect(error.condition).toBe(2);
		expect(error.hint).toBe(
			'Affinity allows these operators for it: is greater than, is greater than or equal to, is less than, is less than or equal to. Choose another operator.',
		);
	});

	it('refuses an empty value for an operator that needs one', () => {
		const error = failure(compileFilter([{ property: 'name', operator: 'equals', value: '' }]));
		expect(error.message).toBe('Condition 1 (name): "is equal to" needs a value');
		expect(
			failure(compileFilter([{ property: 'tags', operator: 'listContainsAll', value: ' , ' }]))
				.message,
		).toMatch(/needs at least one value/);
	});

	it('refuses a property the endpoint cannot filter on, and a property name that is not one', () => {
		expect(
			failure(
				compileFilter([{ property: 'content', operator: 'equals', value: 'x' }], 'and', notes),
			).hint,
		).toBe('Filterable properties: id, creator.id, createdAt.');
		expect(
			failure(compileFilter([{ property: 'name | id', operator: 'equals', value: 'x' }])).message,
		).toMatch(/is not a property name/);
		expect(
			failure(compileFilter([{ property: '', operator: 'equals', value: 'x' }])).message,
		).toMatch(/no property chosen/);
	});

	it('checks value types: whole numbers for ids, dates for datetimes (a date stays a date, the rest becomes whole-second UTC)', () => {
		expect(
			failure(
				compileFilter([{ property: 'id', operator: 'equals', value: '1 | id = 2' }], 'and', notes),
			).message,
		).toBe('Condition 1 (ID (id)): "1 | id = 2" is not a whole number');
		expect(
			failure(
				compileFilter(
					[{ property: 'createdAt', operator: 'greaterThan', value: 'yesterday' }],
					'and',
					notes,
				),
			).message,
		).toMatch(/is not a date/);
		expect(
			text(
				compileFilter(
					[{ property: 'createdAt', operator: 'greaterThan', value: '2025-02-04' }],
					'and',
					notes,
				),
			),
		).toBe('createdAt > 2025-02-04');
		expect(
			text(
				compileFilter(
					[
						{
							property: 'createdAt',
							operator: 'greaterThan',
							value: 'Tue, 04 Feb 2025 10:48:24 GMT',
						},
					],
					'and',
					notes,
				),
			),
		).toBe('createdAt > 2025-02-04T10:48:24Z');
		expect(
			text(
				compileFilter(
					[
						{
							property: 'createdAt',
							operator: 'lessThanOrEqual',
							value: new Date('2025-02-04T10:48:24Z'),
						},
					],
					'and',
					notes,
				),
			),
		).toBe('createdAt <= 2025-02-04T10:48:24Z');
		expect(
			text(
				compileFilter(
					[{ property: 'createdAt', operator: 'lessThan', value: '2025-02-04T10:48:24+02:00' }],
					'and',
					notes,
				),
			),
		).toBe('createdAt < 2025-02-04T08:48:24Z');
	});

	it('offers list operators only on collection properties, and text operators not on them', () => {
		const company: Record<string, FilterProperty> = {
			name: { operators: ['=', '=^', '=~', '= *', '= ""'], collection: false },
			'field-7': { label: 'Tags', operators: ['=', '=~', '=[]', '!='], collection: true },
		};
		expect(
			failure(
				compileFilter(
					[{ property: 'name', operator: 'listContainsAll', value: 'a' }],
					'and',
					company,
				),
			).message,
		).toBe(
			'Condition 1 (name): the operator "list contains all of" is not available for this property',
		);
		expect(
			text(
				compileFilter(
					[{ property: 'field-7', operator: 'listContainsAll', value: 'B2B,Hardware' }],
					'and',
					company,
				),
			),
		).toBe('field-7 =~ ["B2B","Hardware"]');
		expect(
			text(compileFilter([{ property: 'field-7', operator: 'listIsEmpty' }], 'and', company)),
		).toBe('field-7 =[]');
		expect(
			failure(
				compileFilter(
					[{ property: 'field-7', operator: 'startsWith', value: 'B' }],
					'and',
					company,
				),
			).hint,
		).toBe(
			'Affinity allows these operators for it: is equal to, is not equal to, contains, list is exactly (in order), list contains all of, list is empty. Choose another operator.',
		);
	});

	it('refuses an unknown operator', () => {
		expect(
			failure(compileFilter([{ property: 'name', operator: 'like', value: 'x' }])).message,
		).toMatch(/unknown operator "like"/);
	});
});

describe('compileFilter: date-times as whole-second UTC (the filter rejects fractions)', () => {
	const notes: Record<string, FilterProperty> = {
		createdAt: {
			label: 'Created At',
			operators: ['>', '<', '>=', '<=', '=', '!='],
			valueType: 'datetime',
		},
		id: { label: 'ID', operators: ['='], valueType: 'int' },
	};
	const compiled = (conditions: FilterCondition[], combine: 'and' | 'or' = 'and') => {
		const result = compileFilter(conditions, combine, notes);
		if ('problem' in result) throw new Error(result.problem.message);
		return result;
	};
	const at = (operator: string, value: unknown = '2025-02-04T10:48:24.250Z') => ({
		property: 'createdAt',
		operator,
		value,
	});

	it('sends a whole-second bound as it is, exact', () => {
		expect(compiled([at('greaterThan', '2025-02-04T10:48:24.000Z')])).toEqual({
			filter: 'createdAt > 2025-02-04T10:48:24Z',
			exact: true,
		});
	});

	it('widens a bound with a fraction: lower bounds down, upper bounds up, and says it is not exact', () => {
		expect(compiled([at('greaterThan')])).toEqual({
			filter: 'createdAt > 2025-02-04T10:48:24Z',
			exact: false,
		});
		expect(compiled([at('greaterThanOrEqual')]).filter).toBe('createdAt >= 2025-02-04T10:48:24Z');
		expect(compiled([at('lessThan')]).filter).toBe('createdAt < 2025-02-04T10:48:25Z');
		expect(compiled([at('lessThanOrEqual')]).filter).toBe('createdAt <= 2025-02-04T10:48:25Z');
		expect(compiled([at('equals')]).filter).toBe(
			'(createdAt >= 2025-02-04T10:48:24Z & createdAt <= 2025-02-04T10:48:25Z)',
		);
	});

	it('a zone-less date-time is read in the time zone given, and sent in UTC', () => {
		const result = compileFilter(
			[at('lessThan', '2025-07-01T09:00:00.5')],
			'and',
			notes,
			'Europe/Berlin',
		);
		expect(result).toEqual({ filter: 'createdAt < 2025-07-01T07:00:01Z', exact: false });
	});

	it('"is not equal" to a fraction cannot be sent: AND goes without it, OR sends nothing', () => {
		const id = { property: 'id', operator: 'equals', value: '7' };
		expect(compiled([at('notEquals'), id])).toEqual({ filter: 'id = 7', exact: false });
		expect(compiled([at('notEquals'), id], 'or')).toEqual({ filter: '', exact: false });
	});

	it('no text the builder writes has a fraction of a second', () => {
		for (const operator of [
			'greaterThan',
			'greaterThanOrEqual',
			'lessThan',
			'lessThanOrEqual',
			'equals',
		])
			for (const value of [
				'2025-02-04T10:48:24.999Z',
				new Date(1738666104001),
				'2025-02-04T10:48:24,5+01:00',
			])
				expect(compiled([at(operator, value)]).filter).not.toMatch(/\d\.\d|,\d/);
	});
});

import {
	compileFilter,
	parseFilter,
	tokenize,
	type FilterNode,
	type FilterProperties,
} from '../../emulator/filter';
import { ApiError } from '../../emulator/http';
import { createRandom } from '../../emulator/random';

const SPECIALS = [
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

/** Escapes every special character with a backslash (what a careful client does). */
const escapeBare = (value: string) => value.replace(/[\\*~!&=><$^|"'()[\]/]/g, (c) => `\\${c}`);
/** Quotes a value: inside double quotes only `"` and `\` need a backslash. */
const quote = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

function compare(node: FilterNode): Extract<FilterNode, { kind: 'compare' }> {
	if (node.kind !== 'compare') throw new Error(`expected a comparison, got ${node.kind}`);
	return node;
}

/** The tree without source positions, to compare structure. */
const shape = (input: string) =>
	JSON.parse(
		JSON.stringify(parseFilter(input), (key, value) =>
			key === 'position' || key === 'operatorPosition' ? undefined : value,
		),
	);

/** The error a filter gives, for asserting on message and param. */
function errorOf(run: () => unknown): { status: number; message: string; param?: string } {
	try {
		run();
	} catch (error) {
		if (error instanceof ApiError)
			return { status: error.status, message: error.message, param: error.param };
		return { status: 0, message: (error as Error).message };
	}
	throw new Error('expected an error');
}

interface Row {
	id: number;
	name: string | null;
	score: number | null;
	when: string | null;
	day: string | null;
	owner: number | null;
	tags: string[] | null;
	refs: number[] | null;
	stage: string | null;
}

const ROWS: Row[] = [
	{
		id: 1,
		name: 'Acme Labs',
		score: 10,
		when: '2025-02-04T10:48:24Z',
		day: '2025-03-01T08:00:00.000Z',
		owner: 7,
		tags: ['Fintech', 'B2B'],
		refs: [5, 6],
		stage: 'Won',
	},
	{
		id: 2,
		name: 'acme robotics',
		score: 20.5,
		when: '2025-02-05T00:00:00Z',
		day: '2025-07-04T07:00:00.000Z',
		owner: 8,
		tags: ['Hardware'],
		refs: [6],
		stage: 'Lost',
	},
	{
		id: 3,
		name: 'Umbrella',
		score: null,
		when: null,
		day: null,
		owner: null,
		tags: null,
		refs: null,
		stage: null,
	},
	{
		id: 4,
		name: '',
		score: 0,
		when: '2024-12-31T23:59:59Z',
		day: '2024-12-31T08:00:00.000Z',
		owner: 7,
		tags: ['B2B', 'Fintech'],
		refs: [5],
		stage: 'Won',
	},
];

const PROPS: FilterProperties<Row> = {
	id: { kind: 'reference', operators: ['=', '!=', '>', '<'], get: (r) => r.id },
	name: {
		kind: 'text',
		operators: ['=', '=^', '=$', '=~', '!=', '= *', '!= *', '= ""'],
		get: (r) => r.name,
	},
	score: {
		kind: 'number',
		operators: ['=', '>', '>=', '<', '<=', '!=', '= *', '!= *'],
		get: (r) => r.score,
	},
	when: { kind: 'datetime', operators: ['>', '<', '>=', '<=', '='], get: (r) => r.when },
	day: { kind: 'date', operators: ['=', '>', '<', '>=', '<='], get: (r) => r.day },
	owner: { kind: 'reference', operators: ['=', '!=', '= *', '!= *'], get: (r) => r.owner },
	tags: { kind: 'multi', items: 'text', operators: ['=', '=~', '=[]', '!='], get: (r) => r.tags },
	refs: {
		kind: 'multi',
		items: 'reference',
		operators: ['=', '=~', '=[]', '!='],
		get: (r) => r.refs,
	},
	stage: { kind: 'choice', operators: ['=', '!=', '= *', '!= *'], get: (r) => r.stage },
};

const ids = (filter: string, rows: Row[] = ROWS) => {
	const test = compileFilter(filter, PROPS);
	return rows.filter(test).map((r) => r.id);
};

describe('filter parser: structure', () => {
	it('ignores spaces outside quotes', () => {
		const tight = compare(parseFilter('name=Acme'));
		const loose = compare(parseFilter('  name   =   Acme  '));
		expect([loose.property, loose.operator, loose.operand]).toEqual([
			tight.property,
			tight.operator,
			tight.operand,
		]);
		expect(compare(parseFilter(' name \t= \n Acme ')).operand).toEqual({
			kind: 'scalar',
			text: 'Acme',
		});
	});

	it('joins value pieces separated by spaces, since spaces are insignificant; quotes keep them', () => {
		expect(compare(parseFilter('name = hello world')).operand).toEqual({
			kind: 'scalar',
			text: 'helloworld',
		});
		expect(compare(parseFilter('name = "hello world"')).operand).toEqual({
			kind: 'scalar',
			text: 'hello world',
		});
		expect(compare(parseFilter('name = "a b"c" d"')).operand).toEqual({
			kind: 'scalar',
			text: 'a bc d',
		});
	});

	it('makes & bind tighter than |', () => {
		const node = parseFilter('a = 1 | b = 2 & c = 3');
		expect(node.kind).toBe('or');
		const or = node as Extract<FilterNode, { kind: 'or' }>;
		expect(compare(or.items[0]).property).toBe('a');
		expect(or.items[1].kind).toBe('and');
		const and = or.items[1] as Extract<FilterNode, { kind: 'and' }>;
		expect(and.items.map((n) => compare(n).property)).toEqual(['b', 'c']);
	});

	it('lets parentheses set the order', () => {
		const node = parseFilter('(a = 1 | b = 2) & c = 3');
		expect(node.kind).toBe('and');
		const and = node as Extract<FilterNode, { kind: 'and' }>;
		expect(and.items[0].kind).toBe('or');
		expect(compare(and.items[1]).property).toBe('c');
		expect(shape('((a = 1))')).toEqual(shape('a = 1'));
	});

	it('parses negation of a parenthesised expression, nested negation, and !=', () => {
		expect(shape('!(a = 1)')).toEqual({ kind: 'not', expr: shape('a = 1') });
		expect(shape('!!(a = 1)')).toEqual({
			kind: 'not',
			expr: { kind: 'not', expr: shape('a = 1') },
		});
		expect(compare(parseFilter('a != 1')).operator).toBe('!=');
		expect(parseFilter('a = 1 & !(b = 2 | c = 3)').kind).toBe('and');
	});

	it.each([
		['=', 'a = 1'],
		['!=', 'a != 1'],
		['=^', 'a =^ 1'],
		['=$', 'a =$ 1'],
		['=~', 'a =~ 1'],
		['>', 'a > 1'],
		['>=', 'a >= 1'],
		['<', 'a < 1'],
		['<=', 'a <= 1'],
	])('reads the operator %s', (operator, filter) => {
		expect(compare(parseFilter(filter)).operator).toBe(operator);
		expect(compare(parseFilter(filter.replace(/ /g, ''))).operator).toBe(operator);
	});

	it('reads = *, != *, = "", =[] and collections', () => {
		expect(compare(parseFilter('a = *')).operand).toEqual({ kind: 'any' });
		expect(compare(parseFilter('a=*')).operand).toEqual({ kind: 'any' });
		expect(compare(parseFilter('a != *')).operand).toEqual({ kind: 'any' });
		expect(compare(parseFilter('a = ""')).operand).toEqual({ kind: 'scalar', text: '' });
		expect(compare(parseFilter('a =[]')).operand).toEqual({ kind: 'list', items: [] });
		expect(compare(parseFilter('a = [ ]')).operand).toEqual({ kind: 'list', items: [] });
		expect(compare(parseFilter('a = [Healthcare,Fintech]')).operand).toEqual({
			kind: 'list',
			items: ['Healthcare', 'Fintech'],
		});
		expect(compare(parseFilter('a =~ [ "Health care" , Fin\\,tech , "x,y" ]')).operand).toEqual({
			kind: 'list',
			items: ['Health care', 'Fin,tech', 'x,y'],
		});
		expect(compare(parseFilter('a != [x]')).operand).toEqual({ kind: 'list', items: ['x'] });
	});

	it('reads property names with dots and dashes, and values with colons, dots, dashes and commas', () => {
		const node = compare(parseFilter('creator.id=1'));
		expect(node.property).toBe('creator.id');
		expect(compare(parseFilter('createdAt<2025-02-04T10:48:24Z')).operand).toEqual({
			kind: 'scalar',
			text: '2025-02-04T10:48:24Z',
		});
		expect(compare(parseFilter('field-1001 = a,b.c')).operand).toEqual({
			kind: 'scalar',
			text: 'a,b.c',
		});
	});

	it('records 1-based positions of properties and operators', () => {
		const node = compare(parseFilter('  name =~ x'));
		expect(node.position).toBe(3);
		expect(node.operatorPosition).toBe(8);
		expect(tokenize('a=1').map((t) => t.position)).toEqual([1, 2, 3, 4]);
	});
});

describe('filter parser: escapes', () => {
	it.each(SPECIALS)(
		'a backslash makes %s an ordinary character, outside and inside quotes',
		(special) => {
			expect(compare(parseFilter(`name = a\\${special}b`)).operand).toEqual({
				kind: 'scalar',
				text: `a${special}b`,
			});
			expect(compare(parseFilter(`name = "a\\${special}b"`)).operand).toEqual({
				kind: 'scalar',
				text: `a${special}b`,
			});
			expect(compare(parseFilter(`name = \\${special}`)).operand).toEqual({
				kind: 'scalar',
				text: special,
			});
		},
	);

	it('inside quotes, specials other than " and \\ need no escape', () => {
		for (const special of SPECIALS.filter((c) => c !== '"' && c !== '\\')) {
			expect(compare(parseFilter(`name = "x ${special} y"`)).operand).toEqual({
				kind: 'scalar',
				text: `x ${special} y`,
			});
		}
	});

	it('escapes in property names and collection items', () => {
		expect(compare(parseFilter('we\\ird\\=name = 1')).property).toBe('weird=name');
		expect(compare(parseFilter('tags = [a\\], b\\[, "c\\"d"]')).operand).toEqual({
			kind: 'list',
			items: ['a]', 'b[', 'c"d'],
		});
	});

	it('hostile values never change the logic: every escaped value matches only itself', () => {
		const hostile = [
			'a"b',
			'Tom & Jerry',
			'this | that',
			'back\\slash',
			'(paren',
			'paren)',
			'[bracket]',
			'star*',
			"O'Brien",
			'a/b/c',
			'x = y',
			'!(name = Acme)',
			'name = * | id > 0',
			'"quoted"',
			'\\"',
			'~$^<>=!',
			', comma',
			'  spaced  out  ',
		];
		const rows = hostile.map((name, i) => ({ ...ROWS[0], id: 100 + i, name }));
		for (const [i, name] of hostile.entries()) {
			for (const written of [quote(name), name.includes(' ') ? quote(name) : escapeBare(name)]) {
				expect(ids(`name = ${written}`, rows)).toEqual([100 + i]);
				// Combined with other conditions the hostile value stays one operand.
				expect(ids(`name = ${written} & id = ${100 + i}`, rows)).toEqual([100 + i]);
				expect(ids(`name = ${written} | id = 100`, rows)).toEqual(
					[...new Set([100, 100 + i])].sort((a, b) => a - b),
				);
				expect(ids(`!(name = ${written})`, rows)).toHaveLength(hostile.length - 1);
				expect(ids(`name != ${written}`, rows)).not.toContain(100 + i);
			}
		}
	});

	it('round-trips random strings of special characters, letters and spaces', () => {
		const rng = createRandom(42);
		const alphabet = [...SPECIALS, 'a', 'Z', '0', ' ', ',', '.', '-', 'é', '\t'];
		for (let n = 0; n < 500; n++) {
			const value = Array.from({ length: rng.int(1, 12) }, () => rng.pick(alphabet)).join('');
			expect(compare(parseFilter(`name = ${quote(value)}`)).operand).toEqual({
				kind: 'scalar',
				text: value,
			});
			if (!/\s/.test(value))
				expect(compare(parseFilter(`name = ${escapeBare(value)}`)).operand).toEqual({
					kind: 'scalar',
					text: value,
				});
			expect(
				compare(parseFilter(`tags =~ [${quote(value)}, ${quote(value + value)}]`)).operand,
			).toEqual({ kind: 'list', items: [value, value + value] });
		}
	});
});

describe('filter parser: syntax errors name what is wrong and where', () => {
	it.each([
		['name = Acme)', 'Unexpected ")" at position 12'],
		[
			'name = Acme & (id = 1',
			'Unexpected end of filter at position 22; expected ")" to close the "(" at position 15',
		],
		['name =', 'Unexpected end of filter at position 7; expected a value after "=" at position 6'],
		['name = "Acme', 'Unterminated string starting at position 8'],
		['name = Acme\\', 'Dangling backslash at position 12'],
		["name = O'Brien", 'Unexpected "\'" at position 9'],
		['name = a/b', 'Unexpected "/" at position 9'],
		['name = a~b', 'Unexpected "~" at position 9'],
		['= 1', 'Unexpected "=" at position 1; expected a property name'],
		['name Acme', 'Unexpected end of filter at position 10; expected an operator after "nameAcme"'],
		['name = 1 &', 'Unexpected end of filter at position 11; expected a property name'],
		['name = 1 & | id = 2', 'Unexpected "|" at position 12; expected a property name'],
		['name = 1 id = 2', 'Unexpected "=" at position 13'],
		['!name = 1', 'Unexpected value "name" at position 2; expected "(" after "!"'],
		['score > *', 'Unexpected "*" at position 9'],
		['score > [1]', 'Unexpected "[" at position 9'],
		['tags = [a b', 'Unexpected end of filter at position 12; expected "," or "]"'],
		['tags = [a,]', 'Unexpected "]" at position 11; expected a collection item'],
		['name = a*', 'Unexpected "*" at position 9'],
		['()', 'Unexpected ")" at position 2; expected a property name'],
		['  ', 'Empty filter'],
	])('%s', (filter, message) => {
		const error = errorOf(() => compileFilter(filter, PROPS));
		expect(error.status).toBe(400);
		expect(error.param).toBe('filter');
		expect(error.message).toContain(message);
	});

	it('names the parameter it was given', () => {
		expect(errorOf(() => compileFilter('name = (', PROPS, 'filters')).param).toBe('filters');
	});
});

describe('filter compiler: properties, operators, values', () => {
	it('refuses unknown properties, naming them and what is supported', () => {
		const error = errorOf(() => compileFilter('name = x & colour = red', PROPS));
		expect(error).toMatchObject({ status: 400, param: 'filter' });
		expect(error.message).toContain('Unknown property "colour" at position 12');
		expect(error.message).toContain('name, score');
	});

	it('refuses operators a property does not allow, naming both', () => {
		expect(errorOf(() => compileFilter('id =~ 1', PROPS)).message).toContain(
			'Operator "=~" at position 4 is not supported for property "id"; supported operators: =, !=, >, <',
		);
		expect(errorOf(() => compileFilter('when = *', PROPS)).message).toContain('Operator "= *"');
		expect(errorOf(() => compileFilter('stage = ""', PROPS)).message).toContain('Operator "= ""');
		expect(errorOf(() => compileFilter('tags > x', PROPS)).message).toContain('Operator ">"');
	});

	it('refuses values of the wrong type', () => {
		expect(errorOf(() => compileFilter('score > ten', PROPS)).message).toContain(
			'Value "ten" for property "score" must be a number',
		);
		expect(errorOf(() => compileFilter('owner = bob', PROPS)).message).toContain(
			'must be an integer id',
		);
		expect(errorOf(() => compileFilter('when > yesterday', PROPS)).message).toContain(
			'must be an ISO 8601 date or date-time',
		);
		expect(errorOf(() => compileFilter('name = [a, b]', PROPS)).message).toContain(
			'takes a single value',
		);
		expect(errorOf(() => compileFilter('refs = [x]', PROPS)).message).toContain(
			'must be an integer id',
		);
	});
});

describe('filter evaluation', () => {
	it('text: = is exact, =^ =$ =~ ignore case, = "" is empty, = * and != * test presence', () => {
		expect(ids('name = "Acme Labs"')).toEqual([1]);
		expect(ids('name = "acme labs"')).toEqual([]);
		expect(ids('name =^ ACME')).toEqual([1, 2]);
		expect(ids('name =$ LABS')).toEqual([1]);
		expect(ids('name =~ Rob')).toEqual([2]);
		expect(ids('name = ""')).toEqual([4]);
		expect(ids('name = *')).toEqual([1, 2, 3]);
		expect(ids('name != *')).toEqual([4]);
		expect(ids('name != "Umbrella"')).toEqual([1, 2, 4]);
	});

	it('numbers and ids compare numerically; empty values never compare', () => {
		expect(ids('score > 10')).toEqual([2]);
		expect(ids('score >= 10')).toEqual([1, 2]);
		expect(ids('score < 10.5')).toEqual([1, 4]);
		expect(ids('score <= 0')).toEqual([4]);
		expect(ids('score = 20.5')).toEqual([2]);
		expect(ids('score != 0')).toEqual([1, 2, 3]);
		expect(ids('id > 2')).toEqual([3, 4]);
		expect(ids('owner = 7')).toEqual([1, 4]);
	});

	it('datetimes compare instants; a date means midnight UTC', () => {
		expect(ids('when < 2025-02-04T10:48:24Z')).toEqual([4]);
		expect(ids('when >= 2025-02-04T10:48:24Z')).toEqual([1, 2]);
		expect(ids('when >= 2025-02-05')).toEqual([2]);
		expect(ids('when > 2025-02-04T11:48:24+02:00')).toEqual([1, 2]);
		expect(ids('when = 2025-02-04T10:48:24Z')).toEqual([1]);
	});

	it('a date-time with fractional seconds is a 400 naming filter (live, whole seconds only)', () => {
		expect(() => ids('when = 2025-02-04T10:48:24.000Z')).toThrow(
			expect.objectContaining({ status: 400, param: 'filter' }),
		);
	});

	it('date fields compare Pacific calendar dates for a date, instants for a date-time', () => {
		expect(ids('day = 2025-03-01')).toEqual([1]);
		expect(ids('day = 2025-07-04')).toEqual([2]);
		expect(ids('day > 2025-03-01')).toEqual([2]);
		expect(ids('day <= 2025-03-01')).toEqual([1, 4]);
		expect(ids('day = 2024-12-31')).toEqual([4]);
		expect(ids('day < 2025-03-01T08:00:00Z')).toEqual([4]);
	});

	it('choices compare the option text exactly', () => {
		expect(ids('stage = Won')).toEqual([1, 4]);
		expect(ids('stage = won')).toEqual([]);
		expect(ids('stage != Won')).toEqual([2, 3]);
		expect(ids('stage != *')).toEqual([3]);
	});

	it('collections: = is exact with ordering, =~ contains all, =[] is empty, != negates, a single value is "contains"', () => {
		expect(ids('tags = [Fintech, B2B]')).toEqual([1]);
		expect(ids('tags = [B2B, Fintech]')).toEqual([4]);
		expect(ids('tags =~ [B2B, Fintech]')).toEqual([1, 4]);
		expect(ids('tags =~ [B2B]')).toEqual([1, 4]);
		expect(ids('tags = B2B')).toEqual([1, 4]);
		expect(ids('tags != B2B')).toEqual([2, 3]);
		expect(ids('tags =[]')).toEqual([3]);
		expect(ids('tags != [Fintech, B2B]')).toEqual([2, 3, 4]);
		expect(ids('refs =~ [5, 6]')).toEqual([1]);
		expect(ids('refs = 6')).toEqual([1, 2]);
	});

	it('combines with &, |, parentheses and !', () => {
		expect(ids('stage = Won | score > 15 & name =~ robot')).toEqual([1, 2, 4]);
		expect(ids('(stage = Won | score > 15) & name =~ labs')).toEqual([1]);
		expect(ids('!(stage = Won) & name = *')).toEqual([2, 3]);
		expect(ids('!!(id = 3)')).toEqual([3]);
		expect(ids('id = 1 | id = 2 | id = 3 & name = Umbrella')).toEqual([1, 2, 3]);
		expect(ids('(id = 1 | id = 2 | id = 3) & name = Umbrella')).toEqual([3]);
	});
});

import { ApiError } from './http';
import { pacificCalendarDate } from './pacificDate';
import { currentSettings } from './requestScope';

/**
 * The API's filter language (the `filter` query parameter of GET /v2/companies and friends): a tokenizer, a recursive-descent parser and an evaluator
 * over records described by a property table.
 *
 * Grammar (`&` binds tighter than `|`; spaces outside double quotes are insignificant):
 *
 *   filter     := or
 *   or         := and ('|' and)*
 *   and        := unary ('&' unary)*
 *   unary      := '!' unary | '(' or ')' | comparison     ('!' must be followed by '(' or '!')
 *   comparison := value operator operand
 *   operator   := '=' | '!=' | '=^' | '=$' | '=~' | '>' | '>=' | '<' | '<='
 *   operand    := '*' | '[' (value (',' value)*)? ']' | value
 *   value      := (bare | quoted)+        pieces are joined; spaces between them are dropped
 *
 * A backslash escapes any character, inside or outside double quotes. Outside quotes every
 * special character (\ * ~ ! & = > < $ ^ | " ' ( ) ] [ /) must be escaped to be part of a value;
 * inside quotes only `"` and `\` must be. A comma separates collection items inside brackets and
 * is an ordinary character elsewhere.
 *
 * Positions in error messages are 1-based character offsets into the filter string.
 */

export type ComparisonOperator = '=' | '!=' | '=^' | '=$' | '=~' | '>' | '>=' | '<' | '<=';

export type FilterOperand =
	| { kind: 'scalar'; text: string }
	| { kind: 'any' }
	| { kind: 'list'; items: string[] };

export type FilterNode =
	| { kind: 'or'; items: FilterNode[] }
	| { kind: 'and'; items: FilterNode[] }
	| { kind: 'not'; expr: FilterNode }
	| {
			kind: 'compare';
			property: string;
			operator: ComparisonOperator;
			operand: FilterOperand;
			position: number;
			operatorPosition: number;
	  };

/**
 * Operator names as the filterability metadata lists them: the comparison operators, plus the
 * forms whose meaning depends on the operand: `= *` (is not null), `!= *` (is null), `= ""`
 * (is empty text) and `=[]` (empty collection).
 */
export const OPERATOR_NAMES = [
	'=',
	'!=',
	'=^',
	'=$',
	'=~',
	'>',
	'>=',
	'<',
	'<=',
	'= *',
	'!= *',
	'= ""',
	'=[]',
] as const;
export type OperatorName = (typeof OPERATOR_NAMES)[number];

export class FilterSyntaxError extends Error {
	constructor(
		message: string,
		readonly position: number,
	) {
		super(message);
	}
}

type TokenType =
	| 'word'
	| 'op'
	| 'not'
	| 'and'
	| 'or'
	| 'lparen'
	| 'rparen'
	| 'lbrack'
	| 'rbrack'
	| 'comma'
	| 'star'
	| 'end';

interface Token {
	type: TokenType;
	/** The value of a word (escapes resolved), the operator, or the character as written. */
	text: string;
	/** 1-based offset of the token's first character. */
	position: number;
	/** Words only: whether any piece was double-quoted (so `""` is an empty value, not nothing). */
	quoted?: boolean;
}

const SPECIAL = new Set([
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
]);
const SPACE = /\s/;

function describe(token: Token): string {
	if (token.type === 'end') return 'end of filter';
	if (token.type === 'word') return `value "${token.text}"`;
	return `"${token.text}"`;
}

export function tokenize(input: string): Token[] {
	const tokens: Token[] = [];
	let i = 0;
	let bracketDepth = 0;
	const push = (type: TokenType, text: string, start: number) =>
		tokens.push({ type, text, position: start + 1 });
	while (i < input.length) {
		const c = input[i];
		if (SPACE.test(c)) {
			i++;
			continue;
		}
		const start = i;
		switch (c) {
			case '(':
				push('lparen', c, start);
				i++;
				continue;
			case ')':
				push('rparen', c, start);
				i++;
				continue;
			case '[':
				bracketDepth++;
				push('lbrack', c, start);
				i++;
				continue;
			case ']':
				bracketDepth = Math.max(0, bracketDepth - 1);
				push('rbrack', c, start);
				i++;
				continue;
			case '&':
				push('and', c, start);
				i++;
				continue;
			case '|':
				push('or', c, start);
				i++;
				continue;
			case '*':
				push('star', c, start);
				i++;
				continue;
			case '!':
				if (input[i + 1] === '=') {
					push('op', '!=', start);
					i += 2;
				} else {
					push('not', c, start);
					i++;
				}
				continue;
			case '=': {
				const next = input[i + 1];
				if (next === '^' || next === '$' || next === '~') {
					push('op', `=${next}`, start);
					i += 2;
				} else {
					push('op', '=', start);
					i++;
				}
				continue;
			}
			case '>':
			case '<':
				if (input[i + 1] === '=') {
					push('op', `${c}=`, start);
					i += 2;
				} else {
					push('op', c, start);
					i++;
				}
				continue;
			case ',':
				if (bracketDepth > 0) {
					push('comma', c, start);
					i++;
					continue;
				}
				break;
			case '~':
			case '$':
			case '^':
			case "'":
			case '/':
				throw new FilterSyntaxError(
					`Unexpected "${c}" at position ${start + 1}; special characters in values must be escaped with a backslash`,
					start + 1,
				);
		}
		// A word: bare characters, backslash escapes and double-quoted pieces, up to whitespace
		// or a special character.
		let text = '';
		let quoted = false;
		while (i < input.length) {
			const ch = input[i];
			if (ch === '\\') {
				if (i + 1 >= input.length)
					throw new FilterSyntaxError(
						`Dangling backslash at position ${i + 1}: it must escape a character`,
						i + 1,
					);
				text += input[i + 1];
				i += 2;
			} else if (ch === '"') {
				const open = i;
				quoted = true;
				i++;
				let closed = false;
				while (i < input.length) {
					const q = input[i];
					if (q === '\\') {
						if (i + 1 >= input.length) break;
						text += input[i + 1];
						i += 2;
					} else if (q === '"') {
						closed = true;
						i++;
						break;
					} else {
						text += q;
						i++;
					}
				}
				if (!closed)
					throw new FilterSyntaxError(
						`Unterminated string starting at position ${open + 1}`,
						open + 1,
					);
			} else if (SPACE.test(ch) || SPECIAL.has(ch) || (ch === ',' && bracketDepth > 0)) {
				break;
			} else {
				text += ch;
				i++;
			}
		}
		tokens.push({ type: 'word', text, position: start + 1, quoted });
	}
	tokens.push({ type: 'end', text: '', position: input.length + 1 });
	return tokens;
}

class Parser {
	private index = 0;

	constructor(private readonly tokens: Token[]) {}

	private peek(): Token {
		return this.tokens[this.index];
	}

	private next(): Token {
		return this.tokens[this.index++];
	}

	private unexpected(token: Token, expected?: string): never {
		const what =
			token.type === 'end'
				? `Unexpected end of filter at position ${token.position}`
				: `Unexpected ${describe(token)} at position ${token.position}`;
		throw new FilterSyntaxError(expected ? `${what}; expected ${expected}` : what, token.position);
	}

	parse(): FilterNode {
		const node = this.or();
		const rest = this.peek();
		if (rest.type !== 'end')
			this.unexpected(
				rest,
				rest.type === 'rparen'
					? 'no ")" without a matching "("'
					: '"&", "|" or the end of the filter',
			);
		return node;
	}

	private or(): FilterNode {
		const items = [this.and()];
		while (this.peek().type === 'or') {
			this.next();
			items.push(this.and());
		}
		return items.length === 1 ? items[0] : { kind: 'or', items };
	}

	private and(): FilterNode {
		const items = [this.unary()];
		while (this.peek().type === 'and') {
			this.next();
			items.push(this.unary());
		}
		return items.length === 1 ? items[0] : { kind: 'and', items };
	}

	private unary(): FilterNode {
		const token = this.peek();
		if (token.type === 'not') {
			this.next();
			const after = this.peek();
			if (after.type !== 'lparen' && after.type !== 'not')
				this.unexpected(after, '"(" after "!" (negate a comparison with "!=" or "!(...)")');
			return { kind: 'not', expr: this.unary() };
		}
		if (token.type === 'lparen') {
			this.next();
			const inner = this.or();
			const close = this.next();
			if (close.type !== 'rparen')
				this.unexpected(close, `")" to close the "(" at position ${token.position}`);
			return inner;
		}
		return this.comparison();
	}

	/** Adjacent word tokens form one value: spaces between them are insignificant. */
	private word(): Token | undefined {
		const first = this.peek();
		if (first.type !== 'word') return undefined;
		this.next();
		let text = first.text;
		let quoted = first.quoted;
		while (this.peek().type === 'word') {
			const more = this.next();
			text += more.text;
			quoted = quoted || more.quoted;
		}
		return { ...first, text, quoted };
	}

	private comparison(): FilterNode {
		const property = this.word();
		if (!property) this.unexpected(this.peek(), 'a property name');
		if (property.text === '') this.unexpected(property, 'a property name');
		const op = this.next();
		if (op.type !== 'op') this.unexpected(op, `an operator after "${property.text}"`);
		const operator = op.text as ComparisonOperator;
		const operand = this.operand(operator, op);
		return {
			kind: 'compare',
			property: property.text,
			operator,
			operand,
			position: property.position,
			operatorPosition: op.position,
		};
	}

	private operand(operator: ComparisonOperator, op: Token): FilterOperand {
		const token = this.peek();
		if (token.type === 'star') {
			this.next();
			if (operator !== '=' && operator !== '!=')
				this.unexpected(token, `a value after "${operator}" ("*" only follows "=" or "!=")`);
			return { kind: 'any' };
		}
		if (token.type === 'lbrack') {
			this.next();
			if (operator !== '=' && operator !== '!=' && operator !== '=~') {
				this.unexpected(
					token,
					`a single value after "${operator}" (collections only follow "=", "!=" or "=~")`,
				);
			}
			const items: string[] = [];
			if (this.peek().type === 'rbrack') {
				this.next();
				return { kind: 'list', items };
			}
			for (;;) {
				const item = this.word();
				if (!item) this.unexpected(this.peek(), 'a collection item');
				items.push(item.text);
				const sep = this.next();
				if (sep.type === 'rbrack') break;
				if (sep.type !== 'comma')
					this.unexpected(sep, `"," or "]" to close the "[" at position ${token.position}`);
			}
			return { kind: 'list', items };
		}
		const value = this.word();
		if (!value)
			this.unexpected(this.peek(), `a value after "${op.text}" at position ${op.position}`);
		return { kind: 'scalar', text: value.text };
	}
}

/** Parses a filter; throws FilterSyntaxError naming what is wrong and where. */
export function parseFilter(input: string): FilterNode {
	const tokens = tokenize(input);
	if (tokens.length === 1) throw new FilterSyntaxError('Empty filter', 1);
	return new Parser(tokens).parse();
}

/** The filterability name of a comparison: its operator, or the operand-dependent form. */
export function operatorName(node: Extract<FilterNode, { kind: 'compare' }>): OperatorName {
	const { operator, operand } = node;
	if (operand.kind === 'any') return operator === '=' ? '= *' : '!= *';
	if (operand.kind === 'list' && operand.items.length === 0 && operator === '=') return '=[]';
	if (operand.kind === 'scalar' && operand.text === '' && operator === '=') return '= ""';
	return operator;
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/**
 * How a property compares:
 * - text: `=`/`!=` exact; `=^`, `=$`, `=~` case-insensitive; `= ""` matches no text or "".
 * - choice: dropdown option text or filterable text; `=`/`!=` exact.
 * - number: numeric comparisons; the value must be a number.
 * - reference: an integer id (person, company, note, creator).
 * - datetime: a timestamp; the value is any ISO 8601 date or date-time (a date means 00:00 UTC).
 * - date: a date field (DateValue: stored at midnight Pacific time): a date-only value compares
 *   calendar dates in America/Los_Angeles, a date-time value compares instants.
 * - multi: a collection of `items`; a scalar operand means "contains" (`=`, `=~`) or "does not
 *   contain" (`!=`); a collection means ordered exact match (`=`), contains all (`=~`) or its
 *   negation (`!=`); `=[]` is empty.
 */
export type PropertyKind =
	| 'text'
	| 'choice'
	| 'number'
	| 'reference'
	| 'datetime'
	| 'date'
	| 'multi';

export interface FilterProperty<R> {
	kind: PropertyKind;
	/** multi: how items compare. */
	items?: 'text' | 'number' | 'reference';
	operators: readonly OperatorName[];
	/** The record's value: string, number, ISO string, array of those, or null/undefined. */
	get(record: R): unknown;
}

export type FilterProperties<R> = Record<string, FilterProperty<R>>;

const isNothing = (v: unknown) =>
	v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

type Predicate<R> = (record: R) => boolean;

class Compiler<R> {
	constructor(
		private readonly properties: FilterProperties<R>,
		private readonly param: string,
	) {}

	private fail(message: string): never {
		throw new ApiError(400, 'validation', message, this.param);
	}

	compile(node: FilterNode): Predicate<R> {
		switch (node.kind) {
			case 'or': {
				const items = node.items.map((n) => this.compile(n));
				return (r) => items.some((p) => p(r));
			}
			case 'and': {
				const items = node.items.map((n) => this.compile(n));
				return (r) => items.every((p) => p(r));
			}
			case 'not': {
				const inner = this.compile(node.expr);
				return (r) => !inner(r);
			}
			case 'compare':
				return this.comparison(node);
		}
	}

	private number(text: string, property: string): number {
		const value = text.trim() === '' ? NaN : Number(text);
		if (!Number.isFinite(value))
			this.fail(`Value "${text}" for property "${property}" must be a number`);
		return value;
	}

	private integer(text: string, property: string): number {
		if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text)))
			this.fail(`Value "${text}" for property "${property}" must be an integer id`);
		return Number(text);
	}

	private instant(text: string, property: string): number {
		const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
		const value = iso.test(text)
			? Date.parse(/T/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : text)
			: NaN;
		if (!Number.isFinite(value))
			this.fail(`Value "${text}" for property "${property}" must be an ISO 8601 date or date-time`);
		// Live, a v2 filter refuses a date-time with fractional seconds (whole-second UTC only).
		if (/T[\d:]+\.\d/.test(text) && currentSettings()?.filterTimes !== 'any')
			this.fail(
				`value at /${this.param}/${property} does not match format: date-time without fractional seconds (e.g. 2024-01-01T00:00:00Z); got "${text}"`,
			);
		return value;
	}

	private comparison(node: Extract<FilterNode, { kind: 'compare' }>): Predicate<R> {
		const spec = this.properties[node.property];
		if (!spec) {
			const known = Object.keys(this.properties);
			this.fail(
				`Unknown property "${node.property}" at position ${node.position} in ${this.param}; supported properties: ${known.join(', ')}`,
			);
		}
		const name = operatorName(node);
		if (!spec.operators.includes(name)) {
			this.fail(
				`Operator "${name}" at position ${node.operatorPosition} is not supported for property "${node.property}"; supported operators: ${spec.operators.join(', ') || 'none'}`,
			);
		}
		const get = spec.get;
		if (name === '= *') return (r) => !isNothing(get(r));
		if (name === '!= *') return (r) => isNothing(get(r));
		if (name === '=[]') return (r) => isNothing(get(r));
		if (spec.kind === 'multi') return this.multi(node, spec);
		const { operand } = node;
		if (operand.kind !== 'scalar')
			this.fail(
				`Property "${node.property}" takes a single value, not a collection (position ${node.operatorPosition})`,
			);
		const text = operand.text;
		const negate = node.operator === '!=';
		const test = this.scalar(node, spec, text);
		return negate ? (r) => !test(r) : test;
	}

	/** The predicate of a scalar comparison; `!=` is compiled as the negation of `=`. */
	private scalar(
		node: Extract<FilterNode, { kind: 'compare' }>,
		spec: FilterProperty<R>,
		text: string,
	): Predicate<R> {
		const { get } = spec;
		const op = node.operator === '!=' ? '=' : node.operator;
		const property = node.property;
		const ordered =
			(compare: (value: unknown) => number | undefined): Predicate<R> =>
			(r) => {
				const c = compare(get(r));
				if (c === undefined) return false;
				switch (op) {
					case '=':
						return c === 0;
					case '>':
						return c > 0;
					case '>=':
						return c >= 0;
					case '<':
						return c < 0;
					case '<=':
						return c <= 0;
					default:
						return false;
				}
			};
		switch (spec.kind) {
			case 'text':
			case 'choice': {
				if (text === '' && op === '=') return (r) => isNothing(get(r));
				const lower = text.toLowerCase();
				return (r) => {
					const value = get(r);
					if (typeof value !== 'string') return false;
					switch (op) {
						case '=':
							return value === text;
						case '=^':
							return value.toLowerCase().startsWith(lower);
						case '=$':
							return value.toLowerCase().endsWith(lower);
						case '=~':
							return value.toLowerCase().includes(lower);
						default:
							return false;
					}
				};
			}
			case 'number': {
				const wanted = this.number(text, property);
				return ordered((v) => (typeof v === 'number' ? Math.sign(v - wanted) : undefined));
			}
			case 'reference': {
				const wanted = this.integer(text, property);
				return ordered((v) => (typeof v === 'number' ? Math.sign(v - wanted) : undefined));
			}
			case 'datetime': {
				const wanted = this.instant(text, property);
				return ordered((v) =>
					typeof v === 'string' ? Math.sign(Date.parse(v) - wanted) : undefined,
				);
			}
			case 'date': {
				const wanted = this.instant(text, property);
				if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
					return ordered((v) => {
						if (typeof v !== 'string') return undefined;
						const day = pacificCalendarDate(v);
						return day === text ? 0 : day < text ? -1 : 1;
					});
				}
				return ordered((v) =>
					typeof v === 'string' ? Math.sign(Date.parse(v) - wanted) : undefined,
				);
			}
			default:
				return () => false;
		}
	}

	private multi(
		node: Extract<FilterNode, { kind: 'compare' }>,
		spec: FilterProperty<R>,
	): Predicate<R> {
		const kind = spec.items ?? 'text';
		const normalize = (text: string): string | number =>
			kind === 'number'
				? this.number(text, node.property)
				: kind === 'reference'
					? this.integer(text, node.property)
					: text;
		const { operand } = node;
		const wanted =
			operand.kind === 'list'
				? operand.items.map(normalize)
				: operand.kind === 'scalar'
					? [normalize(operand.text)]
					: [];
		const values = (r: R): Array<string | number> => {
			const v = spec.get(r);
			return Array.isArray(v) ? (v as Array<string | number>) : [];
		};
		const contains = (r: R) => {
			const have = values(r);
			return wanted.every((w) => have.includes(w));
		};
		const exact = (r: R) => {
			const have = values(r);
			return have.length === wanted.length && have.every((v, i) => v === wanted[i]);
		};
		const positive = node.operator === '=~' || operand.kind === 'scalar' ? contains : exact;
		return node.operator === '!=' ? (r) => !positive(r) : positive;
	}
}

/**
 * Compiles a filter against a property table into a record predicate. Syntax errors, unknown
 * properties, operators a property does not allow and values of the wrong type are the API's
 * 400 `validation` errors naming `param`.
 */
export function compileFilter<R>(
	input: string,
	properties: FilterProperties<R>,
	param = 'filter',
): (record: R) => boolean {
	let ast: FilterNode;
	try {
		ast = parseFilter(input);
	} catch (error) {
		if (error instanceof FilterSyntaxError)
			throw new ApiError(400, 'validation', `Invalid ${param}: ${error.message}`, param);
		throw error;
	}
	return new Compiler(properties, param).compile(ast);
}

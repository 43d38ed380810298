/**
 * Affinity's filter language read into a tree of the conditions filterBuilder compiles
 * (`name = "Acme" & (stage = Won | !closed = *)`): tokens, then a recursive descent. The tree
 * is checked on records by filterEvaluator.ts.
 */

import type { FilterCondition, FilterOperator } from './filterBuilder';

/** A filter expression as a tree of the conditions filterBuilder compiles. */
export type FilterTree =
	| { kind: 'and' | 'or'; items: FilterTree[] }
	| { kind: 'not'; item: FilterTree }
	| { kind: 'condition'; condition: FilterCondition };

export class FilterSyntaxError extends Error {}

const SPECIAL = new Set('\\*~!&=><$^|"\'()][/'.split(''));

type Token =
	| { type: 'word'; text: string; at: number; spaceBefore: boolean }
	| { type: 'symbol'; text: string; at: number };

/**
 * The tokens of the filter language: values (bare or in double quotes, a backslash escaping
 * any character), operators, `& | ! ( ) [ ] , *`. Spaces outside quotes only separate.
 */
function tokenize(input: string): Token[] {
	const tokens: Token[] = [];
	let i = 0;
	let space = false;
	const fail = (message: string, at: number): never => {
		throw new FilterSyntaxError(`${message} at position ${at + 1}`);
	};
	while (i < input.length) {
		const ch = input[i];
		if (/\s/.test(ch)) {
			space = true;
			i++;
			continue;
		}
		const at = i;
		const two = input.slice(i, i + 2);
		if (['!=', '=^', '=$', '=~', '>=', '<='].includes(two)) {
			tokens.push({ type: 'symbol', text: two, at });
			i += 2;
		} else if ('=><&|!()[],*'.includes(ch)) {
			tokens.push({ type: 'symbol', text: ch, at });
			i++;
		} else if (ch === '"') {
			let text = '';
			i++;
			for (;;) {
				if (i >= input.length) fail('Unclosed double quote', at);
				const c = input[i];
				if (c === '\\') {
					if (i + 1 >= input.length) fail('A backslash escapes nothing', i);
					text += input[i + 1];
					i += 2;
				} else if (c === '"') {
					i++;
					break;
				} else {
					text += c;
					i++;
				}
			}
			tokens.push({ type: 'word', text, at, spaceBefore: space });
		} else {
			let text = '';
			while (i < input.length) {
				const c = input[i];
				if (c === '\\') {
					if (i + 1 >= input.length) fail('A backslash escapes nothing', i);
					text += input[i + 1];
					i += 2;
				} else if (/\s/.test(c) || SPECIAL.has(c) || c === ',') break;
				else {
					text += c;
					i++;
				}
			}
			if (text === '') fail(`Unexpected "${ch}"`, at);
			tokens.push({ type: 'word', text, at, spaceBefore: space });
		}
		space = false;
	}
	return tokens;
}

const SCALAR_OPERATORS: Record<string, FilterOperator> = {
	'=': 'equals',
	'!=': 'notEquals',
	'=^': 'startsWith',
	'=$': 'endsWith',
	'=~': 'contains',
	'>': 'greaterThan',
	'>=': 'greaterThanOrEqual',
	'<': 'lessThan',
	'<=': 'lessThanOrEqual',
};

/**
 * Reads a filter expression (the filter language: `&` binds tighter than `|`, parentheses,
 * `!(…)` negation, the operators of filterBuilder) into a tree; a FilterSyntaxError says
 * what is wrong and where (1-based position).
 */
export function parseFilterExpression(input: string): FilterTree {
	const tokens = tokenize(input);
	let i = 0;
	const peek = () => tokens[i];
	const fail = (message: string): never => {
		const token = tokens[i];
		throw new FilterSyntaxError(
			token ? `${message} at position ${token.at + 1}` : `${message} at the end`,
		);
	};
	const symbol = (text: string) => {
		const token = peek();
		if (token?.type === 'symbol' && token.text === text) {
			i++;
			return true;
		}
		return false;
	};
	/** One value: consecutive pieces are one value (spaces between them are insignificant). */
	const value = (what: string): string => {
		const first = peek();
		if (first?.type !== 'word') return fail(`Expected ${what}`);
		let text = first.text;
		i++;
		for (let next = peek(); next?.type === 'word'; next = peek()) {
			text += next.text;
			i++;
		}
		return text;
	};
	const comparison = (): FilterTree => {
		const property = value('a property name');
		const operator = peek();
		if (operator?.type !== 'symbol' || !(operator.text in SCALAR_OPERATORS))
			return fail(`Expected an operator after "${property}"`);
		i++;
		const op = operator.text;
		const condition = (operatorName: FilterOperator, operand?: unknown): FilterTree => ({
			kind: 'condition',
			condition: { property, operator: operatorName, value: operand },
		});
		if (symbol('*')) {
			if (op === '=') return condition('isSet');
			if (op === '!=') return condition('isNotSet');
			return fail(`"${op} *" is not an operator`);
		}
		if (symbol('[')) {
			const items: string[] = [];
			if (!symbol(']')) {
				do items.push(value('a value'));
				while (symbol(','));
				if (!symbol(']')) return fail('Expected "]"');
			}
			if (op === '=' && !items.length) return condition('listIsEmpty');
			if (op === '=') return condition('listEquals', items);
			if (op === '=~') return condition('listContainsAll', items);
			if (op === '!=') return { kind: 'not', item: condition('listEquals', items) };
			return fail(`"${op}" takes a single value, not a list`);
		}
		const operand = value('a value');
		if (operand === '' && op === '=') return condition('isEmpty');
		return condition(SCALAR_OPERATORS[op], operand);
	};
	const unary = (): FilterTree => {
		if (symbol('!')) {
			const next = peek();
			if (next?.type !== 'symbol' || (next.text !== '(' && next.text !== '!'))
				return fail('"!" must be followed by "("');
			return { kind: 'not', item: unary() };
		}
		if (symbol('(')) {
			const inner = or();
			if (!symbol(')')) return fail('Expected ")"');
			return inner;
		}
		return comparison();
	};
	const and = (): FilterTree => {
		const items = [unary()];
		while (symbol('&')) items.push(unary());
		return items.length === 1 ? items[0] : { kind: 'and', items };
	};
	const or = (): FilterTree => {
		const items = [and()];
		while (symbol('|')) items.push(and());
		return items.length === 1 ? items[0] : { kind: 'or', items };
	};
	if (!tokens.length) fail('The expression is empty');
	const tree = or();
	if (i < tokens.length) fail(`Unexpected "${tokens[i].text}"`);
	return tree;
}

/** parseFilterExpression, with a malformed expression given back as its error. */
export function readFilterExpression(input: string): FilterTree | FilterSyntaxError {
	try {
		return parseFilterExpression(input);
	} catch (error) {
		if (error instanceof FilterSyntaxError) return error;
		return new FilterSyntaxError(String(error));
	}
}

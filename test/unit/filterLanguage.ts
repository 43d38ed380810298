/**
 * A reader of Affinity's filter language (the `filter` query parameter), written from the API's description alone, for tests:
 * it turns a filter text into a tree, so tests can check that what the builder wrote means
 * exactly the conditions it was given (and nothing a hostile value tried to add).
 */

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

export type Node =
	| { kind: 'and' | 'or'; parts: Node[] }
	| { kind: 'not'; part: Node }
	| { kind: 'compare'; property: string; operator: string; value: Value };

export type Value =
	| { kind: 'literal'; text: string }
	| { kind: 'wildcard' }
	| { kind: 'list'; items: string[] };

type Token = { type: 'word'; text: string; quoted: boolean } | { type: 'symbol'; text: string };

export function tokenize(input: string): Token[] {
	const tokens: Token[] = [];
	let i = 0;
	while (i < input.length) {
		const c = input[i];
		if (/\s/.test(c)) {
			i++;
			continue;
		}
		if (c === '"') {
			let text = '';
			i++;
			while (i < input.length && input[i] !== '"') {
				if (input[i] === '\\' && i + 1 < input.length) {
					text += input[i + 1];
					i += 2;
				} else text += input[i++];
			}
			if (input[i] !== '"') throw new Error('unterminated quote');
			i++;
			tokens.push({ type: 'word', text, quoted: true });
			continue;
		}
		if (c !== '\\' && SPECIAL.has(c)) {
			const two = input.slice(i, i + 2);
			if (['!=', '=^', '=$', '=~', '>=', '<='].includes(two)) {
				tokens.push({ type: 'symbol', text: two });
				i += 2;
			} else {
				tokens.push({ type: 'symbol', text: c });
				i++;
			}
			continue;
		}
		let text = '';
		while (i < input.length) {
			const d = input[i];
			if (d === '\\' && i + 1 < input.length) {
				text += input[i + 1];
				i += 2;
				continue;
			}
			if (/\s/.test(d) || SPECIAL.has(d) || d === ',') break;
			text += d;
			i++;
		}
		if (text === '' && input[i] === ',') {
			tokens.push({ type: 'symbol', text: ',' });
			i++;
			continue;
		}
		tokens.push({ type: 'word', text, quoted: false });
	}
	return tokens;
}

export function parseFilter(input: string): Node {
	const tokens = tokenize(input);
	let pos = 0;
	const peek = () => tokens[pos];
	const isSymbol = (text: string) => peek()?.type === 'symbol' && peek()?.text === text;
	const expect = (text: string) => {
		if (!isSymbol(text)) throw new Error(`expected ${text} at token ${pos}`);
		pos++;
	};

	function orExpr(): Node {
		const parts = [andExpr()];
		while (isSymbol('|')) {
			pos++;
			parts.push(andExpr());
		}
		return parts.length === 1 ? parts[0] : { kind: 'or', parts };
	}
	function andExpr(): Node {
		const parts = [factor()];
		while (isSymbol('&')) {
			pos++;
			parts.push(factor());
		}
		return parts.length === 1 ? parts[0] : { kind: 'and', parts };
	}
	function factor(): Node {
		if (isSymbol('!')) {
			pos++;
			return { kind: 'not', part: factor() };
		}
		if (isSymbol('(')) {
			pos++;
			const inner = orExpr();
			expect(')');
			return inner;
		}
		const property = peek();
		if (property?.type !== 'word' || property.quoted)
			throw new Error(`expected a property at token ${pos}`);
		pos++;
		const op = peek();
		if (
			op?.type !== 'symbol' ||
			!['=', '!=', '=^', '=$', '=~', '>', '>=', '<', '<='].includes(op.text)
		) {
			throw new Error(`expected an operator at token ${pos}`);
		}
		pos++;
		return { kind: 'compare', property: property.text, operator: op.text, value: value() };
	}
	function value(): Value {
		if (isSymbol('*')) {
			pos++;
			return { kind: 'wildcard' };
		}
		if (isSymbol('[')) {
			pos++;
			const items: string[] = [];
			while (!isSymbol(']')) {
				const item = peek();
				if (item?.type !== 'word') throw new Error(`expected a list item at token ${pos}`);
				items.push(item.text);
				pos++;
				if (isSymbol(',')) pos++;
			}
			pos++;
			return { kind: 'list', items };
		}
		const word = peek();
		if (word?.type !== 'word') throw new Error(`expected a value at token ${pos}`);
		pos++;
		return { kind: 'literal', text: word.text };
	}

	const tree = orExpr();
	if (pos !== tokens.length)
		throw new Error(`unexpected token ${pos}: ${JSON.stringify(tokens[pos])}`);
	return tree;
}

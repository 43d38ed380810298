/**
 * Markdown inside a block (bold, italic, links, code spans, strikethrough) as the inline tags a
 * note may hold (`notes.ContentToBeSaved.html`: `strong`, `em`, `a`). What has no tag there
 * (`code`, `s` make the API refuse the note) keeps its Markdown marks as visible text and is
 * named in `converted`; raw HTML is shown as text, never passed on.
 */

import { badLink, escapeHtml, isAllowedLink, NoteContentError } from './noteHtml';

/** A Markdown construct a note cannot hold as such, turned into something it can hold. */
export type MarkdownConversion =
	| 'heading'
	| 'inlineCode'
	| 'codeBlock'
	| 'blockquote'
	| 'strikethrough'
	| 'table'
	| 'horizontalRule'
	| 'taskList'
	| 'listNumbering'
	| 'rawHtml';

/** The constructs converted so far, each once, in the order first met. */
export class Conversions {
	readonly list: MarkdownConversion[] = [];

	add(conversion: MarkdownConversion): void {
		if (!this.list.includes(conversion)) this.list.push(conversion);
	}
}

const PLACEHOLDER = '\u0000';

/** One line (or cell) of Markdown as note HTML, its marks neither nested in themselves nor crossed. */
export function inlineMarkdown(source: string, conversions: Conversions): string {
	const kept: string[] = [];
	const keep = (html: string) => `${PLACEHOLDER}${kept.push(html) - 1}${PLACEHOLDER}`;
	let text = source;
	// Backslash escapes and code spans first: nothing inside them is formatting.
	text = text.replace(/\\([\\`*_{}[\]()#+\-.!<>~|])/g, (_, ch: string) => keep(escapeHtml(ch)));
	text = text.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_, ticks: string, code: string) => {
		// `code` is refused in notes: the span keeps its backticks, shown as written.
		conversions.add('inlineCode');
		return keep(escapeHtml(`${ticks}${code.trim()}${ticks}`));
	});
	if (/!\[[^\]]*\]\([^)]*\)/.test(text)) {
		throw new NoteContentError(
			'images cannot be added to a note through the API',
			'Link to the image instead: [description](https://…).',
		);
	}
	text = text.replace(
		/\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
		(_, label: string, href: string) => {
			if (!isAllowedLink(href)) throw badLink(href);
			return keep(`<a href="${escapeHtml(href)}">${emphasis(escapeHtml(label), conversions)}</a>`);
		},
	);
	text = text.replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/gi, (_, href: string) =>
		keep(`<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`),
	);
	if (/<\/?[a-zA-Z][a-zA-Z0-9-]*(\s[^<>]*)?\/?>/.test(text)) conversions.add('rawHtml');
	text = emphasis(escapeHtml(text), conversions);
	const restore = (html: string): string =>
		html.replace(new RegExp(`${PLACEHOLDER}(\\d+)${PLACEHOLDER}`, 'g'), (_, i: string) =>
			restore(kept[Number(i)]),
		);
	return flattenMarks(restore(text));
}

function emphasis(html: string, conversions: Conversions): string {
	// `s` is refused in notes: ~~struck~~ keeps its tildes, shown as written.
	if (/~~(?=\S)[\s\S]*?\S~~/.test(html)) conversions.add('strikethrough');
	let text = html
		.replace(/\*\*\*(?=\S)([\s\S]*?\S)\*\*\*/g, '<strong><em>$1</em></strong>')
		.replace(/(^|[^\w])___(?=\S)([\s\S]*?\S)___(?!\w)/g, '$1<strong><em>$2</em></strong>');
	// Innermost first, so that **a **b** c** is bold around bold (then merged), not stray stars.
	for (let before = ''; before !== text; ) {
		before = text;
		text = text
			.replace(/\*\*(?=\S)((?:(?!\*\*)[\s\S])*?\S)\*\*/g, '<strong>$1</strong>')
			.replace(/(^|[^\w])__(?=\S)((?:(?!__)[\s\S])*?\S)__(?!\w)/g, '$1<strong>$2</strong>');
	}
	return text
		.replace(/\*(?=[^\s*])([\s\S]*?[^\s*])\*/g, '<em>$1</em>')
		.replace(/(^|[^\w])_(?=[^\s_])([\s\S]*?[^\s_])_(?!\w)/g, '$1<em>$2</em>');
}

/**
 * The marks (`strong`, `em`, `u`) of inline HTML made well formed: a mark opened inside the same
 * mark is dropped with its end (`<strong>a <strong>b</strong></strong>` is `<strong>a
 * b</strong>`), marks that cross are closed and opened again, and a stray end is dropped.
 */
export function flattenMarks(html: string): string {
	const open: Array<{ name: string; shown: boolean }> = [];
	let out = '';
	const tag = /<(\/?)(strong|em|u)>/g;
	let last = 0;
	for (let match = tag.exec(html); match; match = tag.exec(html)) {
		out += html.slice(last, match.index);
		last = tag.lastIndex;
		const [, closing, name] = match;
		if (!closing) {
			const shown = !open.some((o) => o.name === name && o.shown);
			open.push({ name, shown });
			if (shown) out += `<${name}>`;
			continue;
		}
		const at = open.map((o) => o.name).lastIndexOf(name);
		if (at < 0) continue;
		const above = open.splice(at + 1);
		for (const o of [...above].reverse()) if (o.shown) out += `</${o.name}>`;
		if (open.pop()!.shown) out += `</${name}>`;
		for (const o of above) {
			o.shown = !open.some((p) => p.name === o.name && p.shown);
			open.push(o);
			if (o.shown) out += `<${o.name}>`;
		}
	}
	out += html.slice(last);
	for (const o of open.reverse()) if (o.shown) out += `</${o.name}>`;
	return out.replace(/<(strong|em|u)><\/\1>/g, '');
}

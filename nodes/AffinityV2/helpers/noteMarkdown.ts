/**
 * Markdown as a note's HTML (`notes.ContentToBeSaved.html`: `p`, `br`, `strong`, `em`, `u`,
 * `ol`, `ul`, `li`, `span`, `a`). Paragraphs, line breaks, bold, italic, links and lists (nested
 * too) are kept as such. What has no tag there is turned into what the note can show, and named:
 * headings become bold paragraphs; code blocks, quotes, inline code and strikethrough keep their
 * Markdown marks as visible text (`pre`, `code`, `blockquote`, `s` make the API refuse the note);
 * tables become a list of rows; rules a line of dashes; task boxes ☐ and ☑; a numbered list that
 * does not start at 1 keeps its numbers as text (`ol` may carry no `start`). Images are refused.
 */

import {
	Conversions,
	flattenMarks,
	inlineMarkdown,
	type MarkdownConversion,
} from './markdownInline';
import { escapeHtml, NoteContentError } from './noteHtml';

export type { MarkdownConversion } from './markdownInline';

/** The HTML to send, and the constructs that were converted (each once, in order met). */
export interface MarkdownNote {
	html: string;
	converted: MarkdownConversion[];
}

interface Item {
	lines: string[];
	lists: List[];
}
interface List {
	kind: 'ul' | 'ol';
	start: number;
	markerIndent: number;
	items: Item[];
}

const FENCE = /^( *)(`{3,}|~{3,})(.*)$/;
const RULE = /^ {0,3}([-*_])(?: *\1){2,} *$/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+) *$/;
const QUOTE = /^ {0,3}>/;
const ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const TASK = /^\[([ xX])\][ \t]+/;
const DELIMITER_ROW = /^ *\|? *:?-+:? *(?:\| *:?-+:? *)*\|? *$/;
const INDENTED = /^ {4}/;

/** A table row's cells; `\|` is a pipe inside a cell. */
function cells(row: string): string[] {
	let text = row.trim();
	if (text.startsWith('|')) text = text.slice(1);
	if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
	return text.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/** A code block as a paragraph that shows its fences; indentation kept with non-breaking spaces. */
function codeBlock(open: string, body: string[], close: string): string {
	const shown = body.map((line) =>
		escapeHtml(line).replace(/^ +| {2,}/g, (spaces) => '&nbsp;'.repeat(spaces.length)),
	);
	return `<p>${[escapeHtml(open), ...shown, escapeHtml(close)].join('<br>')}</p>`;
}

function renderList(list: List, conversions: Conversions): string {
	// `ol` may carry no `start`: a list from another number keeps its numbers as text.
	const numbered = list.kind === 'ol' && list.start !== 1;
	if (numbered) conversions.add('listNumbering');
	const tag = numbered ? 'ul' : list.kind;
	const items = list.items.map(
		(item, k) =>
			`<li>${numbered ? `${list.start + k}. ` : ''}${item.lines.join('<br>')}${item.lists
				.map((nested) => renderList(nested, conversions))
				.join('')}</li>`,
	);
	return `<${tag}>${items.join('')}</${tag}>`;
}

/** Markdown to note HTML, saying which constructs were converted. Throws a NoteContentError for images and links a note cannot hold. */
export function convertMarkdown(markdown: string): MarkdownNote {
	const conversions = new Conversions();
	const inline = (text: string) => inlineMarkdown(text, conversions);
	const heading = (lines: string[]) =>
		`<p>${flattenMarks(`<strong>${lines.map(inline).join('<br>')}</strong>`)}</p>`;
	const out: string[] = [];
	let paragraph: string[] | undefined;
	let lists: List[] = [];
	let blankInList = false;
	const closeParagraph = () => {
		if (paragraph) out.push(`<p>${paragraph.map((l) => inline(l.trim())).join('<br>')}</p>`);
		paragraph = undefined;
	};
	const closeLists = () => {
		if (lists.length) out.push(renderList(lists[0], conversions));
		lists = [];
		blankInList = false;
	};
	const closeAll = () => {
		closeParagraph();
		closeLists();
	};
	const lines = markdown
		.replace(/\r\n?/g, '\n')
		.split('\n')
		.map((line) => line.replace(/^\t+/, (tabs) => '    '.repeat(tabs.length)));

	for (let i = 0; i < lines.length; i++) {
		const line = lines[i];
		const fence = FENCE.exec(line);
		if (fence && !(fence[2][0] === '`' && fence[3].includes('`'))) {
			closeAll();
			const [, indent, marker, info] = fence;
			const closing = new RegExp(`^ *${marker[0] === '`' ? '`' : '~'}{${marker.length},} *$`);
			const body: string[] = [];
			for (i++; i < lines.length && !closing.test(lines[i]); i++)
				body.push(lines[i].replace(new RegExp(`^ {0,${indent.length}}`), ''));
			out.push(codeBlock(`${marker}${info.trim()}`, body, marker));
			conversions.add('codeBlock');
			continue;
		}
		if (line.trim() === '') {
			closeParagraph();
			if (lists.length) blankInList = true;
			continue;
		}
		if (!paragraph && !lists.length && INDENTED.test(line)) {
			// An indented code block: shown between fences, as a fenced one is.
			const body: string[] = [];
			for (; i < lines.length && (INDENTED.test(lines[i]) || lines[i].trim() === ''); i++)
				body.push(lines[i].slice(4));
			while (body[body.length - 1].trim() === '') body.pop();
			i--;
			out.push(codeBlock('```', body, '```'));
			conversions.add('codeBlock');
			continue;
		}
		if (paragraph && SETEXT_UNDERLINE.test(line)) {
			out.push(heading(paragraph.map((l) => l.trim())));
			paragraph = undefined;
			conversions.add('heading');
			continue;
		}
		if (RULE.test(line)) {
			closeAll();
			out.push('<p>———</p>');
			conversions.add('horizontalRule');
			continue;
		}
		const atx = ATX_HEADING.exec(line);
		if (atx) {
			closeAll();
			if (atx[1]?.trim()) {
				out.push(heading([atx[1]]));
				conversions.add('heading');
			}
			continue;
		}
		if (QUOTE.test(line)) {
			// A quote is refused in notes: each line keeps its "> " marks, as written.
			closeAll();
			const quoted: string[][] = [[]];
			for (; i < lines.length && QUOTE.test(lines[i]); i++) {
				let rest = lines[i];
				let depth = 0;
				for (let m = /^ {0,3}> ?/.exec(rest); m; m = /^ {0,3}> ?/.exec(rest)) {
					depth++;
					rest = rest.slice(m[0].length);
				}
				if (rest.trim() === '') {
					if (quoted[quoted.length - 1].length) quoted.push([]);
				} else quoted[quoted.length - 1].push(`${'&gt; '.repeat(depth)}${inline(rest.trim())}`);
			}
			i--;
			for (const p of quoted) if (p.length) out.push(`<p>${p.join('<br>')}</p>`);
			conversions.add('blockquote');
			continue;
		}
		if (
			line.includes('|') &&
			i + 1 < lines.length &&
			DELIMITER_ROW.test(lines[i + 1]) &&
			cells(line).length === cells(lines[i + 1]).length
		) {
			// No table tags in notes: each row is a list item of "header: cell" pairs.
			closeAll();
			const header = cells(line).map(inline);
			const rows: string[][] = [];
			for (i += 2; i < lines.length && lines[i].trim() !== '' && lines[i].includes('|'); i++)
				rows.push(cells(lines[i]));
			i--;
			if (!rows.length) {
				out.push(`<p>${header.map((h) => flattenMarks(`<strong>${h}</strong>`)).join(' | ')}</p>`);
			} else {
				const items = rows.map((row) =>
					Array.from({ length: Math.max(row.length, header.length) }, (_, k) => {
						const cell = inline(row[k] ?? '');
						if (!cell) return '';
						return header[k] ? flattenMarks(`<strong>${header[k]}</strong>: ${cell}`) : cell;
					})
						.filter(Boolean)
						.join('; '),
				);
				out.push(`<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`);
			}
			conversions.add('table');
			continue;
		}
		const item = ITEM.exec(line);
		if (item && (lists.length || (item[3] ?? '').trim() !== '')) {
			closeParagraph();
			const indent = item[1].length;
			const kind = /\d/.test(item[2]) ? 'ol' : 'ul';
			while (lists.length > 1 && indent < lists[lists.length - 1].markerIndent) lists.pop();
			const top = lists[lists.length - 1];
			const number = parseInt(item[2], 10);
			const start = Number.isNaN(number) ? 1 : number;
			const list: List = { kind, start, markerIndent: indent, items: [] };
			if (!top) lists = [list];
			else if (indent >= top.markerIndent + 2) {
				top.items[top.items.length - 1].lists.push(list);
				lists.push(list);
			} else if (top.kind !== kind) {
				if (lists.length === 1) {
					closeLists();
					lists = [list];
				} else {
					const parent = lists[lists.length - 2];
					parent.items[parent.items.length - 1].lists.push(list);
					lists[lists.length - 1] = list;
				}
			}
			let text = (item[3] ?? '').trim();
			const task = TASK.exec(text);
			if (task) {
				conversions.add('taskList');
				text = `${task[1] === ' ' ? '☐' : '☑'} ${text.slice(task[0].length)}`;
			}
			lists[lists.length - 1].items.push({ lines: [inline(text)], lists: [] });
			blankInList = false;
			continue;
		}
		if (lists.length) {
			const top = lists[lists.length - 1];
			const indent = /^ */.exec(line)![0].length;
			if (!blankInList || indent >= top.markerIndent + 2) {
				// A line under an item continues it (lazily, or indented after a blank line).
				top.items[top.items.length - 1].lines.push(inline(line.trim()));
				blankInList = false;
				continue;
			}
			closeLists();
		}
		(paragraph ??= []).push(line.replace(/\\$/, ''));
	}
	closeAll();
	const html = out.join('');
	if (html.replace(/<[^>]*>/g, '').trim() === '')
		throw new NoteContentError('the content is empty', 'Write the note’s text.');
	return { html, converted: conversions.list };
}

/** Markdown to the note HTML subset (see convertMarkdown). */
export function markdownToNoteHtml(markdown: string): string {
	return convertMarkdown(markdown).html;
}

/**
 * A note's content as `POST /v2/notes` and `POST /v2/notes/{noteId}` take it
 * (`notes.ContentToBeSaved.html`): plain text or Markdown turned into the HTML subset the API
 * accepts, and HTML checked against that subset before anything is sent.
 *
 * The subset (schema `notes.ContentToBeSaved`): `p`, `br`, `strong`, `em`, `u`, `ol`, `ul`, `li`,
 * `span` without attributes, and `a` with only `href` using http, https or mailto. Inline
 * styles, classes, images, mention spans and the tags `script`, `iframe`, `style`,
 * `blockquote`, `hr`, `s`, `pre`, `code`, `font` make the API refuse the note.
 */

export type NoteFormat = 'text' | 'markdown' | 'html';

/** Content the API would refuse: `message` says what, `hint` how to write it instead. */
export class NoteContentError extends Error {
	constructor(
		message: string,
		readonly hint?: string,
	) {
		super(message);
		this.name = 'NoteContentError';
	}
}

export const NOTE_TAGS = ['p', 'br', 'strong', 'em', 'u', 'ol', 'ul', 'li', 'span', 'a'] as const;
const ALLOWED_TAGS: ReadonlySet<string> = new Set(NOTE_TAGS);
const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];

/** Why a restricted tag is refused, in the user's terms. */
const RESTRICTED_TAGS: Record<string, string> = {
	img: 'images cannot be added to a note through the API',
	script: 'scripts are not allowed in notes',
	iframe: 'embedded frames are not allowed in notes',
	style: 'style sheets are not allowed in notes',
	blockquote: 'quotes (blockquote) are not allowed in notes',
	hr: 'horizontal rules (hr) are not allowed in notes',
	s: 'strikethrough (s) is not allowed in notes',
	pre: 'preformatted blocks (pre) are not allowed in notes',
	code: 'code (code) is not allowed in notes',
	font: 'font tags are not allowed in notes',
};

/** Tags people often mean, with the allowed one to use instead. */
const USE_INSTEAD: Record<string, string> = {
	b: 'strong',
	i: 'em',
	div: 'p',
	h1: 'p',
	h2: 'p',
	h3: 'p',
	h4: 'p',
	h5: 'p',
	h6: 'p',
};

const ALLOWED_LIST =
	'<p>, <br>, <strong>, <em>, <u>, <ol>, <ul>, <li>, <span>, <a href="https://…">';

export function escapeHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

function isAllowedLink(href: string): boolean {
	const trimmed = href.trim();
	const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(trimmed)?.[1]?.toLowerCase();
	return scheme !== undefined && LINK_SCHEMES.includes(scheme) && trimmed.length > scheme.length;
}

function badLink(href: string): NoteContentError {
	return new NoteContentError(
		`the link "${href}" is not an http, https or mailto address, the only links a note may hold`,
		'Write the full address, e.g. https://example.com or mailto:jane@example.com.',
	);
}

function parseAttributes(text: string): Array<{ name: string; value?: string }> {
	const attributes: Array<{ name: string; value?: string }> = [];
	const pattern = /([^\s=/>"']+)(?:\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
	for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
		attributes.push({ name: match[1].toLowerCase(), value: match[3] ?? match[4] ?? match[5] });
	}
	return attributes;
}

function decodeEntities(text: string): string {
	return text
		.replace(/&quot;/g, '"')
		.replace(/&#39;|&apos;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');
}

/**
 * Checks HTML against what the API accepts for a note; throws a NoteContentError that says
 * which tag or attribute would be refused, and why. Returns the HTML unchanged.
 */
export function checkNoteHtml(html: string): string {
	if (html.trim() === '')
		throw new NoteContentError('the content is empty', 'Write the note’s text.');
	if (/<!--/.test(html))
		throw new NoteContentError(
			'HTML comments are not allowed in notes',
			`Remove the comment; allowed tags: ${ALLOWED_LIST}.`,
		);
	const tag = /<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;
	for (let match = tag.exec(html); match; match = tag.exec(html)) {
		const [, closing, rawName, rest] = match;
		const name = rawName.toLowerCase();
		const attributes = closing ? [] : parseAttributes(rest.replace(/\/\s*$/, ''));
		if (
			attributes.some((a) => a.name === 'data-type' && a.value === 'note-mention') ||
			attributes.some((a) => a.name.startsWith('data-note-mention'))
		) {
			throw new NoteContentError(
				'mentions (@person) cannot be created or changed through the API',
				'Write the person’s name as plain text, or add the person to the note’s associations.',
			);
		}
		if (RESTRICTED_TAGS[name])
			throw new NoteContentError(
				`<${name}>: ${RESTRICTED_TAGS[name]}`,
				`Allowed tags: ${ALLOWED_LIST}.`,
			);
		if (!ALLOWED_TAGS.has(name)) {
			const instead = USE_INSTEAD[name];
			throw new NoteContentError(
				`<${name}> is not one of the tags a note may hold`,
				`${instead ? `Use <${instead}> instead. ` : ''}Allowed tags: ${ALLOWED_LIST}.`,
			);
		}
		for (const attribute of attributes) {
			if (attribute.name === 'style')
				throw new NoteContentError(
					`<${name} style="…">: inline styles are not allowed in notes`,
					'Remove the style attribute; use <strong>, <em> or <u> for emphasis.',
				);
			if (attribute.name === 'class')
				throw new NoteContentError(
					`<${name} class="…">: class attributes are not allowed in notes`,
					'Remove the class attribute.',
				);
			if (name === 'a' && attribute.name === 'href') {
				const href = decodeEntities(attribute.value ?? '');
				if (!isAllowedLink(href)) throw badLink(href);
				continue;
			}
			throw new NoteContentError(
				`<${name} ${attribute.name}>: ${name === 'a' ? 'a link may carry only href' : `<${name}> may carry no attributes`}`,
				name === 'a'
					? 'Remove the attribute; Affinity adds target and rel to every link itself.'
					: 'Remove the attribute.',
			);
		}
		if (name === 'a' && !closing && !attributes.some((a) => a.name === 'href')) {
			throw new NoteContentError('<a> without href: a link needs an http, https or mailto address');
		}
	}
	return html;
}

/** Plain text: HTML-escaped, paragraphs at blank lines, line breaks kept as <br>. */
export function textToNoteHtml(text: string): string {
	const paragraphs = text
		.replace(/\r\n?/g, '\n')
		.split(/\n[ \t]*\n/)
		.map((p) => p.replace(/^\n+|\n+$/g, ''))
		.filter((p) => p.trim() !== '');
	if (!paragraphs.length)
		throw new NoteContentError('the content is empty', 'Write the note’s text.');
	return paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
}

// ---------------------------------------------------------------------------------------------
// Markdown: the common subset (paragraphs, line breaks, bold, italic, links, lists, headings)
// mapped onto the tags a note may hold. Raw HTML in Markdown is shown as text, never passed on.

const PLACEHOLDER = '\u0000';

function inlineMarkdown(source: string): string {
	const kept: string[] = [];
	const keep = (html: string) => `${PLACEHOLDER}${kept.push(html) - 1}${PLACEHOLDER}`;
	let text = source;
	// Backslash escapes and code spans first: nothing inside them is formatting.
	text = text.replace(/\\([\\`*_{}[\]()#+\-.!<>~|])/g, (_, ch: string) => keep(escapeHtml(ch)));
	text = text.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) =>
		keep(escapeHtml(code.trim())),
	);
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
			return keep(`<a href="${escapeHtml(href)}">${formatEmphasis(escapeHtml(label))}</a>`);
		},
	);
	text = text.replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/gi, (_, href: string) =>
		keep(`<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`),
	);
	text = formatEmphasis(escapeHtml(text));
	const restore = (html: string): string =>
		html.replace(new RegExp(`${PLACEHOLDER}(\\d+)${PLACEHOLDER}`, 'g'), (_, i: string) =>
			restore(kept[Number(i)]),
		);
	return restore(text);
}

function formatEmphasis(html: string): string {
	return html
		.replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>')
		.replace(/(^|[^\w])__(?=\S)([\s\S]*?\S)__(?!\w)/g, '$1<strong>$2</strong>')
		.replace(/\*(?=[^\s*])([\s\S]*?[^\s*])\*/g, '<em>$1</em>')
		.replace(/(^|[^\w])_(?=[^\s_])([\s\S]*?[^\s_])_(?!\w)/g, '$1<em>$2</em>');
}

type Block = { kind: 'p'; lines: string[] } | { kind: 'ul' | 'ol'; items: string[] };

/** Markdown to the note HTML subset. Throws a NoteContentError for what a note cannot hold (images, other links). */
export function markdownToNoteHtml(markdown: string): string {
	const blocks: Block[] = [];
	let current: Block | undefined;
	let inFence = false;
	const close = () => {
		if (current) blocks.push(current);
		current = undefined;
	};
	for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
		if (/^\s*(```|~~~)/.test(line)) {
			// A fenced block has no tag in notes: its lines are kept as plain text.
			if (!inFence) close();
			inFence = !inFence;
			continue;
		}
		if (inFence) {
			if (current?.kind !== 'p') {
				close();
				current = { kind: 'p', lines: [] };
			}
			current.lines.push(escapeHtml(line));
			continue;
		}
		if (line.trim() === '') {
			close();
			continue;
		}
		if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
			close();
			continue;
		}
		const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
		const numbered = /^\s*\d{1,9}[.)]\s+(.*)$/.exec(line);
		if (bullet || numbered) {
			const kind = bullet ? 'ul' : 'ol';
			if (current?.kind !== kind) {
				close();
				current = { kind, items: [] };
			}
			current.items.push(inlineMarkdown((bullet ?? numbered)![1]));
			continue;
		}
		const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (heading) {
			close();
			blocks.push({ kind: 'p', lines: [`<strong>${inlineMarkdown(heading[1])}</strong>`] });
			continue;
		}
		const quoted = /^\s{0,3}>\s?(.*)$/.exec(line);
		const content = inlineMarkdown(quoted ? quoted[1] : line.trim());
		if (current?.kind === 'ul' || current?.kind === 'ol') {
			// A line right after an item continues it (a lazy continuation line).
			current.items[current.items.length - 1] += `<br>${content}`;
			continue;
		}
		if (current?.kind !== 'p') current = { kind: 'p', lines: [] };
		current.lines.push(content);
	}
	close();
	const html = blocks
		.map((block) =>
			block.kind === 'p'
				? `<p>${block.lines.join('<br>')}</p>`
				: `<${block.kind}>${block.items.map((item) => `<li>${item}</li>`).join('')}</${block.kind}>`,
		)
		.join('');
	if (html === '' || html.replace(/<[^>]*>/g, '').trim() === '')
		throw new NoteContentError('the content is empty', 'Write the note’s text.');
	return html;
}

/** The HTML to send for content written in a format; HTML is checked, never rewritten. */
export function noteHtml(content: string, format: NoteFormat): string {
	switch (format) {
		case 'text':
			return textToNoteHtml(content);
		case 'markdown':
			return checkNoteHtml(markdownToNoteHtml(content));
		case 'html':
			return checkNoteHtml(content);
	}
}

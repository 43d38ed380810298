/**
 * The HTML a note's content may hold, as `POST /v2/notes` and `POST /v2/notes/{noteId}` take it
 * (`notes.ContentToBeSaved.html`), and plain text turned into it.
 *
 * The subset (schema `notes.ContentToBeSaved`): `p`, `br`, `strong`, `em`, `u`, `ol`, `ul`, `li`,
 * `span` without attributes, and `a` with only `href` using http, https or mailto. Inline
 * styles, classes, images, mention spans and the tags `script`, `iframe`, `style`,
 * `blockquote`, `hr`, `s`, `pre`, `code`, `font` make the API refuse the note.
 */

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

export function isAllowedLink(href: string): boolean {
	const trimmed = href.trim();
	const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(trimmed)?.[1]?.toLowerCase();
	return scheme !== undefined && LINK_SCHEMES.includes(scheme) && trimmed.length > scheme.length;
}

export function badLink(href: string): NoteContentError {
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

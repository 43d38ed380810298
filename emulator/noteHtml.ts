/**
 * The HTML a note may be written with (`notes.ContentToBeSaved.html`): `p`, `br`, `strong`,
 * `em`, `u`, `ol`, `ul`, `li`, `span` without attributes, `a` with only an http, https or
 * mailto `href`. Styles, classes, mention spans and every other tag make the request fail.
 * Returns why the HTML is refused, or undefined when it is accepted.
 */
const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'u', 'ol', 'ul', 'li', 'span', 'a']);

export function refusedNoteHtml(html: string): string | undefined {
	if (/<!--/.test(html)) return 'HTML comments are not allowed';
	const tag = /<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;
	for (let m = tag.exec(html); m; m = tag.exec(html)) {
		const name = m[2].toLowerCase();
		if (!ALLOWED.has(name)) return `The <${name}> tag is not allowed`;
		if (m[1]) continue;
		const attributes = [
			...m[3]
				.replace(/\/\s*$/, '')
				.matchAll(/([^\s=/>"']+)(?:\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+)))?/g),
		];
		for (const a of attributes) {
			const attribute = a[1].toLowerCase();
			const value = a[3] ?? a[4] ?? a[5] ?? '';
			if (attribute === 'data-type' && value === 'note-mention')
				return 'Mentions cannot be created or modified through this endpoint';
			if (name === 'a' && attribute === 'href') {
				if (!/^(https?:|mailto:)\S/i.test(value.trim()))
					return `Links must use http, https or mailto; got "${value}"`;
				continue;
			}
			return `The ${attribute} attribute is not allowed on <${name}>`;
		}
	}
	return undefined;
}

/** What the server does to every link before saving: target and rel, for security. */
export function normalizeNoteHtml(html: string): string {
	return html.replace(
		/<a\s+href=("[^"]*"|'[^']*'|[^\s>]+)\s*>/gi,
		(_, href: string) => `<a href=${href} rel="noopener noreferrer" target="_blank">`,
	);
}

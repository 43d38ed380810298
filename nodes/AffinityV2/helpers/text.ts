/** Whether a picker's search term (case-insensitive, trimmed; empty matches all) is in the text. */
export function matchesTerm(text: string, term?: string): boolean {
	const wanted = term?.trim().toLowerCase();
	return !wanted || text.toLowerCase().includes(wanted);
}

/** Tags that run inside a line of text: removed without a space ("<b>great</b>." is "great."). */
const INLINE_TAGS = /<\/?(?:a|abbr|b|code|em|font|i|mark|s|small|span|strong|sub|sup|u)\b[^>]*>/gi;

/** The visible text of a note's HTML, for names and search. */
export function htmlText(html: unknown): string {
	if (typeof html !== 'string') return '';
	return (
		html
			.replace(INLINE_TAGS, '')
			.replace(/<[^>]*>/g, ' ')
			.replace(/&nbsp;/g, ' ')
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
			.replace(/&quot;/g, '"')
			.replace(/&#39;/g, "'")
			.replace(/&amp;/g, '&')
			.replace(/\s+/g, ' ')
			// A block tag removed before punctuation ("<p>great</p>.") leaves no space before it.
			.replace(/ ([.,;:!?)\]])/g, '$1')
			.trim()
	);
}

export function shorten(text: string, max = 80): string {
	return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

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

/**
 * Any value Affinity sends, as text: real data is looser than its description (a LinkedIn
 * entry `{link, text}` where a text is described, a number where a name is), and every reader
 * shows it with this one rule. Strings as they are; a LinkedIn entry as "text (link)"; a
 * dropdown option or deleted reference (fieldValueChanges.DeletedEntityReference) by its text;
 * a person by first and last name, a company by name; a list joined by ", "; any other object
 * as JSON. Never "[object Object]"; null and undefined give ''.
 */
export function displayText(value: unknown): string {
	if (value === null || value === undefined) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
		return String(value);
	if (Array.isArray(value))
		return value
			.map(displayText)
			.filter((text) => text !== '')
			.join(', ');
	if (typeof value !== 'object') return '';
	const record = value as Record<string, unknown>;
	if (typeof record.displayValue === 'string') return record.displayValue;
	const text = typeof record.text === 'string' ? record.text.trim() : '';
	const link = typeof record.link === 'string' ? record.link.trim() : '';
	if (text || link) return text && link && text !== link ? `${text} (${link})` : text || link;
	if (typeof record.name === 'string') return record.name;
	const parts = [record.firstName, record.lastName]
		.map((part) => (typeof part === 'string' ? part : ''))
		.filter((part) => part !== '');
	if (parts.length) return parts.join(' ');
	// A reminder (ReminderData.content) by its text, a note (notes.BaseNote.content.html) by its
	// HTML's text.
	if (typeof record.content === 'string') return record.content;
	const html = (record.content as { html?: unknown } | null | undefined)?.html;
	if (typeof html === 'string') return htmlText(html);
	try {
		return JSON.stringify(value) ?? '';
	} catch {
		return '';
	}
}

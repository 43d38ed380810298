/**
 * A note's content as `POST /v2/notes` and `POST /v2/notes/{noteId}` take it
 * (`notes.ContentToBeSaved.html`): plain text or Markdown turned into the HTML subset the API
 * accepts (noteHtml.ts, noteMarkdown.ts), and HTML checked against that subset before anything
 * is sent.
 */

import { checkNoteHtml, textToNoteHtml } from './noteHtml';
import { convertMarkdown, type MarkdownConversion } from './noteMarkdown';

export { checkNoteHtml, escapeHtml, NOTE_TAGS, NoteContentError, textToNoteHtml } from './noteHtml';
export { convertMarkdown, markdownToNoteHtml, type MarkdownConversion } from './noteMarkdown';

export type NoteFormat = 'text' | 'markdown' | 'html';

/** The HTML to send; for Markdown, also the constructs that were converted (`[]` when none). */
export interface NoteContent {
	html: string;
	markdownConverted?: MarkdownConversion[];
}

/** The content to send for text written in a format; HTML is checked, never rewritten. */
export function noteContent(content: string, format: NoteFormat): NoteContent {
	switch (format) {
		case 'text':
			return { html: textToNoteHtml(content) };
		case 'markdown': {
			const { html, converted } = convertMarkdown(content);
			return { html: checkNoteHtml(html), markdownConverted: converted };
		}
		case 'html':
			return { html: checkNoteHtml(content) };
	}
}

/** The HTML to send for content written in a format (see noteContent). */
export function noteHtml(content: string, format: NoteFormat): string {
	return noteContent(content, format).html;
}

import {
	checkNoteHtml,
	markdownToNoteHtml,
	NoteContentError,
	noteHtml,
	textToNoteHtml,
} from '../../nodes/AffinityV2/helpers/noteContent';

function refusal(run: () => unknown): NoteContentError {
	try {
		run();
	} catch (error) {
		if (error instanceof NoteContentError) return error;
		throw error;
	}
	throw new Error('expected a NoteContentError');
}

describe('textToNoteHtml', () => {
	it('escapes HTML, makes paragraphs at blank lines and keeps line breaks', () => {
		expect(textToNoteHtml('Call with <Ada> & "Bo"\nnext week\r\n\r\n\nSecond')).toBe(
			'<p>Call with &lt;Ada&gt; &amp; &quot;Bo&quot;<br>next week</p><p>Second</p>',
		);
	});

	it('refuses empty content', () => {
		expect(refusal(() => textToNoteHtml(' \n\n ')).message).toBe('the content is empty');
	});
});

describe('markdownToNoteHtml', () => {
	it.each([
		['**Send pricing** by *Friday*', '<p><strong>Send pricing</strong> by <em>Friday</em></p>'],
		[
			'__bold__ and _it_ but snake_case_name stays',
			'<p><strong>bold</strong> and <em>it</em> but snake_case_name stays</p>',
		],
		['# Recap\nline one\nline two', '<p><strong>Recap</strong></p><p>line one<br>line two</p>'],
		[
			'- one\n- **two**\n\n1. first\n2) second',
			'<ul><li>one</li><li><strong>two</strong></li></ul><ol><li>first</li><li>second</li></ol>',
		],
		[
			'See [the deck](https://example.com/a_b?x=1&y=2) or <mailto:jane@acme.co>',
			'<p>See <a href="https://example.com/a_b?x=1&amp;y=2">the deck</a> or <a href="mailto:jane@acme.co">mailto:jane@acme.co</a></p>',
		],
		['`<b>*not*</b>` and \\*stars\\*', '<p>&lt;b&gt;*not*&lt;/b&gt; and *stars*</p>'],
		['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
		['> quoted\n\n---\n```\ncode <x>\n```', '<p>quoted</p><p>code &lt;x&gt;</p>'],
	])('%j', (markdown, html) => {
		const out = markdownToNoteHtml(markdown);
		expect(out).toBe(html);
		expect(checkNoteHtml(out)).toBe(out);
	});

	it('refuses images and links that are not http, https or mailto, saying why', () => {
		expect(refusal(() => markdownToNoteHtml('![chart](https://x.co/c.png)')).message).toMatch(
			/images cannot be added/,
		);
		expect(refusal(() => markdownToNoteHtml('[run](javascript:alert(1))')).message).toMatch(
			/not an http, https or mailto address/,
		);
		expect(refusal(() => markdownToNoteHtml('[file](/relative/path)')).message).toMatch(
			/"\/relative\/path"/,
		);
	});
});

describe('checkNoteHtml', () => {
	it('accepts the documented examples', () => {
		for (const html of [
			'<p>Quick recap of the call.</p>',
			'<p>Top action items:</p><ul><li><strong>Send pricing</strong> by Friday</li><li>Follow up with <a href="mailto:jane@acme.co">Jane</a></li></ul>',
			'<p><u>u</u><em>e</em><br/><span>s</span></p><ol><li>x</li></ol>',
		]) {
			expect(checkNoteHtml(html)).toBe(html);
		}
	});

	it.each([
		['<p style="color:red">Hi</p>', /inline styles are not allowed/],
		['<p><img src="https://example.com/x.png"></p>', /images cannot be added/],
		[
			'<p><span data-type="note-mention" data-note-mention-type="person" data-note-mention-person-id="1">John</span></p>',
			/mentions \(@person\) cannot be created/,
		],
		['<p class="x">a</p>', /class attributes are not allowed/],
		['<blockquote>a</blockquote>', /blockquote/],
		['<b>a</b>', /<b> is not one of the tags/],
		['<a href="ftp://x.co">a</a>', /"ftp:\/\/x\.co" is not an http, https or mailto/],
		['<a href="https://x.co" target="_blank">a</a>', /a link may carry only href/],
		['<span title="x">a</span>', /<span> may carry no attributes/],
		['<p>a<!-- hidden --></p>', /comments/],
		['', /empty/],
	])('refuses %j', (html, reason) => {
		expect(refusal(() => checkNoteHtml(html)).message).toMatch(reason);
	});

	it('suggests the allowed tag to use instead', () => {
		expect(refusal(() => checkNoteHtml('<h1>T</h1>')).hint).toMatch(/^Use <p> instead\./);
	});
});

describe('noteHtml', () => {
	it('dispatches on the format and never rewrites HTML', () => {
		expect(noteHtml('a\nb', 'text')).toBe('<p>a<br>b</p>');
		expect(noteHtml('*a*', 'markdown')).toBe('<p><em>a</em></p>');
		expect(noteHtml('<p>*a*</p>', 'html')).toBe('<p>*a*</p>');
	});
});

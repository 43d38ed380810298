import { flattenMarks } from '../../nodes/AffinityV2/helpers/markdownInline';
import {
	checkNoteHtml,
	convertMarkdown,
	markdownToNoteHtml,
	NoteContentError,
	noteContent,
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
		['`<b>*not*</b>` and \\*stars\\*', '<p>`&lt;b&gt;*not*&lt;/b&gt;` and *stars*</p>'],
		['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
		[
			'> quoted\n\n---\n```\ncode <x>\n```',
			'<p>&gt; quoted</p><p>———</p><p>```<br>code &lt;x&gt;<br>```</p>',
		],
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

describe('convertMarkdown: what a note cannot hold is converted visibly, and named', () => {
	it.each([
		[
			'# Call with **North Analytics**',
			'<p><strong>Call with North Analytics</strong></p>',
			['heading'],
		],
		[
			'Title\n===\nSub\n---',
			'<p><strong>Title</strong></p><p><strong>Sub</strong></p>',
			['heading'],
		],
		['Run `npm ci` now', '<p>Run `npm ci` now</p>', ['inlineCode']],
		[
			'```ts\nconst a = 1;\n  if (a) {\n    go();\n  }\n```',
			'<p>```ts<br>const a = 1;<br>&nbsp;&nbsp;if (a) {<br>&nbsp;&nbsp;&nbsp;&nbsp;go();<br>&nbsp;&nbsp;}<br>```</p>',
			['codeBlock'],
		],
		[
			'Intro\n\n    indented\n      more',
			'<p>Intro</p><p>```<br>indented<br>&nbsp;&nbsp;more<br>```</p>',
			['codeBlock'],
		],
		['~~~\n**not bold**\n~~~', '<p>~~~<br>**not bold**<br>~~~</p>', ['codeBlock']],
		[
			'> quoted **text**\n> line two\n>\n> > nested',
			'<p>&gt; quoted <strong>text</strong><br>&gt; line two</p><p>&gt; &gt; nested</p>',
			['blockquote'],
		],
		['~~old price~~ new', '<p>~~old price~~ new</p>', ['strikethrough']],
		[
			'| Name | Stage |\n|---|:--:|\n| **Acme** | Lead |\n| Beta \\| Co | | extra |',
			'<ul><li><strong>Name</strong>: <strong>Acme</strong>; <strong>Stage</strong>: Lead</li><li><strong>Name</strong>: Beta | Co; extra</li></ul>',
			['table'],
		],
		['| **A** | B |\n| --- | --- |', '<p><strong>A</strong> | <strong>B</strong></p>', ['table']],
		['a\n\n***\n\nb', '<p>a</p><p>———</p><p>b</p>', ['horizontalRule']],
		['- [ ] todo\n- [x] done', '<ul><li>☐ todo</li><li>☑ done</li></ul>', ['taskList']],
		['3. third\n4. fourth', '<ul><li>3. third</li><li>4. fourth</li></ul>', ['listNumbering']],
		['say <b>hi</b>', '<p>say &lt;b&gt;hi&lt;/b&gt;</p>', ['rawHtml']],
	])('%j', (markdown, html, converted) => {
		expect(convertMarkdown(markdown)).toEqual({ html, converted });
		expect(checkNoteHtml(html)).toBe(html);
	});

	it('keeps what the format holds, converting nothing: nested lists, loose lists, continuations, bold and italic together', () => {
		expect(
			convertMarkdown(
				'- a\n  - b\n    - c\n- d\ncontinued\n\n- loose\n\n1. x\n   - y\n\n***both*** and **a *b* c**',
			),
		).toEqual({
			html: '<ul><li>a<ul><li>b<ul><li>c</li></ul></li></ul></li><li>d<br>continued</li><li>loose</li></ul><ol><li>x<ul><li>y</li></ul></li></ol><p><strong><em>both</em></strong> and <strong>a <em>b</em> c</strong></p>',
			converted: [],
		});
	});

	it('names each construct once, in the order first met', () => {
		expect(
			convertMarkdown('# A\n\n`x` ~~y~~\n\n## B `z`\n\n> q\n\n| h |\n|---|\n| c |').converted,
		).toEqual(['heading', 'inlineCode', 'strikethrough', 'blockquote', 'table']);
	});

	it('never nests a mark in itself, nor lets marks cross', () => {
		expect(markdownToNoteHtml('**a **b** c**')).toBe('<p><strong>a b c</strong></p>');
		expect(markdownToNoteHtml('## **Bold** heading with *it*')).toBe(
			'<p><strong>Bold heading with <em>it</em></strong></p>',
		);
		expect(markdownToNoteHtml('**a *b** c*')).toBe(
			'<p><strong>a <em>b</em></strong><em> c</em></p>',
		);
	});
});

describe('flattenMarks', () => {
	it.each([
		['<strong>a <strong>b</strong> c</strong>', '<strong>a b c</strong>'],
		['<em>a <strong>b</em> c</strong>', '<em>a <strong>b</strong></em><strong> c</strong>'],
		['a</strong> <u>b', 'a <u>b</u>'],
		['<em><em></em></em>x', 'x'],
	])('%j', (html, flat) => {
		expect(flattenMarks(html)).toBe(flat);
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

	it('says what Markdown converted (nothing: []), and only for Markdown', () => {
		expect(noteContent('# T', 'markdown')).toEqual({
			html: '<p><strong>T</strong></p>',
			markdownConverted: ['heading'],
		});
		expect(noteContent('*a*', 'markdown')).toEqual({
			html: '<p><em>a</em></p>',
			markdownConverted: [],
		});
		expect(noteContent('# T', 'text')).toEqual({ html: '<p># T</p>' });
	});
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

/**
 * The Markdown round trip that docs/operations.md ("Markdown in notes") promises: its document,
 * with every construct, written by Note → Create and Note → Update through n8n-core's real
 * engine, is stored by the emulator (which keeps what `POST /v2/notes` accepts and adds to links
 * what Affinity adds) exactly as the page's HTML, and the item names the page's conversions.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const PERSON = 5000101;
const run = (parameters: IDataObject, apiKey?: string, continueOnFail = false) =>
	runAffinityNode({ credentials: fixture.credentials(apiKey), parameters, continueOnFail });

/** The block after `<!-- markdown-note: name -->` (and Prettier's ignore mark) in docs/operations.md. */
function promised(name: string): string {
	const page = readFileSync(join(__dirname, '../../docs/operations.md'), 'utf8');
	const match = new RegExp(
		`<!-- markdown-note: ${name} -->\\s*(?:<!-- prettier-ignore -->\\s*)?(\`{3,})[a-z]*\\n([\\s\\S]*?)\\n\\1\\n`,
	).exec(page);
	if (!match) throw new Error(`docs/operations.md has no "markdown-note: ${name}" block`);
	return match[2];
}

const DOCUMENT = promised('document');
// One block a line on the page; the HTML itself has no line breaks.
const STORED = promised('stored').split('\n').join('');
const CONVERTED = JSON.parse(promised('converted')) as string[];

async function stored(noteId: number): Promise<string> {
	const read = await run({ resource: 'note', operation: 'get', noteId: byId(noteId) });
	expect(read.error).toBeUndefined();
	return (read.items[0].content as IDataObject).html as string;
}

describe('Markdown in notes, as docs/operations.md promises', () => {
	it('the page lists every construct of its table in its document', () => {
		expect([...CONVERTED].sort()).toEqual(
			[
				'blockquote',
				'codeBlock',
				'heading',
				'horizontalRule',
				'inlineCode',
				'listNumbering',
				'rawHtml',
				'strikethrough',
				'table',
				'taskList',
			].sort(),
		);
	});

	it('Note → Create: the emulator stores the promised HTML; the item names the conversions', async () => {
		const result = await run({
			resource: 'note',
			operation: 'create',
			about: 'entities',
			contentFormat: 'markdown',
			content: DOCUMENT,
			persons: { person: [{ person: byId(PERSON) }] },
		});
		expect(result.error).toBeUndefined();
		const [note] = result.items;
		expect(note.markdownConverted).toEqual(CONVERTED);
		expect((note.content as IDataObject).html).toBe(STORED);
		expect(await stored(note.id as number)).toBe(STORED);
	});

	it('Note → Update: the same document replaces the text as promised', async () => {
		const created = await run({
			resource: 'note',
			operation: 'create',
			about: 'entities',
			content: 'Call recap',
			persons: { person: [{ person: byId(PERSON) }] },
		});
		expect(created.items[0]).not.toHaveProperty('markdownConverted');
		const noteId = created.items[0].id as number;
		const result = await run({
			resource: 'note',
			operation: 'update',
			noteId: byId(noteId),
			contentFormat: 'markdown',
			content: DOCUMENT,
		});
		expect(result.items[0]).toEqual({
			success: true,
			noteId,
			updated: ['content'],
			markdownConverted: CONVERTED,
		});
		expect(await stored(noteId)).toBe(STORED);
	});

	it('Markdown that needs no conversion says so ([]); a refused write keeps markdownConverted on its Continue On Fail item', async () => {
		const plain = await run({
			resource: 'note',
			operation: 'create',
			about: 'entities',
			contentFormat: 'markdown',
			content: '**Send pricing** by *Friday*',
			persons: { person: [{ person: byId(PERSON) }] },
		});
		expect(plain.items[0].markdownConverted).toEqual([]);
		const denied = await run(
			{
				resource: 'note',
				operation: 'update',
				noteId: byId(plain.items[0].id as number),
				contentFormat: 'markdown',
				content: '# Not mine',
			},
			MEMBER_KEY,
			true,
		);
		expect(denied.items[0]).toMatchObject({ httpCode: '403', markdownConverted: ['heading'] });
		expect(await stored(plain.items[0].id as number)).toBe(
			'<p><strong>Send pricing</strong> by <em>Friday</em></p>',
		);
	});
});

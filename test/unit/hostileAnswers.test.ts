import { PassThrough } from 'node:stream';

import { parseBody, readBody } from '../../nodes/AffinityV2/transport/body';
import {
	bounded,
	redactText,
	redactValue,
	secretsOf,
} from '../../nodes/AffinityV2/transport/redact';
import { v1WriteProblem } from '../../nodes/AffinityV2/transport/shape';

const KEY = 'affv2-Zq9/+kL0pX7-ad8f3c2e1b0a';
const secrets = secretsOf(KEY);
const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

describe('redactText: every form of the key a server can echo', () => {
	it.each([
		['the key', `Authorization: Bearer ${KEY}`],
		['the key URL-encoded', `url=/x?key=${encodeURIComponent(KEY)}`],
		['Basic with no user', `Basic ${b64(`:${KEY}`)}`],
		['Basic with any user', `auth="Basic ${b64(`someone@example.com:${KEY}`)}"`],
		[
			'Basic with a user of each length',
			[1, 2, 3, 4].map((n) => b64(`${'u'.repeat(n)}:${KEY}`)).join(' '),
		],
		['JSON with escaped slashes', JSON.stringify(`Bearer ${KEY}`).replace(/\//g, '\\/')],
		['base64 of the key alone', b64(KEY)],
	])('%s', (_what, text) => {
		const clean = redactText(text, secrets);
		expect(clean).toContain('[redacted]');
		expect(clean).not.toContain(KEY);
		expect(clean).not.toContain(b64(`:${KEY}`));
		expect(
			Buffer.from(clean.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('latin1'),
		).not.toContain(KEY);
	});

	it('leaves a text without the key as it is, Basic tokens of other keys included', () => {
		const text = `Basic ${b64('user:other-key-1234567890')} and a name`;
		expect(redactText(text, secrets)).toBe(text);
	});

	it('parseBody: a key spelled with \\u escapes is replaced after parsing, keys included', () => {
		const escaped = [...KEY]
			.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
			.join('');
		const parsed = parseBody(Buffer.from(`{"m": "${escaped}", "${escaped}": 1}`), secrets);
		expect(parsed.ok).toBe(true);
		expect(JSON.stringify(parsed.ok && parsed.value)).not.toContain(KEY);
	});

	it('parseBody: a token followed by an escaped quote keeps the JSON valid', () => {
		const body = `{"a": "Bearer ${KEY}\\"quoted\\" Basic ${b64(`u:${KEY}`).replace(/\//g, '\\/')}\\"", "b": 1}`;
		const parsed = parseBody(Buffer.from(body), secrets);
		expect(parsed).toEqual({
			ok: true,
			value: { a: 'Bearer [redacted]"quoted" Basic [redacted]"', b: 1 },
		});
	});

	it('redactValue: strings and keys of nested values', () => {
		const value = redactValue({ a: [{ [KEY]: `x ${KEY}` }] }, secrets);
		expect(JSON.stringify(value)).toBe('{"a":[{"[redacted]":"x [redacted]"}]}');
	});
});

describe('parseBody drops keys that change a prototype', () => {
	it('__proto__, constructor and prototype, at any depth', () => {
		const parsed = parseBody(
			Buffer.from(
				'{"id": 1, "__proto__": {"x": 1}, "a": {"constructor": {"prototype": {"x": 1}}, "b": 2}}',
			),
		);
		expect(parsed).toEqual({ ok: true, value: { id: 1, a: { b: 2 } } });
		expect(Object.keys((parsed as { value: object }).value)).toEqual(['id', 'a']);
	});
});

describe('bounded', () => {
	it('cuts a text and says how much was left out', () => {
		expect(bounded('abcdef', 3)).toBe('abc… (3 more characters)');
		expect(bounded('abc', 3)).toBe('abc');
	});
});

describe('readBody', () => {
	const never = () => new AbortController().signal;

	it('refuses a declared length over the limit without reading', async () => {
		const stream = new PassThrough();
		const read = await readBody(stream, 10, never(), 11);
		expect(read).toEqual({ ok: false, reason: 'too-large', limit: 10, declared: 11 });
		expect(stream.destroyed).toBe(true);
	});

	it('stops the moment more than the limit arrived', async () => {
		const stream = new PassThrough();
		stream.write(Buffer.alloc(6));
		stream.write(Buffer.alloc(6));
		const read = await readBody(stream, 10, never());
		expect(read).toEqual({ ok: false, reason: 'too-large', limit: 10 });
		expect(stream.destroyed).toBe(true);
	});

	it('stops at the deadline while bytes keep arriving', async () => {
		const stream = new PassThrough();
		const timer = setInterval(() => stream.write('x'), 20);
		try {
			const read = await readBody(stream, 1000, AbortSignal.timeout(150));
			expect(read).toEqual({ ok: false, reason: 'deadline' });
		} finally {
			clearInterval(timer);
		}
	});

	it('reads a whole body within the limit', async () => {
		const stream = new PassThrough();
		stream.end(Buffer.from('{"a":1}'));
		const read = await readBody(stream, 100, never());
		expect(read.ok && Buffer.from(read.bytes as Uint8Array).toString()).toBe('{"a":1}');
	});

	it('joins a body that comes in many chunks, in order', async () => {
		const stream = new PassThrough();
		const pending = readBody(stream, 1000, never());
		for (const part of ['{"data":', '[1,', '2,3', ']}']) stream.write(part);
		stream.end();
		const read = await pending;
		expect(read.ok && Buffer.from(read.bytes as Uint8Array).toString()).toBe('{"data":[1,2,3]}');
	});

	it('tells a reset mid-body as a failed read, with its code', async () => {
		const stream = new PassThrough();
		const pending = readBody(stream, 1000, never());
		stream.write('{"data":');
		stream.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
		const read = await pending;
		expect(read).toMatchObject({ ok: false, reason: 'failed', error: { code: 'ECONNRESET' } });
	});

	it('tells a body closed before its end as a failed read, not an empty answer', async () => {
		const stream = new PassThrough();
		const pending = readBody(stream, 1000, never());
		stream.write('{"data":');
		stream.destroy();
		expect(await pending).toMatchObject({ ok: false, reason: 'failed' });
	});

	it('does not wait on a stream that ended or broke before it was handed over', async () => {
		const ended = new PassThrough();
		ended.end();
		ended.resume();
		await new Promise((resolve) => ended.once('end', resolve));
		const read = await readBody(ended, 100, never());
		expect(read.ok && (read.bytes as Uint8Array).length).toBe(0);
		const broken = new PassThrough();
		broken.destroy();
		expect(await readBody(broken, 100, never())).toMatchObject({ ok: false, reason: 'failed' });
	});
});

describe('v1WriteProblem: the answers v1 documents for writes', () => {
	it.each([
		['POST', '/organizations', { id: 1, name: 'x' }, undefined],
		['PUT', '/persons/1', { id: 1 }, undefined],
		['DELETE', '/organizations/1', { success: true }, undefined],
		['POST', '/entity-files', { success: true, entity_files: [] }, undefined],
		['POST', '/organizations', {}, 'an empty object where v1 answers the record with its id'],
		['POST', '/organizations', [], 'an array where v1 answers the record with its id'],
		['PUT', '/reminders/1', 'ok', 'a string where v1 answers the record with its id'],
		[
			'POST',
			'/lists/1/list-entries',
			{ id: '5' },
			'an object without an id where v1 answers the record with its id',
		],
		['DELETE', '/fields/1', true, 'true where v1 answers {"success": true}'],
		['DELETE', '/fields/1', null, 'null where v1 answers {"success": true}'],
		['POST', '/entity-files', 7, 'a number where v1 answers {"success": true}'],
	])('%s %s answered %j', (method, path, body, problem) => {
		expect(v1WriteProblem(body, method, path)).toBe(problem);
	});
});

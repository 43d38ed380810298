/** Answers as the API sends them: UTF-8 JSON, read from the raw bytes, within bounds. */
import { errorCode } from './networkErrors';
import { redactText, type Secrets } from './redact';

/**
 * UTF-8 (what the API sends) decoded from the raw bytes of an answer: a page is a few hundred
 * kilobytes, and TextDecoder reads one in about half the time the HTTP client's own
 * Buffer-to-text conversion takes. A byte order mark is dropped, as the client would.
 */
const utf8 = new TextDecoder();

/**
 * Keys that would change an object's prototype when an output item is copied with
 * Object.assign or a spread into a plain object ($json in a Code node): JSON.parse makes
 * `__proto__` an own key, which no Affinity schema has. Dropped from every answer.
 */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAY_HOLD_UNSAFE = /__proto__|constructor|prototype|\\u/;

function dropUnsafeKeys(key: string, value: unknown): unknown {
	return UNSAFE_KEYS.has(key) ? undefined : value;
}

/** A JSON text parsed, without prototype-changing keys (only looked for when they may be there). */
export function safeJsonParse(text: string): unknown {
	return MAY_HOLD_UNSAFE.test(text) ? JSON.parse(text, dropUnsafeKeys) : JSON.parse(text);
}

/**
 * The body of an answer parsed: the key replaced wherever the server echoed it (in the text,
 * before parsing, so that no string, key or message built from the answer holds it).
 */
export function parseBody(
	raw: unknown,
	secrets?: Secrets,
): { ok: true; value: unknown } | { ok: false; text: string } {
	const decoded = raw instanceof Uint8Array ? utf8.decode(raw) : raw;
	if (decoded === undefined || decoded === null || decoded === '')
		return { ok: true, value: undefined };
	if (typeof decoded !== 'string') return { ok: true, value: decoded };
	const text = redactText(decoded, secrets);
	try {
		const value = safeJsonParse(text);
		// Escaped characters (\u0041) can spell the key where the text does not: look again.
		if (
			secrets &&
			text.includes('\\u') &&
			redactText(JSON.stringify(value), secrets) !== JSON.stringify(value)
		) {
			return {
				ok: true,
				value: JSON.parse(redactText(JSON.stringify(value), secrets), dropUnsafeKeys),
			};
		}
		return { ok: true, value };
	} catch {
		return { ok: false, text };
	}
}

/** Why reading an answer's body stopped short. */
export type BodyRead =
	| { ok: true; bytes: Uint8Array | string | undefined }
	| { ok: false; reason: 'too-large'; limit: number; declared?: number }
	| { ok: false; reason: 'deadline' }
	| { ok: false; reason: 'failed'; error: unknown };

interface Readable {
	on(event: string, listener: (...args: unknown[]) => void): unknown;
	destroy(error?: Error): unknown;
	[Symbol.asyncIterator](): AsyncIterator<unknown>;
}

export function isStream(body: unknown): body is Readable {
	return (
		!!body &&
		typeof body === 'object' &&
		typeof (body as Readable).destroy === 'function' &&
		typeof (body as Readable)[Symbol.asyncIterator] === 'function'
	);
}

/** Stops a stream that will not be read (its connection is closed, nothing more is read). */
export function discard(body: unknown): void {
	if (isStream(body)) {
		// An error the stream reports after being destroyed has no one to go to.
		body.on('error', () => undefined);
		body.destroy();
	}
}

/**
 * Reads an answer's body: refused unread when its declared length is over `limit`, stopped the
 * moment more than `limit` bytes arrived, and stopped when `deadline` aborts (a server sending
 * a byte a second is given up on, not only a silent one). A body that is not a stream (an HTTP
 * client that read it already) is checked against the limit as it is.
 */
export async function readBody(
	body: unknown,
	limit: number,
	deadline: AbortSignal,
	declaredLength?: number,
): Promise<BodyRead> {
	if (!isStream(body)) {
		const bytes =
			body instanceof ArrayBuffer
				? new Uint8Array(body)
				: (body as Uint8Array | string | undefined);
		const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : (bytes?.length ?? 0);
		if (size > limit) return { ok: false, reason: 'too-large', limit };
		return { ok: true, bytes };
	}
	if (declaredLength !== undefined && declaredLength > limit) {
		discard(body);
		return { ok: false, reason: 'too-large', limit, declared: declaredLength };
	}
	if (deadline.aborted) {
		discard(body);
		return { ok: false, reason: 'deadline' };
	}
	const chunks: Uint8Array[] = [];
	let size = 0;
	let over = false;
	const stop = () => {
		body.on('error', () => undefined);
		body.destroy();
	};
	// The deadline ends the read itself, not only the stream: a stream the HTTP client wraps
	// may never settle its pending read once destroyed (an answer that stopped mid-body).
	let onAbort = () => undefined as void;
	const aborted = new Promise<'deadline'>((resolve) => {
		onAbort = () => {
			stop();
			resolve('deadline');
		};
	});
	deadline.addEventListener('abort', onAbort, { once: true });
	const chunksOf = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array | string>;
	try {
		for (;;) {
			const next = await Promise.race([chunksOf.next(), aborted]);
			if (next === 'deadline' || next.done) break;
			const bytes = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
			size += bytes.length;
			if (size > limit) {
				over = true;
				break;
			}
			chunks.push(bytes);
		}
	} catch (error) {
		// The connection failed mid-body (a reset): told as a network error, with its code.
		if (!deadline.aborted) {
			chunks.length = 0;
			return { ok: false, reason: 'failed', error };
		}
	} finally {
		deadline.removeEventListener('abort', onAbort);
	}
	if (over) {
		stop();
		chunks.length = 0;
		return { ok: false, reason: 'too-large', limit };
	}
	if (deadline.aborted) {
		chunks.length = 0;
		return { ok: false, reason: 'deadline' };
	}
	return { ok: true, bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) };
}

/** An error that stands for the request's overall deadline having passed. */
export const deadlinePassed = () => Object.assign(new Error('deadline'), { code: 'EDEADLINE' });

/** An error that stands for a body whose reading failed (a reset), with its network code only. */
export const failedWith = (error: unknown) =>
	Object.assign(new Error('the answer broke off'), { code: errorCode(error) ?? 'ECONNRESET' });

/**
 * The client's answer, or a rejection when the deadline passes first: the client's own timeout
 * only counts silence. An answer that comes after is closed unread.
 */
export async function beforeDeadline<R extends { body?: unknown }>(
	pending: Promise<R>,
	deadline: AbortSignal,
): Promise<R> {
	return await new Promise<R>((resolve, reject) => {
		const onAbort = () => {
			reject(deadlinePassed());
			pending.then((late) => discard(late?.body)).catch(() => undefined);
		};
		if (deadline.aborted) return onAbort();
		deadline.addEventListener('abort', onAbort, { once: true });
		pending.then(
			(answer) => {
				deadline.removeEventListener('abort', onAbort);
				resolve(answer);
			},
			(error: unknown) => {
				deadline.removeEventListener('abort', onAbort);
				reject(error);
			},
		);
	});
}

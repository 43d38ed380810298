/** Answers as the API sends them: UTF-8 JSON, read from the raw bytes. */

/**
 * UTF-8 (what the API sends) decoded from the raw bytes of an answer: a page is a few hundred
 * kilobytes, and TextDecoder reads one in about half the time the HTTP client's own
 * Buffer-to-text conversion takes. A byte order mark is dropped, as the client would.
 */
const utf8 = new TextDecoder();

export function parseBody(raw: unknown): { ok: true; value: unknown } | { ok: false } {
	const text = raw instanceof Uint8Array ? utf8.decode(raw) : raw;
	if (text === undefined || text === null || text === '') return { ok: true, value: undefined };
	if (typeof text !== 'string') return { ok: true, value: text };
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch {
		return { ok: false };
	}
}

/**
 * The API key never reaches what the node shows or keeps, whatever the server sends back: a
 * server or a gateway that echoes the request's Authorization header (Bearer <key>, or v1's
 * Basic auth, base64 of "<user>:<key>") in its answer has the key replaced before the answer
 * becomes a message, an error's kept response or an item.
 */
import { ANSWER_LIMITS } from './limits';

export const REDACTED = '[redacted]';

/** How the key may appear in a text; built once per credential (see connection.ts). */
export interface Secrets {
	/** Literal forms: the key, URL-encoded, base64 (any alignment), each also JSON-escaped. */
	forms: string[];
	/** The key itself, to look for in decoded Basic / Bearer tokens. */
	key: string;
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/**
 * The key in base64 at each of the three alignments it can have inside a longer base64 text
 * ("<any user>:<key>"): the characters that depend on the key alone, without the group mixed
 * with what precedes it and the last group, which depends on what follows.
 */
function base64Cores(key: string): string[] {
	const bytes = Buffer.from(key, 'latin1');
	const cores: string[] = [];
	for (let offset = 0; offset < 3; offset++) {
		const padded = new Uint8Array(offset + bytes.length);
		padded.set(bytes, offset);
		const text = b64(padded).replace(/=+$/, '');
		const core = text.slice(offset ? 4 : 0, Math.max(0, Math.floor(text.length / 4) * 4 - 4));
		if (core.length >= 8) cores.push(core);
	}
	return cores;
}

/** Every literal form of the key worth looking for, longest first. */
export function secretsOf(key: string): Secrets {
	const base = new Set<string>([key, key.trim()]);
	const latin1 = Buffer.from(key, 'latin1');
	const withColon = new Uint8Array(latin1.length + 1);
	withColon[0] = 0x3a;
	withColon.set(latin1, 1);
	for (const k of [...base]) {
		base.add(encodeURIComponent(k));
		base.add(encodeURIComponent(k).replace(/%20/g, '+'));
	}
	base.add(b64(withColon));
	base.add(b64(latin1));
	for (const core of base64Cores(key)) base.add(core);
	const forms = new Set<string>();
	for (const form of base) {
		if (form.length < 4) continue;
		forms.add(form);
		const escaped = JSON.stringify(form).slice(1, -1);
		forms.add(escaped);
		forms.add(escaped.replace(/\//g, '\\/'));
	}
	return { forms: [...forms].sort((a, b) => b.length - a.length), key: key.trim() };
}

/** Authorization-style tokens: Basic <base64>, Bearer <token>, as echoed in any text. */
// A backslash is part of a token only as JSON's escaped slash (\/): replacing a token must never
// take the backslash of an escaped quote, which would break the JSON around it.
const TOKEN = /\b(Basic|Bearer)(\s|\\[nrt]|%20|\+)+((?:[A-Za-z0-9+/=_.~%:-]|\\\/){4,})/gi;

function decodedHasKey(token: string, key: string): boolean {
	if (token.includes(key)) return true;
	const plain = token.replace(/\\\//g, '/');
	try {
		const decoded = Buffer.from(plain.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
		return decoded.toString('latin1').includes(key);
	} catch {
		return false;
	}
}

/** The text with every form of the key replaced; the same string when it holds none. */
export function redactText(text: string, secrets: Secrets | undefined): string {
	if (!secrets || !text) return text;
	let result = text;
	// Whole tokens first ("Basic <base64 of user:key>" becomes "Basic [redacted]"), then the
	// key's forms wherever else they are.
	if (/basic|bearer/i.test(result)) {
		result = result.replace(TOKEN, (match: string, scheme: string, _gap, token: string) =>
			decodedHasKey(token, secrets.key) ? `${scheme} ${REDACTED}` : match,
		);
	}
	for (const form of secrets.forms) {
		if (result.includes(form)) result = result.split(form).join(REDACTED);
	}
	return result;
}

/** True when the text holds the key in a form redactText replaces. */
export function holdsSecret(text: string, secrets: Secrets | undefined): boolean {
	return !!secrets && redactText(text, secrets) !== text;
}

/** A copy of a JSON-like value with the key replaced in every string and key. */
export function redactValue<T>(value: T, secrets: Secrets | undefined, depth = 0): T {
	if (!secrets) return value;
	if (typeof value === 'string') return redactText(value, secrets) as T;
	if (!value || typeof value !== 'object' || depth > 50) return value;
	if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1)) as T;
	if (value instanceof Date || value instanceof Uint8Array) return value;
	const copy: Record<string, unknown> = {};
	for (const [k, v] of Object.entries(value)) {
		Object.defineProperty(copy, redactText(k, secrets), {
			value: redactValue(v, secrets, depth + 1),
			enumerable: true,
			writable: true,
			configurable: true,
		});
	}
	return copy as T;
}

/** A text cut to at most `max` characters, saying how much was left out. */
export function bounded(text: string, max: number): string {
	if (text.length <= max) return text;
	const rest = text.length - max;
	return `${text.slice(0, max)}… (${rest.toLocaleString('en-US')} more characters)`;
}

/**
 * An error the transport throws, made safe to show and keep: the key replaced in its message,
 * description, stack, messages, context and kept response, and the message and description
 * bounded. Changes the error in place and returns it.
 */
export function scrubError<E>(error: E, secrets: Secrets | undefined): E {
	if (!error || typeof error !== 'object') return error;
	const target = error as Record<string, unknown>;
	const text = (name: string, max?: number) => {
		const value = target[name];
		if (typeof value !== 'string') return;
		const clean = redactText(value, secrets);
		// Room for the "… (N more characters)" of a text bounded already.
		target[name] = max && clean.length > max + 40 ? bounded(clean, max) : clean;
	};
	text('message', ANSWER_LIMITS.messageMaxChars);
	text('description', ANSWER_LIMITS.descriptionMaxChars);
	text('stack');
	for (const name of ['messages', 'context', 'cause', 'errorResponse']) {
		if (target[name] && typeof target[name] === 'object' && !(target[name] instanceof Error))
			target[name] = redactValue(target[name], secrets);
		else if (typeof target[name] === 'string') text(name);
	}
	return error;
}

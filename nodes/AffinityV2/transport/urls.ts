/**
 * Where a request may go. Every request carries the API key, so its URL must be the configured
 * base URL's origin with a path under the base's path + /v2/, whatever a `pagination.nextUrl`
 * (or a picker's page token made from one) says. API v1 requests (what v2 lacks) go to the
 * same host with paths without a version prefix, limited to the v1 resources the pack calls.
 */

/** Which API a request is for: v2 (paths under /v2/) or v1 (the same host, no prefix). */
export type ApiGeneration = 'v1' | 'v2';

/** The v1 resources the pack calls (https://api-docs.affinity.co): nothing else is sent to v1. */
export const V1_RESOURCES = [
	'auth',
	'entity-files',
	'field-values',
	'fields',
	'interactions',
	'lists',
	'opportunities',
	'organizations',
	'persons',
	'reminders',
] as const;

/** Whitespace, control characters, backslashes and anything outside printable ASCII. */
const UNSAFE_CHARACTER = /[^\x21-\x7e]|\\/;
/** A `.` or `..` path segment, also percent-encoded, and encoded slashes or backslashes. */
const UNSAFE_PATH = /(^|\/)(\.|%2e){1,2}(\/|$)|%2f|%5c/i;

export type Refused = { refused: string };

/** Why a path (and query) must not be appended to the base URL; undefined when it is safe. */
export function unsafePathReason(path: string, api: ApiGeneration = 'v2'): string | undefined {
	if (UNSAFE_CHARACTER.test(path)) {
		return 'it holds whitespace, a control character, a backslash or a character outside ASCII';
	}
	if (api === 'v1') {
		const resource = /^\/([a-z-]+)(?:[/?]|$)/.exec(path)?.[1];
		if (!resource || !(V1_RESOURCES as readonly string[]).includes(resource))
			return `it is not a path of an API v1 resource the node calls (${V1_RESOURCES.join(', ')})`;
	} else if (!path.startsWith('/v2/')) return 'it is not a path starting with /v2/';
	if (path.includes('#')) return 'it holds a fragment (#)';
	const pathOnly = path.split('?')[0];
	if (UNSAFE_PATH.test(pathOnly)) return 'its path holds a dot segment or an encoded slash';
	if (pathOnly.includes('@')) return 'its path holds an @';
	return undefined;
}

/**
 * The full URL of a request: the base URL plus a path under /v2/ (or a v1 resource's path). Parsed, then checked to have
 * the base's origin and to stay under the base's path, so that no form of path can move the
 * request (and the key) to another host, port or scheme.
 */
export function requestUrl(
	baseUrl: string,
	path: string,
	api: ApiGeneration = 'v2',
): { url: string } | Refused {
	const reason = unsafePathReason(path, api);
	if (reason) return { refused: reason };
	let base: URL;
	let url: URL;
	try {
		base = new URL(baseUrl);
		url = new URL(baseUrl + path);
	} catch {
		return { refused: 'it does not make a valid URL with the Base URL' };
	}
	const basePath = base.pathname.replace(/\/+$/, '');
	if (url.origin !== base.origin || url.username || url.password) {
		return { refused: 'it would leave the Base URL' };
	}
	const prefix = api === 'v1' ? `${basePath}/` : `${basePath}/v2/`;
	if (!url.pathname.startsWith(prefix))
		return { refused: `it would leave the ${api === 'v1' ? '' : '/v2'}/ path of the Base URL` };
	return { url: baseUrl + path };
}

/**
 * The path and query of a `pagination.nextUrl`, to be sent to our base URL. The API gives an
 * absolute https URL on its own host (a proxy or emulator base URL gets the same path); a
 * path-only link is taken as is. Any other form (another scheme, `//host`, user info, a path
 * outside /v2/, characters a URL parser reads in more than one way) is refused.
 */
export function followUpPath(nextUrl: string): { path: string } | Refused {
	if (UNSAFE_CHARACTER.test(nextUrl)) {
		return {
			refused: 'it holds whitespace, a control character, a backslash or a character outside ASCII',
		};
	}
	let path: string;
	if (nextUrl.startsWith('/') && !nextUrl.startsWith('//')) {
		path = nextUrl;
	} else if (/^https?:\/\/[^/?#]/i.test(nextUrl)) {
		let url: URL;
		try {
			url = new URL(nextUrl);
		} catch {
			return { refused: 'it is not a valid URL' };
		}
		if (url.username || url.password || /^https?:\/\/[^/?#]*@/i.test(nextUrl))
			return { refused: 'it holds user info (@)' };
		// The path as written, not as the parser normalised it, so that dot segments are seen.
		const written = nextUrl.replace(/^https?:\/\/[^/?#]*/i, '');
		path = written === '' ? '/' : written;
	} else {
		return { refused: 'it is neither an https URL nor a path' };
	}
	const reason = unsafePathReason(path);
	return reason ? { refused: reason } : { path };
}

/** The same path with its `limit` query parameter set (each page asks for what is still needed). */
export function withLimit(path: string, limit: number): string {
	const [pathOnly, query = ''] = splitOnce(path, '?');
	const params = new URLSearchParams(query);
	params.set('limit', String(limit));
	return `${pathOnly}?${params.toString()}`;
}

/** A path with its query object, as one text (arrays as repeated parameters). */
export function withQuery(path: string, qs: Record<string, unknown> | undefined): string {
	const params = new URLSearchParams();
	for (const [name, value] of Object.entries(qs ?? {})) {
		for (const one of Array.isArray(value) ? value : [value]) {
			if (one !== undefined && one !== null) params.append(name, String(one));
		}
	}
	const query = params.toString();
	return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

/** A path and query without `limit`: the identity of a page, whatever size was asked. */
export function pageIdentity(path: string): string {
	const [pathOnly, query = ''] = splitOnce(path, '?');
	const params = new URLSearchParams(query);
	params.delete('limit');
	params.sort();
	return `${pathOnly}?${params.toString()}`;
}

function splitOnce(text: string, separator: string): [string, string?] {
	const at = text.indexOf(separator);
	return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}

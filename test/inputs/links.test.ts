/**
 * Every form of `pagination.nextUrl` (or a picker's page token) we could think of, against the
 * pure functions that turn it into the next request's URL: what is followed stays at the Base
 * URL's origin under its /v2/ path; everything else is refused.
 */
import { followUpPath, requestUrl } from '../../nodes/AffinityV2/transport/urls';

const EVIL = 'evil.example:81';

/** [nextUrl, the path followed (null: refused)] */
const forms: Array<[string, string | null]> = [
	// What the API sends, and what a proxy or emulator base gets from it.
	[
		'https://api.affinity.co/v2/companies?cursor=abc&limit=100',
		'/v2/companies?cursor=abc&limit=100',
	],
	['HTTPS://API.AFFINITY.CO/v2/companies?cursor=abc', '/v2/companies?cursor=abc'],
	['/v2/companies?cursor=abc', '/v2/companies?cursor=abc'],
	[
		'https://api.affinity.co/v2/companies?cursor=a%2Fb%2F..%2F',
		'/v2/companies?cursor=a%2Fb%2F..%2F',
	],
	[
		'https://api.affinity.co/v2/companies?next=http://evil.example/',
		'/v2/companies?next=http://evil.example/',
	],
	[
		'https://api.affinity.co/v2/lists/3/list-entries?cursor=x@y',
		'/v2/lists/3/list-entries?cursor=x@y',
	],
	// An absolute link to another host is re-rooted on the Base URL: the key never goes there.
	[`http://${EVIL}/v2/companies?cursor=b`, '/v2/companies?cursor=b'],
	[`https://[::1]:81/v2/companies?cursor=c`, '/v2/companies?cursor=c'],
	// Unusual schemes: their URL has no leading slash in its path.
	['mailto:someone@evil.example', null],
	['data:text/plain,hello', null],
	[`foo:bar@${EVIL}`, null],
	[`ftp://${EVIL}/v2/companies`, null],
	[`javascript:alert(1)`, null],
	[`file:///etc/passwd`, null],
	[`http:${EVIL}/v2/companies`, null],
	[`http:/${EVIL}/v2/companies`, null],
	[`http:evil.example/..`, null],
	[`https:\\\\${EVIL}/v2/companies`, null],
	// Host-relative and authority tricks.
	[`//${EVIL}/v2/companies`, null],
	[`///${EVIL}/v2/companies`, null],
	[`\\\\${EVIL}/v2/companies`, null],
	[`/\\${EVIL}/v2/companies`, null],
	[`\\/${EVIL}/v2/companies`, null],
	[`:81/v2/companies`, null],
	[`.evil.example/v2/companies`, null],
	[`@${EVIL}/v2/companies`, null],
	[`evil.example/v2/companies`, null],
	[`?cursor=abc`, null],
	[`#/v2/companies`, null],
	[`https://user:pw@api.affinity.co/v2/companies`, null],
	[`https://api.affinity.co@${EVIL}/v2/companies`, null],
	[`https://${EVIL}@api.affinity.co/v2/companies`, null],
	[`https://api.affinity.co:443@${EVIL}/v2/companies`, null],
	[`https://api.affinity.co%2F@${EVIL}/v2/companies`, null],
	// Paths outside /v2/, dot segments (plain and encoded), encoded slashes.
	['/v1/companies', null],
	['/v2', null],
	['/companies', null],
	['https://api.affinity.co/', null],
	['https://api.affinity.co', null],
	['/v2/../admin', null],
	['/v2/companies/../../x', null],
	['/v2/./companies', null],
	['/v2/%2e%2e/%2e%2e/x', null],
	['/v2/%2E%2E/x', null],
	['/v2/.%2e/x', null],
	['/v2/companies%2f..%2f..%2fx', null],
	['/v2/companies%5c..%5cx', null],
	['https://api.affinity.co/v2/../../x', null],
	['/v2/companies@evil.example', null],
	['/v2/companies#@evil.example', null],
	// Whitespace, control characters, backslashes, characters outside ASCII.
	[' /v2/companies', null],
	['/v2/companies ', null],
	['/v2/companies?cursor=a b', null],
	['/v2/companies\n', null],
	['/v2/companies\r\nHost: evil.example', null],
	['/v2/companies\t', null],
	['/v2/companies\u0000', null],
	['/v2/companies\u007f', null],
	['/v2/companies\\..\\x', null],
	['/v2/ｃompanies', null],
	['https://api。affinity。co/v2/companies', null],
	[`https://evil．example/v2/companies`, null],
	['/v2/companies\u2028', null],
	['', null],
];

const bases = [
	'https://api.affinity.co',
	'http://127.0.0.1:4010',
	'https://proxy.example.com/affinity',
];

describe('followUpPath', () => {
	it.each(forms)('%j → %j', (nextUrl, expected) => {
		const result = followUpPath(nextUrl);
		if (expected === null) expect(result).toEqual({ refused: expect.any(String) });
		else expect(result).toEqual({ path: expected });
	});
});

describe('requestUrl: whatever is followed stays at the Base URL origin, under its /v2/', () => {
	it.each(bases.flatMap((base) => forms.map(([nextUrl]) => [base, nextUrl] as const)))(
		'%s + %j',
		(base, nextUrl) => {
			const followed = followUpPath(nextUrl);
			const candidates = 'path' in followed ? [followed.path] : [];
			// Also as a picker token sent back as it came (no parsing on the way).
			candidates.push(nextUrl);
			const origin = new URL(base).origin;
			const prefix = `${new URL(base).pathname.replace(/\/+$/, '')}/v2/`;
			for (const path of candidates) {
				const result = requestUrl(base, path);
				if ('url' in result) {
					const url = new URL(result.url);
					expect(url.origin).toBe(origin);
					expect(url.username + url.password).toBe('');
					expect(url.pathname.startsWith(prefix)).toBe(true);
					expect(result.url).toBe(base + path);
				}
			}
		},
	);

	it.each([
		['https://api.affinity.co', '/v2/companies/1', 'https://api.affinity.co/v2/companies/1'],
		[
			'https://proxy.example.com/affinity',
			'/v2/lists?term=a',
			'https://proxy.example.com/affinity/v2/lists?term=a',
		],
	])('%s + %s is %s', (base, path, url) => {
		expect(requestUrl(base, path)).toEqual({ url });
	});

	it.each([
		':81/v2/x',
		'@evil.example/v2/x',
		'.evil.example/v2/x',
		'v2/x',
		'//evil.example/v2/x',
		'/v2/../x',
		'/v2/x\n',
	])('refuses %j appended to the Base URL', (path) => {
		expect(requestUrl('https://api.affinity.co', path)).toEqual({ refused: expect.any(String) });
	});
});

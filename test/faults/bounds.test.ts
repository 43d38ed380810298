/**
 * The transport's bounds, at unit level where reaching them over HTTP would take thousands of
 * requests or hours of waiting: page loops and caps, rate-limit headers believed only within
 * bounds, waits capped at about a minute, the monthly quota recorded and failed on at once,
 * and a write's unknown outcome carried as data on the error.
 */
import { NodeApiError } from 'n8n-workflow';

import {
	affinityPaginate,
	affinityRequest,
	forgetRateLimits,
	MAX_PAGES,
	orgQuota,
	RETRY_POLICY,
	writeMayHaveApplied,
} from '../../nodes/AffinityV2/transport';
import { httpError, transportError } from '../../nodes/AffinityV2/transport/errors';
import {
	nextBudget,
	paceDelay,
	readOrgQuota,
	readRateLimitHeaders,
	recordRateLimit,
} from '../../nodes/AffinityV2/transport/rateLimit';
import { rateLimitWaitMs, retryAfterSeconds } from '../../nodes/AffinityV2/transport/rateLimit';
import { fakeContext, node } from './fakeContext';
import { recordSleeps } from './sleeps';

// Waits recorded by recordSleeps end with each test.
afterEach(() => jest.restoreAllMocks());

beforeEach(() => forgetRateLimits());

const record = (id: number) => ({ id, name: `Company ${id}` });
/** The stand-in's own end, well beyond every bound tested, so that a reader without bounds still ends. */
const SAFETY = 10_050;
const link = (n: number, url: string) => (n > SAFETY ? null : url);
const hundred = (from: number) => Array.from({ length: 100 }, (_, i) => record(from + i));

describe('pages that never end', () => {
	it(`a different cursor on every page, no totalCount: stopped at ${MAX_PAGES} pages with a clear error`, async () => {
		let n = 0;
		const { ctx, sent } = fakeContext(() => ({
			body: {
				data: [record(++n)],
				pagination: { nextUrl: link(n, `https://api.affinity.co/v2/companies?cursor=c${n}`) },
			},
		}));
		await expect(
			affinityPaginate.call(ctx, { method: 'GET', path: '/v2/companies' }),
		).rejects.toThrow(/Affinity kept sending pages: 10000 records in 10000 pages/);
		expect(sent).toHaveLength(MAX_PAGES);
	});

	it('new cursors far beyond totalCount: stopped soon after the records the list can have', async () => {
		let n = 0;
		const { ctx, sent } = fakeContext(() => {
			n += 100;
			return {
				body: {
					data: hundred(n),
					pagination: { totalCount: 150, nextUrl: link(n / 100, `/v2/companies?cursor=c${n}`) },
				},
			};
		});
		await expect(
			affinityPaginate.call(ctx, { method: 'GET', path: '/v2/companies' }),
		).rejects.toThrow(/for a list of 150 records/);
		expect(sent.length).toBeLessThanOrEqual(4);
	});

	it.each([1, 2, 3, 7])(
		'a cycle of %i cursors: stopped when a link comes again',
		async (length) => {
			let n = 0;
			const { ctx, sent } = fakeContext(() => {
				n++;
				return {
					body: {
						data: [record(n)],
						pagination: {
							nextUrl: link(n, `https://api.affinity.co/v2/companies?cursor=c${n % length}`),
						},
					},
				};
			});
			const error = await affinityPaginate
				.call(ctx, { method: 'GET', path: '/v2/companies' })
				.catch((e: NodeApiError) => e);
			expect(error).toBeInstanceOf(NodeApiError);
			expect((error as NodeApiError).message).toMatch(
				/^Affinity sent a next-page link it had sent before \(after page \d+\): the pages loop \(GET \/v2\/companies\)$/,
			);
			expect(sent.length).toBeLessThanOrEqual(length + 1);
		},
	);

	it('a link back to the first page (same query, other limit) is a loop too', async () => {
		const { ctx, sent } = fakeContext(() => ({
			body: {
				data: [record(1)],
				pagination: { nextUrl: link(sent.length, '/v2/companies?limit=5&term=a') },
			},
		}));
		await expect(
			affinityPaginate.call(ctx, { method: 'GET', path: '/v2/companies', qs: { term: 'a' } }),
		).rejects.toThrow(/sent before/);
		expect(sent).toHaveLength(1);
	});

	it('an honest read of 1,000 records in 10 pages is not stopped', async () => {
		let n = 0;
		const { ctx } = fakeContext(() => {
			n += 100;
			return {
				body: {
					data: hundred(n),
					pagination: { totalCount: 1000, nextUrl: n < 1000 ? `/v2/companies?cursor=c${n}` : null },
				},
			};
		});
		const result = await affinityPaginate.call(ctx, { method: 'GET', path: '/v2/companies' });
		expect(result.items).toHaveLength(1000);
		expect(result.pages).toBe(10);
	});
});

describe('junk in a page is refused, never turned into items', () => {
	it.each([
		[null, 'null'],
		['oops', 'a string'],
		[0, 'a number'],
		[[1, 2], 'an array'],
		[true, 'a boolean'],
		[{}, 'an object without an id'],
		[{ id: null }, 'an object without an id'],
		[{ id: '' }, 'an object without an id'],
		[{ name: 'no id' }, 'an object without an id'],
	])('%j at index 2', async (junk, what) => {
		const { ctx } = fakeContext(() => ({
			body: { data: [record(1), record(2), junk, record(3)], pagination: { nextUrl: null } },
		}));
		await expect(
			affinityPaginate.call(ctx, { method: 'GET', path: '/v2/companies' }),
		).rejects.toThrow(
			`Affinity answered with an unexpected shape: item 2 of "data" is ${what}, not a record (GET /v2/companies)`,
		);
	});

	it('records the API gives no id (transcript fragments) need only be objects; junk among them is still refused', async () => {
		const fragment = {
			content: 'Hello',
			speaker: 'Ada',
			startTimestamp: '00:00:01',
			endTimestamp: '00:00:02',
		};
		const fine = fakeContext(() => ({
			body: { data: [fragment, fragment], pagination: { nextUrl: null } },
		}));
		expect(
			(
				await affinityPaginate.call(fine.ctx, {
					method: 'GET',
					path: '/v2/transcripts/7/fragments',
				})
			).items,
		).toEqual([fragment, fragment]);
		const junk = fakeContext(() => ({
			body: { data: [fragment, null], pagination: { nextUrl: null } },
		}));
		await expect(
			affinityPaginate.call(junk.ctx, { method: 'GET', path: '/v2/transcripts/7/fragments' }),
		).rejects.toThrow('item 1 of "data" is null, not a record');
	});

	it('field ids are text: a page of fields with "field-1" ids is fine', async () => {
		const { ctx } = fakeContext(() => ({
			body: {
				data: [
					{ id: 'field-1', name: 'Stage' },
					{ id: 'affinity-data-description', name: 'Description' },
				],
				pagination: { nextUrl: null },
			},
		}));
		expect(
			(await affinityPaginate.call(ctx, { method: 'GET', path: '/v2/lists/1/fields' })).items,
		).toHaveLength(2);
	});
});

describe('single-record reads: one JSON object or the same "unexpected shape" error', () => {
	it.each([
		['', 'an empty body'],
		['null', 'null'],
		['[]', 'an array'],
		['[{"id":1}]', 'an array'],
		['"hello"', 'a string'],
		['42', 'a number'],
		['true', 'a boolean'],
	])('%j', async (raw, what) => {
		const { ctx, sent } = fakeContext(() => ({ body: raw }));
		await expect(
			affinityRequest.call(ctx, { method: 'GET', path: '/v2/companies/1' }),
		).rejects.toThrow(
			`Affinity answered with an unexpected shape: ${what} where one record is due (GET /v2/companies/1)`,
		);
		expect(sent).toHaveLength(1);
	});

	it('a write that answers with no body is fine (204s, writes default to any shape)', async () => {
		const { ctx } = fakeContext(() => ({ statusCode: 204 }));
		await expect(
			affinityRequest.call(ctx, { method: 'POST', path: '/v2/companies/1/fields/f', body: {} }),
		).resolves.toMatchObject({ statusCode: 204 });
	});
});

describe('rate-limit headers, believed within bounds', () => {
	const now = 1_000_000;
	const headers = (
		user: [number | string, number | string, number | string],
		extra: Record<string, string> = {},
	) => ({
		'x-ratelimit-limit-user': String(user[0]),
		'x-ratelimit-limit-user-remaining': String(user[1]),
		'x-ratelimit-limit-user-reset': String(user[2]),
		...extra,
	});

	it.each([
		['a reset of a day and more', headers([900, 0, 86401])],
		['a negative reset', headers([900, 0, -30])],
		['a reset that is not a number', headers([900, 0, 'soon'])],
		['an infinite reset', headers([900, 0, 'Infinity'])],
		['a negative remaining', headers([900, -1, 30])],
	])('%s is unknown: no pacing wait', (_name, h) => {
		const budget = nextBudget(undefined, readRateLimitHeaders(h), now);
		expect(paceDelay(budget, now)).toBe(0);
	});

	it('the pacing wait is capped at 65 s, whatever the window says', () => {
		expect(paceDelay({ limit: 900, remaining: 0, resetAt: now + 3_600_000 }, now)).toBe(65000);
		const budget = nextBudget(undefined, readRateLimitHeaders(headers([900, 0, 86400])), now);
		expect(paceDelay(budget, now)).toBe(65000);
	});

	it.each([
		['reset in an hour', headers([900, 0, 3600]), 65000],
		['reset in a day', headers([900, 0, 86400]), 65000],
		['reset in 10 s', headers([900, 0, 10]), 10060],
		['reset absurd, Retry-After 5', headers([900, 0, 99999999], { 'retry-after': '5' }), 5060],
		['Retry-After a day', { 'retry-after': '86400' }, 65000],
		[
			'Retry-After a date 10 years out',
			{ 'retry-after': new Date(now + 10 * 365 * 86_400_000).toUTCString() },
			undefined,
		],
		['Retry-After negative', { 'retry-after': '-4' }, undefined],
		['nothing usable', { 'retry-after': 'later' }, undefined],
	])('a 429 with %s: the wait is bounded (undefined: the backoff)', (_name, h, wait) => {
		const { waitMs, monthly } = rateLimitWaitMs(h, now);
		expect({ waitMs, monthly }).toEqual({ waitMs: wait, monthly: false });
	});

	it('Retry-After as an HTTP date in a minute', () => {
		expect(retryAfterSeconds(new Date(now + 60_000).toUTCString(), now)).toBe(60);
	});

	it('a 429 with the monthly quota used up is monthly: no wait at all', () => {
		expect(
			rateLimitWaitMs(
				headers([900, 0, 40], {
					'x-ratelimit-limit-org': '100000',
					'x-ratelimit-limit-org-remaining': '0',
					'x-ratelimit-limit-org-reset': '864000',
				}),
				now,
			),
		).toEqual({ monthly: true });
	});
});

describe('waits after a 429: one wait per reset, at most RETRY_POLICY.rateLimitRetries retries', () => {
	/** Every wait the transport asks n8n's sleep for, answered at once. */
	let waits: number[];
	beforeEach(() => {
		waits = recordSleeps();
	});

	const exhausted = (reset: number) => ({
		statusCode: 429,
		body: { errors: [{ code: 'rate-limit', message: 'Too many requests' }] },
		headers: {
			'x-ratelimit-limit-user': '900',
			'x-ratelimit-limit-user-remaining': '0',
			'x-ratelimit-limit-user-reset': String(reset),
		},
	});

	it('a 429 whose window resets in 30 s: one wait of about 30 s, then the request again', async () => {
		let first = true;
		const { ctx, sent } = fakeContext(() => {
			if (!first) return { body: { id: 1 } };
			first = false;
			return exhausted(30);
		});
		await affinityRequest.call(ctx, { method: 'GET', path: '/v2/companies/1' });
		expect(sent).toHaveLength(2);
		expect(waits).toEqual([30060]);
	});

	it('a 429 that persists: the retries RETRY_POLICY allows, one wait each, and the reset time in the error', async () => {
		const { ctx, sent } = fakeContext(() => exhausted(30));
		const started = Date.now();
		const error = (await affinityRequest
			.call(ctx, { method: 'POST', path: '/v2/notes', body: {} })
			.catch((e: NodeApiError) => e)) as NodeApiError;
		expect(sent).toHaveLength(1 + RETRY_POLICY.rateLimitRetries);
		expect(waits).toEqual(Array(RETRY_POLICY.rateLimitRetries).fill(30060));
		expect(error.httpCode).toBe('429');
		expect(error.description).toMatch(
			new RegExp(
				`^The Affinity rate limit stayed exhausted after ${RETRY_POLICY.rateLimitRetries} retries; Affinity said it resets at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\. Affinity did not process the request\\. Run again after that time`,
			),
		);
		const resetAt = Date.parse(String(error.context.rateLimitResetAt));
		expect(Math.abs(resetAt - (started + 30_000))).toBeLessThan(5000);
		expect(error.context.writeMayHaveApplied).toBe(false);
	});

	it.each([
		['a day', 86400],
		['an hour', 3600],
	])(
		'a 429 whose window resets in %s: not retried, no wait, the error says when to run again',
		async (_name, reset) => {
			const { ctx, sent } = fakeContext(() => exhausted(reset));
			const started = Date.now();
			const error = (await affinityRequest
				.call(ctx, { method: 'GET', path: '/v2/companies/1' })
				.catch((e: NodeApiError) => e)) as NodeApiError;
			expect(sent).toHaveLength(1);
			expect(waits).toEqual([]);
			const when = new Date(started + reset * 1000).toISOString().slice(0, 16).replace('T', ' ');
			expect(error.description).toContain(`The Affinity rate limit is exhausted until ${when}`);
			expect(error.description).toContain(
				`longer than the node waits (${RETRY_POLICY.rateLimitMaxWaitMs / 1000} s at most), so it was not retried`,
			);
		},
	);

	it('pacing after a 429 does not wait for the reset the retry already waited for', async () => {
		// A window of 60 s said used up by the 429 (its reset read as an upper bound); the retry waits
		// 60 s, and the pacing before the retry must not add its own wait for that same window.
		let n = 0;
		const { ctx, sent } = fakeContext(() => (++n === 1 ? exhausted(60) : { body: { id: 1 } }));
		await affinityRequest.call(ctx, { method: 'GET', path: '/v2/companies/1' });
		expect(sent).toHaveLength(2);
		expect(waits).toHaveLength(1);
	});
});

describe('the monthly quota', () => {
	const org = (remaining: number, reset: number | string = 864000) => ({
		'x-ratelimit-limit-org': '100000',
		'x-ratelimit-limit-org-remaining': String(remaining),
		'x-ratelimit-limit-org-reset': String(reset),
	});

	it('is recorded per key: calls left, limit, reset', () => {
		recordRateLimit('key-a', readRateLimitHeaders(org(4321)), 1_000_000);
		expect(readOrgQuota('key-a')).toEqual({
			limit: 100000,
			remaining: 4321,
			resetAt: new Date(1_000_000 + 864_000_000),
			seenAt: new Date(1_000_000),
		});
		expect(readOrgQuota('key-b')).toBeUndefined();
	});

	it('an absurd reset (beyond a year) is not believed', () => {
		recordRateLimit('key-a', readRateLimitHeaders(org(5, 10 ** 12)), 1_000_000);
		expect(readOrgQuota('key-a')?.resetAt).toBeUndefined();
	});

	it('orgQuota reads it for a credential, after a request', async () => {
		const { ctx } = fakeContext(() => ({ body: { id: 1 }, headers: org(777) }));
		expect(await orgQuota.call(ctx)).toBeUndefined();
		await affinityRequest.call(ctx, { method: 'GET', path: '/v2/companies/1' });
		expect(await orgQuota.call(ctx)).toMatchObject({
			limit: 100000,
			remaining: 777,
			resetAt: expect.any(Date),
		});
	});

	it('used up: a 429 fails at once, naming the reset date, with no retry', async () => {
		const waits = recordSleeps();
		const before = Date.now();
		const { ctx, sent } = fakeContext(() => ({
			statusCode: 429,
			body: { errors: [{ code: 'rate-limit', message: 'Too many' }] },
			headers: {
				...org(0, 864000),
				'x-ratelimit-limit-user-remaining': '0',
				'x-ratelimit-limit-user-reset': '86400',
			},
		}));
		const error = (await affinityRequest
			.call(ctx, { method: 'GET', path: '/v2/companies/1' })
			.catch((e: NodeApiError) => e)) as NodeApiError;
		expect(waits).toEqual([]);
		expect(sent).toHaveLength(1);
		const day = new Date(before + 864_000_000).toISOString().slice(0, 10);
		expect(error.message).toBe(
			'The monthly Affinity API quota of 100000 calls of this account is used up (GET /v2/companies/1)',
		);
		expect(error.description).toContain(`It resets on ${day}`);
	});
});

describe('writeMayHaveApplied: the outcome as data, not prose', () => {
	const ctx = { method: 'POST', path: '/v2/company-merges' };
	it('is true only for errors the transport marked', () => {
		expect(
			writeMayHaveApplied(httpError(node, 500, undefined, { ...ctx, writeMayHaveApplied: true })),
		).toBe(true);
		expect(
			writeMayHaveApplied(
				transportError(node, 'The connection to Affinity was reset', {
					...ctx,
					writeMayHaveApplied: true,
				}),
			),
		).toBe(true);
		expect(writeMayHaveApplied(httpError(node, 400, undefined, ctx))).toBe(false);
		expect(
			writeMayHaveApplied(
				transportError(node, 'The connection to Affinity was refused', {
					...ctx,
					writeMayHaveApplied: false,
				}),
			),
		).toBe(false);
	});

	it('is not read from the text', () => {
		const prose = new NodeApiError(
			node,
			{},
			{
				message: 'x',
				description: 'The write may or may not have been applied: it was not sent again',
			},
		);
		expect(writeMayHaveApplied(prose)).toBe(false);
		expect(writeMayHaveApplied(new Error('may or may not have been applied'))).toBe(false);
		expect(writeMayHaveApplied(undefined)).toBe(false);
	});

	it('comes from affinityRequest for a write that met a 500', async () => {
		const { ctx: context } = fakeContext(() => ({ statusCode: 500, body: {} }));
		const error = await affinityRequest
			.call(context, { method: 'POST', path: '/v2/company-merges', body: {} })
			.catch((e: unknown) => e);
		expect(writeMayHaveApplied(error)).toBe(true);
	});
});

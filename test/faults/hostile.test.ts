/**
 * The action node, its pickers and the trigger inside the real n8n engine, against a stand-in
 * for Affinity that answers badly on purpose (test/faults/hostile.ts, in front of the emulator):
 * next-page links that point elsewhere (a second listener on another port proves that nothing
 * reached it), pages that repeat themselves, junk among a page's records, malformed single
 * records, absurd rate-limit headers and a used-up monthly quota.
 */
import { LeakWatch } from '../inputs/secrets';

import type { IDataObject } from 'n8n-workflow';

import { orgQuota } from '../../nodes/AffinityV2/transport';
import { RETRY_POLICY } from '../../nodes/AffinityV2/transport/retryPolicy';
import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import { runAffinityNode, type NodeRun } from '../../testkit/engine';
import { loadOptionsHarness } from '../harness/loadOptions';
import { ENTRY, TARGET_ACCOUNTS, byId } from '../inputs/operations';
import { triggerHarness } from '../trigger/helpers';
import { fakeContext } from './fakeContext';
import { HostileServer, page, pathOf, upstreamJson, type Answer, type Seen } from './hostile';
import { recordSleeps } from './sleeps';

const fixture = new EmulatorFixture();
const leaks = new LeakWatch();
let hostile: HostileServer;
/** Another listener, on another port: whatever it gets, the key got there too. */
let elsewhere: HostileServer;

beforeAll(async () => {
	leaks.install();
	await fixture.start();
	hostile = await new HostileServer(fixture.baseUrl).start();
	elsewhere = await new HostileServer().start();
});
afterAll(async () => {
	await hostile.stop();
	await elsewhere.stop();
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
	hostile.reset();
	elsewhere.reset();
});
afterEach(async () => {
	jest.restoreAllMocks();
	leaks.check(await fixture.requests());
	// Nothing ever reaches the other listener, in any test.
	expect(elsewhere.seen).toEqual([]);
});

const credentials = () => ({
	apiKey: ADMIN_KEY,
	baseUrl: hostile.baseUrl,
	apiVersion: '',
	ipAllowlistNote: '',
});
const run = async (parameters: IDataObject): Promise<NodeRun> =>
	leaks.watch('the run', await runAffinityNode({ credentials: credentials(), parameters }));
const failure = (result: NodeRun) =>
	`${result.error?.message ?? ''} | ${result.error?.description ?? ''}`;
const hasQuery = (seen: Seen, name: string) =>
	new URLSearchParams(seen.url.split('?')[1] ?? '').has(name);

const companiesAll = { resource: 'company', operation: 'getAll', returnAll: true };
const entriesAll = {
	resource: 'listEntry',
	operation: 'getAll',
	listId: byId(TARGET_ACCOUNTS),
	returnAll: true,
};

describe('next-page links that would take the key elsewhere', () => {
	const evil = () => `127.0.0.1:${elsewhere.port}`;
	/** [name, nextUrl, followed (re-rooted on the Base URL) or refused] */
	const links: Array<[string, () => string, 'followed' | 'refused']> = [
		['an unusual scheme with user info (foo:bar@host:port)', () => `foo:bar@${evil()}`, 'refused'],
		['mailto:', () => `mailto:x@${evil()}`, 'refused'],
		['data:', () => 'data:text/plain,hello', 'refused'],
		['scheme-relative //host', () => `//${evil()}/v2/companies?cursor=x`, 'refused'],
		['backslashes \\\\host', () => `\\\\${evil()}/v2/companies`, 'refused'],
		['http: without slashes', () => `http:${evil()}/v2/companies`, 'refused'],
		['a port after the Base URL (:port/…)', () => `:${elsewhere.port}/v2/companies`, 'refused'],
		['user info after the Base URL (@host/…)', () => `@${evil()}/v2/companies`, 'refused'],
		['user info in an absolute URL', () => `http://user:pw@${evil()}/v2/companies`, 'refused'],
		['the Base URL as user info', () => `${hostile.baseUrl}@${evil()}/v2/companies`, 'refused'],
		['dot segments', () => '/v2/../../companies', 'refused'],
		['encoded dot segments', () => '/v2/%2e%2e/%2e%2e/companies', 'refused'],
		[
			'a line break (header injection)',
			() => `/v2/companies?cursor=a\r\nHost: ${evil()}`,
			'refused',
		],
		['a space', () => '/v2/companies?cursor=a b', 'refused'],
		['a path outside /v2/', () => '/_emulator/state', 'refused'],
		['an absolute URL to another port', () => `http://${evil()}/v2/companies?cursor=x`, 'followed'],
		[
			'an absolute URL to another scheme and host',
			() => `HTTPS://${evil()}/v2/companies?cursor=x`,
			'followed',
		],
	];

	it.each(links)('%s', async (_name, link, outcome) => {
		hostile.answer(async (seen, upstream) => {
			if (pathOf(seen) !== '/v2/companies') return undefined;
			if (hasQuery(seen, 'cursor')) return { body: page([{ id: 1, name: 'Last' }], null) };
			const { json } = await upstreamJson<{ data: unknown[] }>(upstream);
			return { body: page(json.data, link()) };
		});
		const result = await run(companiesAll);
		if (outcome === 'refused') {
			expect(failure(result)).toMatch(
				/^Refused to follow the next-page link of page 1: .* \(GET \/v2\/companies\) \| Nothing was sent for it/,
			);
			expect(hostile.seen.map((s) => pathOf(s))).toEqual(['/v2/companies']);
		} else {
			expect(result.error).toBeUndefined();
			expect(hostile.seen.map((s) => s.url)).toEqual([
				'/v2/companies?limit=100',
				'/v2/companies?cursor=x&limit=100',
			]);
		}
	});

	it('a picker page token made from such a link is refused before any request', async () => {
		hostile.answer(async (seen, upstream) => {
			if (pathOf(seen) !== '/v2/lists') return undefined;
			const { json } = await upstreamJson<{ data: unknown[] }>(upstream);
			return { body: page(json.data, `foo:bar@${evil()}/v2/lists`) };
		});
		const pickers = loadOptionsHarness({ resource: 'list', operation: 'getAll' }, credentials());
		const first = await pickers.listSearch('searchLists');
		hostile.seen.length = 0;
		const error = leaks.watch(
			'the picker error',
			await pickers
				.listSearch('searchLists', undefined, first.paginationToken)
				.catch((e: Error) => e),
		);
		expect(String((error as Error).message)).toMatch(
			/^Refused to follow a link that is not a path under the Base URL/,
		);
		expect(hostile.seen).toEqual([]);
	});
});

describe('pages that repeat themselves', () => {
	/** Caps the stand-in's own loop, so that a reader that never stops still ends the test. */
	const SAFETY = 300;

	it.each([1, 2, 3])('a cycle of %i cursors: Get Many stops with a clear error', async (length) => {
		let n = 0;
		hostile.answer((seen) => {
			if (pathOf(seen) !== '/v2/companies') return undefined;
			n++;
			return {
				body: page(
					[{ id: n, name: `Company ${n}` }],
					n > SAFETY ? null : `${hostile.baseUrl}/v2/companies?cursor=c${n % length}`,
				),
			};
		});
		const result = await run(companiesAll);
		expect(failure(result)).toMatch(
			/^Affinity sent a next-page link it had sent before \(after page \d+\): the pages loop \(GET \/v2\/companies\)/,
		);
		expect(hostile.seen.length).toBeLessThanOrEqual(length + 1);
	});

	it('the same list-entries page over and over: Get Many stops', async () => {
		let first: unknown[] | undefined;
		hostile.answer(async (seen, upstream) => {
			if (!pathOf(seen).endsWith('/list-entries')) return undefined;
			first ??= (await upstreamJson<{ data: unknown[] }>(upstream)).json.data;
			const json = { data: first };
			const again =
				hostile.seen.length > SAFETY
					? null
					: `${hostile.baseUrl}/v2/lists/${TARGET_ACCOUNTS}/list-entries?cursor=same`;
			return { body: page(json.data, again) };
		});
		const result = await run(entriesAll);
		expect(failure(result)).toMatch(/next-page link it had sent before/);
		expect(hostile.seen.length).toBeLessThanOrEqual(3);
	});

	it('pages far beyond totalCount: Get Many stops', async () => {
		let n = 0;
		hostile.answer((seen) => {
			if (pathOf(seen) !== '/v2/companies') return undefined;
			const data = Array.from({ length: 100 }, () => ({ id: ++n, name: `Company ${n}` }));
			return { body: page(data, n > 100 * SAFETY ? null : `/v2/companies?cursor=c${n}`, 150) };
		});
		const result = await run(companiesAll);
		expect(failure(result)).toMatch(
			/^Affinity kept sending pages: \d+ records in \d+ pages, for a list of 150 records/,
		);
		expect(hostile.seen.length).toBeLessThanOrEqual(4);
	});

	it('the list-entry picker, searching page by page: stops at the first repeated link', async () => {
		let first: unknown[] | undefined;
		hostile.answer(async (seen, upstream) => {
			if (!pathOf(seen).endsWith('/list-entries')) return undefined;
			first ??= (await upstreamJson<{ data: unknown[] }>(upstream)).json.data;
			return {
				body: page(
					first,
					`${hostile.baseUrl}/v2/lists/${TARGET_ACCOUNTS}/list-entries?cursor=a${hostile.seen.length % 2}`,
				),
			};
		});
		const pickers = loadOptionsHarness(
			{ resource: 'listEntry', operation: 'get', listId: byId(TARGET_ACCOUNTS) },
			credentials(),
		);
		const error = leaks.watch(
			'the picker error',
			await pickers.listSearch('searchListEntries', 'no such name anywhere').catch((e: Error) => e),
		);
		expect(String((error as Error).message)).toMatch(/next-page link it had sent before/);
		expect(hostile.seen.length).toBeLessThanOrEqual(3);
	});

	it('the trigger: the poll fails with the same error and saves nothing', async () => {
		const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS) });
		h.helper.setData(credentials());
		let first: unknown[] | undefined;
		hostile.answer(async (seen, upstream) => {
			if (!pathOf(seen).endsWith('/list-entries')) return undefined;
			first ??= (await upstreamJson<{ data: unknown[] }>(upstream)).json.data;
			return {
				body: page(
					first,
					hostile.seen.length > SAFETY
						? null
						: `${hostile.baseUrl}/v2/lists/${TARGET_ACCOUNTS}/list-entries?cursor=a${hostile.seen.length % 2}`,
				),
			};
		});
		const error = leaks.watch(
			'the poll error',
			await h.poll().then(
				() => undefined,
				(e: Error) => e,
			),
		);
		expect(String(error?.message)).toMatch(/next-page link it had sent before/);
		expect(JSON.stringify(h.staticData())).toBe('{}');
		expect(
			hostile.seen.filter((s) => pathOf(s).endsWith('/list-entries')).length,
		).toBeLessThanOrEqual(3);
	});
});

describe('junk among the records of a page', () => {
	const junk: Array<[string, unknown, string]> = [
		['null', null, 'null'],
		['a string', 'oops', 'a string'],
		['a number', 0, 'a number'],
		['an array', [{ id: 1 }], 'an array'],
		['an object without an id', { name: 'no id' }, 'an object without an id'],
	];
	const tamper =
		(endsWith: string, value: unknown) => async (seen: Seen, upstream: () => Promise<Answer>) => {
			if (!pathOf(seen).endsWith(endsWith) || hasQuery(seen, 'cursor')) return undefined;
			const { answer, json } = await upstreamJson<{ data: unknown[] }>(upstream);
			json.data.splice(1, 0, value);
			return { ...answer, raw: JSON.stringify(json) };
		};

	it.each(junk)(
		'%s: company Get Many refuses it, naming the endpoint and index',
		async (_name, value, what) => {
			hostile.answer(tamper('/v2/companies', value));
			const result = await run(companiesAll);
			expect(result.items).toEqual([]);
			expect(result.error?.message).toBe(
				`Affinity answered with an unexpected shape: item 1 of "data" is ${what}, not a record (GET /v2/companies)`,
			);
		},
	);

	it.each(junk)('%s: list entries Get Many refuses it', async (_name, value, what) => {
		hostile.answer(tamper('/list-entries', value));
		const result = await run(entriesAll);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe(
			`Affinity answered with an unexpected shape: item 1 of "data" is ${what}, not a record (GET /v2/lists/${TARGET_ACCOUNTS}/list-entries)`,
		);
	});

	it.each(junk)(
		'%s: with Continue On Fail, an error item, never an invented record',
		async (_name, value) => {
			hostile.answer(tamper('/v2/companies', value));
			const result = leaks.watch(
				'the run',
				await runAffinityNode({
					credentials: credentials(),
					parameters: companiesAll,
					continueOnFail: true,
				}),
			);
			expect(result.items).toEqual([
				expect.objectContaining({ error: expect.stringMatching(/unexpected shape/) }),
			]);
		},
	);

	it.each(junk)(
		'%s: the trigger fails the poll with the same error and saves nothing',
		async (_name, value, what) => {
			const h = triggerHarness(fixture, { listId: byId(TARGET_ACCOUNTS) });
			h.helper.setData(credentials());
			hostile.answer(tamper('/list-entries', value));
			const error = leaks.watch(
				'the poll error',
				await h.poll().then(
					() => undefined,
					(e: Error) => e,
				),
			);
			expect(String(error?.message)).toBe(
				`Affinity answered with an unexpected shape: item 1 of "data" is ${what}, not a record (GET /v2/lists/${TARGET_ACCOUNTS}/list-entries)`,
			);
			expect(JSON.stringify(h.staticData())).toBe('{}');
		},
	);

	it.each(junk)(
		'%s: the company picker (a search sent with POST) refuses it',
		async (_name, value, what) => {
			hostile.answer(tamper('/v2/companies/search', value));
			const pickers = loadOptionsHarness({ resource: 'company', operation: 'get' }, credentials());
			const error = leaks.watch(
				'the picker error',
				await pickers.listSearch('searchCompanies', 'north').catch((e: Error) => e),
			);
			expect(String((error as Error).message)).toBe(
				`Affinity answered with an unexpected shape: item 1 of "data" is ${what}, not a record (POST /v2/companies/search)`,
			);
		},
	);

	it.each(junk)('%s: the list-entry picker refuses it', async (_name, value, what) => {
		hostile.answer(tamper('/list-entries', value));
		const pickers = loadOptionsHarness(
			{ resource: 'listEntry', operation: 'get', listId: byId(TARGET_ACCOUNTS) },
			credentials(),
		);
		const error = leaks.watch(
			'the picker error',
			await pickers.listSearch('searchListEntries').catch((e: Error) => e),
		);
		expect(String((error as Error).message)).toBe(
			`Affinity answered with an unexpected shape: item 1 of "data" is ${what}, not a record (GET /v2/lists/${TARGET_ACCOUNTS}/list-entries)`,
		);
	});
});

describe('malformed bodies where one record is due', () => {
	const bodies: Array<[string, string, string]> = [
		['an empty body', '', 'an empty body'],
		['JSON null', 'null', 'null'],
		['an array', '[{"id":3000001,"name":"A"}]', 'an array'],
		['a string', '"hello"', 'a string'],
		['a number', '3000001', 'a number'],
	];
	const reads: Array<[string, IDataObject, string]> = [
		[
			'company Get',
			{ resource: 'company', operation: 'get', companyId: byId(3000001) },
			'/v2/companies/3000001',
		],
		[
			'list entry Get',
			{
				resource: 'listEntry',
				operation: 'get',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(ENTRY),
			},
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${ENTRY}`,
		],
	];

	it.each(
		reads.flatMap(([name, parameters, path]) =>
			bodies.map(([what, raw, shown]) => [name, what, parameters, path, raw, shown] as const),
		),
	)('%s, %s: one request, a clear error', async (_name, _what, parameters, path, raw, shown) => {
		hostile.answer((seen) => (pathOf(seen) === path ? { raw } : undefined));
		const result = await run(parameters);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe(
			`Affinity answered with an unexpected shape: ${shown} where one record is due (GET ${path})`,
		);
		expect(hostile.seen.filter((s) => pathOf(s) === path)).toHaveLength(1);
	});
});

describe('rate-limit headers', () => {
	const userHeaders = (remaining: number | string, reset: number | string) => ({
		'x-ratelimit-limit-user': '900',
		'x-ratelimit-limit-user-remaining': String(remaining),
		'x-ratelimit-limit-user-reset': String(reset),
	});

	it.each([
		['reset in three days', 3 * 86400],
		['reset of a year', 365 * 86400],
	])(
		'a 429 saying %s is retried after a short backoff, not days',
		async (_name, reset) => {
			let first = true;
			hostile.answer((seen) => {
				if (pathOf(seen) !== '/v2/companies/3000001' || !first) return undefined;
				first = false;
				return {
					status: 429,
					headers: userHeaders(0, reset),
					body: { errors: [{ code: 'rate-limit-exceeded', message: 'Too many requests' }] },
				};
			});
			const waits = recordSleeps({ through: true });
			const result = await run({ resource: 'company', operation: 'get', companyId: byId(3000001) });
			expect(result.error).toBeUndefined();
			expect(result.items).toEqual([expect.objectContaining({ id: 3000001 })]);
			// One backoff of the ladder, not the days the header names.
			expect(waits).toEqual([expect.any(Number)]);
			expect(waits[0]).toBeLessThanOrEqual(RETRY_POLICY.backoffMaxMs);
		},
		20000,
	);

	it.each([
		['remaining 0, reset in two days', userHeaders(0, 2 * 86400)],
		['remaining 0, reset a date', userHeaders(0, 'Wed, 21 Oct 2099 07:28:00 GMT')],
		['remaining -5, reset in an hour', userHeaders(-5, 3600)],
	])(
		'a successful page saying %s does not park the read',
		async (_name, headers) => {
			hostile.answer(async (seen, upstream) => {
				if (pathOf(seen) !== '/v2/companies' || hasQuery(seen, 'cursor')) return undefined;
				const answer = await upstream();
				return { ...answer, headers: { ...answer.headers, ...headers } };
			});
			const waits = recordSleeps({ through: true });
			const result = await run({
				resource: 'company',
				operation: 'getAll',
				returnAll: false,
				limit: 150,
			});
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(150);
			expect(waits).toEqual([]);
		},
		20000,
	);

	it('the monthly quota used up: fails at once, naming the reset date, one request', async () => {
		await fixture.control('POST', '/rate-limit', { orgLimit: 2 });
		const parameters = { resource: 'company', operation: 'get', companyId: byId(3000001) };
		expect((await run(parameters)).error).toBeUndefined();
		expect((await run(parameters)).error).toBeUndefined();
		hostile.seen.length = 0;
		const waits = recordSleeps({ through: true });
		const result = await run(parameters);
		expect(waits).toEqual([]);
		expect(hostile.seen).toHaveLength(1);
		const reset = new Date(fixture.emulator.limiter.orgResetAt).toISOString().slice(0, 10);
		expect(result.error?.message).toBe(
			'The monthly Affinity API quota of 2 calls of this account is used up (GET /v2/companies/3000001)',
		);
		expect(result.error?.description).toContain(`It resets on ${reset}`);
	});

	it('orgQuota: calls left this month, limit and reset, as the last answer for the credential said', async () => {
		await fixture.control('POST', '/rate-limit', { orgLimit: 1000 });
		const { ctx } = fakeContext(() => ({}), credentials());
		await run({ resource: 'company', operation: 'get', companyId: byId(3000001) });
		const quota = await orgQuota.call(ctx);
		expect(quota).toMatchObject({ limit: 1000, remaining: 999 });
		expect(
			Math.abs((quota?.resetAt?.getTime() ?? 0) - fixture.emulator.limiter.orgResetAt),
		).toBeLessThan(2000);
	});
});

describe('redirects', () => {
	it('a redirect is not followed: the key never reaches where it points', async () => {
		await fixture.fault({
			kind: 'status',
			status: 302,
			body: {},
			headers: { location: `${elsewhere.baseUrl}/v2/companies/3000001` },
			path: '^/v2/companies/',
		});
		const result = await run({
			resource: 'company',
			operation: 'get',
			companyId: byId('3000001'),
		});
		expect(result.error?.message).toMatch(/redirect \(302\), which the node does not follow/);
		// afterEach: nothing reached the other listener.
	});
});

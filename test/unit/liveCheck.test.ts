import { ConformanceChecker, describedEdition } from '../../scripts/live/conformance';
import {
	emptyPages,
	errorEnvelopes,
	fileLinkHost,
	hiddenFields,
	html5xx,
	multiValueTotals,
	pacificDay,
	rateLimitHeaders,
	timestampForm,
	v1FieldRows,
	v1Timestamps,
} from '../../scripts/live/factChecks';
import { FACTS, runFacts, type FactContext } from '../../scripts/live/facts';
import { editionSkip, requiredEdition } from '../../scripts/live/operations';
import { parseArgs } from '../../scripts/live/options';
import type { DirectCall } from '../../scripts/live/plan';
import type { Exchange, RecordingProxy } from '../../scripts/live/proxy';
import { collectSensitive, leaks, redact, REDACTED } from '../../scripts/live/report';
import { addShape, diffShapes } from '../../scripts/live/shapes';

/** The live check's pure parts: differences spelled out, shapes compared, the report redacted. */

const checker = new ConformanceChecker();
const whoami = (user: Record<string, unknown>) => ({
	seq: 1,
	method: 'GET',
	path: '/v2/auth/whoami',
	query: '',
	status: 200,
	body: {
		tenant: { id: 1, name: 'T', subdomain: 't' },
		grant: { type: 'api-key', scopes: ['api'], createdAt: '2025-01-01T00:00:00Z' },
		user,
	},
});

describe('differences from the 2026-07-15 description', () => {
	it('names an unknown property, a missing required one and a wrong type, never the value', () => {
		const result = checker.check(
			whoami({ id: 'seven', firstName: 'Ann', lastName: null, nickname: 'Annie' }),
		);
		expect(result.template).toBe('/v2/auth/whoami');
		expect(result.differences).toEqual(
			expect.arrayContaining([
				{ kind: 'unknown property', at: '/user/nickname' },
				{ kind: 'missing required property', at: '/user/emailAddress' },
				{ kind: 'type', at: '/user/id', expected: 'integer', found: 'string' },
			]),
		);
		expect(JSON.stringify(result)).not.toMatch(/Annie|seven/);
	});

	it('an answer as described has none; a path outside the description is one', () => {
		const ok = whoami({ id: 7, firstName: 'Ann', lastName: null, emailAddress: 'a@b.co' });
		expect(checker.check(ok).differences).toEqual([]);
		expect(checker.check({ ...ok, path: '/v2/nowhere' }).differences).toEqual([
			{ kind: 'operation not described', at: 'GET /v2/nowhere' },
		]);
	});
});

describe('API v1 answers, against v1’s documented shape', () => {
	const v1 = (
		method: string,
		path: string,
		status: number,
		body?: unknown,
		requestBody?: unknown,
	) => ({
		seq: 1,
		method,
		path,
		query: '',
		status,
		body,
		...(requestBody === undefined ? {} : { requestBody }),
	});
	const organization = {
		id: 3000001,
		name: 'Acme Secret Ltd',
		domain: 'acme.test',
		domains: ['acme.test'],
		crunchbase_uuid: null,
		global: false,
		person_ids: [],
	};

	it('an answer with the documented keys has no difference, and is not checked against the v2 schemas', () => {
		expect(
			checker.check(v1('POST', '/organizations', 200, organization, { name: 'Acme Secret Ltd' })),
		).toEqual({
			template: '/organizations',
			checked: true,
			against: 'v1 (documented shape)',
			differences: [],
		});
	});

	it('names a missing documented key, an undocumented body key and an unknown endpoint, never a value', () => {
		const { domains: _domains, ...withoutDomains } = organization;
		const missing = checker.check(v1('PUT', '/organizations/3000001', 200, withoutDomains));
		expect(missing.differences).toEqual([
			{
				kind: 'not as v1 documents',
				at: 'PUT /organizations/{organization_id}',
				expected: 'answer lacks documented keys: domains',
			},
		]);
		const body = checker.check(
			v1('POST', '/organizations', 200, organization, {
				name: 'Acme Secret Ltd',
				colour: 'vermilion',
			}),
		);
		expect(body.differences).toEqual([
			expect.objectContaining({ expected: 'body keys not documented: colour' }),
		]);
		expect(checker.check(v1('GET', '/nowhere/1', 404)).differences).toEqual([
			{
				kind: 'not as v1 documents',
				at: 'GET /nowhere/1',
				expected: 'no such v1 endpoint among those the node may call',
			},
		]);
		expect(JSON.stringify([missing, body])).not.toMatch(/Acme|vermilion/);
	});

	it('a download redirect (302) is the documented answer', () => {
		expect(checker.check(v1('GET', '/entity-files/download/7', 302)).differences).toEqual([]);
	});
});

describe('shapes', () => {
	it('a property one side lacks and a type that differs are differences; an empty array is not', () => {
		const target = addShape({}, { data: [{ id: 1, name: 'a', tags: [] }], extra: 1 });
		const emulator = addShape({}, { data: [{ id: 2, name: null, tags: ['x'] }] });
		expect(diffShapes(target, emulator)).toEqual([
			{ at: '/extra', target: ['number'], emulator: [] },
		]);
		const typed = addShape({}, { data: [{ id: '1' }] });
		expect(diffShapes(addShape({}, { data: [{ id: 1 }] }), typed)).toEqual([
			{ at: '/data[]/id', target: ['number'], emulator: ['string'] },
		]);
	});
});

describe('report redaction', () => {
	it('collects names, e-mails and content, and removes them as whole tokens only', () => {
		const sensitive = new Set<string>();
		collectSensitive(
			{ data: [{ id: 1, firstName: 'Notes', emailAddresses: ['ann@x.co'], type: 'internal' }] },
			sensitive,
		);
		expect([...sensitive].sort()).toEqual(['Notes', 'ann@x.co']);
		const text = 'company.getNotes: Person Notes (ann@x.co) not found';
		const clean = redact(text, sensitive);
		expect(clean).toBe(`company.getNotes: Person ${REDACTED} (${REDACTED}) not found`);
		expect(leaks(clean, sensitive)).toEqual([]);
		expect(leaks(text, sensitive)).toEqual(['Notes', 'ann@x.co']);
	});
});

describe('live facts: what the answers decide', () => {
	let seq = 0;
	const exchange = (over: Partial<Exchange>): Exchange => ({
		seq: ++seq,
		method: 'GET',
		path: '/v2/companies',
		query: '',
		status: 200,
		...over,
	});
	const page = (data: unknown[], nextUrl: string | null, path = '/v2/companies', query = '') =>
		exchange({ path, query, body: { data, pagination: { prevUrl: null, nextUrl } } });

	it('an empty page with a nextUrl is confirmed, and said followed when the next call asked for it', () => {
		const empty = page([], 'https://api.affinity.co/v2/companies?cursor=abc');
		const next = page([{ id: 1 }], null, '/v2/companies', '?cursor=abc');
		expect(emptyPages([page([{ id: 2 }], null), empty, next])).toEqual({
			status: 'confirmed',
			seen: '1 of 3 pages read were empty with a nextUrl; 1 of them followed',
		});
		expect(emptyPages([page([], null), next]).status).toBe('not observable');
	});

	it('a multi-value of 100 values without totalCount contradicts; with it confirms; fewer decide nothing', () => {
		const hundred = Array.from({ length: 100 }, (_, i) => ({ id: i }));
		const entity = (value: Record<string, unknown>) =>
			exchange({ body: { data: [{ id: 1, fields: [{ id: 'field-1', value }] }] } });
		expect(multiValueTotals([entity({ type: 'company-multi', data: hundred })])).toMatchObject({
			status: 'contradicted',
			seen: expect.stringMatching(/company-multi/),
		});
		expect(
			multiValueTotals([entity({ type: 'person-multi', data: hundred, totalCount: 250 })]).status,
		).toBe('confirmed');
		expect(
			multiValueTotals([entity({ type: 'person-multi', data: hundred.slice(1) })]).status,
		).toBe('not observable');
	});

	it('rate-limit headers: the user bucket confirms; an X-RateLimit-Remaining contradicts', () => {
		const user = {
			'x-ratelimit-limit-user': '900',
			'x-ratelimit-limit-user-remaining': '899',
			'x-ratelimit-limit-user-reset': '60',
		};
		expect(rateLimitHeaders([exchange({ headers: user })]).status).toBe('confirmed');
		expect(
			rateLimitHeaders([exchange({ headers: { ...user, 'x-ratelimit-remaining': '1' } })]).status,
		).toBe('contradicted');
		expect(rateLimitHeaders([exchange({ headers: { 'x-ratelimit-limit': '9' } })]).status).toBe(
			'contradicted',
		);
	});

	it('the date kept: the Pacific day confirms, the UTC day contradicts, anything else is said', () => {
		expect(pacificDay('2024-03-31T07:00:00Z', '2024-04-01T07:00:00Z').status).toBe('confirmed');
		expect(pacificDay('2024-04-01T07:00:00Z', '2024-04-01T07:00:00Z')).toMatchObject({
			status: 'contradicted',
			seen: expect.stringMatching(/UTC calendar date is kept/),
		});
		expect(pacificDay('2024-04-02T07:00:00Z', '2024-04-01T07:00:00Z').status).toBe('contradicted');
		expect(pacificDay(null, undefined).status).toBe('error');
	});

	it('v1 timestamps: Z with milliseconds confirms; an offset with microseconds contradicts', () => {
		expect(timestampForm('2026-10-08T12:53:13.339Z')).toBe('utc');
		expect(timestampForm('2020-04-27T15:35:43.383953-07:00')).toBe('offset');
		expect(timestampForm('2020-04-27')).toBe('other');
		const v1 = (created_at: string) =>
			exchange({ path: '/entity-files/9', body: { id: 9, created_at } });
		expect(v1Timestamps([v1('2026-10-08T12:53:13.339Z')])).toEqual({
			status: 'confirmed',
			seen: 'v1 timestamps: utc with ms (1)',
		});
		expect(v1Timestamps([v1('2020-04-27T15:35:43.383953-07:00')])).toMatchObject({
			status: 'contradicted',
			seen: expect.stringMatching(/offset with µs \(1\).*created_at of GET \/entity-files\/\{id\}/),
		});
	});

	it('v1 dropdown options: integer rank and colour 0–6 confirm; a colour name contradicts', () => {
		const row = (options: unknown[]) => ({ id: 1, dropdown_options: options });
		expect(v1FieldRows([row([{ id: 1, text: 'No', rank: 0, color: 0 }])]).status).toBe('confirmed');
		expect(v1FieldRows([row([{ id: 1, text: 'No', rank: null, color: 'green' }])])).toMatchObject({
			status: 'contradicted',
			seen: '1 of 1 dropdown options: rank object, color string',
		});
		expect(v1FieldRows([row([])]).status).toBe('not observable');
	});

	it('hidden fields, error bodies, HTML 5xx and signed links, each both ways', () => {
		const hidden = (value: unknown) =>
			exchange({ body: { data: [{ id: 1, fields: [{ id: 'field-9', type: 'hidden', value }] }] } });
		expect(hiddenFields([hidden({ type: 'number', data: null })]).status).toBe('confirmed');
		expect(hiddenFields([hidden({ type: 'hidden', data: null })]).status).toBe('contradicted');
		const error = (body: unknown) => exchange({ status: 404, body });
		expect(errorEnvelopes([error({ errors: [{ code: 'not-found', message: 'x' }] })]).status).toBe(
			'confirmed',
		);
		expect(errorEnvelopes([error({ message: 'x' })]).status).toBe('contradicted');
		expect(html5xx([exchange({ status: 502, nonJson: true })]).status).toBe('confirmed');
		expect(html5xx([exchange({ status: 502, body: { errors: [] } })]).status).toBe(
			'not observable',
		);
		const redirect = (location: string) =>
			exchange({ path: '/entity-files/download/9', status: 302, headers: { location } });
		expect(
			fileLinkHost(
				[redirect('https://userfiles.affinity.co/f?X-Amz-Expires=60')],
				'api.affinity.co',
			),
		).toEqual({
			status: 'confirmed',
			seen: "1 signed links on another host than the API's (1 with X-Amz-Expires)",
		});
		expect(
			fileLinkHost([redirect('https://api.affinity.co/files/9')], 'api.affinity.co').status,
		).toBe('contradicted');
	});
});

describe('live facts: probes that can fail', () => {
	/** A context whose calls are answered by `answer` and recorded. */
	function context(
		answer: (
			method: string,
			path: string,
			body?: unknown,
			headers?: Record<string, string>,
		) => {
			status: number;
			body?: unknown;
		},
		exchanges: Exchange[] = [],
	) {
		const calls: string[] = [];
		const proxy = { exchanges, remaining: 100 } as unknown as RecordingProxy;
		const call: DirectCall = async (method, path, body, headers) => {
			calls.push(`${method} ${path}`);
			const a = answer(method, path, body, headers);
			return { status: a.status, body: a.body, headers: {} };
		};
		const ctx: FactContext = {
			call,
			proxy,
			apiHost: 'api.affinity.co',
			apiVersion: '2026-07-15',
			apiKey: 'key-for-the-test',
			write: true,
			sandbox: { runId: '1', made: { sandboxCompanyList: 77 }, fields: {} },
			runId: '1',
			removed: [],
			left: [],
			found: {},
		};
		return { ctx, calls };
	}
	const only = (id: string) => FACTS.filter((f) => f.id === id);
	const persons = {
		seq: 1,
		method: 'GET',
		path: '/v2/persons',
		query: '',
		status: 200,
		body: { data: [{ id: 5, type: 'internal' }] },
	};

	it('an interaction with an internal person only that is made contradicts, and is removed', async () => {
		const { ctx, calls } = context(
			(method) =>
				method === 'POST' ? { status: 200, body: { id: 31 } } : { status: 200, body: {} },
			[persons],
		);
		const [result] = await runFacts(ctx, only('interaction-internal-and-external'));
		expect(result.status).toBe('contradicted');
		expect(calls).toEqual(['POST /interactions', 'DELETE /interactions/31?type=0']);
		expect(ctx.removed).toEqual([{ what: 'interaction', id: 31 }]);
		const refused = context(() => ({ status: 422, body: { errors: [] } }), [persons]);
		expect((await runFacts(refused.ctx, only('interaction-internal-and-external')))[0].status).toBe(
			'confirmed',
		);
		expect(refused.calls).toEqual(['POST /interactions']);
	});

	it('101 locations accepted contradicts the cap; the probe’s company and field are removed', async () => {
		const { ctx, calls } = context((method, path) => {
			if (path === '/organizations') return { status: 200, body: { id: 300 } };
			if (path === '/lists/77/list-entries') return { status: 200, body: { id: 900 } };
			if (path === '/fields') return { status: 200, body: { id: 12 } };
			return { status: method === 'POST' ? 204 : 200, body: undefined };
		});
		const [result] = await runFacts(ctx, only('multi-value-cap-100'));
		expect(result).toMatchObject({
			status: 'contradicted',
			seen: '100 locations accepted, 101 answered 204',
		});
		expect(calls.slice(-2)).toEqual(['DELETE /fields/12', 'DELETE /organizations/300']);
		expect(ctx.left).toEqual([]);
	});

	it('a whoami user id that is no person, another version message, another auth answer: each contradicted', async () => {
		const whoami = {
			seq: 1,
			method: 'GET',
			path: '/v2/auth/whoami',
			query: '',
			status: 200,
			body: { user: { id: 6 } },
		};
		const companies = { ...persons, path: '/v2/companies', body: { data: [{ id: 3 }] } };
		const { ctx } = context(
			(_method, path, _body, headers) => {
				if (path === '/v2/persons/6') return { status: 404, body: { errors: [] } };
				if (path === '/v2/auth/whoami')
					return {
						status: 400,
						body: {
							errors: [
								{
									code: 'validation',
									param: 'X-Affinity-Api-Version',
									message: 'Unsupported API version',
								},
							],
						},
					};
				if (headers?.authorization?.startsWith('Basic')) return { status: 401, body: {} };
				return { status: 200, body: { id: 3, name: 'x' } };
			},
			[whoami, companies],
		);
		const results = await runFacts(
			ctx,
			FACTS.filter((f) =>
				[
					'users-are-persons',
					'unknown-version-message',
					'v1-basic-any-user',
					'v1-organization-crunchbase',
				].includes(f.id),
			),
		);
		expect(Object.fromEntries(results.map((r) => [r.id, r.status]))).toEqual({
			'users-are-persons': 'contradicted',
			'unknown-version-message': 'contradicted',
			'v1-basic-any-user': 'contradicted',
			'v1-organization-crunchbase': 'contradicted',
		});
	});

	it('without --write, a write fact is not observable and makes no call', async () => {
		const { ctx, calls } = context(() => ({ status: 200 }));
		ctx.write = false;
		const [result] = await runFacts(ctx, only('merged-read-422'));
		expect(result).toMatchObject({ status: 'not observable', seen: 'a write: run with --write' });
		expect(calls).toEqual([]);
	});

	it('read only, every probe only reads', async () => {
		const whoami = { ...persons, path: '/v2/auth/whoami', body: { user: { id: 5 } } };
		const companies = { ...persons, path: '/v2/companies', body: { data: [{ id: 3 }] } };
		const lists = { ...persons, path: '/v2/lists', body: { data: [{ id: 8 }] } };
		const { ctx, calls } = context(
			() => ({ status: 200, body: { data: [] } }),
			[whoami, persons, companies, lists],
		);
		ctx.write = false;
		const results = await runFacts(ctx);
		expect(results.length).toBe(FACTS.length);
		expect(calls.length).toBeGreaterThanOrEqual(10);
		expect(calls.filter((c) => !c.startsWith('GET '))).toEqual([]);
	});

	it('every fact has a stable id, a statement, and a way to be decided or a reason it cannot be', () => {
		expect(new Set(FACTS.map((f) => f.id)).size).toBe(FACTS.length);
		for (const f of FACTS) {
			expect([f.id, /^[a-z0-9-]+$/.test(f.id)]).toEqual([f.id, true]);
			expect([f.id, !!(f.probe || f.scan || f.unobservable)]).toEqual([f.id, true]);
			expect(f.fact.length).toBeGreaterThan(10);
		}
	});
});

describe('the edition a run uses', () => {
	const teams: Exchange = {
		seq: 1,
		method: 'GET',
		path: '/v2/teams',
		query: '',
		status: 200,
		body: { data: [{ id: 'one' }], pagination: {} },
	};

	it("answers are checked against the run's edition's description (2026-07-15 when not vendored)", () => {
		expect(checker.check(teams).differences).toEqual([
			{ kind: 'operation not described', at: 'GET /v2/teams' },
		]);
		const current = new ConformanceChecker('2026-09-17').check(teams);
		expect(current.template).toBe('/v2/teams');
		expect(current.against).toBe('2026-09-17 schema');
		expect(current.differences.length).toBeGreaterThan(0);
		expect(current.differences).not.toContainEqual(
			expect.objectContaining({ kind: 'operation not described' }),
		);
		expect(describedEdition('2026-09-17')).toBe('2026-09-17');
		expect(describedEdition('2031-01-01')).toBe('2026-07-15');
		expect(describedEdition(undefined)).toBe('2026-07-15');
	});

	it('an operation whose every endpoint needs a later edition is skipped, saying which', () => {
		expect(requiredEdition('team.getAll')).toBe('2026-09-17');
		expect(requiredEdition('transcript.delete')).toBe('2026-09-17');
		// Older editions reach it through API v1: every edition.
		expect(requiredEdition('listEntry.add')).toBeUndefined();
		expect(requiredEdition('company.get')).toBeUndefined();
		expect(editionSkip('file.get', '2026-07-15')).toBe(
			'needs API version 2026-09-17 or later (this run uses 2026-07-15)',
		);
		expect(editionSkip('file.get', '2026-09-17')).toBeUndefined();
		expect(editionSkip('file.get', undefined)).toMatch(/an unknown version/);
		expect(editionSkip('company.get', undefined)).toBeUndefined();
	});

	it('--api-version takes a date or "default" (send none), and refuses anything else', () => {
		expect(parseArgs([]).apiVersion).toBeUndefined();
		expect(parseArgs(['--api-version', '2026-09-17']).apiVersion).toBe('2026-09-17');
		expect(parseArgs(['--api-version', 'default']).apiVersion).toBe('');
		expect(() => parseArgs(['--api-version', 'latest'])).toThrow(/--api-version must be a date/);
		expect(() => parseArgs(['--api-version'])).toThrow(/--api-version needs a value/);
	});
});

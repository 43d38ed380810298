import { ConformanceChecker } from '../../scripts/live/conformance';
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

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
		// API v1 has no OpenAPI description: not checked, not a difference.
		expect(checker.check({ ...ok, path: '/persons/1' })).toEqual({
			checked: false,
			differences: [],
		});
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

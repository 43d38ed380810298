import { resources } from '../../nodes/AffinityV2/actions/resources';
import { V1_ENDPOINTS } from '../../testkit/descriptions/v1Description';
import { loadDescription, type Json } from '../../testkit/descriptions/openapi';

/**
 * Every operation declares the endpoints it is built on (docs/operations.md lists them), and a
 * declared endpoint exists: a v2 one in the OpenAPI description of the edition it is called
 * from (2026-07-15, or 2026-09-17 for one declared `since: '2026-09-17'`), with its BETA mark
 * where that description has one; a v1 one among the v1 endpoints written from v1's
 * documentation. A wrong path or method, or an endpoint of 2026-09-17 not marked so, fails here.
 */

const pathsOf = (edition: string) =>
	loadDescription(edition).paths as Record<string, Record<string, Json>>;
const editions: Record<string, Record<string, Record<string, Json>>> = {
	'2026-07-15': pathsOf('2026-07-15'),
	'2026-09-17': pathsOf('2026-09-17'),
};

/** Marked beta in the OpenAPI file but shown without the mark by the specification the pack implements. */
const SHOWN_WITHOUT_BETA = ['POST /v2/companies/search', 'GET /v2/users/{userId}'];

const operations = Object.entries(resources).flatMap(([resource, module]) =>
	Object.entries(module.operations).map(([operation, op]) => ({
		name: `${resource}.${operation}`,
		endpoints: op.endpoint,
	})),
);

describe('operation endpoints', () => {
	it('covers every operation of the node', () => {
		expect(operations.length).toBeGreaterThanOrEqual(83);
	});

	it.each(operations)('$name declares at least one endpoint', ({ endpoints }) => {
		expect(endpoints?.length).toBeGreaterThan(0);
	});

	const declared = operations.flatMap(({ name, endpoints }) =>
		(endpoints ?? []).map((e) => ({ name, ...e, call: `${e.method} ${e.path}` })),
	);

	it.each(
		declared.filter((e) => e.api === 'v2').map((e) => ({ ...e, from: e.since ?? '2026-07-15' })),
	)(
		'$name: v2 $call is in the $from OpenAPI, with its BETA mark',
		({ method, path, beta, call, from }) => {
			const operation = editions[from]?.[path]?.[method.toLowerCase()];
			expect(operation).toBeDefined();
			if (operation?.['x-stability-level'] === 'beta' && !SHOWN_WITHOUT_BETA.includes(call))
				expect(beta).toBe(true);
		},
	);

	it('an endpoint declared since 2026-09-17 is one that edition has; a v1 one declared before it has a v2 replacement', () => {
		const wrong = declared
			.filter((e) => e.since && !editions[e.since])
			.map((e) => `${e.name}: since ${e.since}`);
		for (const e of declared.filter((d) => d.api === 'v1' && d.before)) {
			const replacement = declared.some(
				(d) => d.name === e.name && d.api === 'v2' && d.since === e.before,
			);
			if (!replacement)
				wrong.push(`${e.name}: ${e.call} before ${e.before} without a v2 endpoint since then`);
		}
		expect(wrong).toEqual([]);
	});

	it('the v2 writes of 2026-09-17 replace API v1 in List Entry → Add, Opportunity → Update and Delete, Reminder → Update', () => {
		const since = (name: string) =>
			declared.filter((e) => e.name === name && e.since === '2026-09-17').map((e) => e.call);
		expect(since('listEntry.add')).toEqual(['POST /v2/lists/{listId}/list-entries']);
		expect(since('opportunity.update')).toContain('POST /v2/opportunities/{opportunityId}');
		expect(since('opportunity.delete')).toEqual(['DELETE /v2/opportunities/{opportunityId}']);
		expect(since('reminder.update')).toContain('POST /v2/reminders/{reminderId}');
	});

	it('every v1 endpoint declared is among the documented v1 endpoints', () => {
		const documented = V1_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
		const unknown = declared
			.filter((e) => e.api === 'v1' && !documented.includes(e.call))
			.map((e) => `${e.name}: ${e.call}`);
		expect(unknown).toEqual([]);
	});
});

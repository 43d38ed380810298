import { resources } from '../../nodes/AffinityV2/actions/resources';
import { V1_ENDPOINTS } from '../emulator/v1Description';
import { loadDescription, type Json } from '../emulator/openapi';

/**
 * Every operation declares the endpoints it is built on (docs/operations.md lists them), and a
 * declared endpoint exists: a v2 one in the 2026-07-15 OpenAPI description, with its BETA mark
 * where that description has one; a v1 one among the v1 endpoints written from v1's
 * documentation. A wrong path or method fails here.
 */

const description = loadDescription();
const paths = description.paths as Record<string, Record<string, Json>>;

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

	it.each(declared.filter((e) => e.api === 'v2'))(
		'$name: v2 $call is in the 2026-07-15 OpenAPI, with its BETA mark',
		({ method, path, beta, call }) => {
			const operation = paths[path]?.[method.toLowerCase()];
			expect(operation).toBeDefined();
			if (operation?.['x-stability-level'] === 'beta' && !SHOWN_WITHOUT_BETA.includes(call))
				expect(beta).toBe(true);
		},
	);

	it('every v1 endpoint declared is among the documented v1 endpoints', () => {
		const documented = V1_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
		const unknown = declared
			.filter((e) => e.api === 'v1' && !documented.includes(e.call))
			.map((e) => `${e.name}: ${e.call}`);
		expect(unknown).toEqual([]);
	});
});

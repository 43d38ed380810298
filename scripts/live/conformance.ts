import type { ErrorObject } from 'ajv';

import { Description, EDITION, EDITIONS } from '../../testkit/descriptions/openapi';
import { v1EndpointOf, v1NonConformance } from '../../testkit/descriptions/v1Description';
import type { Exchange } from './proxy';

/**
 * Checks a raw answer against the description of the run's API edition (2026-07-15 unless the
 * run uses another one whose description is vendored) with the validator the emulator's
 * schema tests use, and spells out each difference in the words a maintainer acts on. A
 * difference names where (a JSON pointer into the answer) and what, never the value found, so
 * that no personal data reaches the report.
 *
 * API v1 has no machine-readable description: its answers are checked against what its
 * documentation shows (test/emulator/v1Description.ts, the emulator's own v1 reference: the
 * endpoint, the body keys sent, the documented status and the keys of the documented answer).
 */

export type DifferenceKind =
	| 'unknown property'
	| 'missing required property'
	| 'type'
	| 'value not allowed'
	| 'format'
	| 'no matching variant'
	| 'status not documented'
	| 'operation not described'
	| 'not as v1 documents'
	| 'other';

export interface Difference {
	kind: DifferenceKind;
	/** JSON pointer into the answer (the property itself for unknown and missing ones). */
	at: string;
	/** What the description expects, in its words (a type, the allowed values, a format). */
	expected?: string;
	/** What the answer had, as a JSON type (never the value). */
	found?: string;
}

/** What an answer was checked against: v2's OpenAPI schemas, or v1's documented shape. */
export const V2_SCHEMA = '2026-07-15 schema';
export const V1_DOCUMENTED = 'v1 (documented shape)';
export type CheckedAgainst = `${string} schema` | typeof V1_DOCUMENTED;

/** The edition whose description checks a run on `edition`: itself when vendored, else 2026-07-15. */
export const describedEdition = (edition: string | undefined): string =>
	edition && (EDITIONS as readonly string[]).includes(edition) ? edition : EDITION;

export interface Conformance {
	/** The description's path template, or undefined when no operation matches. */
	template?: string;
	/** Whether the answer was checked (bodiless v2 answers are not). */
	checked: boolean;
	/** What it was checked against (absent when it was not). */
	against?: CheckedAgainst;
	differences: Difference[];
}

const MAX_DIFFERENCES = 25;

export const jsonType = (value: unknown): string =>
	value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

function valueAt(root: unknown, pointer: string): unknown {
	let node = root;
	for (const part of pointer.split('/').slice(1)) {
		const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
		node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
	}
	return node;
}

const child = (at: string, name: string) =>
	`${at}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;

function differenceOf(error: ErrorObject, answer: unknown): Difference {
	const at = error.instancePath || '';
	const params = error.params as Record<string, unknown>;
	switch (error.keyword) {
		case 'additionalProperties':
			return { kind: 'unknown property', at: child(at, String(params.additionalProperty)) };
		case 'unevaluatedProperties':
			return { kind: 'unknown property', at: child(at, String(params.unevaluatedProperty)) };
		case 'required':
			return { kind: 'missing required property', at: child(at, String(params.missingProperty)) };
		case 'type':
			return {
				kind: 'type',
				at,
				expected: String(params.type),
				found: jsonType(valueAt(answer, at)),
			};
		case 'enum':
			return {
				kind: 'value not allowed',
				at,
				expected: (params.allowedValues as unknown[]).map(String).join(' | '),
				found: jsonType(valueAt(answer, at)),
			};
		case 'const':
			return {
				kind: 'value not allowed',
				at,
				expected: String(params.allowedValue),
				found: jsonType(valueAt(answer, at)),
			};
		case 'format':
			return { kind: 'format', at, expected: String(params.format) };
		case 'oneOf':
		case 'anyOf':
			return { kind: 'no matching variant', at };
		default:
			return { kind: 'other', at, expected: `${error.keyword}: ${error.message ?? ''}` };
	}
}

export class ConformanceChecker {
	readonly description: Description;

	constructor(readonly edition: string = EDITION) {
		this.description = new Description(describedEdition(edition) as typeof EDITION);
	}

	check(exchange: Exchange): Conformance {
		const { method, path, status } = exchange;
		if (!path.startsWith('/v2/')) return this.checkV1(exchange);
		const against: CheckedAgainst = `${this.description.edition} schema`;
		const template = this.description.templateOf(method, path);
		if (!template)
			return {
				checked: true,
				against,
				differences: [{ kind: 'operation not described', at: `${method} ${path}` }],
			};
		if (!this.description.documents(method, template, status))
			return {
				template,
				checked: true,
				against,
				differences: [{ kind: 'status not documented', at: '', found: String(status) }],
			};
		if (!this.description.hasResponseBody(method, template, status))
			return { template, checked: false, differences: [] };
		const validate = this.description.response(method, template, status);
		if (validate(exchange.body)) return { template, checked: true, against, differences: [] };
		const seen = new Set<string>();
		const differences: Difference[] = [];
		for (const error of validate.errors ?? []) {
			const difference = differenceOf(error, exchange.body);
			const id = JSON.stringify(difference);
			if (seen.has(id)) continue;
			seen.add(id);
			differences.push(difference);
		}
		// A failed oneOf lists every branch's complaints; the specific ones say more.
		const specific = differences.filter((d) => d.kind !== 'no matching variant');
		const kept = specific.length ? specific : differences;
		return { template, checked: true, against, differences: kept.slice(0, MAX_DIFFERENCES) };
	}

	/**
	 * A v1 call against its documented shape (v1NonConformance): the endpoint is one v1
	 * documents, the body keys sent are documented, a 2xx answer has the documented status and
	 * keys. Its message names keys and statuses only, never values.
	 */
	private checkV1(exchange: Exchange): Conformance {
		const { method, path, status } = exchange;
		const template = v1EndpointOf(method, path)?.path;
		const problem = v1NonConformance({
			api: 'v1',
			method,
			path,
			query: exchange.query,
			status,
			requestBody: exchange.requestBody,
			responseBody: exchange.body,
		});
		return {
			...(template ? { template } : {}),
			checked: true,
			against: V1_DOCUMENTED,
			differences: problem
				? [
						{
							kind: 'not as v1 documents',
							at: `${method} ${template ?? path}`,
							// v1NonConformance starts with where it happened (with ids): the template says it.
							expected: problem.replace(/^v1 \S+ \S+ \(\d+\): /, ''),
						},
					]
				: [],
		};
	}
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * The Affinity v2 OpenAPI description the emulator and the node are checked against, and the
 * validators built from it: the response of an operation by status, the request body of an
 * operation, a named schema. Vendored without prose (scripts/vendor-openapi.ts, MIT licence
 * beside it); AFFINITY_OPENAPI may point at a full copy instead.
 */

/** The edition the pack is built and tested against. */
export const EDITION = '2026-07-15';

/** The editions whose descriptions are vendored; the emulator answers each as described. */
export const EDITIONS = ['2024-01-01', '2026-07-15', '2026-09-17'] as const;
export type Edition = (typeof EDITIONS)[number];

const FIXTURES = __dirname;
const FILES: Record<string, string> = {
	'2024-01-01': 'affinity-v2-openapi.json',
	'2026-07-15': 'affinity-v2-openapi-2026-07-15.json',
	'2026-09-17': 'affinity-v2-openapi-2026-09-17.json',
};

export type Json = Record<string, unknown>;
export type Method = 'get' | 'post' | 'patch' | 'delete';

export function loadDescription(edition = EDITION): Json {
	const path =
		edition === EDITION && process.env.AFFINITY_OPENAPI
			? process.env.AFFINITY_OPENAPI
			: join(FIXTURES, FILES[edition] ?? `affinity-v2-openapi-${edition}.json`);
	if (!existsSync(path)) {
		throw new Error(
			`The OpenAPI description is needed at ${path} (or set AFFINITY_OPENAPI to its path)`,
		);
	}
	return JSON.parse(readFileSync(path, 'utf8')) as Json;
}

/**
 * Ajv implements `discriminator` without `mapping` (the oneOf branches carry the same
 * information). Its discriminator also lets a non-object through (null passed the Interaction
 * schema, so `data: null` matched both branches of `oneOf: [Interaction, null]`); a discriminator
 * only ever describes objects, so the schema that carries one says so. Ajv accepts a
 * discriminator only beside `oneOf`; beside `anyOf` (ValueFilter) it is dropped, since the anyOf
 * branches already pin the discriminating property.
 */
export function withoutMappings(node: unknown): unknown {
	if (Array.isArray(node)) return node.map(withoutMappings);
	if (!node || typeof node !== 'object') return node;
	const out: Json = {};
	for (const [key, value] of Object.entries(node as Json)) {
		if (key === 'discriminator' && value && typeof value === 'object') {
			if ((node as Json).oneOf) out[key] = { propertyName: (value as Json).propertyName };
			out.type ??= 'object';
		} else out[key] = withoutMappings(value);
	}
	return out;
}

const pointer = (...parts: string[]) =>
	parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

interface Operation {
	requestBody?: Json;
	responses: Record<string, Json>;
}

/** Validators over one edition of the description. */
export class Description {
	readonly doc: Json;
	readonly paths: Record<string, Record<string, Operation>>;
	readonly ajv: Ajv2020;
	private readonly validators = new Map<string, ValidateFunction>();
	private readonly templates: Array<{ template: string; pattern: RegExp; params: number }>;

	/** `adjust` edits the description before it is compiled (a test's documented allowances). */
	constructor(
		readonly edition = EDITION,
		adjust?: (doc: Json) => void,
	) {
		this.doc = loadDescription(edition);
		adjust?.(this.doc);
		this.paths = this.doc.paths as Record<string, Record<string, Operation>>;
		this.ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: true });
		addFormats(this.ajv);
		this.ajv.addSchema({ ...(withoutMappings(this.doc) as Json), $id: 'openapi' });
		this.templates = Object.keys(this.paths).map((template) => ({
			template,
			pattern: new RegExp('^' + template.replace(/\{[^}]+\}/g, '[^/]+') + '/?$'),
			params: (template.match(/\{/g) ?? []).length,
		}));
	}

	/** The operation's template a concrete path belongs to (literal segments win over params). */
	templateOf(method: string, path: string): string | undefined {
		const m = method.toLowerCase();
		return this.templates
			.filter((t) => t.pattern.test(path) && this.paths[t.template][m])
			.sort((a, b) => a.params - b.params)[0]?.template;
	}

	operation(method: string, template: string): Operation | undefined {
		return this.paths[template]?.[method.toLowerCase()];
	}

	/**
	 * Whether the operation documents this status: successes by their own status, errors by
	 * theirs or by the operation's default answer.
	 */
	documents(method: string, template: string, status: number): boolean {
		const responses = this.operation(method, template)?.responses ?? {};
		return String(status) in responses || (status >= 400 && 'default' in responses);
	}

	/**
	 * The validator of a response body: the operation's schema for that status, else its
	 * default. Throws when the operation or the status is not documented, or has no JSON body.
	 */
	response(method: string, template: string, status: number): ValidateFunction {
		const id = `${method.toUpperCase()} ${template} ${status}`;
		const cached = this.validators.get(id);
		if (cached) return cached;
		const operation = this.operation(method, template);
		if (!operation)
			throw new Error(
				`${method.toUpperCase()} ${template} is not in the ${this.edition} description`,
			);
		const key = operation.responses[String(status)]
			? String(status)
			: status >= 400
				? 'default'
				: '';
		let response = operation.responses[key];
		if (!response)
			throw new Error(`${id}: status not documented in the ${this.edition} description`);
		let base = `openapi#/${pointer('paths', template, method.toLowerCase(), 'responses', key)}`;
		if (typeof response.$ref === 'string') {
			base = `openapi${response.$ref}`;
			const name = response.$ref.split('/').pop() as string;
			response = ((this.doc.components as Json).responses as Record<string, Json>)[name];
		}
		if (!(response.content as Json)?.['application/json'])
			throw new Error(`${id}: no JSON body described`);
		const validate = this.ajv.compile({
			$ref: `${base}/${pointer('content', 'application/json', 'schema')}`,
		});
		this.validators.set(id, validate);
		return validate;
	}

	/** Whether a documented answer of this status has a body at all (204s have none). */
	hasResponseBody(method: string, template: string, status: number): boolean {
		const operation = this.operation(method, template);
		let response = operation?.responses[String(status)] ?? operation?.responses.default;
		if (typeof response?.$ref === 'string') {
			response = ((this.doc.components as Json).responses as Record<string, Json>)[
				response.$ref.split('/').pop() as string
			];
		}
		return !!(response?.content as Json | undefined)?.['application/json'];
	}

	/** The validator of an operation's JSON request body. */
	request(method: string, template: string): ValidateFunction {
		const id = `${method.toUpperCase()} ${template} request`;
		const cached = this.validators.get(id);
		if (cached) return cached;
		const operation = this.operation(method, template);
		const content = (operation?.requestBody?.content as Json | undefined)?.['application/json'];
		if (!content)
			throw new Error(
				`${method.toUpperCase()} ${template} takes no JSON body in the ${this.edition} description`,
			);
		const validate = this.ajv.compile({
			$ref: `openapi#/${pointer('paths', template, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema')}`,
		});
		this.validators.set(id, validate);
		return validate;
	}

	/** The validator of a schema of components.schemas. */
	schema(name: string): ValidateFunction {
		const validate = this.ajv.getSchema(`openapi#/components/schemas/${name}`);
		if (!validate) throw new Error(`no schema ${name} in the ${this.edition} description`);
		return validate;
	}

	/** The validator of an error answer of the shared responses section (400, 403, 404…). */
	errorResponse(status: number): ValidateFunction {
		return this.ajv.compile({
			$ref: `openapi#/components/responses/${status}/content/application~1json/schema`,
		});
	}
}

/** Ajv's first errors, readable in a failure message. */
export function explain(validate: ValidateFunction, count = 8): string {
	return JSON.stringify(validate.errors?.slice(0, count), null, 2);
}

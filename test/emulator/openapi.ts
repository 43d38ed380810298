import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Affinity v2 OpenAPI description the emulator's schema tests validate against: vendored
 * without its prose (scripts/vendor-openapi.ts, MIT licence beside it); AFFINITY_OPENAPI may
 * point at the full copy instead.
 */
const OPENAPI_PATH = process.env.AFFINITY_OPENAPI ?? join(__dirname, '../fixtures/affinity-v2-openapi.json');

export type Json = Record<string, unknown>;

export function loadDescription(): Json {
	if (!existsSync(OPENAPI_PATH)) {
		throw new Error(`The OpenAPI description is needed at ${OPENAPI_PATH} (or set AFFINITY_OPENAPI to its path)`);
	}
	return JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as Json;
}

/**
 * Ajv implements `discriminator` without `mapping` (the oneOf branches carry the same
 * information). Its discriminator also lets a non-object through (null passed the Interaction
 * schema, so `data: null` matched both branches of `oneOf: [Interaction, null]`); a discriminator
 * only ever describes objects, so the schema that carries one says so.
 */
export function withoutMappings(node: unknown): unknown {
	if (Array.isArray(node)) return node.map(withoutMappings);
	if (!node || typeof node !== 'object') return node;
	const out: Json = {};
	for (const [key, value] of Object.entries(node as Json)) {
		if (key === 'discriminator' && value && typeof value === 'object') {
			out[key] = { propertyName: (value as Json).propertyName };
			out.type ??= 'object';
		} else out[key] = withoutMappings(value);
	}
	return out;
}

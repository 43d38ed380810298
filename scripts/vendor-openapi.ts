/**
 * Writes test/fixtures/affinity-v2-openapi.json: the Affinity v2 OpenAPI description the
 * emulator's schema tests validate against, without prose (descriptions, examples) so that the
 * repository carries only what the tests read. Usage: tsx scripts/vendor-openapi.ts <path to the full description>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DROP = new Set(['description', 'example', 'examples', 'summary', 'x-logo', 'tags', 'termsOfService', 'contact']);

function strip(node: unknown): unknown {
	if (Array.isArray(node)) return node.map(strip);
	if (!node || typeof node !== 'object') return node;
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(node)) {
		// A property literally named "description" inside `properties` is schema, not prose.
		if (DROP.has(key) && typeof value !== 'object') continue;
		if ((key === 'examples' || key === 'tags') && typeof value === 'object') continue;
		out[key] = strip(value);
	}
	return out;
}

const source = process.argv[2];
if (!source) throw new Error('usage: tsx scripts/vendor-openapi.ts <affinity-v2-openapi.json>');
const doc = JSON.parse(readFileSync(source, 'utf8')) as Record<string, unknown>;
const target = join(__dirname, '../test/fixtures/affinity-v2-openapi.json');
writeFileSync(target, JSON.stringify(strip({ openapi: doc.openapi, info: { title: (doc.info as { title: string }).title, 'x-affinity-api-version': (doc.info as Record<string, unknown>)['x-affinity-api-version'] }, paths: doc.paths, components: doc.components })) + '\n');
console.log(`wrote ${target}`);

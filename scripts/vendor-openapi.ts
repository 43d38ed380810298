/**
 * Writes an edition of the Affinity v2 OpenAPI description into testkit/descriptions/ for the
 * emulator's schema tests, without prose (descriptions, examples) so that the repository
 * carries only what the tests read. The file is named after the edition
 * (`info.x-affinity-api-version`): affinity-v2-openapi-<edition>.json; the 2024-01-01 edition
 * keeps its older name, affinity-v2-openapi.json.
 *
 * Usage: tsx scripts/vendor-openapi.ts <path to the full description>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DROP = new Set([
	'description',
	'example',
	'examples',
	'summary',
	'x-logo',
	'tags',
	'termsOfService',
	'contact',
]);

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
const info = doc.info as Record<string, unknown>;
const edition = info['x-affinity-api-version'] as string;
const name =
	edition === '2024-01-01' ? 'affinity-v2-openapi.json' : `affinity-v2-openapi-${edition}.json`;
const target = join(__dirname, '../testkit/descriptions', name);
const vendored = {
	openapi: doc.openapi,
	info: { title: info.title, 'x-affinity-api-version': edition },
	paths: doc.paths,
	components: doc.components,
};
writeFileSync(target, JSON.stringify(strip(vendored)) + '\n');
console.log(`wrote ${target}`);

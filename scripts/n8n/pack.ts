/* The built pack as n8n sees it: copied into a user folder like an installed community package. */
import fs from 'node:fs';
import path from 'node:path';

import { PACKAGE_NAME, REPO_ROOT } from '../paths';

interface Manifest {
	files: string[];
	n8n: { nodes: string[]; credentials: string[] };
}

function readManifest(): Manifest {
	return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
}

/** What `npm pack` ships: package.json, README, LICENSE and the `files` of package.json (dist/). */
export function installPack(userFolder: string): string {
	const manifest = readManifest();
	for (const built of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) {
		if (!fs.existsSync(path.join(REPO_ROOT, built))) {
			throw new Error(`${built} is missing: build the pack first (npm run build)`);
		}
	}
	const target = path.join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	for (const entry of ['package.json', 'README.md', 'LICENSE', ...manifest.files]) {
		const from = path.join(REPO_ROOT, entry);
		if (fs.existsSync(from)) {
			fs.cpSync(from, path.join(target, entry), { recursive: true, dereference: true });
		}
	}
	return target;
}

/** The node names (`affinityV2`, ...) the built pack declares, read from its compiled node classes. */
export function packNodeNames(): string[] {
	return readManifest().n8n.nodes.map((file) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(path.join(REPO_ROOT, file)) as Record<
			string,
			new () => { description: { name: string } }
		>;
		const NodeClass = Object.values(exported).find((value) => typeof value === 'function');
		if (!NodeClass) throw new Error(`${file} exports no node class`);
		return new NodeClass().description.name;
	});
}

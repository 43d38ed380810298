/* Where the real n8n used by `npm start` and the e2e tests lives: a cache folder outside the repo. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** n8n 2.41.3 cannot install (a dependency version is missing from the registry); 2.41.1 can. */
export const N8N_VERSION = '2.41.1';
/** n8n 2.41.1 declares engines node >= 24; the binary comes from the npm registry, so no system Node is touched. */
export const NODE_MAJOR = '24';
/** Pinned through an npm override: n8n 2.41.1 installs only with this linkedom. */
export const LINKEDOM_VERSION = '0.18.14';
export const PACKAGE_NAME = 'n8n-nodes-affinity-v2';

export const REPO_ROOT = path.resolve(__dirname, '..');

/** `$AFFINITY_N8N_CACHE`, else `${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-affinity-v2`. */
export function cacheRoot(): string {
	if (process.env.AFFINITY_N8N_CACHE) return path.resolve(process.env.AFFINITY_N8N_CACHE);
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, PACKAGE_NAME);
}

export interface RuntimePaths {
	root: string;
	/** The node-<platform>-<arch> package: bin/node plus the headers native modules build against. */
	nodeDir: string;
	nodeBin: string;
	/** A private npm project whose only dependency is n8n. */
	n8nDir: string;
	n8nBin: string;
	/** Written last: without it the install is treated as unfinished and redone. */
	marker: string;
	lock: string;
}

export function nodePackageName(): string {
	return `node-${process.platform}-${process.arch}`;
}

export function runtimePaths(root = cacheRoot()): RuntimePaths {
	const nodeDir = path.join(root, `node${NODE_MAJOR}`, 'node_modules', nodePackageName());
	const n8nDir = path.join(root, `n8n-${N8N_VERSION}`);
	return {
		root,
		nodeDir,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		n8nDir,
		n8nBin: path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
		marker: path.join(n8nDir, '.provisioned.json'),
		lock: path.join(root, '.lock'),
	};
}

export function isProvisioned(paths = runtimePaths()): boolean {
	return fs.existsSync(paths.marker) && fs.existsSync(paths.nodeBin) && fs.existsSync(paths.n8nBin);
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

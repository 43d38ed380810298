/* Where the real n8n used by `npm start` and the e2e tests lives: a cache folder outside the repo. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One n8n release line the pack is tested on: the version installed, its Node, its npm overrides. */
export interface N8nLine {
	/** What `--n8n` / AFFINITY_N8N_VERSION name it by. */
	line: string;
	version: string;
	nodeMajor: string;
	/** npm overrides without which this version does not install from the npm registry. */
	overrides: Record<string, string>;
}

export const N8N_LINES: Record<string, N8nLine> = {
	/**
	 * n8n 2.41.3 cannot install (a dependency version is missing from the registry); 2.41.1 can.
	 * It declares engines node >= 24. linkedom is pinned: 2.41.1 installs only with 0.18.14.
	 */
	'2.41': { line: '2.41', version: '2.41.1', nodeMajor: '24', overrides: { linkedom: '0.18.14' } },
	/**
	 * The 1.x long-term line (engines node >=20.19 <= 24.x; its expression engine's isolated-vm
	 * needs 22 or 24). n8n-nodes-base 1.x takes xlsx 0.20.2 from cdn.sheetjs.com, outside the npm
	 * registry: 0.18.5, the newest xlsx on the registry, replaces it (Spreadsheet File nodes only).
	 */
	'1.123': { line: '1.123', version: '1.123.81', nodeMajor: '24', overrides: { xlsx: '0.18.5' } },
};

export const DEFAULT_N8N_LINE = '2.41';

/**
 * The n8n line chosen by `--n8n <line>` (scripts set the variable from the flag) or
 * AFFINITY_N8N_VERSION: a line ("1.123", "2.41"), its pinned version, or its major ("1", "2").
 */
export function n8nLine(choice = process.env.AFFINITY_N8N_VERSION): N8nLine {
	const wanted = (choice ?? '').trim();
	if (!wanted) return N8N_LINES[DEFAULT_N8N_LINE];
	const found = Object.values(N8N_LINES).find(
		(l) => l.line === wanted || l.version === wanted || l.line.split('.')[0] === wanted,
	);
	if (!found) {
		const known = Object.values(N8N_LINES)
			.map((l) => `${l.line} (n8n ${l.version})`)
			.join(', ');
		throw new Error(`n8n version "${wanted}" is not one the pack installs; choose ${known}`);
	}
	return found;
}

/** Reads `--n8n <line>` from argv into AFFINITY_N8N_VERSION (checked), for everything after. */
export function applyN8nFlag(argv = process.argv): N8nLine {
	const i = argv.indexOf('--n8n');
	if (i >= 0) {
		const value = argv[i + 1];
		if (!value || value.startsWith('--'))
			throw new Error('--n8n needs a version, e.g. --n8n 1.123');
		process.env.AFFINITY_N8N_VERSION = value;
	}
	const line = n8nLine();
	process.env.AFFINITY_N8N_VERSION = line.line;
	return line;
}

/** The default line's version and Node (the chosen one: n8nLine()). */
export const N8N_VERSION = N8N_LINES[DEFAULT_N8N_LINE].version;
export const NODE_MAJOR = N8N_LINES[DEFAULT_N8N_LINE].nodeMajor;
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
	/** The n8n line these paths hold. */
	line: N8nLine;
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

/** Each line in its own folder (n8n-<version>), beside the Node it runs on (node<major>). */
export function runtimePaths(root = cacheRoot(), line = n8nLine()): RuntimePaths {
	const nodeDir = path.join(root, `node${line.nodeMajor}`, 'node_modules', nodePackageName());
	const n8nDir = path.join(root, `n8n-${line.version}`);
	return {
		root,
		line,
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

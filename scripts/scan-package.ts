/*
 * n8n's community package scanner (@n8n/scan-community-package), run on this checkout.
 *
 *   tsx scripts/scan-package.ts [source|dist]...      (both legs when none is named)
 *
 * The scanner's CLI only scans packages from the registry: after the provenance check it lints
 * the attested source checkout and the published tarball. This runs its own `analyzePackage`
 * (same ESLint instance, same config, same plugin versions, inline `eslint-disable` ignored) on
 * the same two inputs taken locally:
 *   source: package.json and {nodes,credentials}/**\/*.{js,ts,json} of this checkout;
 *   dist:   `**\/*.js` and package.json of the `npm pack` tarball (build first), unpacked.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO_ROOT = path.resolve(__dirname, '..');

interface ScanResult {
	passed: boolean;
	message?: string;
	details?: string;
}

interface Scanner {
	SOURCE_FILE_PATTERNS: string[];
	analyzePackage(packageDir: string, filePatterns: string[]): Promise<ScanResult>;
}

/** The file patterns the scanner gives `analyzePackage` for the tarball leg. */
const DIST_FILE_PATTERNS = ['**/*.js', 'package.json'];

const LEGS = ['source', 'dist'] as const;
type Leg = (typeof LEGS)[number];

function run(command: string, args: string[], cwd: string): string {
	const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}`);
	}
	return result.stdout;
}

/** `npm pack` the checkout into `workDir` and unpack it the way the scanner does. */
function packAndUnpack(workDir: string): string {
	if (!fs.existsSync(path.join(REPO_ROOT, 'dist'))) {
		throw new Error('dist/ is missing: run `npm run build` before scanning the tarball');
	}
	const [packed] = JSON.parse(
		run('npm', ['pack', '--json', '--pack-destination', workDir], REPO_ROOT),
	) as Array<{ filename: string }>;
	const packageDir = path.join(workDir, 'package');
	fs.mkdirSync(packageDir);
	run(
		'tar',
		['-xzf', path.join(workDir, packed.filename), '-C', packageDir, '--strip-components=1'],
		workDir,
	);
	return packageDir;
}

async function main(): Promise<void> {
	const requested = process.argv.slice(2);
	const unknown = requested.filter((leg) => !(LEGS as readonly string[]).includes(leg));
	if (unknown.length > 0) throw new Error(`Unknown leg ${unknown.join(', ')}; use source or dist`);
	const legs: Leg[] = requested.length > 0 ? (requested as Leg[]) : [...LEGS];

	// The scanner makes a temp folder as it loads; point it into ours so nothing is left behind.
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-package-'));
	process.env.TMPDIR = workDir;
	let failed = false;
	try {
		const scannerFile = require.resolve('@n8n/scan-community-package/scanner/scanner.mjs');
		// A real dynamic import (tsx would turn `import()` into `require`, which cannot load ESM).
		const importEsm = new Function('specifier', 'return import(specifier)') as (
			specifier: string,
		) => Promise<Scanner>;
		const scanner = await importEsm(pathToFileURL(scannerFile).href);

		for (const leg of legs) {
			const result =
				leg === 'source'
					? await scanner.analyzePackage(REPO_ROOT, scanner.SOURCE_FILE_PATTERNS)
					: await scanner.analyzePackage(packAndUnpack(workDir), DIST_FILE_PATTERNS);
			if (result.passed) {
				console.log(
					`✅ scanner, ${leg} leg: passed${result.message ? ` (${result.message})` : ''}`,
				);
			} else {
				failed = true;
				console.log(`❌ scanner, ${leg} leg: ${result.message}`);
				if (result.details) console.log(result.details);
			}
		}
	} finally {
		fs.rmSync(workDir, { recursive: true, force: true });
	}
	if (failed) process.exitCode = 1;
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exitCode = 1;
});

/*
 * Installs a real n8n once into a cache folder outside the repo and reuses it afterwards.
 *
 *   tsx scripts/provision-n8n.ts [--n8n 2.41|1.123] [--browser]
 *
 * The n8n line is --n8n or AFFINITY_N8N_VERSION (default 2.41; see N8N_LINES in paths.ts); each
 * line has its own folder in the cache. Steps (each skipped when already done): the line's Node
 * binary from the npm registry, n8n with --ignore-scripts, then its native modules rebuilt
 * against that Node's headers. A marker
 * is written last, so an interrupted install is redone; a lock keeps two runs from racing.
 * With --browser it also makes sure Debian's Chromium is there for the browser test.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import {
	CHROMIUM_PATH,
	isProvisioned,
	applyN8nFlag,
	nodePackageName,
	runtimePaths,
	type RuntimePaths,
} from './paths';

const started = Date.now();

function log(message: string): void {
	const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
	console.log(`[provision ${seconds}s] ${message}`);
}

/** How often a long step says it is still working (npm prints nothing for minutes). */
const HEARTBEAT_MS = 20_000;

/** What a long step prints while it runs: what it does, and a count of what it has done so far. */
interface Progress {
	what: string;
	done?: () => string | undefined;
}

/** How many packages an install has put into `node_modules` so far (top level and scoped). */
export function packagesSoFar(dir: string): string | undefined {
	const modules = path.join(dir, 'node_modules');
	let count = 0;
	try {
		for (const entry of fs.readdirSync(modules)) {
			if (entry.startsWith('.')) continue;
			count += entry.startsWith('@') ? fs.readdirSync(path.join(modules, entry)).length : 1;
		}
	} catch {
		return undefined;
	}
	return `${count} packages in node_modules so far`;
}

const minutesAndSeconds = (ms: number) => {
	const seconds = Math.round(ms / 1000);
	return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
};

/**
 * Runs a command with its output shown, failing on a non-zero exit. With `progress`, a line every
 * 20 s says what is running and for how long, so a quiet npm install never looks stuck.
 */
function run(
	command: string,
	args: string[],
	options: { cwd: string; env?: NodeJS.ProcessEnv; progress?: Progress },
): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			stdio: 'inherit',
		});
		const since = Date.now();
		const { progress } = options;
		const heartbeat = progress
			? setInterval(() => {
					const done = progress.done?.();
					log(
						`${progress.what}: still running, ${minutesAndSeconds(Date.now() - since)} so far${done ? ` (${done})` : ''}`,
					);
				}, HEARTBEAT_MS)
			: undefined;
		child.on('error', (error) => {
			clearInterval(heartbeat);
			reject(error);
		});
		child.on('exit', (code, signal) => {
			clearInterval(heartbeat);
			if (code === 0) {
				if (progress) log(`${progress.what}: done in ${minutesAndSeconds(Date.now() - since)}`);
				resolve();
			} else
				reject(
					new Error(
						`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}) in ${options.cwd}`,
					),
				);
		});
	});
}

function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** mkdir is atomic: whoever creates the lock folder provisions; others wait. A dead holder's lock is taken over. */
async function withLock<T>(lockDir: string, work: () => Promise<T>): Promise<T> {
	fs.mkdirSync(path.dirname(lockDir), { recursive: true });
	let announced = false;
	for (;;) {
		try {
			fs.mkdirSync(lockDir);
			fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const holder = Number(
				fs.readFileSync(path.join(lockDir, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0,
			);
			if (holder && !processAlive(holder)) {
				log(`removing a stale lock left by process ${holder}`);
				fs.rmSync(lockDir, { recursive: true, force: true });
				continue;
			}
			if (!announced)
				log(`another provisioning (process ${holder || '?'}) holds ${lockDir}; waiting for it`);
			announced = true;
			await new Promise((r) => setTimeout(r, 2000));
		}
	}
	const release = () => fs.rmSync(lockDir, { recursive: true, force: true });
	const onSignal = (signal: NodeJS.Signals) => {
		release();
		process.kill(process.pid, signal);
	};
	process.once('SIGINT', onSignal);
	process.once('SIGTERM', onSignal);
	try {
		return await work();
	} finally {
		process.off('SIGINT', onSignal);
		process.off('SIGTERM', onSignal);
		release();
	}
}

function stepDone(paths: RuntimePaths, step: string): boolean {
	return fs.existsSync(path.join(paths.n8nDir, `.step-${step}`));
}

function markStep(paths: RuntimePaths, step: string): void {
	fs.writeFileSync(path.join(paths.n8nDir, `.step-${step}`), new Date().toISOString() + '\n');
}

/**
 * Run from `npm run` or npx, we inherit the repo's npm settings (npm_config_ignore_scripts=true,
 * npm_config_local_prefix=<repo>...): they must not reach the installs in the cache.
 */
function cleanEnv(): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
}

/** Environment in which `node` and the native builds are Node 24's. */
export function node24Env(paths: RuntimePaths): NodeJS.ProcessEnv {
	return {
		...cleanEnv(),
		PATH: `${path.join(paths.nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
		// ~/.npmrc may point nodedir at the system Node; native modules must build against 24's headers.
		npm_config_nodedir: paths.nodeDir,
	};
}

async function installNode(paths: RuntimePaths): Promise<void> {
	if (fs.existsSync(paths.nodeBin)) {
		log(`Node ${paths.line.nodeMajor}: ${paths.nodeBin} (cached)`);
		return;
	}
	const project = path.resolve(paths.nodeDir, '..', '..');
	fs.rmSync(project, { recursive: true, force: true });
	fs.mkdirSync(project, { recursive: true });
	fs.writeFileSync(
		path.join(project, 'package.json'),
		JSON.stringify({ name: 'node-runtime', private: true }, null, 2),
	);
	log(
		`installing Node ${paths.line.nodeMajor} (${nodePackageName()}@${paths.line.nodeMajor} from the npm registry) into ${project}`,
	);
	await run(
		'npm',
		[
			'install',
			'--no-audit',
			'--no-fund',
			'--ignore-scripts',
			'--no-package-lock',
			`${nodePackageName()}@${paths.line.nodeMajor}`,
		],
		{
			cwd: project,
			env: cleanEnv(),
		},
	);
	if (!fs.existsSync(paths.nodeBin))
		throw new Error(`${nodePackageName()} installed but ${paths.nodeBin} is missing`);
}

async function installN8n(paths: RuntimePaths): Promise<void> {
	if (!fs.existsSync(paths.marker) && fs.existsSync(paths.n8nDir) && !stepDone(paths, 'install')) {
		log(`an unfinished n8n install is in ${paths.n8nDir}; starting it over`);
		fs.rmSync(paths.n8nDir, { recursive: true, force: true });
	}
	fs.mkdirSync(paths.n8nDir, { recursive: true });
	if (stepDone(paths, 'install')) {
		log(`n8n ${paths.line.version}: packages already installed`);
	} else {
		const manifest = {
			name: 'n8n-runtime',
			private: true,
			description:
				'Real n8n for n8n-nodes-affinity-v2 (npm start, e2e and browser tests). Safe to delete.',
			dependencies: { n8n: paths.line.version },
			overrides: paths.line.overrides,
		};
		fs.writeFileSync(path.join(paths.n8nDir, 'package.json'), JSON.stringify(manifest, null, 2));
		// Measured on a 2-core machine: n8n 2.41.1 is 2,363 packages, 2.9 GB, 3.5 minutes idle, 7.7 busy.
		log(
			`installing n8n ${paths.line.version} into ${paths.n8nDir} (about 2,400 packages and 3 GB, once: 3.5 to 8 minutes on a fast network; npm itself prints nothing until it is done)`,
		);
		await run(
			'npm',
			['install', '--no-audit', '--no-fund', '--ignore-scripts', '--omit=dev', '--loglevel=error'],
			{
				cwd: paths.n8nDir,
				env: node24Env(paths),
				progress: {
					what: `installing n8n ${paths.line.version}`,
					done: () => packagesSoFar(paths.n8nDir),
				},
			},
		);
		markStep(paths, 'install');
	}
	// n8n 2.x runs expressions in isolated-vm; 1.x's tree may not hold it at the top level.
	const natives = ['sqlite3', 'isolated-vm'].filter((m) =>
		fs.existsSync(path.join(paths.n8nDir, 'node_modules', m)),
	);
	if (stepDone(paths, 'rebuild')) {
		log('native modules already built');
	} else {
		log(
			`building ${natives.join(' and ')} for Node ${paths.line.nodeMajor} (1 to 4 minutes, once)`,
		);
		// --loglevel=error: npm 11 warns here about install scripts that allowScripts does not list,
		// which concerns n8n's own tree and no one can act on; errors still show.
		await run('npm', ['rebuild', '--no-audit', '--no-fund', '--loglevel=error', ...natives], {
			cwd: paths.n8nDir,
			env: node24Env(paths),
			progress: { what: `building ${natives.join(' and ')}` },
		});
		markStep(paths, 'rebuild');
	}
	const native = spawnSync(
		paths.nodeBin,
		[
			'-e',
			`${natives.map((m) => `require('${m}');`).join(' ')} console.log('native modules load')`,
		],
		{
			cwd: paths.n8nDir,
			env: node24Env(paths),
			encoding: 'utf8',
		},
	);
	if (native.status !== 0) {
		fs.rmSync(path.join(paths.n8nDir, '.step-rebuild'), { force: true });
		throw new Error(
			`${natives.join(' or ')} does not load on Node ${paths.line.nodeMajor}; run again to rebuild them:\n${native.stderr}`,
		);
	}
	const version = spawnSync(paths.nodeBin, [paths.n8nBin, '--version'], {
		cwd: paths.n8nDir,
		env: {
			...node24Env(paths),
			N8N_USER_FOLDER: path.join(paths.root, 'version-check'),
			N8N_DIAGNOSTICS_ENABLED: 'false',
		},
		encoding: 'utf8',
		timeout: 120_000,
	});
	const printed = `${version.stdout ?? ''}`.trim().split('\n').pop() ?? '';
	if (version.status !== 0 || printed !== paths.line.version) {
		throw new Error(
			`n8n --version printed "${printed}" (exit ${version.status}): ${version.stderr}`,
		);
	}
	fs.writeFileSync(
		paths.marker,
		JSON.stringify(
			{
				n8n: paths.line.version,
				node: spawnSync(paths.nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim(),
				completedAt: new Date().toISOString(),
			},
			null,
			2,
		),
	);
}

/** The browser test drives Debian's Chromium; CI is a clean Debian machine where we are root. */
export async function ensureChromium(): Promise<void> {
	if (fs.existsSync(CHROMIUM_PATH)) {
		log(`Chromium: ${CHROMIUM_PATH}`);
		return;
	}
	const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
	if (!canInstall) {
		throw new Error(
			`Chromium is not at ${CHROMIUM_PATH}. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
		);
	}
	log("installing Debian's chromium with apt-get (about 30 s, once)");
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await run('apt-get', ['update', '-qq'], {
		cwd: '/',
		env,
		progress: { what: 'apt-get update' },
	});
	await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
		cwd: '/',
		env,
		progress: { what: 'installing chromium' },
	});
}

export async function provision(options: { browser?: boolean } = {}): Promise<RuntimePaths> {
	const paths = runtimePaths();
	if (isProvisioned(paths)) {
		log(
			`n8n ${paths.line.version} on Node ${paths.line.nodeMajor}: ready in ${paths.root} (cached)`,
		);
	} else {
		await withLock(paths.lock, async () => {
			// Another run may have finished while this one waited for the lock.
			if (isProvisioned(paths)) return;
			log(`cache folder: ${paths.root} (set AFFINITY_N8N_CACHE to move it)`);
			await installNode(paths);
			await installN8n(paths);
		});
		log(`n8n ${paths.line.version} on Node ${paths.line.nodeMajor}: ready in ${paths.root}`);
	}
	if (options.browser) await ensureChromium();
	return paths;
}

if (require.main === module) {
	Promise.resolve()
		.then(() => applyN8nFlag())
		.then(() => provision({ browser: process.argv.includes('--browser') }))
		.catch((error) => {
			console.error(`[provision] failed: ${error instanceof Error ? error.message : error}`);
			process.exit(1);
		});
}

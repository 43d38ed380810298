/* Debian packages the queue mode (redis-server, postgresql) and the two-way sync test (postgresql) need, installed with apt-get when missing. */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const isRoot = () => process.getuid?.() === 0;

/** The first of the paths that exists, for the binaries Debian puts outside PATH. */
function firstExisting(candidates: string[]): string | undefined {
	return candidates.find((file) => fs.existsSync(file));
}

function onPath(command: string): string | undefined {
	const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
	return found.status === 0 ? found.stdout.trim() : undefined;
}

/** Postgres's server binaries: Debian keeps them in /usr/lib/postgresql/<major>/bin. */
function postgresBinDir(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (fs.existsSync(root)) {
		const majors = fs
			.readdirSync(root)
			.filter((d) => fs.existsSync(path.join(root, d, 'bin', 'postgres')))
			.sort((a, b) => Number(b) - Number(a));
		if (majors.length) return path.join(root, majors[0], 'bin');
	}
	const initdb = onPath('initdb');
	return initdb ? path.dirname(fs.realpathSync(initdb)) : undefined;
}

export interface SystemBinaries {
	redisServer: string;
	postgresBin: string;
}

function find(): Partial<SystemBinaries> {
	return {
		redisServer: onPath('redis-server') ?? firstExisting(['/usr/bin/redis-server']),
		postgresBin: postgresBinDir(),
	};
}

/**
 * redis-server and postgres, installed with apt-get when missing and running as root (as on CI);
 * otherwise a clear message naming the packages.
 */
export function ensureSystemBinaries(say: (message: string) => void = console.log): SystemBinaries {
	return ensureBinaries(['redis-server', 'postgresql'], say) as SystemBinaries;
}

/** Postgres's server binaries alone (installed with apt-get as ensureSystemBinaries does): their folder. */
export function ensurePostgresBinaries(say: (message: string) => void = console.log): string {
	return ensureBinaries(['postgresql'], say).postgresBin as string;
}

function ensureBinaries(
	needed: Array<'redis-server' | 'postgresql'>,
	say: (message: string) => void,
): Partial<SystemBinaries> {
	let found = find();
	const has = (pkg: string) => (pkg === 'redis-server' ? found.redisServer : found.postgresBin);
	const missing = needed.filter((pkg) => !has(pkg));
	if (missing.length) {
		if (!isRoot() || !onPath('apt-get')) {
			throw new Error(
				`this needs ${missing.join(' and ')}: install them (apt-get install ${missing.join(' ')})`,
			);
		}
		say(`installing ${missing.join(', ')} with apt-get...`);
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		const install = () =>
			spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
				env,
				stdio: 'inherit',
			});
		if (install().status !== 0) {
			execFileSync('apt-get', ['update'], { env, stdio: 'inherit' });
			if (install().status !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed`);
		}
		found = find();
	}
	const still = needed.filter((pkg) => !has(pkg));
	if (still.length) throw new Error(`${still.join(' and ')} not found after installing`);
	return found;
}

/**
 * Postgres refuses to run as root: as root, its commands run as the `postgres` user Debian
 * creates (setpriv execs, so the command keeps the pid a stop signals).
 */
export function asPostgresUser(command: string, args: string[]): [string, string[]] {
	return isRoot()
		? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args]]
		: [command, args];
}

/** Whether the user postgres runs as can create and use a folder here (root's home is often closed). */
export function postgresCanUse(folder: string): boolean {
	if (!isRoot()) return true;
	let probe = folder;
	while (!fs.existsSync(probe)) probe = path.dirname(probe);
	const [command, args] = asPostgresUser('test', ['-x', probe, '-a', '-r', probe]);
	return spawnSync(command, args).status === 0;
}

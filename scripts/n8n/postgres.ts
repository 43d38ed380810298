/* A private Postgres server on loopback for n8n's database: its own data folder and port. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort, ManagedProcess } from './processes';
import { asPostgresUser, postgresCanUse } from './system';

export interface RunningPostgres {
	host: string;
	port: number;
	user: string;
	password: string;
	database: string;
	dataDir: string;
	process: ManagedProcess;
	/** n8n's settings for this database. */
	n8nEnv: NodeJS.ProcessEnv;
	/** A query through psql (tab-separated rows, no header). */
	query(sql: string): string;
	stop(): Promise<void>;
}

const USER = 'postgres';
/** Loopback only, for a local database that holds nothing but demo and test data. */
const PASSWORD = 'n8n-queue-local';

/**
 * Starts postgres on a free loopback port with its data in `dataDir` (initialised on first use,
 * kept afterwards), and makes sure `database` exists. As root, postgres runs as the postgres user;
 * when that user cannot reach `dataDir` (root's home), the data goes to a folder it can reach.
 */
export async function startPostgres(options: {
	binDir: string;
	dataDir: string;
	database: string;
	port?: number;
	logFile?: string;
}): Promise<RunningPostgres> {
	let dataDir = options.dataDir;
	if (!postgresCanUse(path.dirname(dataDir))) {
		dataDir = path.join(
			os.tmpdir(),
			`n8n-nodes-affinity-v2-${path.basename(path.dirname(dataDir))}-postgres`,
		);
	}
	const bin = (name: string) => path.join(options.binDir, name);
	const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
		const [cmd, argv] = asPostgresUser(command, args);
		const result = spawnSync(cmd, argv, { encoding: 'utf8', env, cwd: '/' });
		if (result.status !== 0) {
			throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
		}
		return result.stdout;
	};
	const chownToPostgres = (target: string) => {
		if (process.getuid?.() === 0) spawnSync('chown', ['-R', `${USER}:${USER}`, target]);
	};

	if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
		fs.rmSync(dataDir, { recursive: true, force: true });
		fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
		const pwFile = path.join(dataDir, '..', `.${path.basename(dataDir)}-pw`);
		fs.writeFileSync(pwFile, PASSWORD, { mode: 0o600 });
		chownToPostgres(dataDir);
		chownToPostgres(pwFile);
		try {
			run(bin('initdb'), [
				'-D',
				dataDir,
				'-U',
				USER,
				'-E',
				'UTF8',
				'--auth=scram-sha-256',
				`--pwfile=${pwFile}`,
			]);
		} finally {
			fs.rmSync(pwFile, { force: true });
		}
	}

	const port = options.port ?? (await freePort());
	const [cmd, argv] = asPostgresUser(bin('postgres'), [
		'-D',
		dataDir,
		'-p',
		String(port),
		'-c',
		'listen_addresses=127.0.0.1',
		// The socket in the data folder: /var/run/postgresql may not exist or be someone else's.
		'-c',
		`unix_socket_directories=${dataDir}`,
		'-c',
		'max_connections=100',
	]);
	const child = new ManagedProcess('postgres', cmd, argv, {
		cwd: '/',
		logFile: options.logFile,
		// Postgres's fast shutdown: it ends its sessions and children itself.
		stopSignal: { signal: 'SIGINT', leaderOnly: true },
	});
	await child.waitForOutput(/ready to accept connections/, 60_000);

	const pgEnv = { ...process.env, PGPASSWORD: PASSWORD };
	const query = (sql: string) =>
		run(
			bin('psql'),
			[
				'-h',
				'127.0.0.1',
				'-p',
				String(port),
				'-U',
				USER,
				'-d',
				options.database,
				'-At',
				'-F',
				'\t',
				'-c',
				sql,
			],
			pgEnv,
		);
	const exists = run(
		bin('psql'),
		[
			'-h',
			'127.0.0.1',
			'-p',
			String(port),
			'-U',
			USER,
			'-d',
			'postgres',
			'-At',
			'-c',
			`SELECT 1 FROM pg_database WHERE datname = '${options.database}'`,
		],
		pgEnv,
	);
	if (exists.trim() !== '1') {
		run(
			bin('createdb'),
			['-h', '127.0.0.1', '-p', String(port), '-U', USER, options.database],
			pgEnv,
		);
	}

	return {
		host: '127.0.0.1',
		port,
		user: USER,
		password: PASSWORD,
		database: options.database,
		dataDir,
		process: child,
		n8nEnv: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: options.database,
			DB_POSTGRESDB_USER: USER,
			DB_POSTGRESDB_PASSWORD: PASSWORD,
		},
		query,
		stop: () => child.stop(20_000),
	};
}

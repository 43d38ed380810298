/*
 * n8n's own scale-out ("queue mode"): Postgres as the database, Redis as the queue, one main
 * (editor, REST, triggers) that enqueues executions and `n8n worker` processes that run them.
 * All n8n processes share one user folder (the pack installed once) and one encryption key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { startPostgres, type RunningPostgres } from './postgres';
import { freePort, ManagedProcess } from './processes';
import { startRedis, type RunningRedis } from './redis';
import { type RunningN8n, startN8n } from './server';
import { n8nEnv, type N8nSetup, prepareN8n } from './setup';
import { ensureSystemBinaries } from './system';

export interface QueueServices {
	postgres: RunningPostgres;
	redis: RunningRedis;
	/** The main's setup; imports run with it (same database), workers derive theirs from it. */
	setup: N8nSetup;
}

export interface RunningWorker {
	index: number;
	/** The worker's health server (`/healthz/readiness`). */
	healthUrl: string;
	logFile: string;
	process: ManagedProcess;
	stop(): Promise<void>;
}

/** The key in the user folder's config when n8n wrote one, else a new one (n8n then saves it). */
function encryptionKey(userFolder: string): string {
	const config = path.join(userFolder, '.n8n', 'config');
	if (fs.existsSync(config)) {
		const saved = (JSON.parse(fs.readFileSync(config, 'utf8')) as { encryptionKey?: string })
			.encryptionKey;
		if (saved) return saved;
	}
	return crypto.randomBytes(24).toString('hex');
}

/**
 * Redis and Postgres started (data under `home`), and the main's setup for queue mode: a user
 * folder with the pack, its port, and the settings every n8n process of the setup shares.
 */
export async function startQueueServices(options: {
	home: string;
	userFolder: string;
	database?: string;
	port?: number;
	say?: (message: string) => void;
}): Promise<QueueServices> {
	const binaries = ensureSystemBinaries(options.say);
	fs.mkdirSync(options.home, { recursive: true });
	const postgres = await startPostgres({
		binDir: binaries.postgresBin,
		dataDir: path.join(options.home, 'postgres'),
		database: options.database ?? 'n8n',
		logFile: path.join(options.home, 'postgres.log'),
	});
	const redis = await startRedis({
		redisServer: binaries.redisServer,
		dataDir: path.join(options.home, 'redis'),
		logFile: path.join(options.home, 'redis.log'),
	});
	const setup = await prepareN8n({
		userFolder: options.userFolder,
		port: options.port,
		logFile: path.join(options.home, 'main.log'),
	});
	setup.env = {
		...postgres.n8nEnv,
		...redis.n8nEnv,
		EXECUTIONS_MODE: 'queue',
		// Runs from the editor go to the workers too, like every other execution.
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_ENCRYPTION_KEY: encryptionKey(options.userFolder),
	};
	return { postgres, redis, setup };
}

/** The main: `n8n start` in queue mode (editor, REST, webhooks and triggers; enqueues executions). */
export function startMain(services: QueueServices): Promise<RunningN8n> {
	return startN8n(services.setup);
}

/** `n8n worker --concurrency=<n>` on the main's database and queue, ready once its health server says so. */
export async function startWorker(
	services: QueueServices,
	index: number,
	options: { concurrency?: number; logFile?: string; timeoutMs?: number } = {},
): Promise<RunningWorker> {
	const healthPort = await freePort();
	const logFile =
		options.logFile ??
		path.join(path.dirname(services.setup.logFile ?? '.'), `worker-${index}.log`);
	const setup: N8nSetup = {
		...services.setup,
		port: healthPort,
		brokerPort: await freePort(),
		logFile,
	};
	const child = new ManagedProcess(
		`worker-${index}`,
		setup.paths.nodeBin,
		[setup.paths.n8nBin, 'worker', `--concurrency=${options.concurrency ?? 5}`],
		{
			cwd: setup.userFolder,
			env: n8nEnv(setup, {
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(healthPort),
			}),
			logFile: setup.logFile,
		},
	);
	const healthUrl = `http://127.0.0.1:${healthPort}`;
	const deadline = Date.now() + (options.timeoutMs ?? 180_000);
	for (;;) {
		if (child.hasExited)
			throw new Error(`worker ${index} exited before it was ready\n${child.tail(60)}`);
		try {
			const res = await fetch(`${healthUrl}/healthz/readiness`);
			if (res.status === 200) break;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			await child.stop();
			throw new Error(`worker ${index} was not ready in time\n${child.tail(60)}`);
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	return { index, healthUrl, logFile, process: child, stop: () => child.stop(20_000) };
}

/** The n8n executions a worker's log says it ran ("Worker started execution <id>"). */
export function executionsRunBy(worker: RunningWorker): string[] {
	const log = fs.existsSync(worker.logFile) ? fs.readFileSync(worker.logFile, 'utf8') : '';
	return [...log.matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]);
}

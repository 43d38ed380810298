/* A private redis-server on loopback for n8n's queue (Bull): no persistence, its own port. */
import fs from 'node:fs';

import { freePort, ManagedProcess } from './processes';

export interface RunningRedis {
	host: string;
	port: number;
	process: ManagedProcess;
	/** n8n's settings for this queue. */
	n8nEnv: NodeJS.ProcessEnv;
	stop(): Promise<void>;
}

export async function startRedis(options: {
	redisServer: string;
	dataDir: string;
	port?: number;
	logFile?: string;
}): Promise<RunningRedis> {
	fs.mkdirSync(options.dataDir, { recursive: true });
	const port = options.port ?? (await freePort());
	const child = new ManagedProcess(
		'redis',
		options.redisServer,
		[
			'--bind',
			'127.0.0.1',
			'--port',
			String(port),
			'--dir',
			options.dataDir,
			'--save',
			'',
			'--appendonly',
			'no',
			'--daemonize',
			'no',
		],
		{ cwd: options.dataDir, logFile: options.logFile },
	);
	await child.waitForOutput(/Ready to accept connections/, 30_000);
	return {
		host: '127.0.0.1',
		port,
		process: child,
		n8nEnv: { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(port) },
		stop: () => child.stop(10_000),
	};
}

/* An n8n instance before it starts: its user folder with the pack in it, its ports, its environment. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { runtimePaths, type RuntimePaths } from '../paths';
import { installPack } from './pack';
import { freePort } from './processes';

export interface N8nSetup {
	paths: RuntimePaths;
	userFolder: string;
	port: number;
	/** n8n's task broker listens here; the default (5679) would collide between two n8n. */
	brokerPort: number;
	logFile?: string;
	/** Settings this instance adds to the defaults (queue mode: its database, queue, role). */
	env?: NodeJS.ProcessEnv;
}

/** Makes an n8n setup: a user folder with the pack copied in and two free ports. */
export async function prepareN8n(
	options: { userFolder?: string; port?: number; logFile?: string } = {},
): Promise<N8nSetup> {
	const userFolder =
		options.userFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'affinity-v2-n8n-'));
	fs.mkdirSync(userFolder, { recursive: true });
	installPack(userFolder);
	const port = options.port ?? (await freePort());
	let brokerPort = await freePort(port + 1);
	if (brokerPort === port) brokerPort = await freePort();
	return { paths: runtimePaths(), userFolder, port, brokerPort, logFile: options.logFile };
}

/** The environment that keeps n8n quiet, local and on our ports, with Node 24 first on PATH. */
export function n8nEnv(setup: N8nSetup, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	// Settings of the caller's own n8n (or of npm) must not leak into ours.
	const inherited: NodeJS.ProcessEnv = { ...process.env };
	delete inherited.N8N_CONFIG_FILES;
	delete inherited.DB_TYPE;
	delete inherited.EXECUTIONS_MODE;
	const env: NodeJS.ProcessEnv = {
		...inherited,
		PATH: `${path.join(setup.paths.nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
		// As n8n's own images run it. Under jest NODE_ENV is "test", where n8n's CLI commands print
		// nothing and never exit; unset, n8n takes itself for a development build.
		NODE_ENV: 'production',
		N8N_USER_FOLDER: setup.userFolder,
		N8N_PORT: String(setup.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: 'localhost',
		N8N_EDITOR_BASE_URL: `http://localhost:${setup.port}`,
		N8N_RUNNERS_BROKER_PORT: String(setup.brokerPort),
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'info',
		...setup.env,
		...extra,
	};
	return env;
}

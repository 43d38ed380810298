/*
 * `npm run start:queue`: the pack in n8n's queue mode, on the emulator.
 *
 *   npm run start:queue [-- --port 5692 --emulator-port 4022 --workers 2 --fresh]
 *
 * Redis and Postgres (Debian's, installed with apt-get when missing and running as root) on
 * loopback, the seeded emulator, one n8n main (editor, triggers) and `n8n worker` processes that
 * run the executions; the same owner, credential and sample workflows as `npm start`. Data lives
 * in <cache>/queue; --fresh starts from empty folders. Ctrl-C stops everything.
 */
import fs from 'node:fs';
import path from 'node:path';

import { DEMO_KEYS } from '../emulator/auth';
import {
	credentialExport,
	freePort,
	N8nRest,
	n8nImport,
	NODE_TYPES,
	OWNER,
	PACKAGE_NAME,
	packNodeNames,
	postgresCredentialExport,
	type RunningWorker,
	startEmulator,
	startMain,
	startQueueServices,
	startWorker,
	stopAll,
} from './n8n';
import { cacheRoot } from './paths';
import { provision } from './provision-n8n';
import { DEMO_CREDENTIAL, sampleWorkflows, SYNC_POSTGRES_CREDENTIAL } from './start';

function numberOption(name: string, envName: string, fallback: number, max = 65535): number {
	const i = process.argv.indexOf(`--${name}`);
	const raw = i >= 0 ? process.argv[i + 1] : process.env[envName];
	const value = raw === undefined ? fallback : Number(raw);
	if (!Number.isInteger(value) || value < 1 || value > max) {
		throw new Error(`--${name} (or ${envName}) must be an integer from 1 to ${max}, got "${raw}"`);
	}
	return value;
}

function say(message: string): void {
	console.log(`[start:queue] ${message}`);
}

async function main(): Promise<void> {
	const started = Date.now();
	const n8nPort = numberOption('port', 'AFFINITY_N8N_PORT', 5692);
	const emulatorPort = numberOption('emulator-port', 'AFFINITY_EMULATOR_PORT', 4022);
	const workerCount = numberOption('workers', 'AFFINITY_N8N_WORKERS', 2, 8);

	await provision();

	const home = path.join(cacheRoot(), 'queue');
	if (process.argv.includes('--fresh')) {
		say(`--fresh: removing ${home}`);
		fs.rmSync(home, { recursive: true, force: true });
	}
	fs.mkdirSync(home, { recursive: true });
	for (const log of ['main.log', 'emulator.log', 'postgres.log', 'redis.log']) {
		fs.writeFileSync(path.join(home, log), '');
	}

	let stopping = false;
	const shutdown = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('stopping workers, main, emulator, redis and postgres...');
		await stopAll();
		say('stopped.');
		process.exit(code);
	};
	process.on('SIGINT', () => void shutdown(0));
	process.on('SIGTERM', () => void shutdown(0));

	const services = await startQueueServices({
		home,
		userFolder: path.join(home, 'user'),
		port: await freePort(n8nPort),
		say,
	});
	const { postgres, redis, setup } = services;
	say(
		`postgres on 127.0.0.1:${postgres.port} (database ${postgres.database}, data ${postgres.dataDir})`,
	);
	say(`redis on 127.0.0.1:${redis.port}`);

	const emulator = await startEmulator({
		port: await freePort(emulatorPort),
		seed: 1,
		logFile: path.join(home, 'emulator.log'),
	});
	say(`emulator (seed 1) on ${emulator.baseUrl}`);

	const nodes = packNodeNames();
	say(
		`pack copied once into ${path.join(setup.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME)} for main and workers`,
	);
	// The two-way sync samples' database, beside n8n's own in the same Postgres.
	const sync = SYNC_POSTGRES_CREDENTIAL.database;
	if (postgres.query(`SELECT 1 FROM pg_database WHERE datname = '${sync}'`).trim() !== '1')
		postgres.query(`CREATE DATABASE ${sync}`);
	await n8nImport(setup, 'credentials', [
		credentialExport({ ...DEMO_CREDENTIAL, apiKey: DEMO_KEYS[0].key, baseUrl: emulator.baseUrl }),
		postgresCredentialExport({ ...SYNC_POSTGRES_CREDENTIAL, ...postgres, database: sync }),
	]);
	const samples = sampleWorkflows(nodes);
	if (samples.load.length) await n8nImport(setup, 'workflow', samples.load);
	say(`credential "${DEMO_CREDENTIAL.name}" and ${samples.load.length} sample workflows imported`);

	say(`starting the n8n main on port ${setup.port} and ${workerCount} workers...`);
	const main = await startMain(services);
	const workers: RunningWorker[] = [];
	for (let i = 1; i <= workerCount; i++) workers.push(await startWorker(services, i));

	const rest = new N8nRest(main.url);
	const owner = await rest.ensureOwner();
	const loggedIn = await rest.login().then(
		() => true,
		() => false,
	);
	if (loggedIn) {
		const found = await rest.request('POST', '/rest/node-types', {
			nodeInfos: [{ name: NODE_TYPES.action, version: 1 }],
		});
		if (!Array.isArray(found) || found.length === 0) {
			throw new Error(`n8n did not load ${NODE_TYPES.action}; see ${setup.logFile}`);
		}
	}

	const seconds = ((Date.now() - started) / 1000).toFixed(0);
	console.log(
		[
			'',
			`  n8n in queue mode with the Affinity v2 pack is ready (${seconds} s)`,
			'',
			`  Editor (main):  ${main.url}   pid ${main.process.pid}   log ${setup.logFile}`,
			...workers.map(
				(w) =>
					`  Worker ${w.index}:       health ${w.healthUrl}   pid ${w.process.pid}   log ${w.logFile}`,
			),
			`  Postgres:       127.0.0.1:${postgres.port}  database ${postgres.database} (and ${SYNC_POSTGRES_CREDENTIAL.database} for the two-way sync samples), user ${postgres.user}, password ${postgres.password}`,
			`                  data ${postgres.dataDir}`,
			`  Redis:          127.0.0.1:${redis.port}  (queue; nothing saved to disk)`,
			`  Emulator:       ${emulator.baseUrl}   key ${DEMO_KEYS[0].key}`,
			loggedIn
				? `  Login:          ${OWNER.email} / ${OWNER.password}${owner === 'existed' ? '' : '   (owner account created)'}`
				: `  Login:          the owner already in this database (npm run start:queue -- --fresh resets it)`,
			'',
			'  Sample workflows:',
			...samples.load.map((w) => `    ${w.name.padEnd(58)} ${main.url}/workflow/${w.id}`),
			'',
			'  Executions run on the workers; their logs say "Worker started execution <id>".',
			'  Press Ctrl-C to stop everything.',
			'',
		].join('\n'),
	);

	const processes = [
		main.process,
		emulator.process,
		postgres.process,
		redis.process,
		...workers.map((w) => w.process),
	];
	const exitCode = await Promise.race(processes.map((p) => p.exited));
	if (!stopping) {
		const which = processes.find((p) => p.hasExited)!;
		console.error(
			`[start:queue] ${which.label} exited unexpectedly (code ${exitCode}):\n${which.tail(40)}`,
		);
		await shutdown(1);
	}
}

main().catch(async (error) => {
	console.error(`[start:queue] failed: ${error instanceof Error ? error.message : error}`);
	await stopAll();
	process.exit(1);
});

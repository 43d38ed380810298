/*
 * `npm start`: the pack in a real n8n, on the emulator.
 *
 *   npm start [-- --port 5690 --emulator-port 4020 --model-port 4030 --fresh --n8n 1.123 --postgres]
 *
 * Installs n8n once (cached outside the repo), starts the seeded emulator and n8n with the
 * freshly built pack copied in as a community package, creates the owner, an "Affinity V2 API"
 * credential for the emulator, a demo chat model (a script, not an AI: the sample agent answers
 * without an API key) and its OpenAI credential, and imports the sample workflows of workflows/.
 * Ctrl-C stops all.
 *
 * The n8n user folder persists between runs (your own workflows stay); the emulator's data, the
 * credential and the sample workflows are reset at each start. --fresh starts from an empty folder.
 * --n8n 1.123 (or AFFINITY_N8N_VERSION) runs the 1.x long-term line instead of 2.41, with a user
 * folder of its own (a database n8n 2.x migrated does not open in 1.x). --postgres also starts a
 * private Postgres (Debian's, installed with apt-get when missing) for the two-way sync samples,
 * with their "Postgres (two-way sync)" credential.
 */
import fs from 'node:fs';
import path from 'node:path';

import { DEMO_KEYS } from '../emulator/auth';
import { describeLiveMode } from '../emulator/liveMode';
import { DEMO_MODEL_LABEL, demoScript } from '../testkit/models/demo-model';
import {
	SCRIPTED_MODEL_NAME,
	type ScriptedModel,
	startScriptedModel,
} from '../testkit/models/scripted-model';
import {
	credentialExport,
	ensurePostgresBinaries,
	freePort,
	N8nRest,
	n8nImport,
	NODE_TYPES,
	OWNER,
	PACKAGE_NAME,
	packNodeNames,
	postgresCredentialExport,
	prepareN8n,
	REPO_ROOT,
	startEmulator,
	startN8n,
	startPostgres,
	stopAll,
} from './n8n';
import { applyN8nFlag, cacheRoot, DEFAULT_N8N_LINE } from './paths';
import { provision } from './provision-n8n';

/**
 * The demo credential's key: the admin's, with Default API Version 2026-09-17, the current
 * edition (as a key created today has).
 */
export const DEMO_KEY = DEMO_KEYS.find((k) => k.label === 'current') ?? DEMO_KEYS[0];

export const DEMO_CREDENTIAL = {
	id: 'affinityV2DemoCred',
	name: 'Affinity v2 emulator (admin demo key)',
	// What the credential dialog shows (its default), stored, so that the edition used is the one shown.
	apiVersion: '2026-09-17',
};

/** The Postgres credential of the two-way sync samples, and the database it names. */
export const SYNC_POSTGRES_CREDENTIAL = {
	id: 'affinityV2SyncPostgres',
	name: 'Postgres (two-way sync)',
	database: 'affinity_sync',
};

/** The `openAiApi` credential of the sample agent workflow: the demo model, no real key. */
export const DEMO_MODEL_CREDENTIAL = { id: 'affinityV2DemoModel', name: DEMO_MODEL_LABEL };

/** n8n's OpenAI credential pointing at the demo model (its base URL), for `n8n import:credentials`. */
export function demoModelCredentialExport(baseUrl: string) {
	const now = new Date().toISOString();
	return {
		...DEMO_MODEL_CREDENTIAL,
		type: 'openAiApi',
		data: { apiKey: 'demo-model-needs-no-key', url: baseUrl, header: false },
		createdAt: now,
		updatedAt: now,
	};
}

function option(name: string, envName: string, fallback: number): number {
	const i = process.argv.indexOf(`--${name}`);
	const raw = i >= 0 ? process.argv[i + 1] : process.env[envName];
	const value = raw === undefined ? fallback : Number(raw);
	if (!Number.isInteger(value) || value < 1 || value > 65535)
		throw new Error(`--${name} (or ${envName}) must be a port number, got "${raw}"`);
	return value;
}

function say(message: string): void {
	console.log(`[start] ${message}`);
}

interface SampleWorkflow {
	id: string;
	name: string;
	nodes: Array<{ type: string; credentials?: Record<string, { id: string; name: string }> }>;
}

/**
 * The sample workflows of workflows/, pointed at the demo credential. A sample that needs a
 * node this build does not have (e.g. the trigger before it exists) is left out, with a note.
 */
export function sampleWorkflows(available: string[]): {
	load: SampleWorkflow[];
	skipped: string[];
} {
	const dir = path.join(REPO_ROOT, 'workflows');
	const load: SampleWorkflow[] = [];
	const skipped: string[] = [];
	for (const file of fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()) {
		const workflow = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as SampleWorkflow;
		const missing = workflow.nodes
			.map((n) => n.type)
			.filter((type) => type.startsWith(`${PACKAGE_NAME}.`))
			.map((type) => type.slice(PACKAGE_NAME.length + 1).replace(/Tool$/, ''))
			.filter((name) => !available.includes(name));
		if (missing.length) {
			skipped.push(`${file} (needs ${[...new Set(missing)].join(', ')}, not in this build)`);
			continue;
		}
		for (const node of workflow.nodes) {
			if (node.credentials?.affinityV2Api)
				node.credentials.affinityV2Api = { id: DEMO_CREDENTIAL.id, name: DEMO_CREDENTIAL.name };
		}
		load.push(workflow);
	}
	return { load, skipped };
}

async function main(): Promise<void> {
	const started = Date.now();
	const fresh = process.argv.includes('--fresh');
	const n8nPort = option('port', 'AFFINITY_N8N_PORT', 5690);
	const emulatorPort = option('emulator-port', 'AFFINITY_EMULATOR_PORT', 4020);
	const modelPort = option('model-port', 'AFFINITY_MODEL_PORT', 4030);
	const line = applyN8nFlag();

	await provision();

	const home = path.join(
		cacheRoot(),
		line.line === DEFAULT_N8N_LINE ? 'start' : `start-n8n-${line.line}`,
	);
	const userFolder = path.join(home, 'user');
	if (fresh) {
		say(`--fresh: removing ${userFolder}`);
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
	fs.mkdirSync(home, { recursive: true });
	const logFile = path.join(home, 'n8n.log');
	fs.writeFileSync(logFile, '');

	let stopping = false;
	// Set once the demo model runs; a Ctrl-C before that has nothing of it to stop.
	const demo: { model?: ScriptedModel } = {};
	const shutdown = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('stopping n8n and the emulator...');
		await stopAll();
		await demo.model?.close();
		say('stopped.');
		process.exit(code);
	};
	process.on('SIGINT', () => void shutdown(0));
	process.on('SIGTERM', () => void shutdown(0));

	// Live mode (emulator/cli.ts --live, kept across resets): some empty pages with a nextUrl, v1
	// writes reaching v2 reads late (300 ms; EMULATOR_V1_READ_DELAY_MS=1000 for a slow day).
	process.env.EMULATOR_LIVE = '1';
	const lag = process.env.EMULATOR_V1_READ_DELAY_MS;
	const emulator = await startEmulator({
		port: await freePort(emulatorPort),
		seed: 1,
		logFile: path.join(home, 'emulator.log'),
	});
	say(
		`emulator (seed 1) on ${emulator.baseUrl}, in ${describeLiveMode(lag ? Number(lag) : undefined)}`,
	);
	const model = await startScriptedModel(demoScript, { port: await freePort(modelPort) });
	demo.model = model;
	say(`demo chat model (scripted, OpenAI-compatible) on ${model.baseUrl}`);

	const setup = await prepareN8n({ userFolder, port: await freePort(n8nPort), logFile });
	const nodes = packNodeNames();
	say(
		`pack copied into ${path.join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME)} (nodes: ${nodes.join(', ')})`,
	);

	let postgresLine = `  Postgres:  none: the two-way sync samples need one (npm start -- --postgres starts it)`;
	const syncCredentials: Array<ReturnType<typeof postgresCredentialExport>> = [];
	if (process.argv.includes('--postgres')) {
		const pg = await startPostgres({
			binDir: ensurePostgresBinaries(say),
			dataDir: path.join(home, 'postgres'),
			database: SYNC_POSTGRES_CREDENTIAL.database,
			logFile: path.join(home, 'postgres.log'),
		});
		syncCredentials.push(postgresCredentialExport({ ...SYNC_POSTGRES_CREDENTIAL, ...pg }));
		postgresLine = `  Postgres:  127.0.0.1:${pg.port} database ${pg.database} (credential "${SYNC_POSTGRES_CREDENTIAL.name}", for the two-way sync samples)`;
	}
	await n8nImport(setup, 'credentials', [
		credentialExport({ ...DEMO_CREDENTIAL, apiKey: DEMO_KEY.key, baseUrl: emulator.baseUrl }),
		demoModelCredentialExport(model.baseUrl),
		...syncCredentials,
	]);
	const samples = sampleWorkflows(nodes);
	if (samples.load.length) await n8nImport(setup, 'workflow', samples.load);
	say(
		`credentials ${[DEMO_CREDENTIAL, DEMO_MODEL_CREDENTIAL, ...syncCredentials].map((c) => `"${c.name}"`).join(', ')} and ${samples.load.length} sample workflows imported`,
	);
	for (const note of samples.skipped) say(`not imported: ${note}`);

	say(`starting n8n on port ${setup.port} (log: ${logFile})...`);
	const n8n = await startN8n(setup);
	const rest = new N8nRest(n8n.url);
	const owner = await rest.ensureOwner();
	const loggedIn = await rest.login().then(
		() => true,
		() => false,
	);
	if (loggedIn) {
		// Fails here, not later in the editor, if n8n did not load the pack.
		const found = await rest.request('POST', '/rest/node-types', {
			nodeInfos: [{ name: NODE_TYPES.action, version: 1 }],
		});
		if (!Array.isArray(found) || found.length === 0)
			throw new Error(`n8n did not load ${NODE_TYPES.action}; see ${logFile}`);
	}

	const seconds = ((Date.now() - started) / 1000).toFixed(0);
	const lines = [
		'',
		`  n8n ${line.version} (Node ${line.nodeMajor}) with the Affinity v2 pack is ready (${seconds} s)`,
		'',
		`  Editor:    ${n8n.url}`,
		loggedIn
			? `  Login:     ${OWNER.email} / ${OWNER.password}${owner === 'existed' ? '' : '   (owner account created)'}`
			: `  Login:     the owner of ${userFolder} (not the demo login; npm start -- --fresh resets it)`,
		`  Credential "${DEMO_CREDENTIAL.name}" points at the emulator:`,
		`             ${emulator.baseUrl}   key ${DEMO_KEY.key} (${DEMO_KEY.label}: the admin on API ${DEMO_KEY.defaultVersion})`,
		`  Chat model "${DEMO_MODEL_CREDENTIAL.name}" (model ${SCRIPTED_MODEL_NAME}):`,
		`             ${model.baseUrl}   the sample agent's default; pick a real OpenAI credential to switch`,
		postgresLine,
		'',
		'  Sample workflows:',
		...samples.load.map((w) => `    ${w.name.padEnd(58)} ${n8n.url}/workflow/${w.id}`),
		'',
		`  Logs: ${logFile}`,
		'  Press Ctrl-C to stop n8n and the emulator.',
		'',
	];
	console.log(lines.join('\n'));

	const exitCode = await Promise.race([n8n.process.exited, emulator.process.exited]);
	if (!stopping) {
		const which = n8n.process.hasExited ? n8n.process : emulator.process;
		console.error(
			`[start] ${which.label} exited unexpectedly (code ${exitCode}):\n${which.tail(40)}`,
		);
		await shutdown(1);
	}
}

if (require.main === module) {
	main().catch(async (error) => {
		console.error(`[start] failed: ${error instanceof Error ? error.message : error}`);
		await stopAll();
		process.exit(1);
	});
}

/*
 * The pack in n8n's queue mode: Redis, Postgres, one main and two `n8n worker` processes. 50
 * webhook-started runs (reads and a write) spread over both workers, each write applied once;
 * the same 50 in a single-process n8n for comparison; a worker killed in the middle of a run.
 * Everything this file starts is stopped in afterAll, also when a test failed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import type { RequestLogEntry } from '../../emulator';
import {
	credentialExport,
	executionsRunBy,
	unflatten,
	N8nRest,
	n8nImport,
	type N8nSetup,
	prepareN8n,
	type QueueServices,
	REPO_ROOT,
	type RunningEmulator,
	type RunningN8n,
	type RunningWorker,
	startEmulator,
	startMain,
	startN8n,
	startQueueServices,
	startWorker,
	stopAll,
} from '../../scripts/n8n';
import { cacheRoot, isProvisioned, runtimePaths } from '../../scripts/paths';
import { ADMIN_KEY } from '../harness/emulator';
import {
	DEAL_PIPELINE,
	NOTES_FIELD,
	notesTriggerWorkflow,
	readsAndWriteWorkflow,
	TRIGGER_NODE,
	writeThenWaitWorkflow,
} from './workflows';

const RESULTS_DIR = path.join(REPO_ROOT, 'test-results', 'queue');
const RUNS = 50;
const CREDENTIAL = { id: 'queueCredAdmin', name: 'Affinity emulator (admin)' };

interface ExecutionSummary {
	id: string;
	status: string;
	workflowId: string;
}

let emulator: RunningEmulator;
let entryId: number;
let pipelineEntries: number[];
const folders: string[] = [];
const figures: Record<string, unknown> = {};

function log(message: string): void {
	fs.appendFileSync(
		path.join(RESULTS_DIR, 'figures.log'),
		`${new Date().toISOString()} ${message}\n`,
	);
}

/** Resident memory of a process group (n8n and its task runner), in MiB. */
function groupMemoryMiB(pid: number | undefined): number {
	if (!pid) return 0;
	const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pid)], { encoding: 'utf8' });
	return Math.round(
		out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024,
	);
}

async function importFor(setup: N8nSetup, workflows: unknown[]): Promise<void> {
	await n8nImport(setup, 'credentials', [
		credentialExport({ ...CREDENTIAL, apiKey: ADMIN_KEY, baseUrl: emulator.baseUrl }),
	]);
	await n8nImport(setup, 'workflow', workflows);
}

async function loggedIn(server: RunningN8n): Promise<N8nRest> {
	const rest = new N8nRest(server.url);
	await rest.ensureOwner();
	await rest.login();
	return rest;
}

/** Publishes a workflow (n8n 2: activation of its current version): its webhook goes live. */
async function activate(rest: N8nRest, workflowId: string): Promise<void> {
	const workflow = await rest.request<{ versionId: string }>(
		'GET',
		`/rest/workflows/${workflowId}`,
	);
	await rest.request('POST', `/rest/workflows/${workflowId}/activate`, {
		versionId: workflow.versionId,
	});
}

/**
 * Waits until n8n answers for the webhook path: the activation call can return before the
 * webhook is registered, and calls in between get "unknown webhook". An OPTIONS request (CORS
 * preflight) finds the webhook without running the workflow.
 */
async function webhookLive(server: RunningN8n, webhookPath: string): Promise<void> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const res = await fetch(`${server.url}/webhook/${webhookPath}`, {
			method: 'OPTIONS',
			headers: { origin: server.url, 'access-control-request-method': 'POST' },
		});
		await res.text();
		if (res.status < 300) return;
		if (Date.now() > deadline) throw new Error(`webhook ${webhookPath} not live: ${res.status}`);
		await new Promise((r) => setTimeout(r, 250));
	}
}

async function executions(rest: N8nRest, workflowId: string): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const page = await rest.request<{ results: ExecutionSummary[] }>(
		'GET',
		`/rest/executions?filter=${filter}&limit=100`,
	);
	return page.results;
}

/** Waits until `count` executions of the workflow have finished (any final status). */
async function finishedExecutions(
	rest: N8nRest,
	workflowId: string,
	count: number,
	timeoutMs: number,
): Promise<ExecutionSummary[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const all = await executions(rest, workflowId);
		const done = all.filter((e) => !['new', 'running', 'waiting', 'unknown'].includes(e.status));
		if (done.length >= count) return done;
		if (Date.now() > deadline) {
			throw new Error(
				`${done.length}/${count} executions of ${workflowId} finished in ${timeoutMs} ms: ${JSON.stringify(all.map((e) => e.status))}`,
			);
		}
		await new Promise((r) => setTimeout(r, 250));
	}
}

/** Fires the 50 webhook calls at once and times them until all 50 executions have finished. */
async function fireRuns(
	server: RunningN8n,
	rest: N8nRest,
	workflowId: string,
	webhookPath: string,
): Promise<{ seconds: number; done: ExecutionSummary[] }> {
	await webhookLive(server, webhookPath);
	const started = Date.now();
	const answers = await Promise.all(
		Array.from({ length: RUNS }, (_, i) =>
			fetch(`${server.url}/webhook/${webhookPath}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ n: i + 1 }),
			}).then((res) => res.status),
		),
	);
	expect(answers).toEqual(Array(RUNS).fill(200));
	const done = await finishedExecutions(rest, workflowId, RUNS, 240_000);
	return { seconds: (Date.now() - started) / 1000, done };
}

/** The writes of the Notes field the emulator received (the values set), those starting with `prefix`. */
async function notesWrites(prefix: string): Promise<string[]> {
	const requests = await emulator.control<RequestLogEntry[]>('GET', '/requests');
	return requests
		.filter((r) => r.method !== 'GET' && r.path.includes(`/fields/${NOTES_FIELD}`))
		.map((r) => {
			const body = JSON.parse(r.body ?? '{}') as { value?: { data?: unknown } };
			return String(body.value?.data);
		})
		.filter((value) => value.startsWith(prefix));
}

const expectedRunValues = () => Array.from({ length: RUNS }, (_, i) => `run ${i + 1}`).sort();

beforeAll(async () => {
	if (!isProvisioned(runtimePaths())) {
		throw new Error(
			'n8n is not installed: run `npm run provision` (npm run test:queue does it first)',
		);
	}
	fs.mkdirSync(RESULTS_DIR, { recursive: true });
	fs.writeFileSync(path.join(RESULTS_DIR, 'figures.log'), '');
	emulator = await startEmulator({ seed: 1, logFile: path.join(RESULTS_DIR, 'emulator.log') });
	const entries = await emulator.control<Array<{ id: number }>>(
		'GET',
		`/lists/${DEAL_PIPELINE}/entries`,
	);
	entryId = entries[0].id;
	pipelineEntries = entries.map((e) => e.id);
}, 120_000);

afterAll(async () => {
	await stopAll();
	if (!process.env.KEEP_E2E_FOLDERS)
		for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
	log(`figures ${JSON.stringify(figures)}`);
}, 120_000);

describe('single process (the baseline)', () => {
	it('runs the 50 webhook runs, each write once', async () => {
		const logFile = path.join(RESULTS_DIR, 'single-n8n.log');
		fs.writeFileSync(logFile, '');
		const setup = await prepareN8n({ logFile });
		folders.push(setup.userFolder);
		await importFor(setup, [
			readsAndWriteWorkflow('queueSingle', 'affinity-single', entryId, CREDENTIAL),
		]);
		const server = await startN8n(setup);
		try {
			const rest = await loggedIn(server);
			await activate(rest, 'queueSingle');
			await emulator.control('DELETE', '/requests');
			const { seconds, done } = await fireRuns(server, rest, 'queueSingle', 'affinity-single');
			figures.singleProcessSeconds = seconds;
			figures.singleProcessMiB = groupMemoryMiB(server.process.pid);
			log(`single process: ${RUNS} runs in ${seconds} s, ${figures.singleProcessMiB} MiB`);
			expect(done.map((e) => e.status)).toEqual(Array(RUNS).fill('success'));
			expect((await notesWrites('run ')).sort()).toEqual(expectedRunValues());
		} finally {
			await server.stop();
		}
	});
});

describe('queue mode: a main and two workers', () => {
	let services: QueueServices;
	let main: RunningN8n;
	let rest: N8nRest;
	const workers: RunningWorker[] = [];

	beforeAll(async () => {
		const home = fs.mkdtempSync(path.join(cacheRoot(), 'queue-test-'));
		folders.push(home);
		services = await startQueueServices({
			home,
			userFolder: path.join(home, 'user'),
			database: 'n8n_queue_test',
		});
		folders.push(services.postgres.dataDir);
		await importFor(services.setup, [
			readsAndWriteWorkflow('queueRuns', 'affinity-queue', entryId, CREDENTIAL),
			writeThenWaitWorkflow('queueCrash', 'affinity-crash', entryId, CREDENTIAL),
			notesTriggerWorkflow('queueTrigger', CREDENTIAL),
		]);
		main = await startMain(services);
		for (const index of [1, 2]) {
			workers.push(
				await startWorker(services, index, {
					logFile: path.join(RESULTS_DIR, `worker-${index}.log`),
				}),
			);
		}
		fs.copyFileSync(services.setup.logFile!, path.join(RESULTS_DIR, 'main-startup.log'));
		rest = await loggedIn(main);
		await activate(rest, 'queueRuns');
		await activate(rest, 'queueCrash');
	}, 300_000);

	it('spreads the 50 runs over both workers, all succeed, each write applied once', async () => {
		await emulator.control('DELETE', '/requests');
		const { seconds, done } = await fireRuns(main, rest, 'queueRuns', 'affinity-queue');
		figures.queueSeconds = seconds;
		figures.mainMiB = groupMemoryMiB(main.process.pid);
		figures.workerMiB = workers.map((w) => groupMemoryMiB(w.process.pid));
		log(
			`queue mode: ${RUNS} runs in ${seconds} s; main ${figures.mainMiB} MiB, workers ${JSON.stringify(figures.workerMiB)} MiB`,
		);

		expect(done.map((e) => e.status)).toEqual(Array(RUNS).fill('success'));
		const ids = done.map((e) => String(e.id)).sort();
		const byWorker = workers.map((w) => executionsRunBy(w).filter((id) => ids.includes(id)));
		figures.runsPerWorker = byWorker.map((list) => list.length);
		log(`runs per worker: ${JSON.stringify(figures.runsPerWorker)}`);
		// Every run on exactly one worker, and both workers took some.
		expect([...byWorker[0], ...byWorker[1]].sort()).toEqual(ids);
		expect(byWorker[0].length).toBeGreaterThan(0);
		expect(byWorker[1].length).toBeGreaterThan(0);
		expect((await notesWrites('run ')).sort()).toEqual(expectedRunValues());
	});

	it('reports a run whose worker was killed as crashed, and sends its write once', async () => {
		await emulator.control('DELETE', '/requests');
		const before = new Set(workers.flatMap(executionsRunBy));
		await webhookLive(main, 'affinity-crash');
		const res = await fetch(`${main.url}/webhook/affinity-crash`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ n: 1 }),
		});
		expect(res.status).toBe(200);
		// The worker that took it: wait for its log line, then for the write, then kill it in the Wait.
		let victim: RunningWorker | undefined;
		let executionId: string | undefined;
		const deadline = Date.now() + 60_000;
		while (!victim && Date.now() < deadline) {
			for (const w of workers) {
				const fresh = executionsRunBy(w).find((id) => !before.has(id));
				if (fresh) [victim, executionId] = [w, fresh];
			}
			await new Promise((r) => setTimeout(r, 100));
		}
		expect(victim).toBeDefined();
		while ((await notesWrites('crash ')).length === 0 && Date.now() < deadline) {
			await new Promise((r) => setTimeout(r, 100));
		}
		expect(await notesWrites('crash ')).toEqual(['crash 1']);
		victim!.process.killGroup('SIGKILL');
		await victim!.process.exited;
		log(`worker ${victim!.index} killed during execution ${executionId}`);

		// n8n notices the lost job (Bull's stalled-job check) and marks the execution.
		const finalDeadline = Date.now() + 150_000;
		let status = 'running';
		while (Date.now() < finalDeadline) {
			const execution = await rest.request<{ status: string }>(
				'GET',
				`/rest/executions/${executionId}`,
			);
			status = execution.status;
			if (!['new', 'running', 'waiting', 'unknown'].includes(status)) break;
			await new Promise((r) => setTimeout(r, 1000));
		}
		log(`execution ${executionId} after the kill: ${status}`);
		expect(['crashed', 'error', 'canceled']).toContain(status);
		// Give a retry (on the surviving worker) time to show itself, then: the write went out once.
		await new Promise((r) => setTimeout(r, 3000));
		expect(await notesWrites('crash ')).toEqual(['crash 1']);
	}, 240_000);

	describe('the polling trigger in the main', () => {
		/** What the emulator was told to change, as "<entry id>:<value>", in order. */
		const mutations: string[] = [];
		/** Every change the trigger's executions emitted, as "<entry id>:<value>". */
		const emitted: string[] = [];
		const readExecutions = new Set<string>();
		let round = 0;

		/** 20 Notes changes on 20 different entries (snapshot detection sees one value per entry and poll). */
		async function mutate(count = 20): Promise<void> {
			round++;
			const offset = ((round * count) % (pipelineEntries.length - count)) + 1;
			for (let k = 0; k < count; k++) {
				const id = pipelineEntries[offset + k];
				const value = `q-r${round}-k${k}`;
				await emulator.control('POST', '/values', {
					listEntryId: id,
					fieldId: NOTES_FIELD,
					value: { type: 'text', data: value },
				});
				mutations.push(`${id}:${value}`);
			}
		}

		/** Reads the trigger's executions not read yet; their items become `emitted`. */
		async function collect(): Promise<void> {
			for (const e of await executions(rest, 'queueTrigger')) {
				if (readExecutions.has(String(e.id)) || e.status !== 'success') continue;
				const stored = await rest.request<{ data: string }>('GET', `/rest/executions/${e.id}`);
				const data = unflatten(stored.data) as {
					resultData: {
						runData: Record<string, Array<{ data?: { main: Array<Array<{ json: unknown }>> } }>>;
					};
				};
				const items = data.resultData.runData[TRIGGER_NODE]?.[0]?.data?.main[0] ?? [];
				for (const item of items) {
					const json = item.json as { listEntryId?: number };
					const value = /q-r\d+-k\d+/.exec(JSON.stringify(item.json))?.[0];
					emitted.push(`${json.listEntryId}:${value}`);
				}
				readExecutions.add(String(e.id));
			}
		}

		async function waitForEvents(expected: number, timeoutMs: number): Promise<void> {
			const deadline = Date.now() + timeoutMs;
			while (Date.now() < deadline) {
				await collect();
				if (emitted.length >= expected) return;
				await new Promise((r) => setTimeout(r, 500));
			}
		}

		/** Waits for a poll after the request log's first `since` entries (by the minute: up to 75 s). */
		async function scheduledPoll(since: number): Promise<void> {
			const deadline = Date.now() + 75_000;
			const listReads = async () =>
				(await emulator.control<RequestLogEntry[]>('GET', '/requests'))
					.slice(since)
					.filter((r) => r.method === 'GET' && r.path === `/v2/lists/${DEAL_PIPELINE}/list-entries`)
					.length;
			// The activation poll's pages, a quiet spell, then the scheduled poll's first page.
			let last = await listReads();
			let quietSince = Date.now();
			let activationPages: number | undefined;
			while (Date.now() < deadline) {
				await new Promise((r) => setTimeout(r, 500));
				const now = await listReads();
				if (now !== last) {
					if (activationPages !== undefined) break;
					last = now;
					quietSince = Date.now();
				} else if (activationPages === undefined && now > 0 && Date.now() - quietSince > 3000) {
					activationPages = now;
				}
			}
			await new Promise((r) => setTimeout(r, 3000));
		}

		/** A poll now: publishing the workflow again polls at once (n8n's schedule is by the minute). */
		async function pollNow(): Promise<void> {
			await rest.request('POST', '/rest/workflows/queueTrigger/deactivate', {});
			await activate(rest, 'queueTrigger');
		}

		it('emits every change of 200 mutations over 10 polls once', async () => {
			// n8n takes a poll at activation for a test poll and keeps nothing it did not emit; the
			// first scheduled poll (within the minute) makes the baseline the trigger builds on.
			const since = (await emulator.control<RequestLogEntry[]>('GET', '/requests')).length;
			await activate(rest, 'queueTrigger');
			await scheduledPoll(since);
			for (let poll = 0; poll < 10; poll++) {
				await mutate();
				await pollNow();
				await waitForEvents(mutations.length, 60_000);
			}
			log(
				`trigger: ${mutations.length} mutations, ${readExecutions.size} executions, ${emitted.length} events`,
			);
			expect(mutations.length).toBeGreaterThanOrEqual(200);
			expect(readExecutions.size).toBeGreaterThanOrEqual(10);
			expect([...emitted].sort()).toEqual([...mutations].sort());
		}, 600_000);

		it('loses and repeats nothing when the main is killed in the middle of a poll', async () => {
			await mutate();
			// The poll's list read answers after 20 s: the main dies while it waits.
			await emulator.control('POST', '/faults', {
				kind: 'delay',
				delayMs: 20_000,
				method: 'GET',
				path: `/v2/lists/${DEAL_PIPELINE}/list-entries`,
			});
			const activation = pollNow().catch(() => undefined);
			await new Promise((r) => setTimeout(r, 4000));
			main.process.killGroup('SIGKILL');
			await main.process.exited;
			await activation;
			log('main killed with SIGKILL during a poll');
			await emulator.control('DELETE', '/faults');
			main = await startMain(services);
			rest = await loggedIn(main);
			await waitForEvents(mutations.length, 120_000);
			// One more round after the restart: the trigger goes on from where it was.
			await mutate();
			await pollNow();
			await waitForEvents(mutations.length, 60_000);
			await new Promise((r) => setTimeout(r, 2000));
			await collect();
			log(`after the restart: ${mutations.length} mutations, ${emitted.length} events`);
			const lost = mutations.filter((m) => !emitted.includes(m));
			const duplicated = emitted.filter((m, i) => emitted.indexOf(m) !== i);
			figures.triggerLost = lost.length;
			figures.triggerDuplicated = duplicated.length;
			expect({ lost, duplicated }).toEqual({ lost: [], duplicated: [] });
		}, 400_000);
	});
});

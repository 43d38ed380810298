/*
 * The pack in n8n's queue mode: Redis, Postgres, one main and two `n8n worker` processes.
 * - 50 webhook-started runs (reads and a write) spread over both workers, each write applied
 *   once; the same 50 in a single-process n8n first, for comparison.
 * - The polling trigger in the main, both detection modes at once on the same list, polled every
 *   5 s, in each scheduler n8n ships (SCHEDULERS: the in-memory one, the durable one, the durable
 *   one with durable cursors): 120 mutations over 6 rounds, every change emitted once.
 * - The webhook trigger: deliveries become executions on the workers, one Affinity webhook.
 * - In each scheduler, the main killed with SIGKILL in the middle of both triggers' polls and
 *   started again, then stopped and started gracefully: no change lost or emitted twice, still
 *   one Affinity webhook, its deliveries still run.
 * - On the durable scheduler, with a poll time limit of 8 s: a list whose pages answer 1.5 s late
 *   (a read takes longer than a poll may) is read over several polls in both detection modes,
 *   changes made while the reads span polls are each emitted once, and no poll is cut off.
 * - A worker killed in the middle of a run: n8n reports the run failed, its write was sent once.
 * Everything this file starts is stopped in afterAll, also when a test failed.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { RequestLogEntry } from '../../emulator';
import {
	credentialExport,
	executionsRunBy,
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
import { eventually } from '../harness/eventually';
import {
	activate,
	deactivate,
	type ExecutionSummary,
	executions,
	finishedExecutions,
	groupMemoryMiB,
	isFinished,
	sleep,
	triggerItems,
	webhookLive,
} from './n8nQueue';
import {
	DEAL_PIPELINE,
	entryAddedWorkflow,
	NOTES_FIELD,
	notesTriggerWorkflow,
	SLOW_TRIGGER_NODE,
	slowListWorkflow,
	readsAndWriteWorkflow,
	TRIGGER_NODE,
	WEBHOOK_TRIGGER_NODE,
	writeThenWaitWorkflow,
} from './workflows';
import { TARGET_ACCOUNTS } from '../harness/ids';

const RESULTS_DIR = path.join(REPO_ROOT, 'test-results', 'queue');
const RUNS = 50;
const CREDENTIAL = { id: 'queueCredAdmin', name: 'Affinity emulator (admin)' };
/** The list whose added entries the webhook trigger reports ("Target Accounts"). */
const DETECTIONS = ['snapshot', 'changeLog'] as const;
type Detection = (typeof DETECTIONS)[number];
const WEBHOOK_WORKFLOW = 'queueWebhookTrigger';
/** Rounds of 20 mutations in each scheduler's first trigger test. */
const ROUNDS = 6;

/**
 * The schedulers n8n 2.41 ships, as an operator sets them: the in-memory one (the default before
 * n8n 2.45), the durable one (the default from 2.45), and the durable one with durable cursors.
 * On the durable scheduler a poll may take 8 s (N8N_SCHEDULER_POLL_TIMEOUT; the node's budget is
 * 4 s of it): short enough for the slow list below to need several polls.
 */
const DURABLE = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TIMEOUT: '8',
};
const SCHEDULERS = {
	legacy: {},
	durable: DURABLE,
	cursors: { ...DURABLE, N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true' },
} satisfies Record<string, NodeJS.ProcessEnv>;
type Scheduler = keyof typeof SCHEDULERS;
const SCHEDULER_NAMES = Object.keys(SCHEDULERS) as Scheduler[];
const capitalized = (text: string) => text[0].toUpperCase() + text.slice(1);

/*
 * Workflow ids of 21 characters at most: n8n saves no static data (the triggers' state) for a
 * workflow with a longer id (isWorkflowIdValid).
 */

/** Each scheduler's trigger workflows on the Deal Pipeline (fresh ones: a baseline of their own). */
function pollWorkflows(scheduler: Scheduler): Record<Detection, string> {
	return {
		snapshot: `qpSnap${capitalized(scheduler)}`,
		changeLog: `qpLog${capitalized(scheduler)}`,
	};
}

/** Each scheduler's trigger workflows on the slow list. */
function slowWorkflows(scheduler: Scheduler): Record<Detection, string> {
	return {
		snapshot: `qsSnap${capitalized(scheduler)}`,
		changeLog: `qsLog${capitalized(scheduler)}`,
	};
}

/** The slow list ("Big Company List", 300 entries) and its Notes field. */
let bigList: number;
let bigNotes: string;

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

/** A call to the emulator's public API with the admin key (what a user's other tools would do). */
async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
	const res = await fetch(`${emulator.baseUrl}${route}`, {
		method,
		headers: {
			authorization: `Bearer ${ADMIN_KEY}`,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

const requestLog = () => emulator.control<RequestLogEntry[]>('GET', '/requests');

async function listNamed(name: string): Promise<number> {
	const lists = await api<{ data: Array<{ id: number; name: string }> }>(
		'GET',
		'/v2/lists?limit=100',
	);
	const list = lists.data.find((l) => l.name === name);
	if (!list) throw new Error(`no list named ${name}`);
	return list.id;
}

async function fieldOfList(listId: number, name: string): Promise<string> {
	const fields = await api<{ data: Array<{ id: string; name: string }> }>(
		'GET',
		`/v2/lists/${listId}/fields?limit=100`,
	);
	const field = fields.data.find((f) => f.name === name);
	if (!field) throw new Error(`no field ${name} on list ${listId}`);
	return field.id;
}

/** The Notes writes the emulator received (the values set), those starting with `prefix`. */
async function notesWrites(prefix: string): Promise<string[]> {
	return (await requestLog())
		.filter((r) => r.method !== 'GET' && r.path.includes(`/fields/${NOTES_FIELD}`))
		.map((r) => String((JSON.parse(r.body ?? '{}') as { value?: { data?: unknown } }).value?.data))
		.filter((value) => value.startsWith(prefix));
}

/** The emulator's log of the mutations made for the triggers, as "<entry id>:<value>". */
async function mutationLog(): Promise<string[]> {
	const write = new RegExp(`/list-entries/(\\d+)/fields/${NOTES_FIELD}$`);
	return (await requestLog())
		.filter((r) => r.method === 'POST' && r.status === 204 && write.test(r.path))
		.map((r) => {
			const value = (JSON.parse(r.body ?? '{}') as { value: { data: string } }).value.data;
			return `${write.exec(r.path)![1]}:${value}`;
		})
		.filter((m) => m.includes(':q-'));
}

const expectedRunValues = () => Array.from({ length: RUNS }, (_, i) => `run ${i + 1}`).sort();

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

beforeAll(async () => {
	if (!isProvisioned(runtimePaths())) {
		throw new Error(
			'n8n is not installed: run `npm run provision` (npm run test:queue does it first)',
		);
	}
	fs.mkdirSync(RESULTS_DIR, { recursive: true });
	fs.writeFileSync(path.join(RESULTS_DIR, 'figures.log'), '');
	emulator = await startEmulator({
		seed: 1,
		// "Big Company List", 300 entries: the list slower to read than a poll may take.
		bigList: 300,
		logFile: path.join(RESULTS_DIR, 'emulator.log'),
	});
	// Enough entries for two rounds of 20 mutations on different entries, besides the one the
	// runs write to.
	for (let i = 0; i < 21; i++) {
		await emulator.control('POST', '/list-entries', {
			listId: DEAL_PIPELINE,
			name: `Queue test deal ${i}`,
		});
	}
	const entries = await emulator.control<Array<{ id: number }>>(
		'GET',
		`/lists/${DEAL_PIPELINE}/entries`,
	);
	entryId = entries[0].id;
	pipelineEntries = entries.slice(1).map((e) => e.id);
	expect(pipelineEntries.length).toBeGreaterThanOrEqual(40);
}, 120_000);

afterAll(async () => {
	await stopAll();
	if (!process.env.KEEP_E2E_FOLDERS)
		for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
	log(`figures ${JSON.stringify(figures)}`);
	// The figures on the console as well: CI's log keeps them.
	console.log(`queue-mode figures: ${JSON.stringify(figures, null, 1)}`);
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
	/** The main's settings besides the scheduler's. */
	let baseEnv: NodeJS.ProcessEnv = {};

	/** Which worker ran each of these executions, by the workers' logs ("worker-1", "worker-2"). */
	function runBy(ids: string[]): Record<string, string[]> {
		const byWorker: Record<string, string[]> = {};
		for (const w of workers) {
			const ran = new Set(executionsRunBy(w));
			byWorker[`worker-${w.index}`] = ids.filter((id) => ran.has(id));
		}
		return byWorker;
	}

	beforeAll(async () => {
		const home = fs.mkdtempSync(path.join(cacheRoot(), 'queue-test-'));
		folders.push(home);
		services = await startQueueServices({
			home,
			userFolder: path.join(home, 'user'),
			database: 'n8n_queue_test',
		});
		folders.push(services.postgres.dataDir);
		services.setup.env = {
			...services.setup.env,
			// A job whose worker died is noticed after its lock lapsed (Bull's stalled-job check):
			// 15 s and a check every 5 s instead of n8n's 60 s and 30 s, so the test waits less.
			QUEUE_WORKER_LOCK_DURATION: '15000',
			QUEUE_WORKER_LOCK_RENEW_TIME: '5000',
			QUEUE_WORKER_STALLED_INTERVAL: '5000',
		};
		baseEnv = services.setup.env;
		services.setup.env = { ...baseEnv, ...SCHEDULERS[SCHEDULER_NAMES[0]] };
		bigList = await listNamed('Big Company List');
		bigNotes = await fieldOfList(bigList, 'Notes');
		await importFor(services.setup, [
			readsAndWriteWorkflow('queueRuns', 'affinity-queue', entryId, CREDENTIAL),
			writeThenWaitWorkflow('queueCrash', 'affinity-crash', entryId, CREDENTIAL),
			...SCHEDULER_NAMES.flatMap((scheduler) =>
				DETECTIONS.flatMap((d) => [
					notesTriggerWorkflow(pollWorkflows(scheduler)[d], CREDENTIAL, d),
					slowListWorkflow(slowWorkflows(scheduler)[d], CREDENTIAL, d, bigList, bigNotes),
				]),
			),
			entryAddedWorkflow(WEBHOOK_WORKFLOW, CREDENTIAL, TARGET_ACCOUNTS),
		]);
		main = await startMain(services);
		for (const index of [1, 2]) {
			// Which worker ran what is read from these logs: no lines of an earlier run.
			const logFile = path.join(RESULTS_DIR, `worker-${index}.log`);
			fs.writeFileSync(logFile, '');
			workers.push(await startWorker(services, index, { logFile }));
		}
		fs.copyFileSync(services.setup.logFile!, path.join(RESULTS_DIR, 'main-startup.log'));
		rest = await loggedIn(main);
		await activate(rest, 'queueRuns');
		await activate(rest, 'queueCrash');
	}, 300_000);

	afterAll(() => {
		// The main's whole log (both of its lives) beside the workers'.
		if (services?.setup.logFile && fs.existsSync(services.setup.logFile))
			fs.copyFileSync(services.setup.logFile, path.join(RESULTS_DIR, 'main.log'));
	});

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
		const ids = done.map((e) => e.id).sort();
		const byWorker = runBy(ids);
		figures.runsPerWorker = Object.fromEntries(
			Object.entries(byWorker).map(([w, list]) => [w, list.length]),
		);
		log(`runs per worker: ${JSON.stringify(figures.runsPerWorker)}`);
		// Every run on exactly one worker, and both workers took some.
		expect(Object.values(byWorker).flat().sort()).toEqual(ids);
		for (const list of Object.values(byWorker)) expect(list.length).toBeGreaterThan(0);
		expect((await notesWrites('run ')).sort()).toEqual(expectedRunValues());
	});

	/**
	 * Both detections on the slow list ("Big Company List", 300 entries, 3 pages), whose pages
	 * answer 1.5 s late: a read takes 4.5 s, more than the 4 s a poll may take here, so each
	 * poll reads one page and the next goes on. Two rounds of changes (values on each page, an
	 * entry added, one removed), the second while reads are under way: each change is emitted
	 * once by each trigger, nothing else is, and n8n never abandons a poll.
	 */
	async function slowList(scheduler: Scheduler) {
		const ids = slowWorkflows(scheduler);
		const logFile = services.setup.logFile as string;
		const logFrom = fs.statSync(logFile).size;
		const pages = `/v2/lists/${bigList}/list-entries`;
		const pageReads = async () =>
			(await requestLog()).filter(
				(r) => r.path === pages && r.method === 'GET' && r.status === 200,
			);
		const before = (await pageReads()).length;
		await emulator.control('POST', '/faults', {
			faults: [{ kind: 'delay', delayMs: 1500, method: 'GET', path: `^${pages}$`, times: 100_000 }],
		});
		const emittedBy: Record<Detection, string[]> = { snapshot: [], changeLog: [] };
		const seenExecutions = new Set<string>();
		const collectSlow = async () => {
			for (const d of DETECTIONS)
				for (const e of await executions(rest, ids[d])) {
					if (seenExecutions.has(e.id) || !isFinished(e)) continue;
					expect(e.status).toBe('success');
					for (const item of await triggerItems(rest, e.id, SLOW_TRIGGER_NODE)) {
						const notes = (item.changes as Array<{ fieldId: string; current: unknown }>).find(
							(c) => c.fieldId === bigNotes,
						);
						emittedBy[d].push(
							item.event === 'fieldValueChanged'
								? `${String(item.listEntryId)}:${String(notes?.current)}`
								: `${String(item.event)}:${String(item.listEntryId)}`,
						);
					}
					seenExecutions.add(e.id);
				}
		};
		const expected: string[] = [];
		const entries = await emulator.control<Array<{ id: number }>>(
			'GET',
			`/lists/${bigList}/entries`,
		);
		let next = 0;
		const changeRound = async (label: string) => {
			for (const at of [10, 150, 280]) {
				const entry = entries[at + next].id;
				const value = `${label} page ${Math.floor(at / 100) + 1}`;
				await api('POST', `/v2/lists/${bigList}/list-entries/${entry}/fields/${bigNotes}`, {
					value: { type: 'text', data: value },
				});
				expected.push(`${entry}:${value}`);
			}
			const added = await emulator.control<{ id: number }>('POST', '/list-entries', {
				listId: bigList,
				name: `Slow list ${label}`,
			});
			expected.push(`listEntryAdded:${added.id}`);
			const removed = entries[120 + next].id;
			await emulator.control('DELETE', `/list-entries/${removed}`);
			expected.push(`listEntryRemoved:${removed}`);
			next++;
		};
		const allEmitted = (timeoutMs: number) =>
			eventually(
				`both slow-list triggers at ${expected.length} events`,
				async () => {
					await collectSlow();
					return DETECTIONS.map((d) => emittedBy[d].length);
				},
				(counts) => counts.every((n) => n >= expected.length),
				timeoutMs,
				1000,
			);
		try {
			for (const d of DETECTIONS) await activate(rest, ids[d]);
			// Both baselines read through: twelve pages at least (each trigger reads one a poll).
			await eventually(
				'both slow-list baselines',
				async () => (await pageReads()).length - before,
				(n) => n >= 12,
				180_000,
				1000,
			);
			// Values named after the scheduler: an earlier scheduler's round set the same entries.
			await changeRound(`${scheduler} first`);
			await allEmitted(180_000);
			// The second round while reads are under way (the snapshot trigger reads all the time).
			await changeRound(`${scheduler} second`);
			await allEmitted(180_000);
			// A whole read's time more: nothing more may come.
			await sleep(25_000);
			await collectSlow();
		} finally {
			for (const d of DETECTIONS) await deactivate(rest, ids[d]).catch(() => {});
			await emulator.control('DELETE', '/faults');
		}
		for (const d of DETECTIONS) expect([...emittedBy[d]].sort()).toEqual([...expected].sort());
		const reads = (await pageReads()).slice(before);
		// Pages of one read came in different polls: a page on from a cursor seconds after the last.
		const spanned = reads.filter(
			(r, i) =>
				i > 0 &&
				r.query.includes('cursor=') &&
				Date.parse(r.at) - Date.parse(reads[i - 1].at) > 3000,
		).length;
		const abandoned = fs
			.readFileSync(logFile, 'utf8')
			.slice(logFrom)
			.split('\n')
			.filter((line) => line.includes('Poll exceeded its timeout')).length;
		const figuresOfRun = {
			pagesRead: reads.length,
			pagesAfterAGap: spanned,
			abandonedPolls: abandoned,
			events: DETECTIONS.map((d) => emittedBy[d].length),
		};
		log(`${scheduler}: slow list ${JSON.stringify(figuresOfRun)}`);
		expect(spanned).toBeGreaterThan(0);
		expect(abandoned).toBe(0);
		return figuresOfRun;
	}

	/** The webhook trigger's executions checked so far. */
	const webhookRuns = new Set<string>();

	const webhooks = async () =>
		(await api<{ data: Array<{ id: number; url: string; status: string }> }>('GET', '/v2/webhooks'))
			.data;

	/** An entry added to the list: exactly one new webhook-trigger execution, on a worker, reports it. */
	async function deliveryRunsOnce(name: string): Promise<void> {
		const entry = await emulator.control<{ id: number }>('POST', '/list-entries', {
			listId: TARGET_ACCOUNTS,
			name,
		});
		const done = await finishedExecutions(rest, WEBHOOK_WORKFLOW, webhookRuns.size + 1, 60_000);
		expect(done.map((e) => e.status)).toEqual(Array(done.length).fill('success'));
		const [fresh, ...more] = done.filter((e) => !webhookRuns.has(e.id));
		expect(more).toEqual([]);
		const items = await triggerItems(rest, fresh.id, WEBHOOK_TRIGGER_NODE);
		expect(items.map((i) => i.listEntryId)).toEqual([entry.id]);
		expect(Object.values(runBy([fresh.id])).flat()).toEqual([fresh.id]);
		webhookRuns.add(fresh.id);
	}

	it('webhook trigger: one Affinity webhook, each delivery an execution on a worker', async () => {
		expect(await webhooks()).toEqual([]);
		await activate(rest, WEBHOOK_WORKFLOW);
		// n8n's publication outbox registers the webhook (and our node the subscription) after
		// the activation call returned.
		const [hook] = await eventually('one Affinity webhook', webhooks, (l) => l.length > 0, 90_000);
		expect(hook).toMatchObject({ status: 'active' });
		expect(hook.url).toMatch(/\/webhook\/[0-9a-f-]{36}\/webhook$/);
		const added: number[] = [];
		for (let k = 0; k < 5; k++) {
			const entry = await emulator.control<{ id: number }>('POST', '/list-entries', {
				listId: TARGET_ACCOUNTS,
				name: `Queue webhook ${k}`,
			});
			added.push(entry.id);
		}
		const done = await finishedExecutions(rest, WEBHOOK_WORKFLOW, 5, 60_000);
		await sleep(3000);
		const all = await executions(rest, WEBHOOK_WORKFLOW);
		expect(all).toHaveLength(5);
		expect(done.map((e) => e.status)).toEqual(Array(5).fill('success'));
		const reported: unknown[] = [];
		for (const e of done) {
			for (const item of await triggerItems(rest, e.id, WEBHOOK_TRIGGER_NODE)) {
				reported.push(item.listEntryId);
			}
		}
		expect(reported.sort()).toEqual([...added].sort());
		const byWorker = runBy(done.map((e) => e.id));
		log(`webhook trigger executions per worker: ${JSON.stringify(byWorker)}`);
		expect(Object.values(byWorker).flat().sort()).toEqual(done.map((e) => e.id).sort());
		for (const e of done) webhookRuns.add(e.id);
		expect(await webhooks()).toHaveLength(1);
	}, 180_000);

	describe.each(SCHEDULER_NAMES)('the triggers in the main, %s scheduler', (scheduler) => {
		const workflowIds = pollWorkflows(scheduler);
		/** Every change each trigger's executions emitted, as "<entry id>:<value>". */
		const emitted: Record<Detection, string[]> = { snapshot: [], changeLog: [] };
		/** Trigger executions read so far, all and by trigger. */
		const readIds = new Set<string>();
		const pollExecutions: Record<Detection, string[]> = { snapshot: [], changeLog: [] };
		const marker = `q-${scheduler}-`;
		let round = 0;

		/** The emulator's log of the mutations made for these triggers, as "<entry id>:<value>". */
		const mutations = async () => (await mutationLog()).filter((m) => m.includes(`:${marker}`));

		beforeAll(async () => {
			// The main runs with this scheduler: started again when it is not the first one.
			if (scheduler !== SCHEDULER_NAMES[0]) {
				await main.stop();
				services.setup.env = { ...baseEnv, ...SCHEDULERS[scheduler] };
				main = await startMain(services);
				rest = await loggedIn(main);
			}
			log(`main running with the ${scheduler} scheduler`);
		}, 180_000);

		afterAll(async () => {
			// Its triggers stop, so that the next scheduler's have the lists to themselves.
			for (const id of Object.values(workflowIds)) await deactivate(rest, id).catch(() => {});
		}, 60_000);

		/**
		 * 20 Notes changes on 20 different entries through the API (the emulator's request log
		 * is the mutation log): snapshot detection sees one value per entry and poll.
		 */
		async function mutate(count = 20): Promise<void> {
			round++;
			for (let k = 0; k < count; k++) {
				// Consecutive rounds touch different entries (the list has more than 40).
				const entry = pipelineEntries[((round - 1) * count + k) % pipelineEntries.length];
				await api(
					'POST',
					`/v2/lists/${DEAL_PIPELINE}/list-entries/${entry}/fields/${NOTES_FIELD}`,
					{ value: { type: 'text', data: `${marker}r${round}-k${k}` } },
				);
			}
		}

		/** Reads the triggers' finished executions not read yet; their items become `emitted`. */
		async function collect(): Promise<void> {
			for (const detection of DETECTIONS) {
				for (const e of await executions(rest, workflowIds[detection])) {
					if (readIds.has(e.id) || !isFinished(e)) continue;
					expect(e.status).toBe('success');
					for (const item of await triggerItems(rest, e.id, TRIGGER_NODE)) {
						const value = new RegExp(`${marker}r\\d+-k\\d+`).exec(JSON.stringify(item))?.[0];
						emitted[detection].push(`${String(item.listEntryId)}:${value}`);
					}
					readIds.add(e.id);
					pollExecutions[detection].push(e.id);
				}
			}
		}

		/** Waits until both triggers emitted as many events as there were mutations. */
		async function caughtUp(timeoutMs: number): Promise<void> {
			const expected = (await mutations()).length;
			await eventually(
				`both triggers at ${expected} events`,
				async () => {
					await collect();
					return DETECTIONS.map((d) => emitted[d].length);
				},
				(counts) => counts.every((n) => n >= expected),
				timeoutMs,
			);
		}

		/** Lost and duplicated changes of each trigger, against the emulator's mutation log. */
		async function compare(): Promise<Record<Detection, { lost: string[]; duplicated: string[] }>> {
			const made = await mutations();
			const result = {} as Record<Detection, { lost: string[]; duplicated: string[] }>;
			for (const d of DETECTIONS) {
				const seen = new Set(emitted[d]);
				result[d] = {
					lost: made.filter((m) => !seen.has(m)),
					duplicated: emitted[d].filter((m, i) => emitted[d].indexOf(m) !== i),
				};
			}
			return result;
		}

		const exact = {
			snapshot: { lost: [], duplicated: [] },
			changeLog: { lost: [], duplicated: [] },
		};

		it('polls every 5 s in both detection modes: 120 mutations over 6+ polls, each emitted once', async () => {
			const since = (await requestLog()).length;
			for (const detection of DETECTIONS) await activate(rest, workflowIds[detection]);
			// Both baselines taken (the activation polls) and a poll after each: three whole reads
			// of the list (two baselines and a snapshot poll) and two change-log reads.
			await eventually(
				'both triggers polling',
				async () => {
					const reads = (await requestLog()).slice(since).filter((r) => r.status > 0);
					return {
						wholeReads: reads.filter(
							(r) =>
								r.path === `/v2/lists/${DEAL_PIPELINE}/list-entries` && !r.query.includes('cursor'),
						).length,
						changeLogReads: reads.filter((r) => r.path === '/v2/field-value-changes').length,
					};
				},
				(n) => n.wholeReads >= 3 && n.changeLogReads >= 2,
				90_000,
			);
			const started = Date.now();
			for (let i = 0; i < ROUNDS; i++) {
				await mutate();
				await caughtUp(60_000);
			}
			figures[`${scheduler}.triggerRoundsSeconds`] = (Date.now() - started) / 1000;
			// Two more polls' time: nothing more may come.
			await sleep(10_000);
			await collect();
			const made = await mutations();
			log(
				`${scheduler}: ${made.length} mutations; snapshot ${pollExecutions.snapshot.length} executions, ${emitted.snapshot.length} events; changeLog ${pollExecutions.changeLog.length} executions, ${emitted.changeLog.length} events`,
			);
			expect(made.length).toBe(ROUNDS * 20);
			for (const d of DETECTIONS) expect(pollExecutions[d].length).toBeGreaterThanOrEqual(ROUNDS);
			expect(await compare()).toEqual(exact);
			// The trigger executions ran on the workers too.
			const triggerRuns = runBy([...pollExecutions.snapshot, ...pollExecutions.changeLog]);
			expect(Object.values(triggerRuns).flat().length).toBe(readIds.size);
		}, 300_000);

		it('loses and repeats nothing when the main is killed in the middle of both polls', async () => {
			await mutate();
			// Each trigger's next list read or change-log read answers after 30 s: the main dies
			// while both polls wait for it.
			await emulator.control('POST', '/faults', {
				faults: [
					{
						kind: 'delay',
						delayMs: 30_000,
						method: 'GET',
						path: `^/v2/lists/${DEAL_PIPELINE}/list-entries$`,
					},
					{ kind: 'delay', delayMs: 30_000, method: 'GET', path: '^/v2/field-value-changes$' },
				],
			});
			await eventually(
				'both polls waiting on a delayed read',
				() => emulator.control<{ pending: number }>('POST', '/faults', { faults: [] }),
				(r) => r.pending === 0,
				30_000,
				200,
			);
			await sleep(1000);
			const hooksBefore = await webhooks();
			main.process.killGroup('SIGKILL');
			await main.process.exited;
			log(`${scheduler}: main killed with SIGKILL during both polls`);
			// Changes made while no main runs are found after the restart as well.
			await mutate();
			const restartStarted = Date.now();
			main = await startMain(services);
			rest = await loggedIn(main);
			figures[`${scheduler}.mainRestartSeconds`] = (Date.now() - restartStarted) / 1000;
			await caughtUp(150_000);
			// One more round after the restart: the triggers go on from where they were.
			await mutate();
			await caughtUp(60_000);
			await sleep(10_000);
			await collect();
			const result = await compare();
			figures[`${scheduler}.afterKill`] = {
				mutations: (await mutations()).length,
				lost: DETECTIONS.map((d) => result[d].lost.length),
				duplicated: DETECTIONS.map((d) => result[d].duplicated.length),
			};
			expect((await mutations()).length).toBe((ROUNDS + 3) * 20);
			expect(result).toEqual(exact);

			// The webhook trigger: the same one Affinity webhook, and deliveries still run.
			expect(await webhooks()).toEqual(hooksBefore);
			await deliveryRunsOnce(`Queue webhook after the SIGKILL (${scheduler})`);
			expect(await webhooks()).toEqual(hooksBefore);
		}, 400_000);

		it('keeps both triggers exact and the one webhook across a graceful restart (SIGTERM)', async () => {
			const hooksBefore = await webhooks();
			await main.stop();
			main = await startMain(services);
			rest = await loggedIn(main);
			await mutate();
			await caughtUp(120_000);
			await sleep(10_000);
			await collect();
			expect(await mutations()).toHaveLength((ROUNDS + 4) * 20);
			expect(await compare()).toEqual(exact);
			expect(await webhooks()).toEqual(hooksBefore);
			await deliveryRunsOnce(`Queue webhook after the graceful restart (${scheduler})`);
			expect(await webhooks()).toEqual(hooksBefore);
		}, 300_000);

		// The in-memory scheduler sets no time limit for a poll: a read never has to stop there.
		if (scheduler !== 'legacy')
			it('a list slower to read than the poll limit: read over several polls, each change once, no poll cut off', async () => {
				figures[`${scheduler}.slowList`] = await slowList(scheduler);
			}, 600_000);
	});

	it('reports a run whose worker was killed as failed, and sends its write once', async () => {
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
		const [victim, executionId] = await eventually(
			'a worker on the run',
			async () => {
				for (const w of workers) {
					const fresh = executionsRunBy(w).find((id) => !before.has(id));
					if (fresh) return [w, fresh] as const;
				}
				return [undefined, undefined] as const;
			},
			([w]) => w !== undefined,
			60_000,
			100,
		);
		await eventually(
			'the write',
			() => notesWrites('crash '),
			(w) => w.length > 0,
			60_000,
			100,
		);
		victim!.process.killGroup('SIGKILL');
		await victim!.process.exited;
		const killedAt = Date.now();
		log(`worker ${victim!.index} killed during execution ${executionId}`);

		// n8n notices the lost job (its lock lapses, Bull's stalled-job check fails it: n8n
		// never runs a stalled job again) and marks the execution.
		const { status } = await eventually(
			`execution ${executionId} marked`,
			() => rest.request<{ status: string }>('GET', `/rest/executions/${executionId}`),
			(e) => !['new', 'running', 'waiting', 'unknown'].includes(e.status),
			150_000,
			1000,
		);
		figures.crashDetectedSeconds = (Date.now() - killedAt) / 1000;
		log(`execution ${executionId} after the kill: ${status} (${figures.crashDetectedSeconds} s)`);
		expect(['crashed', 'error']).toContain(status);
		// Time for a retry on the surviving worker to show itself, if there were one: the write
		// went out once.
		await sleep(5000);
		expect(await notesWrites('crash ')).toEqual(['crash 1']);
	}, 240_000);
});

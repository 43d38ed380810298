/*
 * `npm run bench:n8n`: the pack against what an n8n user would build without it, in real n8n.
 *
 *   npm run bench:n8n [-- getMany simplify updates trigger upsert]   BENCH_PAIRS=5
 *                                                     BENCH_PROFILE=1  BENCH_PROFILE_DIR=<dir>  BENCH_CPU_PROF=<dir>
 *
 * Starts the emulator and real n8n as `npm start` does (ports of their own, a fresh user folder),
 * imports the workflows of ./workflows.ts, and for each comparison runs one warm-up of each side
 * (whose output is checked), then pairs run alternately (pack, by hand, pack, by hand...), each a
 * manual run through n8n's REST API. Per run: the execution's own time (stoppedAt - startedAt),
 * the requests the emulator logged, the CPU time of n8n's process group (n8n and its task
 * runner) and its peak RSS over the RSS just before the run.
 *
 * Get Many (raw) and the rows comparison also run the pack as it applied the key before (the
 * credential's generic block, an expression n8n evaluates for every request; ./expressionAuth.ts),
 * in the same n8n, alternating with the two other sides. BENCH_PROFILE=1 adds one run of each
 * side under V8's profiler after the pairs and prints where n8n's main thread spent its time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';

import { request } from 'undici';

import { DEMO_KEY } from '../../emulator/auth';
import type { RequestLogEntry } from '../../emulator';
import { AffinityV2Trigger } from '../../nodes/AffinityV2Trigger/AffinityV2Trigger.node.ts';
import {
	credentialExport,
	freePort,
	N8nRest,
	n8nImport,
	prepareN8n,
	type RunningEmulator,
	startEmulator,
	startN8n,
	stopAll,
	unflatten,
	type WorkflowRun,
} from '../../scripts/n8n';
import { cacheRoot, N8N_VERSION } from '../../scripts/paths';
import { pollHarness } from '../../testkit/engine';
import { callsByEndpoint, fmt, median, rowsJobMinimum } from '../lib';
import { groupCpuMs } from './cpu';
import {
	EXPRESSION_AUTH_CREDENTIAL,
	installExpressionAuthPack,
	onExpressionAuth,
} from './expressionAuth';
import { collectGarbage, startCpuProfile } from './inspector';
import { sampleGroupRss } from './memory';
import { profileShares, type ProfileShares } from './profileShares';
import {
	affinity,
	affinityTrigger,
	type BenchWorkflow,
	code,
	compareById,
	everyMinute,
	httpAllPages,
	httpPostEach,
	manualStart,
	packGetMany,
	setSimplify,
	splitOut,
	START,
	workflow,
} from './workflows';

const ENTRIES = 10_000;
const UPDATES = 1_000;
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const WANTED = process.argv.slice(2);
/** How late each answer comes in the second run of the rows comparison (see rowsIntoList). */
const UPSERT_ANSWER_DELAY_MS = 50;

const AFFINITY = { id: 'benchAffinityCred', name: 'Affinity v2 emulator' };
const HEADER_AUTH = { id: 'benchHeaderAuth', name: 'Affinity emulator, Authorization: Bearer' };
/** The credential of the pack's copy that applies the key by expression (./expressionAuth.ts). */
const EXPRESSION_AUTH = {
	id: 'benchAffinityExprCred',
	name: 'Affinity v2 emulator, key by expression',
};
const PROFILE = Boolean(process.env.BENCH_PROFILE);

/**
 * The pack trigger's detection modes, each compared with the same hand-built poll: a mode is
 * one line here (its parameters on the trigger node).
 */
const TRIGGER_MODES: Array<{
	label: string;
	parameters: Record<string, unknown>;
	/** GET requests of a quiet poll of the big list. */
	quietRequests: number;
}> = [
	{ label: 'snapshot', parameters: { detection: 'snapshot' }, quietRequests: ENTRIES / 100 },
	{ label: 'changeLog', parameters: { detection: 'changeLog' }, quietRequests: 2 },
];

interface Side {
	label: string;
	workflow: BenchWorkflow;
	/** The node the manual run starts from. */
	start: string;
	/**
	 * Run as an active workflow's poll instead of a manual run: the workflow is activated (n8n
	 * polls at once) and deactivated; a quiet poll starts no execution, so the emulator's log
	 * tells when it ended. The value: how many requests the poll makes.
	 */
	activePollRequests?: number;
	/** Checks the warm-up run (none for an active poll); returns what is wrong, if anything. */
	check(run: WorkflowRun | undefined, requests: RequestLogEntry[]): string | undefined;
	/** Puts the emulator back as the run expects it, before the request log is cleared. */
	prepare?: () => Promise<void>;
}

interface Comparison {
	key: 'getMany' | 'simplify' | 'updates' | 'trigger' | 'upsert';
	title: string;
	/**
	 * What the ratio compares: the executions' time, or (where one side is an active poll, which
	 * starts no execution) the time from each side's first API request to its last answer.
	 */
	measure: 'execution' | 'apiSpan';
	pack: Side;
	byHand: Side;
	/** The pack as it applied the key before (by expression), run alternately with the others. */
	before?: Side;
	/** The fewest calls the job can be done in (rowsJobMinimum), against the pack's calls. */
	minimum?: { calls: number; text: string };
}

/** The pack's side on the copy whose credential applies the key by expression. */
function keyByExpression(pack: Side): Side {
	return {
		...pack,
		label: `${pack.label}, key by expression (before)`,
		workflow: onExpressionAuth(pack.workflow, EXPRESSION_AUTH),
	};
}

interface Measurement {
	/** The execution's time (stoppedAt - startedAt); for an active poll, its API span. */
	ms: number;
	/** From the first API request's arrival to the last one's answer, by the emulator's log. */
	apiSpanMs: number;
	requests: RequestLogEntry[];
	/** CPU time of n8n's process group during the run (all its threads and processes). */
	cpuMs: number;
	addedMb: number;
	peakMb: number;
}

function say(message: string): void {
	console.log(`[bench:n8n] ${message}`);
}

function outputOf(run: WorkflowRun | undefined, node: string, output = 0): number {
	if (!run) return -1;
	return run.data.resultData.runData[node]?.[0]?.data?.main[output]?.length ?? -1;
}

function requestSummary(requests: RequestLogEntry[]): string {
	const byMethod = new Map<string, number>();
	for (const r of requests) byMethod.set(r.method, (byMethod.get(r.method) ?? 0) + 1);
	return [...byMethod].map(([method, n]) => `${n} ${method}`).join(' + ') || 'none';
}

const expectCount = (what: string, got: number, want: number) =>
	got === want ? undefined : `${what}: ${got}, expected ${want}`;

async function allPages(baseUrl: string, first: string): Promise<Array<Record<string, unknown>>> {
	const entries: Array<Record<string, unknown>> = [];
	for (let url: string | null = `${baseUrl}${first}`; url; ) {
		const res = await fetch(url, { headers: { authorization: `Bearer ${DEMO_KEY}` } });
		const page = (await res.json()) as {
			data: Array<Record<string, unknown>>;
			pagination: { nextUrl: string | null };
		};
		entries.push(...page.data);
		url = page.pagination.nextUrl;
	}
	return entries;
}

async function buildComparisons(emulator: RunningEmulator): Promise<Comparison[]> {
	const { baseUrl } = emulator;
	const state = await emulator.control<{ lists: Array<{ id: number; name: string }> }>(
		'GET',
		'/state',
	);
	const bigListId = state.lists.find((l) => l.name === 'Big Company List')!.id;
	const pagesUrl = `${baseUrl}/v2/lists/${bigListId}/list-entries?limit=100&fieldTypes=list`;
	const comparisons: Comparison[] = [];

	// Get Many, raw and simplified.
	for (const simplify of [false, true]) {
		const tag = simplify ? 'Simplified' : 'Raw';
		const handSteps = [
			manualStart(),
			httpAllPages('Read all pages', HEADER_AUTH, pagesUrl),
			splitOut('Entries', 'data'),
			...(simplify ? [setSimplify('Simplify')] : []),
		];
		const packSide: Side = {
			label: `pack Get Many${simplify ? ', Simplify on' : ''}`,
			workflow: workflow(`benchGetManyPack${tag}`, `Bench: Get Many, pack, ${tag}`, [
				manualStart(),
				packGetMany(AFFINITY, bigListId, simplify),
			]),
			start: START,
			check: (run) => expectCount('entries', outputOf(run, 'Get many list entries'), ENTRIES),
		};
		comparisons.push({
			key: simplify ? 'simplify' : 'getMany',
			measure: 'execution',
			before: simplify ? undefined : keyByExpression(packSide),
			title: `Get Many of ${ENTRIES.toLocaleString('en')} list entries, ${simplify ? 'simplified' : 'raw'}`,
			pack: packSide,
			byHand: {
				label: `HTTP Request + Split Out${simplify ? ' + Set' : ''}`,
				workflow: workflow(`benchGetManyHand${tag}`, `Bench: Get Many, by hand, ${tag}`, handSteps),
				start: START,
				check: (run) =>
					expectCount('entries', outputOf(run, handSteps[handSteps.length - 1].name), ENTRIES),
			},
		});
	}

	// 1,000 field updates on one list entry: new text fields, so that each update is accepted.
	const listId = 102;
	const fieldIds: string[] = [];
	for (let i = 0; i < UPDATES; i++) {
		const field = await emulator.control<{ id: string }>('POST', '/fields', {
			listId,
			name: `Bench ${i + 1}`,
			valueType: 'text',
		});
		fieldIds.push(field.id);
	}
	const entryId = (
		await emulator.control<Array<{ id: number }>>('GET', `/lists/${listId}/entries`)
	)[0].id;
	const target = {
		listId: { __rl: true, mode: 'id', value: String(listId) },
		listEntryId: { __rl: true, mode: 'id', value: String(entryId) },
	};
	const updates = fieldIds.map((id, i) => ({ fieldId: id, text: `bench ${i}` }));
	comparisons.push({
		key: 'updates',
		measure: 'execution',
		title: `${UPDATES.toLocaleString('en')} field updates on one list entry`,
		pack: {
			label: 'pack Update Field Values (batch)',
			workflow: workflow('benchUpdatesPack', 'Bench: 1,000 updates, pack', [
				manualStart(),
				code(
					'Updates',
					`return [{ json: { updates: ${JSON.stringify(updates)}.map((u) => ({ id: u.fieldId, value: { type: 'text', data: u.text + ' ' + Date.now() } })) } }];`,
				),
				affinity('Update field values', AFFINITY, 'listEntry', 'updateFieldValues', {
					...target,
					inputMode: 'json',
					updatesJson: '={{ $json.updates }}',
				}),
			]),
			start: START,
			check: (run, requests) =>
				expectCount('PATCH requests', requests.filter((r) => r.method === 'PATCH').length, 10) ??
				expectCount('output items', outputOf(run, 'Update field values'), 1),
		},
		byHand: {
			label: 'HTTP Request, one POST an item',
			workflow: workflow('benchUpdatesHand', 'Bench: 1,000 updates, by hand', [
				manualStart(),
				code(
					'Updates',
					`return ${JSON.stringify(updates)}.map((u) => ({ json: { fieldId: u.fieldId, text: u.text + ' ' + Date.now() } }));`,
				),
				httpPostEach(
					'Update field value',
					HEADER_AUTH,
					`=${baseUrl}/v2/lists/${listId}/list-entries/${entryId}/fields/{{ $json.fieldId }}`,
				),
			]),
			start: START,
			check: (run, requests) =>
				expectCount('POST requests', requests.filter((r) => r.method === 'POST').length, UPDATES) ??
				expectCount('output items', outputOf(run, 'Update field value'), UPDATES),
		},
	});

	// A quiet poll: nothing changed since the previous poll, whose state each side starts from
	// (a manual run reads the workflow's static data but does not save it).
	const previousEntries = await allPages(
		baseUrl,
		`/v2/lists/${bigListId}/list-entries?limit=100&fieldTypes=list`,
	);
	const handPoll = workflow(
		'benchPollHand',
		'Bench: quiet poll, by hand',
		[
			everyMinute('Every minute'),
			httpAllPages('Read all pages', HEADER_AUTH, pagesUrl),
			splitOut('Entries', 'data'),
			code(
				'Previous run',
				[
					"const store = $getWorkflowStaticData('global');",
					'const previous = store.entries ?? [];',
					'store.entries = $input.all().map((item) => item.json);',
					'return previous.map((json) => ({ json }));',
				].join('\n'),
			),
			compareById('Compare with previous run'),
		],
		[{ from: 'Entries', to: 'Compare with previous run', input: 1 }],
	);
	handPoll.staticData = { global: { entries: previousEntries } };
	const handPollSide: Side = {
		label: 'Schedule + HTTP Request + Code + Compare Datasets',
		workflow: handPoll,
		start: 'Every minute',
		check: (run) =>
			[0, 1, 2, 3]
				.map((output) =>
					expectCount(
						`Compare Datasets output ${output}`,
						Math.max(0, outputOf(run, 'Compare with previous run', output)),
						output === 1 ? ENTRIES : 0,
					),
				)
				.find(Boolean),
	};
	const credentials = { apiKey: DEMO_KEY, baseUrl, apiVersion: '' };
	const size = ENTRIES.toLocaleString('en');
	for (const mode of TRIGGER_MODES) {
		const trigger = affinityTrigger('Affinity v2 Trigger', AFFINITY, bigListId, {
			...mode.parameters,
			// Activation polls at once; a scheduled poll must not fall inside a measured run.
			pollTimes: { item: [{ mode: 'everyDay', hour: 3, minute: 33 }] },
		});
		// The state a poll in an active workflow would have saved: the same node code, run once.
		const harness = pollHarness(new AffinityV2Trigger(), trigger.parameters as never, credentials);
		await harness.poll();
		const packPoll = workflow(
			`benchPollPack${mode.label}`,
			`Bench: quiet poll, pack, ${mode.label}`,
			[trigger],
		);
		packPoll.staticData = { [`node:${trigger.name}`]: harness.staticData() };
		if (mode.label === 'snapshot') {
			// A manual run ("Fetch Test Event") reads the whole list in either mode: one comparison.
			comparisons.push({
				key: 'trigger',
				title: `Quiet trigger poll of a ${size}-entry list, manual run`,
				measure: 'execution',
				pack: {
					label: 'pack trigger, manual run',
					workflow: packPoll,
					start: trigger.name,
					// Nothing changed: a manual run shows up to 5 sample events of the latest entries.
					check: (run, requests) =>
						expectCount(
							'GET requests',
							requests.filter((r) => r.method === 'GET').length,
							ENTRIES / 100,
						) ??
						(outputOf(run, trigger.name) > 5 ? `${outputOf(run, trigger.name)} events` : undefined),
				},
				byHand: handPollSide,
			});
		}
		comparisons.push({
			key: 'trigger',
			title: `Quiet trigger poll of a ${size}-entry list, active workflow (${mode.label})`,
			measure: 'apiSpan',
			pack: {
				label: `pack trigger, active (${mode.label})`,
				workflow: packPoll,
				start: trigger.name,
				activePollRequests: mode.quietRequests,
				check: (_run, requests) => {
					const problem = expectCount('API requests', requests.length, mode.quietRequests);
					return (
						problem && `${problem}: ${requests.map((r) => `${r.method} ${r.path}`).join(', ')}`
					);
				},
			},
			byHand: handPollSide,
		});
	}
	// On loopback, then with every answer 50 ms late, as over a network: a request to
	// Affinity's API takes at least that long, and loopback answers in about 1 ms.
	comparisons.push(await rowsIntoList(emulator, 0));
	comparisons.push(await rowsIntoList(emulator, UPSERT_ANSWER_DELAY_MS));
	return comparisons;
}

/** An API call with the demo key, outside the runs (preparing them). */
async function call<T>(baseUrl: string, method: string, route: string, body?: unknown): Promise<T> {
	const res = await request(`${baseUrl}${route}`, {
		method: method as 'GET',
		headers: {
			authorization: `Bearer ${DEMO_KEY}`,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.body.text();
	if (res.statusCode >= 400) throw new Error(`${method} ${route}: ${res.statusCode} ${text}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * 150 rows into Target Accounts (20 new companies, 30 not on the list, 100 on it; Stage, Deal
 * Size, Notes): List Entry → Create or Update against Find or Create → Add (Skip If Already on
 * the List) → Update Field Values. Before each run the 20 companies are deleted and the 30 made
 * again, not on the list (API v1 deletes, the emulator's control API), so every run starts alike; Notes carry the run's time, so every
 * value changes and both sides write every row.
 */
async function rowsIntoList(emulator: RunningEmulator, answerDelayMs: number): Promise<Comparison> {
	const { baseUrl } = emulator;
	const listId = 102;
	const entries = await allPages(baseUrl, `/v2/lists/${listId}/list-entries?limit=100`);
	const onList = new Map<number, string>();
	for (const e of entries) {
		const entity = e.entity as { id: number; domain: string | null };
		if (entity.domain) onList.set(entity.id, entity.domain);
	}
	const companies = await allPages(baseUrl, '/v2/companies?limit=100');
	// Not global: they are deleted and made again before each run (see prepare).
	const unlisted = companies
		.filter((c) => c.domain && !c.isGlobal && !onList.has(c.id as number))
		.slice(0, 30) as Array<{ id: number; name: string; domain: string }>;
	const listed = companies
		.filter((c) => c.domain && onList.has(c.id as number))
		.slice(0, 100) as Array<{ id: number; name: string; domain: string }>;
	const stages = ['Sourcing', 'Diligence', 'IC', 'Closed'];
	const rows = [
		...Array.from({ length: 20 }, (_, i) => ({
			company: `Bench New ${i + 1}`,
			domain: `bench-new-${i + 1}.example`,
		})),
		...unlisted.map((c) => ({ company: c.name, domain: c.domain })),
		...listed.map((c) => ({ company: c.name, domain: c.domain })),
	].map((r, i) => ({ ...r, Stage: stages[i % 4], 'Deal Size': 1000 * (i + 1) }));
	const fields = (
		await call<{ data: Array<{ id: string; name: string; type: string }> }>(
			baseUrl,
			'GET',
			`/v2/lists/${listId}/fields?limit=100`,
		)
	).data.filter((f) => f.type === 'list');
	const fieldId = (name: string) => fields.find((f) => f.name === name)!.id;
	const rowsCode = code(
		'Rows',
		`const at = new Date().toISOString();\nreturn ${JSON.stringify(rows)}.map((r) => ({ json: { ...r, Notes: 'Imported ' + at } }));`,
	);
	const list = { __rl: true, mode: 'id', value: String(listId) };
	const prepare = async () => {
		await emulator.control('POST', '/settings', { answerDelayMs: 0 });
		const deleteWithDomain = async (domain: string) => {
			const found = await call<{ data: Array<{ id: number; domain: string | null }> }>(
				baseUrl,
				'POST',
				'/v2/companies/search',
				{ search: { term: domain } },
			);
			for (const c of found.data.filter((x) => x.domain === domain))
				await call(baseUrl, 'DELETE', `/organizations/${c.id}`);
		};
		// The 30 are made again (new ids, no entry) rather than taken off the list: n8n's process
		// remembers the entries the pack added a moment ago, and Add (Skip If Already on the List)
		// would look for one removed behind its back (it waits for it, then fails).
		for (const c of unlisted) {
			await deleteWithDomain(c.domain);
			await emulator.control('POST', '/companies', { name: c.name, domain: c.domain });
		}
		for (let i = 1; i <= 20; i++) await deleteWithDomain(`bench-new-${i}.example`);
		await emulator.control('POST', '/settings', { answerDelayMs });
	};
	const createdAndAdded = (requests: RequestLogEntry[]) =>
		expectCount(
			'companies created',
			requests.filter((r) => r.path === '/organizations').length,
			20,
		) ??
		expectCount(
			'entries added',
			requests.filter((r) => r.method === 'POST' && /list-entries$/.test(r.path)).length,
			50,
		);
	const comparison: Comparison = {
		key: 'upsert',
		measure: 'execution',
		title: `150 rows into a list (20 new companies, 30 not on it, 100 on it)${answerDelayMs ? `, every answer ${answerDelayMs} ms late` : ', on loopback'}`,
		pack: {
			label: 'pack Create or Update (Map Automatically)',
			workflow: workflow('benchUpsertPack', 'Bench: 150 rows, Create or Update', [
				manualStart(),
				rowsCode,
				affinity('Create or update', AFFINITY, 'listEntry', 'upsert', {
					listId: list,
					matchOn: 'domain',
					domain: '={{ $json.domain }}',
					companyName: '={{ $json.company }}',
					columns: {
						mappingMode: 'autoMapInputData',
						value: {},
						matchingColumns: [],
						schema: [],
						attemptToConvertTypes: false,
						convertFieldsToString: false,
					},
				}),
			]),
			start: START,
			prepare,
			check: (run, requests) =>
				expectCount('output items', outputOf(run, 'Create or update'), 150) ??
				createdAndAdded(requests),
		},
		byHand: {
			label: 'Find or Create → Add → Update Field Values',
			workflow: workflow('benchUpsertChain', 'Bench: 150 rows, three nodes', [
				manualStart(),
				rowsCode,
				affinity('Find or create', AFFINITY, 'company', 'findOrCreate', {
					domain: '={{ $json.domain }}',
					name: '={{ $json.company }}',
				}),
				affinity('Add to list', AFFINITY, 'listEntry', 'add', {
					listId: list,
					entityType: 'company',
					companyId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
					options: { skipIfAlreadyOnList: true },
				}),
				affinity('Update fields', AFFINITY, 'listEntry', 'updateFieldValues', {
					listId: list,
					listEntryId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
					inputMode: 'json',
					updatesJson: `={{ JSON.stringify([{ id: '${fieldId('Stage')}', value: $('Rows').item.json.Stage }, { id: '${fieldId('Deal Size')}', value: $('Rows').item.json['Deal Size'] }, { id: '${fieldId('Notes')}', value: $('Rows').item.json.Notes }]) }}`,
				}),
			]),
			start: START,
			prepare,
			check: (run, requests) =>
				expectCount('output items', outputOf(run, 'Update fields'), 150) ??
				createdAndAdded(requests),
		},
	};
	comparison.before = keyByExpression(comparison.pack);
	const listFields = await allPages(baseUrl, `/v2/lists/${listId}/fields?limit=100`);
	comparison.minimum = rowsJobMinimum({
		creates: 20,
		adds: unlisted.length + 20,
		writes: rows.length,
		listFields: listFields.length,
		dropdownFields: 1,
		listEntries: entries.length,
		lookups: unlisted.length + 20,
	});
	return comparison;
}

interface Execution {
	id: string;
	status: string;
	startedAt: string;
	stoppedAt?: string;
}

/**
 * A finished execution with its data. Without a headers timeout: on a loaded machine n8n may
 * take minutes to serialize a run of 10,000 items through three nodes (fetch gives up at 300 s).
 */
async function readExecution(rest: N8nRest, id: string): Promise<{ status: string; data: string }> {
	const res = await request(`${rest.baseUrl}/rest/executions/${id}`, {
		headers: { cookie: rest.cookie, 'browser-id': 'affinity-v2-scripts' },
		headersTimeout: 0,
		bodyTimeout: 0,
	});
	const text = await res.body.text();
	if (res.statusCode !== 200)
		throw new Error(`GET /rest/executions/${id}: ${res.statusCode} ${text.slice(0, 500)}`);
	return (JSON.parse(text) as { data: { status: string; data: string } }).data;
}

/** One manual run; returns once n8n stored the execution as finished. */
async function manualRun(rest: N8nRest, side: Side): Promise<Execution> {
	const started = await rest.request<{ executionId?: string }>(
		'POST',
		`/rest/workflows/${side.workflow.id}/run`,
		{ triggerToStartFrom: { name: side.start } },
	);
	if (!started.executionId) throw new Error(`${side.label}: no execution started`);
	// The list endpoint, not GET /rest/executions/:id, so that polling never loads the run's data.
	const filter = encodeURIComponent(JSON.stringify({ workflowId: side.workflow.id }));
	const deadline = Date.now() + 600_000;
	for (;;) {
		const list = await rest.request<{ results: Execution[] }>(
			'GET',
			`/rest/executions?filter=${filter}&limit=5`,
		);
		const execution = list.results.find((e) => String(e.id) === String(started.executionId));
		if (execution && !['new', 'running', 'waiting'].includes(execution.status)) return execution;
		if (Date.now() > deadline) throw new Error(`${side.label}: still running after 10 minutes`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

/**
 * The poll n8n runs when the workflow is activated; returns once the emulator has answered the
 * poll's requests and nothing more came for a second, then deactivates the workflow. A quiet
 * poll emits nothing, so n8n stores no execution and saves no state: each run starts alike.
 */
async function activePoll(
	rest: N8nRest,
	emulator: RunningEmulator,
	side: Side,
	expected: number,
): Promise<void> {
	const { versionId } = await rest.request<{ versionId: string }>(
		'GET',
		`/rest/workflows/${side.workflow.id}`,
	);
	await rest.request('POST', `/rest/workflows/${side.workflow.id}/activate`, { versionId });
	const deadline = Date.now() + 120_000;
	let seen = -1;
	let quietSince = Date.now();
	for (;;) {
		const count = (await apiRequests(emulator)).length;
		if (count !== seen) [seen, quietSince] = [count, Date.now()];
		if (seen >= expected && Date.now() - quietSince >= 1_000) break;
		if (Date.now() > deadline)
			throw new Error(`${side.label}: ${seen} of ${expected} requests after 2 minutes`);
		await new Promise((r) => setTimeout(r, 50));
	}
	await rest.request('POST', `/rest/workflows/${side.workflow.id}/deactivate`, {});
}

async function apiRequests(emulator: RunningEmulator): Promise<RequestLogEntry[]> {
	// API v1 (paths without /v2) counts as much as v2; the emulator's control API does not.
	return (await emulator.control<RequestLogEntry[]>('GET', '/requests')).filter(
		(r) => !r.path.startsWith('/_emulator'),
	);
}

/** From the first request's arrival to the last answer, by the emulator's clock. */
function apiSpanMs(requests: RequestLogEntry[]): number {
	if (requests.length === 0) return 0;
	const starts = requests.map((r) => Date.parse(r.at));
	const ends = requests.map((r, i) => starts[i] + r.durationMs);
	return Math.max(...ends) - Math.min(...starts);
}

/** One run of a side: a manual run, or an active workflow's poll. */
async function runOnce(
	rest: N8nRest,
	emulator: RunningEmulator,
	n8n: { groupId: number; inspectPort: number },
	side: Side,
	verify: boolean,
	profile?: (shares: { run: ProfileShares; execution?: ProfileShares }) => void,
): Promise<Measurement> {
	await side.prepare?.();
	await emulator.control('DELETE', '/requests');
	// The previous run's garbage collected, and a moment for the freed pages to go.
	await collectGarbage(n8n.inspectPort);
	await new Promise((r) => setTimeout(r, 500));
	const profiler = profile ? await startCpuProfile(n8n.inspectPort) : undefined;
	// The profile's clock starts about now: execution times are placed on it by this clock.
	const profiledSince = Date.now();
	const sampler = sampleGroupRss(n8n.groupId);
	const cpuBefore = groupCpuMs(n8n.groupId);
	const execution =
		side.activePollRequests === undefined
			? await manualRun(rest, side)
			: await activePoll(rest, emulator, side, side.activePollRequests);
	const cpuMs = groupCpuMs(n8n.groupId) - cpuBefore;
	const memory = sampler.stop();
	if (profiler && profile) {
		const cpuProfile = await profiler.stop();
		const keep = process.env.BENCH_PROFILE_DIR;
		if (keep) {
			fs.mkdirSync(keep, { recursive: true });
			fs.writeFileSync(
				path.join(keep, `${side.workflow.id}-${Date.now()}.cpuprofile`),
				JSON.stringify(cpuProfile),
			);
		}
		profile({
			run: profileShares(cpuProfile),
			execution: execution?.stoppedAt
				? profileShares(cpuProfile, {
						fromMs: Date.parse(execution.startedAt) - profiledSince,
						toMs: Date.parse(execution.stoppedAt) - profiledSince,
					})
				: undefined,
		});
	}
	const requests = await apiRequests(emulator);
	const span = apiSpanMs(requests);
	if (!execution) {
		const problem = side.check(undefined, requests);
		if (problem) throw new Error(`${side.label}: ${problem}`);
		return { ms: span, apiSpanMs: span, requests, cpuMs, ...memoryFigures(memory) };
	}
	if (execution.status !== 'success' || verify) {
		const full = await readExecution(rest, execution.id);
		const run = { status: full.status, data: unflatten(full.data) as WorkflowRun['data'] };
		const problem =
			execution.status !== 'success'
				? JSON.stringify(run.data.resultData.error ?? run.data.resultData.lastNodeExecuted).slice(
						0,
						2000,
					)
				: side.check(run, requests);
		if (problem) throw new Error(`${side.label}: ${execution.status}: ${problem}`);
	}
	await rest.request('POST', '/rest/executions/delete', { ids: [execution.id] });
	return {
		ms: Date.parse(execution.stoppedAt!) - Date.parse(execution.startedAt),
		apiSpanMs: span,
		requests,
		cpuMs,
		...memoryFigures(memory),
	};
}

function memoryFigures(memory: { peakMb: number; baselineMb: number }) {
	return { addedMb: memory.peakMb - memory.baselineMb, peakMb: memory.peakMb };
}

function range(values: number[], format: (n: number) => string): string {
	return `${format(Math.min(...values))}–${format(Math.max(...values))}`;
}

const mb = (n: number) => `${n.toFixed(0)} MB`;

function report(
	comparison: Comparison,
	pack: Measurement[],
	byHand: Measurement[],
	before: Measurement[],
): void {
	const figure = (m: Measurement) => (comparison.measure === 'execution' ? m.ms : m.apiSpanMs);
	const ratios = pack.map((m, i) => figure(m) / figure(byHand[i]));
	const lines = [
		'',
		`${comparison.title}: ${pack.length} ${comparison.before ? 'rounds' : 'pairs'} after a warm-up (` +
			(comparison.measure === 'execution'
				? 'execution time, stoppedAt - startedAt)'
				: "API span: the first request's arrival to the last answer, by the emulator's log)"),
	];
	const sides: Array<readonly [Side, Measurement[]]> = [
		[comparison.pack, pack],
		...(comparison.before ? [[comparison.before, before] as const] : []),
		[comparison.byHand, byHand],
	];
	for (const [side, runs] of sides) {
		const ms = runs.map(figure);
		const added = runs.map((m) => m.addedMb);
		const server = median(runs.map((m) => m.requests.reduce((sum, r) => sum + r.durationMs, 0)));
		const execution =
			comparison.measure === 'apiSpan' && side.activePollRequests === undefined
				? `, execution median ${fmt(median(runs.map((m) => m.ms)))}`
				: '';
		lines.push(
			`  ${side.label.padEnd(52)} median ${fmt(median(ms)).padStart(8)}  (${range(ms, fmt)})${execution}  ` +
				`${requestSummary(runs[runs.length - 1].requests)} (the emulator answering: ${fmt(server)})  ` +
				`n8n CPU ${fmt(median(runs.map((m) => m.cpuMs)))} median, ${cpuPerRequest(runs)} a request  ` +
				`peak RSS +${mb(median(added))} median (${range(added, mb)}), peak ${mb(Math.max(...runs.map((m) => m.peakMb)))}`,
		);
	}
	lines.push(
		`  ratio pack / by hand, per pair: ${ratios.map((r) => r.toFixed(3)).join(' ')}; median ${median(ratios).toFixed(3)}×`,
	);
	if (comparison.minimum) {
		const calls = pack[pack.length - 1].requests;
		lines.push(
			`  the pack's calls by endpoint: ${callsByEndpoint(calls)}`,
			`  the job's minimum: ${comparison.minimum.text}; the pack ${calls.length} calls, ${(calls.length / comparison.minimum.calls).toFixed(3)}× it`,
		);
	}
	if (comparison.before) {
		const was = before.map((m, i) => figure(m) / figure(byHand[i]));
		const gain = pack.map((m, i) => figure(m) / figure(before[i]));
		const cpu = pack.map((m, i) => m.cpuMs / before[i].cpuMs);
		lines.push(
			`  ratio before (key by expression) / by hand, per round: ${was.map((r) => r.toFixed(3)).join(' ')}; median ${median(was).toFixed(3)}×`,
			`  pack / before, per round: time ${gain.map((r) => r.toFixed(3)).join(' ')}; median ${median(gain).toFixed(3)}×; n8n CPU median ${median(cpu).toFixed(3)}×`,
		);
	}
	console.log(lines.join('\n'));
}

/** n8n's CPU time a request: the group's CPU over the run, by the requests the emulator logged. */
function cpuPerRequest(runs: Measurement[]): string {
	const perRequest = runs.map((m) => m.cpuMs / Math.max(1, m.requests.length));
	return `${median(perRequest).toFixed(1)} ms`;
}

function reportProfile(label: string, requests: number, shares: ProfileShares): void {
	const perRequest = (ms: number) => `${(ms / Math.max(1, requests)).toFixed(2)} ms a request`;
	console.log(
		[
			`  profile of ${label}: main thread busy ${fmt(shares.busyMs)} for ${requests} requests (${perRequest(shares.busyMs)})`,
			...shares.parts.map(
				(part) =>
					`    ${part.label.padEnd(76)} ${fmt(part.ms).padStart(8)}  ${((100 * part.ms) / shares.busyMs).toFixed(1).padStart(5)} %  ${perRequest(part.ms)}`,
			),
			'    most self time:',
			...shares.top.map(
				(f) =>
					`      ${f.frame.slice(0, 90).padEnd(90)} ${fmt(f.ms).padStart(8)}  ${((100 * f.ms) / shares.busyMs).toFixed(1).padStart(5)} %`,
			),
		].join('\n'),
	);
}

function machine(nodeBin: string): string {
	const n8nNode = execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim();
	return (
		`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
		`n8n ${N8N_VERSION} on Node ${n8nNode}; this script on Node ${process.version}`
	);
}

async function main(): Promise<void> {
	const home = path.join(cacheRoot(), 'bench-n8n');
	const userFolder = path.join(home, 'user');
	fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(home, { recursive: true });
	const logFile = path.join(home, 'n8n.log');
	fs.writeFileSync(logFile, '');

	const emulator = await startEmulator({
		port: await freePort(4030),
		seed: 1,
		bigList: ENTRIES,
		logFile: path.join(home, 'emulator.log'),
	});
	await emulator.control('POST', '/rate-limit', { limit: 1_000_000 });
	say(`emulator on ${emulator.baseUrl}, ${ENTRIES} entries on "Big Company List"`);

	const comparisons = (await buildComparisons(emulator)).filter(
		(c) => WANTED.length === 0 || WANTED.includes(c.key),
	);
	const setup = await prepareN8n({ userFolder, port: await freePort(5790), logFile });
	installExpressionAuthPack(setup.userFolder);
	await n8nImport(setup, 'credentials', [
		credentialExport({ ...AFFINITY, apiKey: DEMO_KEY, baseUrl: emulator.baseUrl }),
		{
			...credentialExport({ ...EXPRESSION_AUTH, apiKey: DEMO_KEY, baseUrl: emulator.baseUrl }),
			type: EXPRESSION_AUTH_CREDENTIAL,
		},
		{
			...HEADER_AUTH,
			type: 'httpHeaderAuth',
			data: { name: 'Authorization', value: `Bearer ${DEMO_KEY}` },
		},
	]);
	const workflows = new Map<string, BenchWorkflow>();
	for (const c of comparisons)
		for (const side of [c.pack, c.byHand, ...(c.before ? [c.before] : [])])
			workflows.set(side.workflow.id, side.workflow);
	await n8nImport(setup, 'workflow', [...workflows.values()]);
	say(`${workflows.size} workflows imported; starting n8n on port ${setup.port} (log: ${logFile})`);

	const profileDir = process.env.BENCH_CPU_PROF;
	const inspectPort = await freePort(9290);
	const nodeOptions = [`--inspect=127.0.0.1:${inspectPort}`];
	if (profileDir) nodeOptions.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`);
	const n8n = await startN8n(setup, {
		env: { NODE_OPTIONS: nodeOptions.join(' '), N8N_LOG_LEVEL: 'warn' },
	});
	const rest = new N8nRest(n8n.url);
	await rest.ensureOwner();
	await rest.login();
	const target = { groupId: n8n.process.pid!, inspectPort };
	void n8n.process.exited.then((code) => {
		if (!finished) console.error(`[bench:n8n] n8n exited (code ${code}):\n${n8n.process.tail(30)}`);
	});
	console.log(`\nMachine: ${machine(setup.paths.nodeBin)}`);

	for (const comparison of comparisons) {
		say(`${comparison.title}: warm-up`);
		const { before: beforeSide } = comparison;
		await runOnce(rest, emulator, target, comparison.pack, true);
		if (beforeSide) await runOnce(rest, emulator, target, beforeSide, true);
		await runOnce(rest, emulator, target, comparison.byHand, true);
		const pack: Measurement[] = [];
		const byHand: Measurement[] = [];
		const before: Measurement[] = [];
		for (let pair = 0; pair < PAIRS; pair++) {
			pack.push(await runOnce(rest, emulator, target, comparison.pack, false));
			if (beforeSide) before.push(await runOnce(rest, emulator, target, beforeSide, false));
			byHand.push(await runOnce(rest, emulator, target, comparison.byHand, false));
		}
		report(comparison, pack, byHand, before);
		console.log(
			`  load average after it: ${loadavg()
				.map((n) => n.toFixed(2))
				.join(', ')}`,
		);
		if (PROFILE && comparison.measure === 'execution') {
			for (const side of [
				comparison.pack,
				...(beforeSide ? [beforeSide] : []),
				comparison.byHand,
			]) {
				let shares: { run: ProfileShares; execution?: ProfileShares } | undefined;
				const run = await runOnce(rest, emulator, target, side, false, (s) => (shares = s));
				reportProfile(
					`${side.label} (the whole run, saving included)`,
					run.requests.length,
					shares!.run,
				);
				if (shares!.execution)
					reportProfile(
						`${side.label} (its execution only: ${fmt(run.ms)})`,
						run.requests.length,
						shares!.execution,
					);
			}
		}
	}
	finished = true;
}

/** Set once every comparison ran: from then on n8n stopping is expected. */
let finished = false;

main()
	.then(async () => {
		await stopAll();
		process.exit(0);
	})
	.catch(async (error) => {
		console.error(`[bench:n8n] failed: ${error instanceof Error ? error.stack : error}`);
		if (error instanceof Error && error.cause) console.error('cause:', error.cause);
		await stopAll();
		process.exit(1);
	});

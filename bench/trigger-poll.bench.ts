/**
 * The trigger's poll of a big list (10,000 and 100,000 entries, all 14 list fields watched)
 * through n8n-core's PollContext, against a bare undici cursor loop over the same pages with
 * the same fields, run alternately; and, to tell the diff's cost from the HTTP path's, the
 * same pages read through the node's transport in the same PollContext with nothing done to
 * them. The emulator runs in a process of its own.
 *
 * The workers run as JavaScript compiled beforehand (one esbuild bundle; the packages stay in
 * node_modules), in plain Node: no TypeScript compiler in the measured process, whose floor is
 * then what n8n's own has (Node, n8n-core and its dependencies, the node). Each size is
 * measured in fresh worker processes: one alternates bare loop, transport and trigger for the
 * times; then one process a variant measures its peak RSS alone (two whole reads each), next to
 * the RSS of the same process once everything is loaded, before any request. Besides the
 * node's variants, n8n's HTTP client alone (what httpRequestWithAuthentication sends with) is
 * the floor any node's read has. BENCH_BEFORE=<git revision> adds the transport and the trigger
 * of that revision (its nodes/ folder, bundled the same way), measured the same way in the same
 * run, so that a change is shown before and after side by side.
 * Targets: time ≤ 1.25× the bare loop, peak RSS ≤ 200 MB, state ≤ 24 bytes an entry.
 *
 *   npm run bench -- trigger-poll     BENCH_SIZES=100000 BENCH_RUNS=3 BENCH_BEFORE=HEAD~3 npm run bench -- trigger-poll
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

import { build } from 'esbuild';

import type { INodeType, IPollFunctions } from 'n8n-workflow';

import { DEMO_KEY } from '../emulator/auth';
import type { FieldDef } from '../emulator/model';
import { affinityPaginate } from '../nodes/AffinityV2/transport';
import { AffinityV2Trigger } from '../nodes/AffinityV2Trigger/AffinityV2Trigger.node.ts';
import { pollHarness } from '../testkit/engine';
import {
	ROOT,
	bareCursorLoop,
	fmt,
	machine,
	median,
	n8nClientCursorLoop,
	startEmulatorProcess,
} from './lib';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 0);
const CHANGES_PER_POLL = 20;
const BEFORE = process.env.BENCH_BEFORE;
/** Where the compiled workers go (bench/results is not committed). */
const OUT = join(ROOT, 'bench/results/trigger-poll');

interface TimingResult {
	runs: number;
	bareMs: number;
	transportMs: number;
	pollMs: number;
	baselinePollMs: number;
	eventsPerPoll: number;
	/** JSON bytes of the saved state per entry, by configuration. */
	bytesPerEntry: Record<string, number>;
}

interface MemoryResult {
	/** RSS once the modules are loaded, before any request. */
	idleMb: number;
	peakMb: number;
	/** RSS right after the last read, before any collection it did not itself set off. */
	afterMb: number;
	/** The highest V8 heap in use and memory outside it (buffers), sampled every 25 ms. */
	heapUsedMb: number;
	externalMb: number;
}

interface WorkerInput {
	mode: 'timing' | 'memory-bare' | 'memory-client' | 'memory-transport' | 'memory-poll';
	/** Only the times (the state's sizes are the current code's, measured once). */
	timesOnly?: boolean;
	baseUrl: string;
	listId: number;
	entries: number;
	runs: number;
	fields: FieldDef[];
}

const byId = (value: number) => ({ __rl: true, mode: 'id', value: String(value) });

/** The same pages through the node's transport in a PollContext, with nothing done to them. */
function transportOnly(listId: number): INodeType {
	const { description } = new AffinityV2Trigger();
	return {
		description: { ...description, name: 'transportOnly' },
		async poll(this: IPollFunctions) {
			await affinityPaginate.call(
				this,
				{ method: 'GET', path: `/v2/lists/${listId}/list-entries`, qs: { fieldTypes: ['list'] } },
				{ onPage: () => true },
			);
			return null;
		},
	};
}

async function worker({
	mode,
	baseUrl,
	listId,
	entries,
	runs,
	fields,
	timesOnly,
}: WorkerInput): Promise<TimingResult | MemoryResult> {
	const idleMb = process.memoryUsage().rss / 2 ** 20;
	// Where a peak comes from: V8's heap (objects, garbage not yet collected) or buffers.
	let heapUsedMb = 0;
	let externalMb = 0;
	const sampler = setInterval(() => {
		const m = process.memoryUsage();
		heapUsedMb = Math.max(heapUsedMb, m.heapUsed / 2 ** 20);
		externalMb = Math.max(externalMb, m.external / 2 ** 20);
	}, 25);
	sampler.unref();
	const peak = (): MemoryResult => ({
		idleMb,
		peakMb: process.resourceUsage().maxRSS / 1024,
		afterMb: process.memoryUsage().rss / 2 ** 20,
		heapUsedMb,
		externalMb,
	});
	const credentials = { apiKey: DEMO_KEY, baseUrl, apiVersion: '' };
	const path = `/v2/lists/${listId}/list-entries?limit=100&fieldTypes=list`;
	const trigger = (parameters: Record<string, unknown>) =>
		pollHarness(
			new AffinityV2Trigger(),
			{
				listId: byId(listId),
				watch: 'list',
				event: 'anyChange',
				watchedFieldIds: [],
				options: {},
				...parameters,
			},
			credentials,
		);
	const bytesOf = (h: ReturnType<typeof trigger>) =>
		Buffer.byteLength(JSON.stringify(h.staticData().state)) / entries;
	const notes = fields.find((f) => f.name === 'Notes') as FieldDef;
	const firstPage = (await (
		await fetch(`${baseUrl}/v2/lists/${listId}/list-entries?limit=1`, {
			headers: { authorization: `Bearer ${DEMO_KEY}` },
		})
	).json()) as {
		data: Array<{ id: number }>;
	};
	// The seeded big list's entry ids are consecutive.
	const firstId = firstPage.data[0].id;
	/** A few value changes between polls, as in real use (not timed). */
	const change = async (count: number, tag: string) => {
		for (let m = 0; m < count; m++) {
			const res = await fetch(`${baseUrl}/_emulator/values`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({
					listEntryId: firstId + Math.floor(Math.random() * entries),
					fieldId: notes.id,
					value: { type: 'text', data: `bench ${tag}.${m}` },
				}),
			});
			if (!res.ok) throw new Error(`POST /values: ${res.status}`);
		}
	};

	// Every variant reads the whole list twice, as the trigger's two polls do.
	if (mode === 'memory-bare') {
		await bareCursorLoop(baseUrl, DEMO_KEY, path);
		await bareCursorLoop(baseUrl, DEMO_KEY, path);
		return peak();
	}
	if (mode === 'memory-client') {
		await n8nClientCursorLoop(baseUrl, DEMO_KEY, path);
		await n8nClientCursorLoop(baseUrl, DEMO_KEY, path);
		return peak();
	}
	const transport = pollHarness(transportOnly(listId), { listId: byId(listId) }, credentials);
	if (mode === 'memory-transport') {
		await transport.poll();
		await transport.poll();
		return peak();
	}
	const h = trigger({});
	if (mode === 'memory-poll') {
		await h.poll();
		await change(CHANGES_PER_POLL, 'memory');
		await h.poll();
		return peak();
	}

	// Warm-up (JIT, sockets, the emulator's rendering) and the baseline the polls compare with.
	await bareCursorLoop(baseUrl, DEMO_KEY, path);
	await transport.poll();
	let t = performance.now();
	await h.poll();
	const baselinePollMs = performance.now() - t;

	const bare: number[] = [];
	const transports: number[] = [];
	const polls: number[] = [];
	let emitted = 0;
	for (let run = 0; run < runs; run++) {
		t = performance.now();
		const baseline = await bareCursorLoop(baseUrl, DEMO_KEY, path);
		bare.push(performance.now() - t);
		if (baseline.items !== entries)
			throw new Error(`bare loop read ${baseline.items} entries, not ${entries}`);
		t = performance.now();
		await transport.poll();
		transports.push(performance.now() - t);
		await change(CHANGES_PER_POLL, String(run));
		t = performance.now();
		const result = await h.poll();
		polls.push(performance.now() - t);
		emitted += result ? result[0].length : 0;
	}

	const bytesPerEntry: Record<string, number> = { 'all 14 list fields': bytesOf(h) };
	if (timesOnly) return timingResult(runs, bare, transports, polls, baselinePollMs, emitted, {});
	const pick = (...names: string[]) =>
		names.map((n) => (fields.find((f) => f.name === n) as FieldDef).id);
	for (const [label, parameters] of [
		['added/removed only', { event: 'listEntryAdded' }],
		['3 fields (Status, Owner, Stage)', { watchedFieldIds: pick('Status', 'Owner', 'Stage') }],
		[
			'3 fields, previous values kept',
			{ watchedFieldIds: pick('Status', 'Owner', 'Stage'), options: { keepPreviousValues: true } },
		],
		['all 14 fields, previous values kept', { options: { keepPreviousValues: true } }],
	] as const) {
		const other = trigger(parameters);
		await other.poll();
		bytesPerEntry[label] = bytesOf(other);
	}
	return timingResult(runs, bare, transports, polls, baselinePollMs, emitted, bytesPerEntry);
}

function timingResult(
	runs: number,
	bare: number[],
	transports: number[],
	polls: number[],
	baselinePollMs: number,
	emitted: number,
	bytesPerEntry: Record<string, number>,
): TimingResult {
	return {
		runs,
		bareMs: median(bare),
		transportMs: median(transports),
		pollMs: median(polls),
		baselinePollMs,
		eventsPerPoll: emitted / runs,
		bytesPerEntry,
	};
}

/**
 * This file compiled to one JavaScript file for plain Node, the packages left in node_modules.
 * With `nodesFrom`, every module of nodes/ is taken from that folder instead (a revision's).
 */
async function compileWorker(outfile: string, nodesFrom?: string): Promise<string> {
	const nodes = join(ROOT, 'nodes');
	await build({
		entryPoints: [__filename],
		outfile,
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node20',
		packages: 'external',
		logLevel: 'error',
		plugins: nodesFrom
			? [
					{
						name: 'nodes-of-a-revision',
						setup(b) {
							b.onResolve({ filter: /.*/ }, async (args) => {
								if (args.pluginData === 'own') return undefined;
								const found = await b.resolve(args.path, {
									resolveDir: args.resolveDir,
									kind: args.kind,
									importer: args.importer,
									pluginData: 'own',
								});
								const rel = relative(nodes, found.path);
								if (found.errors.length || rel.startsWith('..')) return found;
								return { path: join(nodesFrom, rel) };
							});
						},
					},
				]
			: [],
	});
	return outfile;
}

/** The nodes/ folder of a git revision, extracted under bench/results. */
function nodesOf(revision: string): string {
	const dir = join(OUT, `before-${revision.replace(/[^\w.-]/g, '_')}`);
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	const archive = join(dir, 'nodes.tar');
	execFileSync('git', ['archive', '-o', archive, revision, 'nodes'], { cwd: ROOT });
	execFileSync('tar', ['-x', '-f', archive, '-C', dir]);
	return join(dir, 'nodes');
}

function runWorker<T>(script: string, input: WorkerInput): T {
	const child = spawnSync(process.execPath, [script, '--worker', JSON.stringify(input)], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
		maxBuffer: 16 * 1024 * 1024,
	});
	if (child.status !== 0) throw new Error(`worker ${input.mode} failed: ${child.stdout}`);
	return JSON.parse(child.stdout.trim().split('\n').pop() as string) as T;
}

async function bigListFields(baseUrl: string, listId: number): Promise<FieldDef[]> {
	const res = await fetch(`${baseUrl}/v2/lists/${listId}/fields?limit=100`, {
		headers: { authorization: `Bearer ${DEMO_KEY}` },
	});
	const body = (await res.json()) as { data: FieldDef[] };
	return body.data.filter((f) => f.type === 'list');
}

async function main(): Promise<void> {
	console.log(`Trigger poll of a big list, all 14 list fields watched — ${machine()}`);
	const now = await compileWorker(join(OUT, 'worker.js'));
	const before = BEFORE
		? await compileWorker(join(OUT, 'worker-before.js'), nodesOf(BEFORE))
		: undefined;
	for (const entries of SIZES) {
		const runs = RUNS || (entries > 20_000 ? 3 : 7);
		const emulator = await startEmulatorProcess(['--big-list', String(entries)]);
		try {
			await emulator.control('POST', '/rate-limit', { limit: 1_000_000 });
			const state = await emulator.control<{ lists: Array<{ id: number; name: string }> }>(
				'GET',
				'/state',
			);
			const listId = state.lists.find((l) => l.name === 'Big Company List')!.id;
			const input = {
				baseUrl: emulator.baseUrl,
				listId,
				entries,
				runs,
				fields: await bigListFields(emulator.baseUrl, listId),
			};
			// BENCH_MEMORY_ONLY=1: the peaks alone (a quicker run while profiling).
			const memoryOnly = process.env.BENCH_MEMORY_ONLY === '1';
			const timing = memoryOnly
				? undefined
				: runWorker<TimingResult>(now, { ...input, mode: 'timing' });
			const timingBefore =
				before &&
				!memoryOnly &&
				runWorker<TimingResult>(before, { ...input, mode: 'timing', timesOnly: true });
			const memory = (script: string, mode: WorkerInput['mode']) =>
				runWorker<MemoryResult>(script, { ...input, mode });
			const peaks: Array<[string, MemoryResult]> = [];
			if (!memoryOnly) {
				peaks.push(['bare undici cursor loop', memory(now, 'memory-bare')]);
				peaks.push(["n8n's HTTP client alone", memory(now, 'memory-client')]);
			}
			if (before) peaks.push([`transport alone, ${BEFORE}`, memory(before, 'memory-transport')]);
			peaks.push(['transport alone', memory(now, 'memory-transport')]);
			if (before) peaks.push([`trigger polls, ${BEFORE}`, memory(before, 'memory-poll')]);
			peaks.push(['trigger polls (target ≤ 200 MB)', memory(now, 'memory-poll')]);

			console.log(
				`\n${entries.toLocaleString('en')} entries (${entries / 100} pages), ${CHANGES_PER_POLL} value changes between polls`,
			);
			const times = (t: TimingResult, label: string) => {
				console.log(
					`  times${label}, median of ${t.runs} runs, alternated in one process:\n` +
						`    bare undici cursor loop, same pages and fields: ${fmt(t.bareMs)}\n` +
						`    same pages through the transport, no diff:      ${fmt(t.transportMs)}   ratio ${(t.transportMs / t.bareMs).toFixed(3)}×\n` +
						`    trigger poll through PollContext:               ${fmt(t.pollMs)}   ratio ${(t.pollMs / t.bareMs).toFixed(3)}× (target ≤ 1.25×); ` +
						`${(t.pollMs / t.transportMs).toFixed(3)}× the transport alone; ${t.eventsPerPoll.toFixed(1)} events a poll\n` +
						`    first poll (baseline, nothing to compare):      ${fmt(t.baselinePollMs)}`,
				);
			};
			if (timing) times(timing, '');
			if (timingBefore) times(timingBefore, ` of ${BEFORE}`);
			console.log(
				'  peak RSS, one process a variant, two whole reads each; + over the same process loaded, before any request:',
			);
			for (const [label, m] of peaks) {
				console.log(
					`    ${label.padEnd(34)} ${m.peakMb.toFixed(0).padStart(4)} MB (+${(m.peakMb - m.idleMb).toFixed(0)} over ${m.idleMb.toFixed(0)}; ${m.afterMb.toFixed(0)} just after)` +
						`   V8 heap in use ≤ ${m.heapUsedMb.toFixed(0)} MB, outside it ≤ ${m.externalMb.toFixed(0)} MB`,
				);
			}
			console.log('  saved state, JSON bytes per entry:');
			for (const [label, bytes] of Object.entries(timing?.bytesPerEntry ?? {})) {
				console.log(
					`    ${label.padEnd(38)} ${bytes.toFixed(1).padStart(6)} B   (${((bytes * entries) / 1e6).toFixed(2)} MB in all)`,
				);
			}
		} finally {
			await emulator.stop();
		}
	}
}

const workerAt = process.argv.indexOf('--worker');
if (workerAt >= 0) {
	worker(JSON.parse(process.argv[workerAt + 1]) as WorkerInput)
		.then((result) => {
			console.log(JSON.stringify(result));
			process.exit(0);
		})
		.catch((error) => {
			console.error(error);
			process.exit(1);
		});
} else {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}

/**
 * The trigger's poll of a big list (10,000 and 100,000 entries, all 14 list fields watched)
 * through n8n-core's PollContext, against a bare undici cursor loop over the same pages with
 * the same fields, run alternately; and, to tell the diff's cost from the HTTP path's, the
 * same pages read through the node's transport in the same PollContext with nothing done to
 * them. The emulator runs in a process of its own. Each size is measured in fresh worker
 * processes: one alternates the three for the times, three more measure the peak RSS of each
 * alone, next to the RSS of the same process before any request (n8n-core, the node and tsx
 * loaded).
 * Targets: time ≤ 1.25× the bare loop, peak RSS ≤ 200 MB, state ≤ 24 bytes an entry.
 *
 *   npm run bench -- trigger          BENCH_SIZES=10000 BENCH_RUNS=5 npm run bench -- trigger
 */
import { spawnSync } from 'node:child_process';

import type { INodeType, IPollFunctions } from 'n8n-workflow';

import { DEMO_KEY } from '../emulator/auth';
import type { FieldDef } from '../emulator/model';
import { affinityPaginate } from '../nodes/AffinityV2/transport';
import { AffinityV2Trigger } from '../nodes/AffinityV2Trigger/AffinityV2Trigger.node.ts';
import { pollHarness } from '../test/harness/engine';
import { ROOT, bareCursorLoop, fmt, machine, median, startEmulatorProcess } from './lib';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 0);
const CHANGES_PER_POLL = 20;

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
}

interface WorkerInput {
	mode: 'timing' | 'memory-bare' | 'memory-transport' | 'memory-poll';
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
}: WorkerInput): Promise<TimingResult | MemoryResult> {
	const idleMb = process.memoryUsage().rss / 2 ** 20;
	const peak = (): MemoryResult => ({ idleMb, peakMb: process.resourceUsage().maxRSS / 1024 });
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

	if (mode === 'memory-bare') {
		await bareCursorLoop(baseUrl, DEMO_KEY, path);
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

function runWorker<T>(input: WorkerInput): T {
	const child = spawnSync(
		process.execPath,
		[`${ROOT}/node_modules/tsx/dist/cli.mjs`, __filename, '--worker', JSON.stringify(input)],
		{
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'inherit'],
			maxBuffer: 16 * 1024 * 1024,
		},
	);
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
			const timing = runWorker<TimingResult>({ ...input, mode: 'timing' });
			const bare = runWorker<MemoryResult>({ ...input, mode: 'memory-bare' });
			const transport = runWorker<MemoryResult>({ ...input, mode: 'memory-transport' });
			const poll = runWorker<MemoryResult>({ ...input, mode: 'memory-poll' });
			const ratio = timing.pollMs / timing.bareMs;
			const added = (m: MemoryResult) =>
				`${m.peakMb.toFixed(0)} MB (+${(m.peakMb - m.idleMb).toFixed(0)})`;
			console.log(
				`\n${entries.toLocaleString('en')} entries (${entries / 100} pages), median of ${timing.runs} runs, ${CHANGES_PER_POLL} value changes between polls:`,
			);
			console.log(`  bare undici cursor loop, same pages and fields: ${fmt(timing.bareMs)}`);
			console.log(
				`  same pages through the transport, no diff:      ${fmt(timing.transportMs)}   ratio ${(timing.transportMs / timing.bareMs).toFixed(3)}×`,
			);
			console.log(
				`  trigger poll through PollContext:               ${fmt(timing.pollMs)}   ratio ${ratio.toFixed(3)}× (target ≤ 1.25×); ` +
					`${(timing.pollMs / timing.transportMs).toFixed(3)}× the transport alone; ${timing.eventsPerPoll.toFixed(1)} events a poll`,
			);
			console.log(
				`  first poll (baseline, nothing to compare):      ${fmt(timing.baselinePollMs)}`,
			);
			console.log(
				`  peak RSS (+ over the same process before any request, ${poll.idleMb.toFixed(0)} MB): ` +
					`trigger polls ${added(poll)} (target ≤ 200 MB), transport alone ${added(transport)}, bare loop ${added(bare)}`,
			);
			console.log('  saved state, JSON bytes per entry:');
			for (const [label, bytes] of Object.entries(timing.bytesPerEntry)) {
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

/**
 * Get Many of 10,000 list entries through the real n8n engine (WorkflowExecute) against a bare
 * undici cursor loop over the same pages that keeps the entries, as Get Many does; run
 * alternately in one process. Target ≤ 1.15×. Beside them, what tells the difference apart:
 * - the bare loop dropping each page (what keeping 10,000 entries costs: the garbage collector
 *   moves them);
 * - the same loop through n8n's own HTTP client, which every node sends through (n8n's share);
 *   the node against it is the node's own work (target ≤ 1.05×).
 */
import { DEMO_KEY } from '../emulator/auth';
import { runAffinityNode } from '../testkit/engine';
import {
	bareCursorLoop,
	fmt,
	machine,
	median,
	n8nClientCursorLoop,
	startEmulatorProcess,
} from './lib';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function main(): Promise<void> {
	const emulator = await startEmulatorProcess(['--big-list', String(ENTRIES)]);
	try {
		await emulator.control('POST', '/rate-limit', { limit: 1_000_000 });
		const state = await emulator.control<{ lists: Array<{ id: number; name: string }> }>(
			'GET',
			'/state',
		);
		const listId = state.lists.find((l) => l.name === 'Big Company List')!.id;
		const credentials = { apiKey: DEMO_KEY, baseUrl: emulator.baseUrl, apiVersion: '' };
		const parameters = (simplify: boolean) => ({
			resource: 'listEntry',
			operation: 'getAll',
			listId: { __rl: true, mode: 'id', value: String(listId) },
			returnAll: true,
			fieldTypes: ['list'],
			simplify,
		});
		const path = `/v2/lists/${listId}/list-entries?limit=100&fieldTypes=list`;
		const times = {
			dropped: [] as number[],
			bare: [] as number[],
			client: [] as number[],
			raw: [] as number[],
			simplified: [] as number[],
		};
		const timed = async <T>(into: number[], run: () => Promise<T>): Promise<T> => {
			const t = performance.now();
			const result = await run();
			into.push(performance.now() - t);
			return result;
		};
		// Warm-up: JIT, sockets, the emulator's first pages.
		await bareCursorLoop(emulator.baseUrl, DEMO_KEY, path, []);
		await n8nClientCursorLoop(emulator.baseUrl, DEMO_KEY, path, []);
		await runAffinityNode({ credentials, parameters: parameters(false) });
		for (let run = 0; run < RUNS; run++) {
			const counts = {
				dropped: (
					await timed(times.dropped, () => bareCursorLoop(emulator.baseUrl, DEMO_KEY, path))
				).items,
				bare: (await timed(times.bare, () => bareCursorLoop(emulator.baseUrl, DEMO_KEY, path, [])))
					.items,
				client: (
					await timed(times.client, () => n8nClientCursorLoop(emulator.baseUrl, DEMO_KEY, path, []))
				).items,
				raw: (
					await timed(times.raw, () =>
						runAffinityNode({ credentials, parameters: parameters(false) }),
					)
				).items.length,
				simplified: (
					await timed(times.simplified, () =>
						runAffinityNode({ credentials, parameters: parameters(true) }),
					)
				).items.length,
			};
			if (Object.values(counts).some((count) => count !== ENTRIES)) {
				throw new Error(`counts differ: ${JSON.stringify(counts)}`);
			}
		}
		const d = median(times.dropped);
		const b = median(times.bare);
		const c = median(times.client);
		const r = median(times.raw);
		const s = median(times.simplified);
		const ratio = (x: number, y: number) => `${(x / y).toFixed(3)}×`;
		console.log(
			`Get Many of ${ENTRIES} list entries (${ENTRIES / 100} pages), median of ${RUNS} runs — ${machine()}`,
		);
		console.log(`  bare undici cursor loop, entries kept: ${fmt(b)}`);
		console.log(
			`  the same, each page dropped:           ${fmt(d)}   ${ratio(d, b)} (keeping the entries costs ${ratio(b, d)})`,
		);
		console.log(
			`  n8n's HTTP client, entries kept:       ${fmt(c)}   ratio ${ratio(c, b)} (n8n's share: a new agent and connection a request, axios)`,
		);
		console.log(
			`  node through WorkflowExecute raw:      ${fmt(r)}   ratio ${ratio(r, b)} (target ≤ 1.15×); ${ratio(r, c)} n8n's client (the node's own work, target ≤ 1.05×)`,
		);
		console.log(`  node, simplify on:                     ${fmt(s)}   ratio ${ratio(s, b)}`);
	} finally {
		await emulator.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});

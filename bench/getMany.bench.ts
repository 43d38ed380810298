/**
 * Get Many of 10,000 list entries through the real n8n engine (WorkflowExecute) against a bare
 * undici cursor loop over the same pages, run alternately in one process. Target ≤ 1.15×.
 */
import { DEMO_KEY } from '../emulator/auth';
import { runAffinityNode } from '../test/harness/engine';
import { bareCursorLoop, fmt, machine, median, startEmulatorProcess } from './lib';

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
		const bare: number[] = [];
		const raw: number[] = [];
		const simplified: number[] = [];
		// Warm-up: JIT, sockets, the emulator's first pages.
		await bareCursorLoop(emulator.baseUrl, DEMO_KEY, path);
		await runAffinityNode({ credentials, parameters: parameters(false) });
		for (let run = 0; run < RUNS; run++) {
			let t = performance.now();
			const baseline = await bareCursorLoop(emulator.baseUrl, DEMO_KEY, path);
			bare.push(performance.now() - t);
			t = performance.now();
			const node = await runAffinityNode({ credentials, parameters: parameters(false) });
			raw.push(performance.now() - t);
			t = performance.now();
			const nodeSimplified = await runAffinityNode({ credentials, parameters: parameters(true) });
			simplified.push(performance.now() - t);
			if (
				node.items.length !== ENTRIES ||
				nodeSimplified.items.length !== ENTRIES ||
				baseline.items !== ENTRIES
			) {
				throw new Error(
					`counts differ: bare ${baseline.items}, node ${node.items.length}, simplified ${nodeSimplified.items.length}`,
				);
			}
		}
		const b = median(bare);
		const r = median(raw);
		const s = median(simplified);
		console.log(
			`Get Many of ${ENTRIES} list entries (${ENTRIES / 100} pages), median of ${RUNS} runs — ${machine()}`,
		);
		console.log(`  bare undici cursor loop:          ${fmt(b)}`);
		console.log(
			`  node through WorkflowExecute raw:  ${fmt(r)}   ratio ${(r / b).toFixed(3)}× (target ≤ 1.15×)`,
		);
		console.log(`  node, simplify on:                 ${fmt(s)}   ratio ${(s / b).toFixed(3)}×`);
	} finally {
		await emulator.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});

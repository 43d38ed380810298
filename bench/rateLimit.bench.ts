/**
 * Rate-limit pacing: with the emulator's budget at 60 requests per 5 seconds, a full read of 300
 * pages through the node. Counts the 429s the emulator sent (target 0) and compares the time
 * with the theoretical minimum for fixed windows (target ≤ 1.10×).
 */
import { DEMO_KEY } from '../emulator/auth';
import { runAffinityNode } from '../testkit/engine';
import { fmt, machine, startEmulatorProcess } from './lib';

const PAGES = 300;
const LIMIT = 60;
const WINDOW_MS = 5000;

async function main(): Promise<void> {
	const emulator = await startEmulatorProcess(['--big-list', String(PAGES * 100)]);
	try {
		const state = await emulator.control<{ lists: Array<{ id: number; name: string }> }>(
			'GET',
			'/state',
		);
		const listId = state.lists.find((l) => l.name === 'Big Company List')!.id;
		await emulator.control('POST', '/rate-limit', { limit: LIMIT, windowMs: WINDOW_MS });
		await emulator.control('DELETE', '/requests');
		const started = performance.now();
		const result = await runAffinityNode({
			credentials: { apiKey: DEMO_KEY, baseUrl: emulator.baseUrl, apiVersion: '' },
			parameters: {
				resource: 'listEntry',
				operation: 'getAll',
				listId: { __rl: true, mode: 'id', value: String(listId) },
				returnAll: true,
				simplify: false,
			},
		});
		const elapsed = performance.now() - started;
		if (result.error) throw new Error(result.error.message);
		const log = await emulator.control<Array<{ status: number; at: string }>>('GET', '/requests');
		const rateLimited = log.filter((r) => r.status === 429).length;
		// Fixed windows of LIMIT requests: the last window opens after (windows - 1) full windows.
		const windows = Math.ceil(PAGES / LIMIT);
		const minimum = (windows - 1) * WINDOW_MS;
		console.log(
			`Rate-limit pacing: ${PAGES} pages at ${LIMIT} requests / ${WINDOW_MS / 1000} s — ${machine()}`,
		);
		console.log(
			`  items ${result.items.length}, requests ${log.length}, 429s received: ${rateLimited} (target 0)`,
		);
		console.log(
			`  time ${fmt(elapsed)}, theoretical minimum ${fmt(minimum)} + the last window's requests; ratio ${(elapsed / minimum).toFixed(3)}× (target ≤ 1.10×)`,
		);
	} finally {
		await emulator.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});

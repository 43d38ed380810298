/**
 * Big writes: 1,000 field updates on one list entry, sent through the real n8n engine as one
 * batch (listEntry.updateFieldValues: PATCH in chunks of 100) against 1,000 single updates
 * (listEntry.updateFieldValue, one item each: one POST each). Prints requests sent and time.
 * The emulator's per-minute budget is raised for the comparison (1,000 POSTs would otherwise
 * wait for the next minute at Affinity's 900 a minute, which the last line quantifies).
 */
import { DEMO_KEY } from '../emulator/auth';
import { runAffinityNode } from '../testkit/engine';
import { fmt, machine, median, startEmulatorProcess } from './lib';

const UPDATES = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function main(): Promise<void> {
	const emulator = await startEmulatorProcess([]);
	try {
		await emulator.control('POST', '/rate-limit', { limit: 1_000_000 });
		const listId = 102;
		const fieldIds: string[] = [];
		for (let i = 0; i < UPDATES; i++) {
			fieldIds.push(
				(
					await emulator.control<{ id: string }>('POST', '/fields', {
						listId,
						name: `Bench ${i + 1}`,
						valueType: 'text',
					})
				).id,
			);
		}
		const entryId = (
			await emulator.control<Array<{ id: number }>>('GET', `/lists/${listId}/entries`)
		)[0].id;
		const credentials = { apiKey: DEMO_KEY, baseUrl: emulator.baseUrl, apiVersion: '' };
		const target = {
			listId: { __rl: true, mode: 'id', value: String(listId) },
			listEntryId: { __rl: true, mode: 'id', value: String(entryId) },
		};
		const count = async (method: string) =>
			(await emulator.control<Array<{ method: string }>>('GET', '/requests')).filter(
				(r) => r.method === method,
			).length;

		const batchTimes: number[] = [];
		const singleTimes: number[] = [];
		let batchRequests = 0;
		let singleRequests = 0;
		for (let run = 0; run < RUNS; run++) {
			await emulator.control('DELETE', '/requests');
			let t = performance.now();
			const batch = await runAffinityNode({
				credentials,
				parameters: {
					resource: 'listEntry',
					operation: 'updateFieldValues',
					...target,
					inputMode: 'json',
					updatesJson: JSON.stringify(
						fieldIds.map((id, i) => ({ id, value: { type: 'text', data: `batch ${run}.${i}` } })),
					),
				},
			});
			batchTimes.push(performance.now() - t);
			if (batch.error) throw new Error(batch.error.message);
			batchRequests = await count('PATCH');

			await emulator.control('DELETE', '/requests');
			t = performance.now();
			const single = await runAffinityNode({
				credentials,
				items: fieldIds.map((fieldId, i) => ({ fieldId, text: `single ${run}.${i}` })),
				parameters: {
					resource: 'listEntry',
					operation: 'updateFieldValue',
					...target,
					fieldId: '={{ $json.fieldId }}',
					valueType: 'text',
					textValue: '={{ $json.text }}',
				},
			});
			singleTimes.push(performance.now() - t);
			if (single.error) throw new Error(single.error.message);
			if (single.items.length !== UPDATES) throw new Error(`${single.items.length} single updates`);
			singleRequests = await count('POST');
		}
		const b = median(batchTimes);
		const s = median(singleTimes);
		console.log(
			`Big writes: ${UPDATES} field updates on one entry, median of ${RUNS} runs — ${machine()}`,
		);
		console.log(
			`  batch (updateFieldValues, PATCH chunks of 100): ${batchRequests} PATCH requests, ${fmt(b)}`,
		);
		console.log(
			`  single (updateFieldValue, one item each):       ${singleRequests} POST requests, ${fmt(s)}   (${(s / b).toFixed(1)}× the batch's time)`,
		);
		console.log(
			`  at Affinity's 900 requests a minute, ${singleRequests} single POSTs need at least ${Math.ceil(singleRequests / 900) - 1} full minute(s) of waiting; the batch fits in one window`,
		);
	} finally {
		await emulator.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});

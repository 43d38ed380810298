/**
 * The emulator's change log at scale: a 100,000-entry list with 1,000,000 recorded changes,
 * filtered by time. The time bound is a binary search (O(log n)); the baseline is the linear
 * scan a naive filter would make. Also one real GET /v2/field-value-changes over HTTP.
 */
import { Emulator } from '../emulator';
import { DEMO_KEY } from '../emulator/auth';
import { timeRange } from '../emulator/routes/fieldValueChanges';
import { fmt, machine, median } from './lib';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function main(): Promise<void> {
	const emulator = await Emulator.start({ sizes: { bigList: ENTRIES } });
	try {
		const { store } = emulator;
		const big = [...store.lists.values()].find((l) => l.name === 'Big Company List')!;
		const entries = store.entriesByList.get(big.id)!;
		const notes = big.fields.find((f) => f.name === 'Notes')!;
		const start = Date.parse('2025-01-01T00:00:00Z');
		const t0 = performance.now();
		for (let i = 0; i < CHANGES; i++) {
			const entry = entries[i % entries.length];
			store.changes.append({
				at: start + i * 1000,
				fieldId: notes.id,
				entityId: entry.entityId,
				listEntry: { id: entry.id, listId: big.id },
				changerId: 1,
				action: 'update',
				valueType: 'text',
				value: `change ${i}`,
			});
		}
		const appendMs = performance.now() - t0;
		const log = store.changes;
		const view = log.all();
		const filters = Array.from({ length: QUERIES }, (_, q) => {
			const from = start + Math.floor((((q * 7919) % QUERIES) / QUERIES) * CHANGES) * 1000;
			return {
				from,
				text: `changedAt>=${new Date(from).toISOString()} & changedAt<${new Date(from + 3_600_000).toISOString()}`,
			};
		});
		const binary: number[] = [];
		const linear: number[] = [];
		let comparisons = 0;
		for (let run = 0; run < RUNS; run++) {
			log.comparisons = 0;
			let t = performance.now();
			let found = 0;
			for (const f of filters) {
				const { lo, hi } = timeRange(log, view, f.text);
				found += hi - lo;
			}
			binary.push((performance.now() - t) / QUERIES);
			comparisons = log.comparisons / QUERIES;
			t = performance.now();
			let scanned = 0;
			for (const f of filters.slice(0, 20)) {
				for (let i = 0; i < view.length; i++) {
					const at = view.at(i).at;
					if (at >= f.from && at < f.from + 3_600_000) scanned++;
				}
			}
			linear.push((performance.now() - t) / 20);
			// Each window is one hour of changes a second: 3,600 of them, found by both ways.
			if (found !== QUERIES * 3600 || scanned !== 20 * 3600)
				throw new Error(`windows differ: ${found / QUERIES} and ${scanned / 20}`);
		}
		const http: number[] = [];
		for (let run = 0; run < RUNS * 3; run++) {
			const from = new Date(start + Math.floor(Math.random() * CHANGES) * 1000).toISOString();
			const t = performance.now();
			const res = await fetch(
				`${emulator.baseUrl}/v2/field-value-changes?limit=100&filter=${encodeURIComponent(`changedAt>=${from}`)}`,
				{
					headers: { authorization: `Bearer ${DEMO_KEY}` },
				},
			);
			const body = (await res.json()) as { data: unknown[] };
			http.push(performance.now() - t);
			if (res.status !== 200 || body.data.length !== 100)
				throw new Error(`HTTP ${res.status}, ${body.data.length} changes`);
		}
		console.log(
			`Change log: ${CHANGES.toLocaleString('en')} changes of a ${ENTRIES.toLocaleString('en')}-entry list — ${machine()}`,
		);
		console.log(`  appending them:                       ${fmt(appendMs)}`);
		console.log(
			`  time window by binary search:         ${(median(binary) * 1000).toFixed(1)} µs a query, ${comparisons.toFixed(1)} comparisons (2 × log2 n = ${(2 * Math.log2(CHANGES)).toFixed(1)})`,
		);
		console.log(
			`  the same window by a linear scan:     ${fmt(median(linear))} a query (${(median(linear) / median(binary)).toFixed(0)}× slower)`,
		);
		console.log(
			`  GET /v2/field-value-changes?filter=changedAt>=… (100 changes): ${fmt(median(http))} median of ${http.length}`,
		);
	} finally {
		await emulator.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});

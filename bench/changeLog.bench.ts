/**
 * The emulator's change log at scale: a 100,000-entry list with 1,000,000 recorded changes,
 * filtered by time. The time bound is a binary search (O(log n)); the baseline is the linear
 * scan a naive filter would make. Also one real GET /v2/field-value-changes over HTTP.
 */
import { Emulator } from '../emulator';
import { DEMO_KEY } from '../emulator/auth';
import { timeRange } from '../emulator/routes/fieldValueChanges';
import { SEEDED_USERS } from '../emulator/seed';
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
				changerId: SEEDED_USERS.admin,
				action: 'update',
				valueType: 'text',
				value: `change ${i}`,
			});
		}
		const appendMs = performance.now() - t0;
		const log = store.changes;
		const view = log.all();
		// Windows of an hour of changes (one a second), each inside the log: a window that ran
		// past the last change would hold fewer, and both ways must find what each holds.
		const WINDOW = 3600;
		const starts = Math.max(1, CHANGES - WINDOW + 1);
		const filters = Array.from({ length: QUERIES }, (_, q) => {
			const first = Math.floor((((q * 7919) % QUERIES) / QUERIES) * starts);
			const from = start + first * 1000;
			return {
				from,
				expected: Math.max(0, Math.min(WINDOW, CHANGES - first)),
				text: `changedAt>=${new Date(from).toISOString()} & changedAt<${new Date(from + WINDOW * 1000).toISOString()}`,
			};
		});
		const scannedFilters = filters.slice(0, 20);
		const binary: number[] = [];
		const linear: number[] = [];
		const foundBy = new Array<number>(QUERIES).fill(0);
		const scannedBy = new Array<number>(scannedFilters.length).fill(0);
		let comparisons = 0;
		for (let run = 0; run < RUNS; run++) {
			log.comparisons = 0;
			let t = performance.now();
			for (let q = 0; q < QUERIES; q++) {
				const { lo, hi } = timeRange(log, view, filters[q].text);
				foundBy[q] = hi - lo;
			}
			binary.push((performance.now() - t) / QUERIES);
			comparisons = log.comparisons / QUERIES;
			t = performance.now();
			for (let q = 0; q < scannedFilters.length; q++) {
				const { from } = scannedFilters[q];
				let scanned = 0;
				for (let i = 0; i < view.length; i++) {
					const at = view.at(i).at;
					if (at >= from && at < from + WINDOW * 1000) scanned++;
				}
				scannedBy[q] = scanned;
			}
			linear.push((performance.now() - t) / scannedFilters.length);
			const wrong = filters.findIndex(
				(f, q) =>
					foundBy[q] !== f.expected || (q < scannedBy.length && scannedBy[q] !== f.expected),
			);
			if (wrong !== -1)
				throw new Error(
					`window ${wrong} (${filters[wrong].text}) holds ${filters[wrong].expected} changes; the binary search found ${foundBy[wrong]}${wrong < scannedBy.length ? `, the scan ${scannedBy[wrong]}` : ''}`,
				);
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

/**
 * What the polling trigger costs in API calls, `snapshot` against `changeLog`, for lists of
 * 1,000, 10,000 and 100,000 entries: requests of a quiet poll and of a poll after 20 value
 * changes (counted in the emulator's request log), and the calls a month at a 5-minute interval
 * (8,640 polls; with changeLog, one reconciliation a day) next to the 100,000-call monthly
 * quota of the Scale and Advanced plans. The emulator runs in a process of its own.
 *
 *   npm run bench -- triggerCost        BENCH_SIZES=1000,10000 npm run bench -- triggerCost
 */
import { DEMO_KEY } from '../emulator/auth';
import { AffinityV2Trigger } from '../nodes/AffinityV2Trigger/AffinityV2Trigger.node.ts';
import { pollHarness } from '../testkit/engine';
import { machine, startEmulatorProcess, type BenchEmulator } from './lib';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const CHANGES = 20;
const POLLS_A_MONTH = 30 * 24 * 12;
const MONTHLY_QUOTA = 100_000;

const byId = (value: number) => ({ __rl: true, mode: 'id', value: String(value) });

interface Row {
	entries: number;
	detection: string;
	baseline: number;
	quiet: number;
	changed: number;
	reconciliation: number;
}

async function requestCount(emulator: BenchEmulator, run: () => Promise<unknown>): Promise<number> {
	await emulator.control('DELETE', '/requests');
	await run();
	return (await emulator.control<unknown[]>('GET', '/requests')).length;
}

async function measure(entries: number): Promise<Row[]> {
	const emulator = await startEmulatorProcess(['--big-list', String(entries)]);
	try {
		await emulator.control('POST', '/rate-limit', { limit: 1_000_000 });
		const state = await emulator.control<{ lists: Array<{ id: number; name: string }> }>(
			'GET',
			'/state',
		);
		const listId = state.lists.find((l) => l.name === 'Big Company List')!.id;
		const headers = { authorization: `Bearer ${DEMO_KEY}` };
		const fields = (await (
			await fetch(`${emulator.baseUrl}/v2/lists/${listId}/fields?limit=100`, { headers })
		).json()) as {
			data: Array<{ id: string; name: string }>;
		};
		const notes = fields.data.find((f) => f.name === 'Notes')!;
		const first = (await (
			await fetch(`${emulator.baseUrl}/v2/lists/${listId}/list-entries?limit=1`, { headers })
		).json()) as {
			data: Array<{ id: number }>;
		};
		// The seeded big list's entry ids are consecutive.
		const firstId = first.data[0].id;
		// Distinct entries, so that the snapshot reports each change as an event of its own.
		const step = Math.floor(entries / CHANGES);
		const change = async (tag: string) => {
			const offset = Math.floor(Math.random() * step);
			for (let m = 0; m < CHANGES; m++) {
				await emulator.control('POST', '/values', {
					listEntryId: firstId + m * step + offset,
					fieldId: notes.id,
					value: { type: 'text', data: `bench ${tag}.${m}` },
				});
			}
		};
		const credentials = { apiKey: DEMO_KEY, baseUrl: emulator.baseUrl, apiVersion: '' };
		const rows: Row[] = [];
		for (const detection of ['snapshot', 'changeLog']) {
			const h = pollHarness(
				new AffinityV2Trigger(),
				{
					listId: byId(listId),
					watch: 'list',
					detection,
					event: 'anyChange',
					watchedFieldIds: [],
					options: {},
				},
				credentials,
			);
			const baseline = await requestCount(emulator, () => h.poll());
			const quiet = await requestCount(emulator, () => h.poll());
			await change(detection);
			let events = 0;
			const changed = await requestCount(emulator, async () => {
				const result = await h.poll();
				events = result ? result[0].length : 0;
			});
			if (events !== CHANGES)
				throw new Error(`${detection}: ${events} events for ${CHANGES} changes`);
			let reconciliation = 0;
			if (detection === 'changeLog') {
				const log = h.staticData().changeLog as { reconciledAt: string };
				log.reconciledAt = new Date(Date.parse(log.reconciledAt) - 25 * 3_600_000).toISOString();
				reconciliation = await requestCount(emulator, () => h.poll());
			}
			rows.push({ entries, detection, baseline, quiet, changed, reconciliation });
		}
		return rows;
	} finally {
		await emulator.stop();
	}
}

function monthly(row: Row, perPoll: number): number {
	// changeLog: a reconciliation replaces one poll a day.
	const reconciliations = row.detection === 'changeLog' ? 30 : 0;
	return (POLLS_A_MONTH - reconciliations) * perPoll + reconciliations * row.reconciliation;
}

async function main(): Promise<void> {
	console.log(
		`Trigger cost in API calls, snapshot vs changeLog, ${CHANGES} changes a busy poll — ${machine()}`,
	);
	const rows: Row[] = [];
	for (const entries of SIZES) rows.push(...(await measure(entries)));
	const pct = (calls: number) => `${((calls / MONTHLY_QUOTA) * 100).toFixed(0)} %`;
	console.log(
		'\n| entries | detection | first poll | quiet poll | poll, 20 changes | reconciliation | a month, quiet (5 min) | a month, 20 changes every poll | of 100,000 quota (quiet / busy) |',
	);
	console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
	for (const row of rows) {
		const quiet = monthly(row, row.quiet);
		const busy = monthly(row, row.changed);
		console.log(
			`| ${row.entries.toLocaleString('en')} | ${row.detection} | ${row.baseline} | ${row.quiet} | ${row.changed} | ${row.reconciliation || '–'} | ${quiet.toLocaleString('en')} | ${busy.toLocaleString('en')} | ${pct(quiet)} / ${pct(busy)} |`,
		);
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});

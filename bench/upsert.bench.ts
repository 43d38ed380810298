/**
 * Rows into a list: 150 rows (20 new companies, 30 companies not on the list, 100 on it, with
 * Stage, Deal Size and Notes) through List Entry → Create or Update (one node), against the
 * chain a user builds without it: Company → Find or Create, List Entry → Add (Skip If Already
 * on the List), List Entry → Update Field Values. Both run in n8n-core's real engine against
 * one emulator, reset before each run; each node of the chain gets the items of the one before
 * (as n8n passes them), the row's values beside them. Prints requests and time side by side.
 */
import { request } from 'undici';

import { DEMO_KEY } from '../emulator/auth';
import { forgetRecentWrites } from '../nodes/AffinityV2/transport';
import { runAffinityNode } from '../testkit/engine';
import { callsByEndpoint, fmt, machine, median, rowsJobMinimum, startEmulatorProcess } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIST_ID = 102;
const STAGES = ['Sourcing', 'Diligence', 'IC', 'Closed'];
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

type Row = { company: string; domain: string; Stage: string; 'Deal Size': number; Notes: string };

async function main(): Promise<void> {
	const emulator = await startEmulatorProcess([]);
	const api = async <T>(path: string): Promise<T> => {
		const res = await request(`${emulator.baseUrl}${path}`, {
			headers: { authorization: `Bearer ${DEMO_KEY}` },
		});
		return (await res.body.json()) as T;
	};
	try {
		await emulator.control('POST', '/rate-limit', { limit: 1_000_000 });
		const onList = new Set(
			(await emulator.control<Array<{ entityId: number }>>('GET', `/lists/${LIST_ID}/entries`)).map(
				(e) => e.entityId,
			),
		);
		const companies: Array<{ id: number; domain: string | null; name: string }> = [];
		for (let next: string | null = '/v2/companies?limit=100'; next && companies.length < 400; ) {
			const page: {
				data: typeof companies;
				pagination: { nextUrl: string | null };
			} = await api(next);
			companies.push(...page.data);
			next = page.pagination.nextUrl
				? new URL(page.pagination.nextUrl).pathname + new URL(page.pagination.nextUrl).search
				: null;
		}
		const withDomain = companies.filter((c) => c.domain);
		const listed = withDomain.filter((c) => onList.has(c.id)).slice(0, 100);
		const unlisted = withDomain.filter((c) => !onList.has(c.id)).slice(0, 30);
		if (listed.length < 100 || unlisted.length < 30) throw new Error('not enough seeded companies');
		const row = (name: string, domain: string, i: number): Row => ({
			company: name,
			domain,
			Stage: STAGES[i % STAGES.length],
			'Deal Size': 1000 * (i + 1),
			Notes: `Imported row ${i + 1}`,
		});
		const rows: Row[] = [
			...Array.from({ length: 20 }, (_, i) => row(`New Co ${i + 1}`, `newco${i + 1}.example`, i)),
			...unlisted.map((c, i) => row(c.name, c.domain!, 20 + i)),
			...listed.map((c, i) => row(c.name, c.domain!, 50 + i)),
		];
		const allFields: Array<{ id: string; name: string; type: string }> = [];
		for (let next: string | null = `/v2/lists/${LIST_ID}/fields?limit=100`; next; ) {
			const page: {
				data: typeof allFields;
				pagination: { nextUrl: string | null };
			} = await api(next);
			allFields.push(...page.data);
			next = page.pagination.nextUrl
				? new URL(page.pagination.nextUrl).pathname + new URL(page.pagination.nextUrl).search
				: null;
		}
		const fields = allFields.filter((f) => f.type === 'list');
		const fieldId = (name: string) => fields.find((f) => f.name === name)!.id;
		// BENCH_API_VERSION: an edition to send (2026-07-15, 2026-09-17); the key's default without it.
		const credentials = {
			apiKey: DEMO_KEY,
			baseUrl: emulator.baseUrl,
			apiVersion: process.env.BENCH_API_VERSION ?? '',
		};
		const log = async () =>
			(await emulator.control<Array<{ method: string; path: string }>>('GET', '/requests')).filter(
				(r) => !r.path.startsWith('/_emulator'),
			);
		const requests = async () => (await log()).length;
		const check = (run: { error?: { message: string }; items: unknown[] }, what: string) => {
			if (run.error) throw new Error(`${what}: ${run.error.message}`);
			if (run.items.length !== rows.length) throw new Error(`${what}: ${run.items.length} items`);
		};

		const upsert = async () => {
			const run = await runAffinityNode({
				credentials,
				items: rows,
				parameters: {
					resource: 'listEntry',
					operation: 'upsert',
					listId: byId(LIST_ID),
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
				},
			});
			check(run, 'Create or Update');
		};

		const chain = async () => {
			const found = await runAffinityNode({
				credentials,
				items: rows,
				parameters: {
					resource: 'company',
					operation: 'findOrCreate',
					domain: '={{ $json.domain }}',
					name: '={{ $json.company }}',
				},
			});
			check(found, 'Find or Create');
			const added = await runAffinityNode({
				credentials,
				items: found.items.map((c, i) => ({ ...rows[i], companyId: c.id })),
				parameters: {
					resource: 'listEntry',
					operation: 'add',
					listId: byId(LIST_ID),
					entityType: 'company',
					companyId: { __rl: true, mode: 'id', value: '={{ $json.companyId }}' },
					options: { skipIfAlreadyOnList: true },
				},
			});
			check(added, 'Add');
			const written = await runAffinityNode({
				credentials,
				items: added.items.map((e, i) => ({ ...rows[i], entryId: e.id })),
				parameters: {
					resource: 'listEntry',
					operation: 'updateFieldValues',
					listId: byId(LIST_ID),
					listEntryId: { __rl: true, mode: 'id', value: '={{ $json.entryId }}' },
					inputMode: 'json',
					updatesJson: `={{ JSON.stringify([{ id: '${fieldId('Stage')}', value: $json.Stage }, { id: '${fieldId('Deal Size')}', value: $json['Deal Size'] }, { id: '${fieldId('Notes')}', value: $json.Notes }]) }}`,
				},
			});
			check(written, 'Update Field Values');
		};

		const times = { upsert: [] as number[], chain: [] as number[] };
		const calls = { upsert: 0, chain: 0 };
		let upsertLog: Array<{ method: string; path: string }> = [];
		let rerunLog: Array<{ method: string; path: string }> = [];
		for (let run = 0; run < RUNS; run++) {
			for (const [name, fn] of [
				['upsert', upsert],
				['chain', chain],
			] as const) {
				await emulator.control('POST', '/reset', {});
				// The reset gives new records old ids: what this process wrote before is not there.
				forgetRecentWrites();
				await emulator.control('POST', '/rate-limit', { limit: 1_000_000 });
				await emulator.control('DELETE', '/requests');
				const t = performance.now();
				await fn();
				times[name].push(performance.now() - t);
				calls[name] = await requests();
				if (name === 'upsert') {
					upsertLog = await log();
					// The same sheet again: every row is on the list with its values.
					await emulator.control('DELETE', '/requests');
					await fn();
					rerunLog = await log();
				}
			}
		}
		const u = median(times.upsert);
		const c = median(times.chain);
		console.log(
			`Rows into a list: 150 rows (20 new companies, 30 not on the list, 100 on it), median of ${RUNS} runs — ${machine()}`,
		);
		console.log(
			`  Create or Update (one node):                  ${calls.upsert} requests, ${fmt(u)}`,
		);
		console.log(
			`  Find or Create → Add (skip if on list) → Update Field Values: ${calls.chain} requests, ${fmt(c)}`,
		);
		console.log(
			`  ratio: ${(calls.upsert / calls.chain).toFixed(3)}× the calls, ${(u / c).toFixed(3)}× the time (target ≤ 0.5× each)`,
		);
		const minimum = rowsJobMinimum({
			creates: 20,
			adds: 50,
			writes: rows.length,
			listFields: allFields.length,
			dropdownFields: 1,
			listEntries: onList.size,
			lookups: 50,
		});
		console.log(`  Create or Update's calls by endpoint: ${callsByEndpoint(upsertLog)}`);
		console.log(
			`  the job's minimum: ${minimum.text}; Create or Update ${(calls.upsert / minimum.calls).toFixed(3)}× it (target ≤ 1.1×)`,
		);
		// What the issue counted: the 50 lookups as one search of up to 100 values, which neither
		// edition offers for domains (a search filter's values are of fields; none holds domains).
		const batched = rowsJobMinimum({
			creates: 20,
			adds: 50,
			writes: rows.length,
			listFields: allFields.length,
			dropdownFields: 1,
			listEntries: onList.size,
			lookups: 1,
		});
		console.log(
			`  were 100 domains one search: ${batched.calls} calls; Create or Update ${(calls.upsert / batched.calls).toFixed(3)}× that`,
		);
		const rerunMinimum = rowsJobMinimum({
			creates: 0,
			adds: 0,
			writes: 0,
			listFields: allFields.length,
			dropdownFields: 1,
			listEntries: onList.size + 50,
			lookups: 0,
		});
		console.log(
			`  the same rows again (nothing to change): ${rerunLog.length} requests (${callsByEndpoint(rerunLog)}); its minimum: ${rerunMinimum.text}`,
		);
	} finally {
		await emulator.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});

/*
 * The two-way sync samples (workflows/two-way-sync-*.json, docs/two-way-sync.md) in real n8n 2.41
 * against the emulator and a private Postgres: set up, the first poll fills the table, then a few
 * minutes of random edits on both sides (values set and cleared, entries and rows added and
 * removed, the same cell edited on both sides at once), then quiet. Checked: both sides equal;
 * each cell holds its latest edit (Affinity's changedAt against the Postgres edit's time); every
 * write of the sync traced to one edit made on the other side (or to a recorded conflict); no
 * write that changes nothing; executions bounded by the edits; nothing moves once quiet. The
 * figures are printed and written to test-results/two-way-sync.json.
 *
 * SYNC_E2E_SECONDS sets the length of the random phase (default 150), SYNC_E2E_SEED its seed
 * (printed first). The same seed makes the same choices of edits, values and rows by position;
 * which rows those are also depends on the sync's timing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { DEMO_KEYS } from '../../emulator/auth';
import { createRandom } from '../../emulator/random';
import {
	ensurePostgresBinaries,
	n8nImport,
	packNodeNames,
	postgresCredentialExport,
	type RunningPostgres,
	startPostgres,
	unflatten,
} from '../../scripts/n8n';
import { DEMO_KEY, sampleWorkflows, SYNC_POSTGRES_CREDENTIAL } from '../../scripts/start';
import { ALL_KEYS, MEMBER_KEY } from '../harness/emulator';
import { eventually } from '../harness/eventually';
import { activate, executions, isFinished, sleep } from '../queue/n8nQueue';
import { EVERY_5_SECONDS } from '../queue/workflows';
import { N8nFixture, RESULTS_DIR } from './fixture';

const fixture = new N8nFixture('two-way-sync');
const TO_TABLE = 'affV2SampleSyncToTable';
const TO_AFFINITY = 'affV2SampleSyncToAffinity';
const LIST = 102;
const RANDOM_SECONDS = Number(process.env.SYNC_E2E_SECONDS ?? 150);
const SEED = Number(process.env.SYNC_E2E_SEED ?? Date.now() % 1_000_000);
/** The sync's Affinity user: the demo credential's key's. */
const SYNC_USER = DEMO_KEY.userId;
const MEMBER_USER = DEMO_KEYS[1].userId;

type Column = 'status' | 'deal_size' | 'notes';
const FIELDS: Record<Column, string> = {
	status: 'field-1036',
	deal_size: 'field-1038',
	notes: 'field-1040',
};
const COLUMN_OF: Record<string, Column> = Object.fromEntries(
	Object.entries(FIELDS).map(([column, field]) => [field, column as Column]),
);
const STATUSES = ['New', 'Contacted', 'Qualified', 'Negotiation', 'Won', 'Lost'];

let pg: RunningPostgres;
let pgHome = '';
let statusOptions: Map<string, number>;

const sqlText = (value: unknown) =>
	value === null
		? 'NULL'
		: typeof value === 'number'
			? String(value)
			: `'${String(value).replaceAll("'", "''")}'`;

/** Rows of a query, each a record of its columns (psql's tab-separated output, as JSON per row). */
function rows<T>(sql: string): T[] {
	const out = pg.query(`WITH q AS (${sql}) SELECT coalesce(json_agg(q), '[]') FROM q`).trim();
	return JSON.parse(out || '[]') as T[];
}

async function api<T>(
	method: string,
	route: string,
	options: { key?: string; body?: unknown; version?: string } = {},
): Promise<{ status: number; body: T }> {
	const res = await fetch(`${fixture.emulator.baseUrl}${route}`, {
		method,
		headers: {
			authorization: `Bearer ${options.key ?? MEMBER_KEY}`,
			...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
			...(options.version ? { 'x-affinity-api-version': options.version } : {}),
		},
		body: options.body === undefined ? undefined : JSON.stringify(options.body),
	});
	const text = await res.text();
	return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Every page of a v2 collection, read with the admin's key. */
async function readAll<T>(route: string): Promise<T[]> {
	const all: T[] = [];
	for (let next: string | null = route; next; ) {
		const page: { data: T[]; pagination: { nextUrl: string | null } } = await fixture.api(next);
		all.push(...page.data);
		const url = page.pagination.nextUrl ? new URL(page.pagination.nextUrl) : null;
		next = url ? url.pathname + url.search : null;
	}
	return all;
}

interface Cells {
	status: string | null;
	deal_size: number | null;
	notes: string | null;
}

/** The list as Affinity holds it: entry id -> the three fields. */
async function affinityState(): Promise<Map<number, Cells>> {
	const fieldIds = Object.values(FIELDS)
		.map((f) => `fieldIds=${f}`)
		.join('&');
	const entries = await readAll<{
		id: number;
		entity: { fields: Array<{ id: string; value: { data: unknown } }> };
	}>(`/v2/lists/${LIST}/list-entries?limit=100&${fieldIds}`);
	return new Map(
		entries.map((e) => {
			const cells: Cells = { status: null, deal_size: null, notes: null };
			for (const f of e.entity.fields) {
				const column = COLUMN_OF[f.id];
				if (!column) continue;
				const data = f.value.data as { text?: string } | number | string | null;
				cells[column] = (
					column === 'status' ? ((data as { text?: string } | null)?.text ?? null) : data
				) as never;
			}
			return [e.id, cells];
		}),
	);
}

interface TableRow extends Cells {
	id: number;
	list_entry_id: number | null;
	pending: boolean;
}

function tableRows(): TableRow[] {
	return rows<TableRow>(
		'SELECT id, list_entry_id, status, deal_size::float8 AS deal_size, notes, pending FROM affinity_accounts',
	);
}

interface LoggedChange {
	id: number;
	field: { id: string };
	listEntry: { id: number; listId: number } | null;
	changer: { id: number } | null;
	changedAt: string;
	actionType: string;
	value: unknown;
}

/** The change log of the list's three fields since `since` (whole seconds, as the filter takes). */
async function changesSince(since: Date): Promise<LoggedChange[]> {
	const from = new Date(Math.floor(since.getTime() / 1000) * 1000 - 1000).toISOString();
	const filter = encodeURIComponent(`changedAt>${from.replace('.000Z', 'Z')}`);
	const all = await readAll<LoggedChange>(`/v2/field-value-changes?limit=100&filter=${filter}`);
	return all.filter(
		(c) =>
			c.listEntry?.listId === LIST &&
			COLUMN_OF[c.field.id] &&
			Date.parse(c.changedAt) >= since.getTime(),
	);
}

/** The value a logged change leaves (a delete leaves none), in the table's terms. */
function valueAfter(change: LoggedChange): unknown {
	if (change.actionType === 'delete') return null;
	const value = change.value as { text?: string } | number | string | null;
	return COLUMN_OF[change.field.id] === 'status'
		? ((value as { text?: string } | null)?.text ?? null)
		: value;
}

const same = (a: unknown, b: unknown) =>
	a === b || (a !== null && b !== null && Number(a) === Number(b) && typeof a !== 'string');

/** The edits the random phase made, as it made them. */
interface Edit {
	side: 'affinity' | 'postgres';
	kind: 'set' | 'add' | 'remove';
	entry?: number;
	row?: number;
	column?: Column;
	value?: unknown;
	crossing?: boolean;
}

beforeAll(async () => {
	// Postgres first: listening, its port is not one n8n's set-up picks next (freePort).
	fs.mkdirSync(RESULTS_DIR, { recursive: true });
	pgHome = fs.mkdtempSync(path.join(os.tmpdir(), 'affinity-v2-sync-'));
	fs.chmodSync(pgHome, 0o755);
	pg = await startPostgres({
		binDir: ensurePostgresBinaries(),
		dataDir: path.join(pgHome, 'postgres'),
		database: SYNC_POSTGRES_CREDENTIAL.database,
		logFile: path.join(RESULTS_DIR, 'two-way-sync-postgres.log'),
	});
	await fixture.start();
	await n8nImport(fixture.setup, 'credentials', [
		postgresCredentialExport({ ...SYNC_POSTGRES_CREDENTIAL, ...pg }),
	]);
	// The samples as `npm start` imports them, polling every 5 seconds instead of every 30 or 60.
	const samples = sampleWorkflows(packNodeNames()).load.filter((w) =>
		[TO_TABLE, TO_AFFINITY].includes(w.id),
	) as unknown as Array<{
		id: string;
		nodes: Array<{ type: string; parameters: Record<string, unknown> }>;
	}>;
	expect(samples.map((w) => w.id).sort()).toEqual([TO_AFFINITY, TO_TABLE]);
	for (const node of samples.flatMap((w) => w.nodes)) {
		if (node.type.endsWith('.affinityV2Trigger')) node.parameters.pollTimes = EVERY_5_SECONDS;
		if (node.type === 'n8n-nodes-base.scheduleTrigger')
			node.parameters.rule = { interval: [{ field: 'seconds', secondsInterval: 5 }] };
	}
	await fixture.importWorkflows(samples);
	await fixture.startServer();
	const options = await fixture.api<{ data: Array<{ id: number; text: string }> }>(
		`/v2/lists/${LIST}/fields/${FIELDS.status}/dropdown-options`,
	);
	statusOptions = new Map(options.data.map((o) => [o.text, o.id]));
}, 300_000);

afterAll(async () => {
	await pg?.stop();
	await fixture.stop();
	if (pgHome) fs.rmSync(pgHome, { recursive: true, force: true });
});

/** Both sides equal: the same entries, each with the same three values; nothing left to send. */
function difference(affinity: Map<number, Cells>, table: TableRow[]): string[] {
	const problems: string[] = [];
	const byEntry = new Map(table.map((r) => [r.list_entry_id, r]));
	for (const r of table) {
		if (r.list_entry_id === null) problems.push(`row ${r.id} has no entry`);
		if (r.pending) problems.push(`row ${r.id} is pending`);
	}
	for (const [entry, cells] of affinity) {
		const row = byEntry.get(entry);
		if (!row) {
			problems.push(`entry ${entry} has no row`);
			continue;
		}
		for (const column of Object.keys(FIELDS) as Column[])
			if (!same(cells[column], row[column]))
				problems.push(`entry ${entry} ${column}: Affinity ${cells[column]}, table ${row[column]}`);
	}
	for (const r of table)
		if (r.list_entry_id !== null && !affinity.has(r.list_entry_id))
			problems.push(`row ${r.id} (entry ${r.list_entry_id}) is not on the list`);
	return problems;
}

async function settled(what: string, timeoutMs: number): Promise<number> {
	const started = Date.now();
	await eventually(
		what,
		async () => {
			const removals = Number(
				pg.query('SELECT count(*) FROM affinity_sync_removed WHERE NOT sent').trim(),
			);
			return [
				...difference(await affinityState(), tableRows()),
				...(removals ? [`${removals} removals`] : []),
			].slice(0, 20);
		},
		(problems) => problems.length === 0,
		timeoutMs,
		2_000,
	);
	return Date.now() - started;
}

describe('two-way sync of Target Accounts and a Postgres table (the samples of `npm start`)', () => {
	it('Create the tables (run once) sets up the table, its trigger and functions', async () => {
		const run = await fixture.rest!.runManually(TO_AFFINITY, 'Create the tables (run once)');
		expect(run.data.resultData.error).toBeUndefined();
		expect(
			pg
				.query(
					"SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE tablename LIKE 'affinity_%'",
				)
				.trim(),
		).toBe(
			'affinity_accounts,affinity_sync_conflicts,affinity_sync_fields,affinity_sync_history,affinity_sync_removed',
		);
	});

	it('published, the first poll fills the table with the list; writing a value a cell already holds sends nothing either way', async () => {
		await activate(fixture.rest!, TO_TABLE);
		await activate(fixture.rest!, TO_AFFINITY);
		const entries = (await affinityState()).size;
		expect(entries).toBe(250);
		await settled('the first poll fills the table', 120_000);

		// The same value again, on each side: nothing changes here, nothing is sent to Affinity.
		const [row] = rows<{ id: number; list_entry_id: number; notes: string | null }>(
			'SELECT id, list_entry_id, notes FROM affinity_accounts WHERE notes IS NOT NULL ORDER BY id LIMIT 1',
		);
		const requestsBefore = (await fixture.requests()).length;
		const historyBefore = pg.query('SELECT coalesce(max(id), 0) FROM affinity_sync_history').trim();
		pg.query(
			`UPDATE affinity_accounts SET notes = notes, deal_size = deal_size WHERE id = ${row.id}`,
		);
		const put = await api(
			'POST',
			`/v2/lists/${LIST}/list-entries/${row.list_entry_id}/fields/${FIELDS.notes}`,
			{
				body: { value: { type: 'text', data: row.notes } },
			},
		);
		expect(put.status).toBe(204);
		// Two polls of each workflow.
		await sleep(12_000);
		expect(pg.query(`SELECT pending FROM affinity_accounts WHERE id = ${row.id}`).trim()).toBe('f');
		expect(
			pg.query(`SELECT count(*) FROM affinity_sync_history WHERE id > ${historyBefore}`).trim(),
		).toBe('0');
		const writes = (await fixture.requests())
			.slice(requestsBefore)
			.filter((r) => r.key === DEMO_KEY.label && r.method !== 'GET' && !r.path.endsWith('/search'));
		expect(writes).toEqual([]);
	}, 240_000);

	it('random edits on both sides for a few minutes: once quiet, equal, each write traced to one edit, no loop', async () => {
		// Seeded: a failing run is replayed with its SYNC_E2E_SEED.
		const rng = createRandom(SEED);
		console.log(
			`two-way sync: random edits for ${RANDOM_SECONDS} s, seed ${SEED} (SYNC_E2E_SEED=${SEED} makes the same choices)`,
		);
		const edits: Edit[] = [];
		const runStart = new Date();
		const requestsBefore = (await fixture.requests()).length;
		const toTableBefore = new Set((await executions(fixture.rest!, TO_TABLE)).map((e) => e.id));
		const toAffinityBefore = new Set(
			(await executions(fixture.rest!, TO_AFFINITY)).map((e) => e.id),
		);
		let onList = [...(await affinityState()).keys()];
		let refreshedAt = Date.now();
		// Companies never on the list, for the additions made in Affinity.
		const freeCompanies = Array.from({ length: 150 }, (_, i) => 3_000_250 + i);
		let newRows = 0;
		let crossingPairs = 0;

		// One row, picked by the seeded generator among those `where` keeps.
		const oneOf = (where = 'true') =>
			`ORDER BY id OFFSET (SELECT floor(${rng.next()} * count(*)) FROM affinity_accounts WHERE ${where}) LIMIT 1`;
		const randomValue = (column: Column): unknown => {
			if (rng.chance(0.12)) return null;
			if (column === 'status') return rng.pick(STATUSES);
			if (column === 'deal_size') return rng.int(1, 5_000_000);
			return `note ${rng.int(0, 999_999_999)}`;
		};
		const affinityValue = (column: Column, value: unknown) =>
			value === null
				? {
						type:
							column === 'status' ? 'ranked-dropdown' : column === 'deal_size' ? 'number' : 'text',
						data: null,
					}
				: column === 'status'
					? {
							type: 'ranked-dropdown',
							data: { dropdownOptionId: statusOptions.get(value as string) },
						}
					: { type: column === 'deal_size' ? 'number' : 'text', data: value };

		const affinitySet = async (entry: number, column: Column, value: unknown, crossing = false) => {
			const res = await api(
				'POST',
				`/v2/lists/${LIST}/list-entries/${entry}/fields/${FIELDS[column]}`,
				{ body: { value: affinityValue(column, value) } },
			);
			if (res.status === 204)
				edits.push({ side: 'affinity', kind: 'set', entry, column, value, crossing });
			else if (res.status === 404) onList = onList.filter((e) => e !== entry);
			else throw new Error(`member write: ${res.status} ${JSON.stringify(res.body)}`);
		};
		const postgresSet = (row: number, column: Column, value: unknown, crossing = false) => {
			const done = rows<{ id: number }>(
				`UPDATE affinity_accounts SET ${column} = ${sqlText(value)} WHERE id = ${row} AND ${column} IS DISTINCT FROM ${sqlText(value)} RETURNING id`,
			);
			if (done.length) edits.push({ side: 'postgres', kind: 'set', row, column, value, crossing });
		};

		const deadline = Date.now() + RANDOM_SECONDS * 1000;
		while (Date.now() < deadline) {
			if (Date.now() - refreshedAt > 20_000) {
				// Entries the sync added (rows added in Postgres) become editable in Affinity too.
				onList = [...(await affinityState()).keys()];
				refreshedAt = Date.now();
			}
			const roll = rng.next();
			const column = rng.pick(Object.keys(FIELDS) as Column[]);
			if (roll < 0.36) {
				await affinitySet(rng.pick(onList), column, randomValue(column));
			} else if (roll < 0.72) {
				const [row] = rows<{ id: number }>(`SELECT id FROM affinity_accounts ${oneOf()}`);
				if (row) postgresSet(row.id, column, randomValue(column));
			} else if (roll < 0.84) {
				// The same cell on both sides at once, in a random order.
				const [row] = rows<{ id: number; list_entry_id: number }>(
					`SELECT id, list_entry_id FROM affinity_accounts WHERE list_entry_id IS NOT NULL ${oneOf('list_entry_id IS NOT NULL')}`,
				);
				if (row && onList.includes(row.list_entry_id)) {
					const made = edits.length;
					const a = randomValue(column);
					let b = randomValue(column);
					while (same(a, b)) b = randomValue(column);
					if (rng.chance(0.5)) {
						await affinitySet(row.list_entry_id, column, a, true);
						postgresSet(row.id, column, b, true);
					} else {
						postgresSet(row.id, column, b, true);
						await affinitySet(row.list_entry_id, column, a, true);
					}
					if (edits.length === made + 2) crossingPairs++;
				}
			} else if (roll < 0.89) {
				const company = freeCompanies.shift();
				if (company !== undefined) {
					const res = await api<{ id: number }>('POST', `/v2/lists/${LIST}/list-entries`, {
						body: { entity: { id: company } },
						version: '2026-09-17',
					});
					expect(res.status).toBe(201);
					onList.push(res.body.id);
					edits.push({ side: 'affinity', kind: 'add', entry: res.body.id });
				}
			} else if (roll < 0.94) {
				newRows++;
				const values = {
					status: randomValue('status'),
					deal_size: randomValue('deal_size'),
					notes: randomValue('notes'),
				};
				const [row] = rows<{ id: number }>(
					`INSERT INTO affinity_accounts (name, domain, status, deal_size, notes) VALUES ('Sync Test ${SEED}-${newRows}', 'sync-${SEED}-${newRows}.example.com', ${sqlText(values.status)}, ${sqlText(values.deal_size)}, ${sqlText(values.notes)}) RETURNING id`,
				);
				edits.push({ side: 'postgres', kind: 'add', row: row.id });
			} else if (roll < 0.97) {
				const entry = rng.pick(onList);
				const res = await api('DELETE', `/lists/${LIST}/list-entries/${entry}`);
				onList = onList.filter((e) => e !== entry);
				if (res.status === 200) edits.push({ side: 'affinity', kind: 'remove', entry });
			} else {
				const [row] = rows<{ id: number; list_entry_id: number | null }>(
					`DELETE FROM affinity_accounts WHERE id = (SELECT id FROM affinity_accounts ${oneOf()}) RETURNING id, list_entry_id`,
				);
				if (row)
					edits.push({
						side: 'postgres',
						kind: 'remove',
						row: row.id,
						entry: row.list_entry_id ?? undefined,
					});
			}
			await sleep(rng.int(150, 599));
		}
		const editsEnd = Date.now();

		// Quiet: both sides agree, then nothing moves for 15 s (3 polls of each workflow): no call
		// of the sync but the trigger's quiet polls (2 calls each), no execution of the Affinity
		// side, no change of the table. A loop never gets there.
		const timeToEqual = await settled('both sides equal after the random edits', 300_000);
		const quietPoll = ['GET /v2/field-value-changes', `POST /v2/lists/${LIST}/list-entries/search`];
		const movement = async () => ({
			calls: (await fixture.requests()).filter(
				(r) => r.key === DEMO_KEY.label && !quietPoll.includes(`${r.method} ${r.path}`),
			).length,
			toTable: (await executions(fixture.rest!, TO_TABLE)).length,
			history: pg.query('SELECT count(*) FROM affinity_sync_history').trim(),
		});
		let quietFrom = 0;
		await eventually(
			'quiet: nothing moves for 15 s',
			async () => {
				const before = await movement();
				quietFrom = Date.now();
				await sleep(15_000);
				return JSON.stringify(await movement()) === JSON.stringify(before);
			},
			(still) => still,
			300_000,
			0,
		);
		const timeToQuiet = quietFrom - editsEnd;
		const requests = (await fixture.requests()).slice(requestsBefore);
		const bySync = requests.filter((r) => r.key === DEMO_KEY.label);
		const finalAffinity = await affinityState();
		const finalTable = tableRows();
		expect(difference(finalAffinity, finalTable)).toEqual([]);

		// The edits as the two sides recorded them, with their times.
		const logged = await changesSince(runStart);
		const memberChanges = logged.filter((c) => c.changer?.id === MEMBER_USER);
		const syncChanges = logged.filter((c) => c.changer?.id === SYNC_USER);
		const personEdits = rows<{
			row_id: number;
			list_entry_id: number | null;
			column_name: Column;
			value: unknown;
			at: string;
		}>(
			`SELECT row_id, list_entry_id, column_name, value, recorded_at AS at FROM affinity_sync_history WHERE made_by = 'person' AND recorded_at >= '${runStart.toISOString()}' ORDER BY id`,
		);
		const syncWritesHere = rows<{ list_entry_id: number; column_name: Column; value: unknown }>(
			`SELECT list_entry_id, column_name, value FROM affinity_sync_history WHERE made_by = 'sync' AND recorded_at >= '${runStart.toISOString()}' ORDER BY id`,
		);
		const conflicts = rows<{ column_name: Column | null; lost_value: unknown; lost_from: string }>(
			'SELECT column_name, lost_value, lost_from FROM affinity_sync_conflicts',
		);

		// Each cell holds its latest edit, by Affinity's changedAt and the Postgres edit's time.
		const latest = new Map<string, { at: number; value: unknown; from: string }>();
		const note = (
			entry: number | null,
			column: string,
			at: number,
			value: unknown,
			from: string,
		) => {
			if (entry === null) return;
			const key = `${entry}:${column}`;
			const seen = latest.get(key);
			if (!seen || at >= seen.at) latest.set(key, { at, value, from });
		};
		for (const c of memberChanges)
			note(
				c.listEntry!.id,
				COLUMN_OF[c.field.id],
				Date.parse(c.changedAt),
				valueAfter(c),
				'affinity',
			);
		for (const e of personEdits)
			note(e.list_entry_id, e.column_name, Date.parse(e.at), e.value, 'postgres');
		const wrong: string[] = [];
		for (const [key, want] of latest) {
			const [entry, column] = key.split(':');
			const cells = finalAffinity.get(Number(entry));
			if (cells && !same(cells[column as Column], want.value))
				wrong.push(`${key}: ${cells[column as Column]}, latest edit (${want.from}) ${want.value}`);
		}
		expect(wrong).toEqual([]);

		// Every write of the sync is one edit of the other side: each edit used once.
		const unmatched = (
			writes: Array<{ key: string; value: unknown }>,
			sources: Array<{ key: string; value: unknown }>,
		) => {
			const left = [...sources];
			return writes.filter((w) => {
				const i = left.findIndex((s) => s.key === w.key && same(s.value, w.value));
				if (i < 0) return true;
				left.splice(i, 1);
				return false;
			});
		};
		const intoTable = unmatched(
			syncWritesHere.map((w) => ({ key: `${w.list_entry_id}:${w.column_name}`, value: w.value })),
			memberChanges.map((c) => ({
				key: `${c.listEntry!.id}:${COLUMN_OF[c.field.id]}`,
				value: valueAfter(c),
			})),
		);
		expect(intoTable).toEqual([]);
		const intoAffinity = syncChanges.map((c) => ({
			key: `${c.listEntry!.id}:${COLUMN_OF[c.field.id]}`,
			value: valueAfter(c),
		}));
		const repairs = unmatched(
			intoAffinity,
			personEdits.map((e) => ({ key: `${e.list_entry_id}:${e.column_name}`, value: e.value })),
		);
		// A write of the sync not from a Postgres edit puts back a later Affinity edit that a write of
		// the sync crossed; each such crossing is a recorded conflict.
		expect(
			unmatched(
				repairs,
				memberChanges.map((c) => ({
					key: `${c.listEntry!.id}:${COLUMN_OF[c.field.id]}`,
					value: valueAfter(c),
				})),
			),
		).toEqual([]);
		expect(repairs.length).toBeLessThanOrEqual(conflicts.length);

		// No write that changes nothing: each field the sync sent to Affinity is a logged change.
		const patches = bySync.filter((r) => r.method === 'PATCH' && r.path.includes('/list-entries/'));
		const fieldsSent = patches.reduce(
			(n, r) => n + ((JSON.parse(r.body ?? '{}') as { updates?: unknown[] }).updates?.length ?? 0),
			0,
		);
		expect(fieldsSent).toBe(syncChanges.length);

		// Entries added and removed by the sync: one per row added or deleted in Postgres at most.
		const count = (side: Edit['side'], kind: Edit['kind']) =>
			edits.filter((e) => e.side === side && e.kind === kind).length;
		const entriesAdded = bySync.filter(
			(r) => r.method === 'POST' && /^\/(v2\/)?lists\/\d+\/list-entries$/.test(r.path),
		).length;
		const entriesRemoved = bySync.filter((r) => r.method === 'DELETE').length;
		expect(entriesAdded).toBeLessThanOrEqual(count('postgres', 'add'));
		expect(entriesRemoved).toBeLessThanOrEqual(count('postgres', 'remove'));

		// Executions: the Affinity side runs only for others' changes (and the removals the sync
		// made, which Affinity does not attribute); the Postgres side sends only after edits.
		const toTable = (await executions(fixture.rest!, TO_TABLE)).filter(
			(e) => !toTableBefore.has(e.id),
		);
		const toAffinity = (await executions(fixture.rest!, TO_AFFINITY)).filter(
			(e) => !toAffinityBefore.has(e.id),
		);
		expect(toTable.every(isFinished) && toAffinity.every(isFinished)).toBe(true);
		const affinityEdits =
			memberChanges.length + count('affinity', 'add') + count('affinity', 'remove');
		const postgresEdits =
			personEdits.length + count('postgres', 'add') + count('postgres', 'remove');
		expect(toTable.length).toBeLessThanOrEqual(affinityEdits + entriesRemoved);
		const failed = [...toTable, ...toAffinity].filter((e) => e.status !== 'success');
		expect(failed).toEqual([]);
		// Calls: beside the trigger's polls (2 a poll, whatever happens), a few per edit at most.
		const callsForEdits = bySync.filter((r) => !quietPoll.includes(`${r.method} ${r.path}`)).length;
		expect(callsForEdits).toBeLessThanOrEqual(4 * (affinityEdits + postgresEdits));
		// The Postgres side polls every 5 s; the runs that sent something follow edits made there.
		let sending = 0;
		for (const e of toAffinity) {
			const stored = await fixture.rest!.request<{ data: string }>(
				'GET',
				`/rest/executions/${e.id}`,
			);
			const data = unflatten(stored.data) as { resultData: { runData: Record<string, unknown> } };
			if (data.resultData.runData['What to do']) sending++;
		}
		expect(sending).toBeLessThanOrEqual(postgresEdits + conflicts.length);

		const lost = conflicts.length;
		const figures = {
			seed: SEED,
			randomPhaseSeconds: Math.round((editsEnd - runStart.getTime()) / 1000),
			edits: {
				affinity: {
					valuesChanged: memberChanges.length,
					entriesAdded: count('affinity', 'add'),
					entriesRemoved: count('affinity', 'remove'),
				},
				postgres: {
					cellsChanged: personEdits.length,
					rowsAdded: count('postgres', 'add'),
					rowsDeleted: count('postgres', 'remove'),
				},
				crossingPairs,
			},
			writes: {
				toPostgres: syncWritesHere.length,
				toAffinity: {
					fieldValues: syncChanges.length,
					repairs: repairs.length,
					entriesAdded,
					entriesRemoved,
				},
			},
			conflictsRecorded: lost,
			executions: {
				affinityToPostgres: toTable.length,
				postgresToAffinity: toAffinity.length,
				postgresToAffinitySending: sending,
			},
			editsInAll: { affinity: affinityEdits, postgres: postgresEdits },
			apiCallsBySync: { all: bySync.length, besidesQuietPolls: callsForEdits },
			secondsFromLastEditToEqual: Math.round(timeToEqual / 1000),
			secondsFromLastEditToQuiet: Math.round(timeToQuiet / 1000),
			entries: finalAffinity.size,
		};
		fs.mkdirSync(RESULTS_DIR, { recursive: true });
		fs.writeFileSync(
			path.join(RESULTS_DIR, 'two-way-sync.json'),
			`${JSON.stringify(figures, null, 2)}\n`,
		);
		console.log(`two-way sync, random edits (seed ${SEED}):\n${JSON.stringify(figures, null, 2)}`);
		expect(affinityEdits + postgresEdits).toBeGreaterThan(100);

		// The API key never reaches n8n's log or the executions.
		const log = fs.readFileSync(path.join(RESULTS_DIR, 'two-way-sync-n8n.log'), 'utf8');
		for (const key of ALL_KEYS) expect(log).not.toContain(key);
	}, 900_000);
});

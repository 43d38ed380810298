import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { resources } from '../../nodes/AffinityV2/actions/resources';
import { DEMO_KEYS } from '../../emulator/auth';
import { ADMIN_KEY, EmulatorFixture, expectNoKey } from '../harness/emulator';
import { nodeOperations } from '../../testkit/nodeOperations';
import { V1_DOCUMENTED } from '../../scripts/live/conformance';
import { FACTS } from '../../scripts/live/facts';
import { isRead } from '../../scripts/live/operations';
import type { Report } from '../../scripts/live/report';
import { SANDBOX_LISTS, WRITES } from '../../scripts/live/writePlan';

/**
 * `npm run test:live` end to end, as a maintainer runs it, against the emulator: the script in
 * a child process, the report it writes, and the account's state afterwards. Each child run
 * pays tsx's start-up: the runs that do not touch the shared fixture (no key; read only, on an
 * emulator of its own) start together at the beginning and are awaited by their tests.
 */

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

interface LiveRun {
	code: number;
	stdout: string;
	stderr: string;
	report?: Report;
	text: string;
}

/** Runs the script without a terminal (as in CI), with only the environment given. */
function live(args: string[], env: Record<string, string> = {}): Promise<LiveRun> {
	const dir = mkdtempSync(join(tmpdir(), 'affinity-live-'));
	const clean = Object.fromEntries(
		Object.entries(process.env).filter(([name]) => !name.startsWith('AFFINITY_')),
	);
	return new Promise((done) => {
		execFile(
			process.execPath,
			[TSX, join(ROOT, 'scripts/live/main.ts'), ...args, '--report-dir', dir],
			{ cwd: ROOT, env: { ...clean, ...env }, timeout: 170_000 },
			(error, stdout, stderr) => {
				const json = join(dir, 'report.json');
				const md = join(dir, 'report.md');
				const text = existsSync(json) ? readFileSync(json, 'utf8') + readFileSync(md, 'utf8') : '';
				done({
					code: error ? Number((error as { code?: number }).code ?? 1) : 0,
					stdout,
					stderr,
					report: text ? (JSON.parse(readFileSync(json, 'utf8')) as Report) : undefined,
					text,
				});
			},
		);
	});
}

/** The emulator's key whose default API version is the current edition, 2026-09-17. */
const CURRENT_KEY = DEMO_KEYS.find((k) => k.label === 'current')!.key;
const onFixture = { AFFINITY_BASE_URL: '', AFFINITY_API_KEY: ADMIN_KEY };
let withoutKey: Promise<LiveRun>;
let readOnly: Promise<LiveRun>;
beforeAll(() => {
	withoutKey = live([]);
	readOnly = live(['--emulator']);
});
const outcome = (report: Report, operation: string) =>
	report.operations.find((o) => o.operation === operation);
/** Each live fact's status, by id. */
const factStatus = (report: Report) =>
	Object.fromEntries(report.facts.map((f) => [f.id, f.status]));
/** The facts a read-only run decides on the emulator as the live API was recorded. */
const READ_FACTS_CONFIRMED = [
	'company-filter-ignored',
	'person-filter-ignored',
	'opportunity-filter-ignored',
	'filter-whole-second',
	'users-are-persons',
	'file-link-other-host',
	'v1-timestamps-utc',
	'v1-organization-crunchbase',
	'v1-basic-any-user',
	'dropdown-multi-empty-null',
	'multi-value-total-count',
	'rate-limit-header-names',
	'version-echo',
	'unknown-version-message',
	'error-envelope',
	'v2-next-url-absolute',
	'field-metadata-paged',
	'list-entries-filter-ignored',
	'list-entries-no-fields',
	'person-type-internal-external',
	'field-metadata-no-options',
];
/** The facts only --write decides (on the check's own records). */
const WRITE_FACTS = [
	'v1-write-v2-read-lag',
	'merged-read-422',
	'date-field-pacific-day',
	'interaction-internal-and-external',
	'multi-value-cap-100',
];

/** Names and e-mail addresses of the account's people and companies (what must not leak). */
async function personalStrings(): Promise<string[]> {
	const persons = await fixture.api<{ data: Array<Record<string, unknown>> }>(
		'/v2/persons?limit=100',
	);
	const companies = await fixture.api<{ data: Array<Record<string, unknown>> }>(
		'/v2/companies?limit=100',
	);
	const out = [
		...persons.body.data.flatMap((p) => [
			`${p.firstName} ${p.lastName}`,
			...((p.emailAddresses as string[]) ?? []),
		]),
		...companies.body.data.flatMap((c) => [c.name as string, ...((c.domains as string[]) ?? [])]),
	];
	expect(out.length).toBeGreaterThan(50);
	return out;
}

const SANDBOX_NAMES: string[] = Object.values(SANDBOX_LISTS).map((l) => l.name);

/** What the account holds, counted in the emulator's store. */
async function accountState() {
	const { store } = fixture.emulator;
	const lists = [...store.lists.values()];
	const fields = [...store.fields.values()];
	return {
		lists: lists.length,
		sandboxLists: lists.filter((l) => SANDBOX_NAMES.includes(l.name)).length,
		persons: store.persons.size,
		companies: store.companies.size,
		opportunities: store.opportunities.size,
		entries: store.entries.size,
		fields: fields.length,
		dropdownOptions: fields.reduce((n, f) => n + (f.dropdownOptions?.length ?? 0), 0),
		notes: store.notes.size,
		reminders: store.reminders.size,
		interactions: store.interactions.size,
		webhooks: store.webhooks.size,
		files: store.files.size,
	};
}

/** The operations of the node with an endpoint on API v1 (as each declares its endpoints). */
const V1_OPERATIONS = Object.entries(resources).flatMap(([resource, module]) =>
	Object.entries(module.operations)
		.filter(([, op]) => (op.endpoint ?? []).some((e) => e.api === 'v1'))
		.map(([operation]) => `${resource}.${operation}`),
);

describe('npm run test:live', () => {
	it('without a key says how to run it, checks nothing and exits 0', async () => {
		const run = await withoutKey;
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/No AFFINITY_API_KEY: nothing was checked/);
		expect(run.stdout).toMatch(/--write/);
		expect(run.report).toBeUndefined();
	});

	it('refuses to write without a terminal to confirm on, unless --yes', async () => {
		const before = await fixture.requests();
		const run = await live(['--emulator', '--write'], {
			...onFixture,
			AFFINITY_BASE_URL: fixture.baseUrl,
		});
		expect(run.code).toBe(2);
		expect(run.stderr).toMatch(/--write needs --yes/);
		expect((await fixture.requests()).length).toBe(before.length);
	});

	it('read only, on an emulator it starts itself: every read passes, every write waits for --write', async () => {
		const run = await readOnly;
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		const report = run.report!;
		const operations = nodeOperations();
		expect(report.operations.map((o) => o.operation).sort()).toEqual([...operations].sort());
		expect(report.summary['schema difference']).toBe(0);
		expect(report.summary.error).toBe(0);
		expect(report.summary['not covered']).toBe(0);
		for (const op of report.operations) {
			if (isRead(op.operation))
				expect([op.operation, op.outcome]).not.toEqual([op.operation, 'error']);
			else
				expect([op.operation, op.outcome, op.reason]).toEqual([
					op.operation,
					'skipped',
					'a write: run with --write',
				]);
		}
		expect(report.summary.pass).toBeGreaterThanOrEqual(56);
		// A file found by File → Search is downloaded (API v1), checked against v1's documented shape.
		const download = outcome(report, 'file.download')!;
		expect(download.outcome).toBe('pass');
		expect(download.calls.map((c) => [c.template, c.status, c.against, c.differences])).toEqual([
			['/entity-files/{entity_file_id}', 200, V1_DOCUMENTED, []],
			['/entity-files/download/{entity_file_id}', 302, V1_DOCUMENTED, []],
		]);
		// Every v2 call the proxy sent declared the version asked for; v1 has no version.
		// (v1 only for the files: File → Search reads each file's record, Download its bytes,
		// Get Many for a Record lists a company's.)
		const v1Of = (o: Report['operations'][number]) =>
			o.calls.filter((c) => !c.template.startsWith('/v2/'));
		const v1Calls = report.operations.flatMap(v1Of);
		expect(
			report.operations
				.filter((o) => v1Of(o).length)
				.map((o) => o.operation)
				.sort(),
		).toEqual(['file.download', 'file.getAllForRecord', 'file.search']);
		expect(v1Calls.length).toBeGreaterThanOrEqual(3);
		// (The live facts add v1 calls and one with an unknown version, which answers without one.)
		expect(Object.keys(report.versions)).toEqual(['2026-07-15']);
		expect(report.versions['2026-07-15']).toBeLessThanOrEqual(report.budget.spent - v1Calls.length);
		expect(report.budget.spent).toBeLessThanOrEqual(report.budget.calls);
		expect(run.stdout).toMatch(/Call budget: 300 calls/);
		// The live facts: every one the emulator models as recorded is confirmed; the writes wait.
		const facts = factStatus(report);
		expect(Object.keys(facts).length).toBe(FACTS.length);
		for (const id of READ_FACTS_CONFIRMED) expect([id, facts[id]]).toEqual([id, 'confirmed']);
		for (const id of WRITE_FACTS) expect([id, facts[id]]).toEqual([id, 'not observable']);
		expect(report.facts.filter((f) => f.status === 'error' || f.status === 'contradicted')).toEqual(
			[],
		);
		expect(report.facts.find((f) => f.id === 'merged-read-422')?.seen).toBe(
			'a write: run with --write',
		);
		expect(run.text).toMatch(/## Live facts/);
		expect(run.text).toMatch(/\| filter-whole-second \| confirmed \|/);
		// The probes' calls are in the budget: the node's calls, whoami, and the facts'.
		const nodeCalls = report.operations.reduce((n, o) => n + o.calls.length, 0);
		const factCalls = report.facts.reduce((n, f) => n + f.calls, 0);
		expect(factCalls).toBeGreaterThanOrEqual(10);
		expect(report.budget.spent).toBe(nodeCalls + factCalls + 1);
		expect(run.stdout).toMatch(/live facts \(\d+ calls\): \d+ confirmed, 0 contradicted/);
		expectNoKey(run.text, run.stdout);
	}, 180_000);

	it('--write exercises every write (API v1 too), reads each back, removes what it made, and reuses its sandbox lists', async () => {
		await fixture.control('POST', '/rate-limit', { orgLimit: 100_000 });
		const personal = await personalStrings();
		const before = await accountState();
		const args = [
			'--emulator',
			'--write',
			'--yes',
			'--webhook-url',
			'http://127.0.0.1:18931/hook',
			'--webhook-wait',
			'15',
		];
		const env = { ...onFixture, AFFINITY_BASE_URL: fixture.baseUrl };
		const logBefore = (await fixture.requests()).length;
		const first = await live(args, env);
		expect(first.stderr).toBe('');
		const report = first.report!;
		expect(report.summary['not covered']).toBe(0);
		expect(report.cleanup?.left).toEqual([]);
		expect(report.webhook).toEqual({ outcome: 'pass' });
		// Every operation passes: the three sandbox lists made, each write read back (the merged
		// person reads back as 422, as live, in the description's UnprocessableEntityError form).
		const notPassing = report.operations.filter((o) => o.outcome !== 'pass');
		// The operations of edition 2026-09-17 wait for it: this run uses 2026-07-15.
		const later = 'needs API version 2026-09-17 or later (this run uses 2026-07-15)';
		const byName = (a: { operation: string }, b: { operation: string }) =>
			a.operation.localeCompare(b.operation);
		expect(notPassing.sort(byName).map((o) => [o.operation, o.outcome, o.reason])).toEqual([
			['file.get', 'skipped', later],
			['file.getAll', 'skipped', later],
			['merge.get', 'skipped', 'no merge found to read'],
			['team.get', 'skipped', later],
			['team.getAll', 'skipped', later],
			['transcript.delete', 'skipped', later],
		]);
		expect(first.code).toBe(0);
		// The write facts, on records the check makes and removes: as recorded, but the v1→v2
		// read lag, which the emulator does not have unless asked (v1ReadDelayMs).
		const facts = factStatus(report);
		for (const id of [...READ_FACTS_CONFIRMED, ...WRITE_FACTS, 'v1-upload-entity-files'])
			expect([id, facts[id]]).toEqual([
				id,
				id === 'v1-write-v2-read-lag' ? 'contradicted' : 'confirmed',
			]);
		expect(outcome(report, 'list.create')?.runs).toBe(3);
		// The v1 operations' v1 answers were checked against v1's documented shape.
		expect(V1_OPERATIONS.length).toBeGreaterThanOrEqual(18);
		// (company.findOrCreate calls v1 only to create: it finds the check's company, below.)
		// (List Entry → Create or Update calls v1 only to create: it finds the check's company.)
		const onlyToCreate = ['company.findOrCreate', 'listEntry.upsert'];
		for (const operation of V1_OPERATIONS.filter((o) => !onlyToCreate.includes(o))) {
			const calls = outcome(report, operation)!.calls.filter((c) => c.against === V1_DOCUMENTED);
			expect([operation, calls.length > 0]).toEqual([operation, true]);
			expect(calls.filter((c) => c.differences.length)).toEqual([]);
		}
		// The find-or-create steps found the check's records and created none.
		const created = (await fixture.requests())
			.slice(logBefore)
			.filter((r) => r.method === 'POST' && /^\/(organizations|v2\/persons)$/.test(r.path));
		// (The live facts make two companies of their own: one to time, one to merge into it.)
		expect(created.map((r) => r.path).sort()).toEqual([
			'/organizations',
			'/organizations',
			'/organizations',
			'/v2/persons',
			'/v2/persons',
		]);
		// The calls the check counted are the calls the account saw and counted against its quota.
		expect((await fixture.requests()).length - logBefore).toBe(report.budget.spent);
		// (All but the live fact's call with an unknown version, which the emulator refuses before
		// counting it.)
		expect(report.budget.spentByQuota).toBe(report.budget.spent - 1);
		// Nothing left behind but the sandbox lists, made once, and the uploaded file, which no
		// API deletes (its company is gone): the report says so.
		expect(report.cleanup?.unremovable).toEqual([
			{
				what: 'file',
				id: expect.any(Number),
				reason: expect.stringMatching(/no way to delete a file/),
			},
		]);
		const after = await accountState();
		expect(after).toEqual({
			...before,
			lists: before.lists + 3,
			sandboxLists: 3,
			files: before.files + 1,
		});
		expectNoKey(first.text, first.stdout);
		expect(personal.filter((p) => first.text.includes(p))).toEqual([]);
		// The check's own e-mail addresses and domain are redacted like any other.
		expect(first.text).not.toMatch(/example\.com/);

		// Run again: the sandbox lists are found again, not made again.
		const second = await live(args, env);
		expect(second.code).toBe(0);
		const again = second.report!;
		expect(outcome(again, 'list.create')).toMatchObject({
			outcome: 'skipped',
			runs: 0,
			reason: expect.stringMatching(/exists .*reused/),
		});
		const writesNotPassing = again.operations.filter(
			(o) => !isRead(o.operation) && o.outcome !== 'pass',
		);
		expect(writesNotPassing.map((o) => o.operation).sort()).toEqual([
			'list.create',
			'transcript.delete',
		]);
		expect(again.cleanup?.left).toEqual([]);
		expect(await accountState()).toEqual({ ...after, files: after.files + 1 });
		expect(WRITES.length).toBeGreaterThan(40);
	}, 360_000);

	it("on the key's default edition 2026-09-17 (as Affinity names it): the edition's operations pass, checked against its description; no transcript is deleted", async () => {
		await fixture.control('POST', '/rate-limit', { orgLimit: 100_000 });
		const before = await accountState();
		const transcripts = fixture.emulator.store.transcripts.size;
		const logBefore = (await fixture.requests()).length;
		const run = await live(['--emulator', '--write', '--yes', '--api-version', 'default'], {
			AFFINITY_BASE_URL: fixture.baseUrl,
			AFFINITY_API_KEY: CURRENT_KEY,
		});
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		const report = run.report!;
		expect(report.apiVersionRequested).toBe('');
		expect(report.apiEdition).toBe('2026-09-17');
		expect(run.stdout).toMatch(/API version the key’s default, 2026-09-17/);
		expect(report.summary['not covered']).toBe(0);
		expect(report.summary.error).toBe(0);
		expect(report.summary['schema difference']).toBe(0);
		for (const operation of ['team.get', 'team.getAll', 'file.get', 'file.getAll']) {
			const result = outcome(report, operation)!;
			expect([operation, result.outcome]).toEqual([operation, 'pass']);
			expect(result.calls.length).toBeGreaterThan(0);
			expect([...new Set(result.calls.map((c) => c.against))]).toEqual(['2026-09-17 schema']);
		}
		// The writes that call API v2 from this edition on, and read back.
		for (const operation of [
			'listEntry.add',
			'listEntry.upsert',
			'opportunity.update',
			'opportunity.delete',
			'reminder.update',
		]) {
			const result = outcome(report, operation)!;
			expect([operation, result.outcome]).toEqual([operation, 'pass']);
			// (Opportunity → Update and Delete and Reminder → Update, on the key's default version,
			// do not ask which edition it is: they write through API v1.)
			if (!operation.startsWith('listEntry.')) continue;
			const v2Writes = result.calls.filter(
				(c) => c.method !== 'GET' && c.template.startsWith('/v2/'),
			);
			expect([operation, v2Writes.length > 0]).toEqual([operation, true]);
			expect(result.calls.filter((c) => !c.template.startsWith('/v2/'))).toEqual([]);
		}
		expect(outcome(report, 'transcript.delete')).toMatchObject({
			outcome: 'skipped',
			runs: 0,
			calls: [],
			reason: 'the API cannot make a transcript to delete',
		});
		const requests = (await fixture.requests()).slice(logBefore);
		expect(requests.filter((r) => r.method === 'DELETE' && /transcripts/.test(r.path))).toEqual([]);
		expect(fixture.emulator.store.transcripts.size).toBe(transcripts);
		// The calls counted are the calls the account saw; nothing left but the unremovable file.
		expect(requests.length).toBe(report.budget.spent);
		expect(report.cleanup?.left).toEqual([]);
		expect(await accountState()).toEqual({ ...before, files: before.files + 1 });
		expectNoKey(run.text, run.stdout);
		expect(run.text).not.toContain(CURRENT_KEY);
	}, 240_000);

	it('each live fact with a setting follows the emulator: switched to the documented (or other recorded) behaviour, its probe says so', async () => {
		await fixture.control('POST', '/settings', {
			companyFilter: 'applied',
			filterTimes: 'any',
			mergedReads: 404,
			v1UploadAnswer: 'success-only',
			fileHost: 'same',
			dateFieldDay: 'utc',
			v1Timestamps: 'pacific-offset',
			// These show what is otherwise not seen: the probes confirm them.
			v1ReadDelayMs: 1000,
			emptyPageEvery: 3,
			nullArrays: true,
			linkedInTexts: true,
			malformedFormats: true,
		});
		try {
			const run = await live(['--emulator', '--write', '--yes'], {
				...onFixture,
				AFFINITY_BASE_URL: fixture.baseUrl,
			});
			expect(run.stderr).toBe('');
			const report = run.report!;
			const facts = factStatus(report);
			expect({
				'company-filter-ignored': facts['company-filter-ignored'],
				'filter-whole-second': facts['filter-whole-second'],
				'merged-read-422': facts['merged-read-422'],
				'v1-upload-entity-files': facts['v1-upload-entity-files'],
				'file-link-other-host': facts['file-link-other-host'],
				'date-field-pacific-day': facts['date-field-pacific-day'],
				'v1-timestamps-utc': facts['v1-timestamps-utc'],
				'v1-write-v2-read-lag': facts['v1-write-v2-read-lag'],
				'empty-page-next-url': facts['empty-page-next-url'],
				'null-arrays': facts['null-arrays'],
				'texts-link-objects': facts['texts-link-objects'],
				'formats-not-guaranteed': facts['formats-not-guaranteed'],
			}).toEqual({
				'company-filter-ignored': 'contradicted',
				'filter-whole-second': 'contradicted',
				'merged-read-422': 'contradicted',
				'v1-upload-entity-files': 'contradicted',
				'file-link-other-host': 'contradicted',
				'date-field-pacific-day': 'contradicted',
				'v1-timestamps-utc': 'contradicted',
				'v1-write-v2-read-lag': 'confirmed',
				'empty-page-next-url': 'confirmed',
				'null-arrays': 'confirmed',
				'texts-link-objects': 'confirmed',
				'formats-not-guaranteed': 'confirmed',
			});
			const seen = (id: string) => report.facts.find((f) => f.id === id)!.seen;
			expect(seen('company-filter-ignored')).toMatch(/gave none: it was applied/);
			expect(seen('merged-read-422')).toMatch(/: 404$/);
			expect(seen('date-field-pacific-day')).toMatch(/the UTC calendar date is kept/);
			expect(seen('v1-timestamps-utc')).toMatch(/offset with µs/);
			// The v1 writes' v2 read-backs pass through the v1 → v2 read lag: they wait for it.
			for (const operation of [
				'company.create',
				'company.update',
				'company.delete',
				'opportunity.create',
				'opportunity.delete',
				'listEntry.add',
				'listEntry.remove',
			])
				expect([operation, outcome(report, operation)?.outcome]).toEqual([operation, 'pass']);
			expect(seen('empty-page-next-url')).toMatch(
				/were empty with a nextUrl; (\d+) of them followed/,
			);
			// An empty page did not make an ignored filter look applied (the probes follow nextUrl).
			expect(facts['person-filter-ignored']).toBe('confirmed');
			expect(report.cleanup?.left).toEqual([]);
			expectNoKey(run.text, run.stdout);
		} finally {
			await fixture.reset();
		}
	}, 240_000);

	it('reports a wrong shape as a schema difference, spelled out, and where the emulator differs', async () => {
		await fixture.fault({
			kind: 'shape',
			shape: 'data-not-array',
			method: 'GET',
			path: '^/v2/companies$',
		});
		const run = await live(['--emulator', '--compare-emulator'], {
			...onFixture,
			AFFINITY_BASE_URL: fixture.baseUrl,
		});
		expect(run.code).toBe(1);
		const report = run.report!;
		const companies = outcome(report, 'company.getAll')!;
		expect(companies.outcome).toBe('schema difference');
		const call = companies.calls.find((c) => c.template === '/v2/companies')!;
		expect(call.differences).toContainEqual({
			kind: 'type',
			at: '/data',
			expected: 'array',
			found: 'object',
		});
		expect(report.summary['schema difference']).toBe(1);
		expect(run.text).toMatch(/type at `\/data`: expected array, found object/);
		// The in-process emulator answered the same operation with an array.
		const compared = report.comparison!.find((c) => c.operation === 'company.getAll')!;
		expect(compared.differences).toContainEqual(
			expect.objectContaining({ at: '/data', target: ['object'], emulator: ['array'] }),
		);
		expectNoKey(run.text);
	}, 180_000);
});

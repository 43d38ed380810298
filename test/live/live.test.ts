import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { ADMIN_KEY, EmulatorFixture, expectNoKey } from '../harness/emulator';
import { nodeOperations } from '../harness/nodeOperations';
import { isRead } from '../../scripts/live/operations';
import type { Report } from '../../scripts/live/report';
import { SANDBOX_LIST, WRITES } from '../../scripts/live/writePlan';

/**
 * `npm run test:live` end to end, as a maintainer runs it, against the emulator: the script in
 * a child process, the report it writes, and the account's state afterwards.
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

const onFixture = { AFFINITY_BASE_URL: '', AFFINITY_API_KEY: ADMIN_KEY };
const outcome = (report: Report, operation: string) =>
	report.operations.find((o) => o.operation === operation);

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

async function accountState() {
	const state = await fixture.control<{
		lists: Array<{ name: string }>;
		persons: number;
		notes: number;
	}>('GET', '/state');
	const reminders = await fixture.api<{ data: unknown[] }>('/v2/reminders?limit=100');
	const webhooks = await fixture.api<{ data: unknown[] }>('/v2/webhooks?limit=100');
	return {
		lists: state.lists.length,
		sandboxLists: state.lists.filter((l) => l.name === SANDBOX_LIST.name).length,
		persons: state.persons,
		notes: state.notes,
		reminders: reminders.body.data.length,
		webhooks: webhooks.body.data.length,
	};
}

describe('npm run test:live', () => {
	it('without a key says how to run it, checks nothing and exits 0', async () => {
		const run = await live([]);
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
		const run = await live(['--emulator']);
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
		expect(report.summary.pass).toBeGreaterThanOrEqual(55);
		// Every call the proxy sent declared the version asked for.
		expect(report.versions).toEqual({ '2026-07-15': report.budget.spent });
		expect(report.budget.spent).toBeLessThanOrEqual(report.budget.calls);
		expect(run.stdout).toMatch(/Call budget: 300 calls/);
		expectNoKey(run.text, run.stdout);
	}, 180_000);

	it('--write exercises every write, reads each back, removes what it made, and reuses its sandbox list', async () => {
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
		expect(first.code).toBe(0);
		const report = first.report!;
		expect(report.cleanup?.left).toEqual([]);
		expect(report.webhook).toEqual({ outcome: 'pass' });
		expect(outcome(report, 'list.create')?.outcome).toBe('pass');
		for (const operation of [
			'person.create',
			'person.updateFieldValue',
			'person.updateFieldValues',
			'note.create',
			'note.update',
			'note.delete',
			'reminder.create',
			'reminder.delete',
			'person.delete',
			'merge.start',
			'webhook.create',
			'webhook.update',
			'webhook.delete',
		])
			expect([operation, outcome(report, operation)?.outcome]).toEqual([operation, 'pass']);
		// The calls the check counted are the calls the account saw and counted against its quota.
		expect((await fixture.requests()).length - logBefore).toBe(report.budget.spent);
		expect(report.budget.spentByQuota).toBe(report.budget.spent);
		// Nothing left behind but the sandbox list, made once.
		const after = await accountState();
		expect(after).toEqual({ ...before, lists: before.lists + 1, sandboxLists: 1 });
		expectNoKey(first.text, first.stdout);
		expect(personal.filter((p) => first.text.includes(p))).toEqual([]);

		// A dropdown field on the sandbox list, as a maintainer adds once in Affinity: the
		// dropdown option writes run on it, and the list is found again, not made again.
		const state = await fixture.control<{ lists: Array<{ id: number; name: string }> }>(
			'GET',
			'/state',
		);
		const sandbox = state.lists.find((l) => l.name === SANDBOX_LIST.name)!;
		await fixture.control('POST', '/fields', {
			listId: sandbox.id,
			name: 'Options',
			valueType: 'dropdown',
			options: ['a'],
		});
		const second = await live(args, env);
		expect(second.code).toBe(0);
		const again = second.report!;
		expect(outcome(again, 'list.create')?.reason).toMatch(/exists .*reused/);
		for (const operation of [
			'dropdownOption.create',
			'dropdownOption.update',
			'dropdownOption.delete',
		])
			expect([operation, outcome(again, operation)?.outcome]).toEqual([operation, 'pass']);
		// Besides the sandbox list (reused), the writes not exercised are exactly those that wait
		// for API v1 operations.
		const skippedWrites = again.operations.filter(
			(o) => !isRead(o.operation) && o.outcome !== 'pass' && o.operation !== 'list.create',
		);
		expect(skippedWrites.map((o) => [o.operation, o.outcome])).toEqual(
			[
				'company.updateFieldValue',
				'company.updateFieldValues',
				'listEntry.updateFieldValue',
				'listEntry.updateFieldValues',
			].map((op) => [op, 'skipped']),
		);
		expect(again.cleanup?.left).toEqual([]);
		expect(await accountState()).toEqual(after);
		expect(WRITES.length).toBeGreaterThan(20);
	}, 360_000);

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

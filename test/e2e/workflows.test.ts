/*
 * The pack in real n8n 2.41.1 (installed by scripts/provision-n8n.ts), against the emulator:
 * every case of cases.ts as an imported workflow run by n8n's CLI or its editor API, then the
 * credential test and the node types through n8n's REST API.
 */
import { ALL_KEYS, expectNoKey } from '../harness/emulator';
import { NODE_TYPES, nodeOutput, packNodeNames, type WorkflowRun } from '../../scripts/n8n';
import { DEMO_CREDENTIAL, sampleWorkflows } from '../../scripts/start';
import { CASES, type CaseResult, type E2eCase, readSeedFacts, type SeedFacts } from './cases';
import { DEMO_KEYS } from '../../emulator/auth';
import { BAD_KEY, CREDENTIALS, N8nFixture } from './fixture';
import { buildWorkflow, MANUAL_TRIGGER } from './workflows';

const fixture = new N8nFixture('workflows');
let facts: SeedFacts;

beforeAll(async () => {
	await fixture.start();
	facts = await readSeedFacts((route) => fixture.api(route));
	await fixture.importWorkflows([
		...CASES.map((c) => buildWorkflow({ ...c, name: `e2e: ${c.title}`, steps: c.steps(facts) })),
		// The sample workflows of workflows/, as `npm start` imports them (on the demo credential).
		...sampleWorkflows(packNodeNames()).load,
	]);
}, 300_000);

afterAll(async () => {
	await fixture.stop();
});

/** Every item of a paged v2 collection, read from the emulator page by page. */
async function readAll<T>(route: string): Promise<T[]> {
	const all: T[] = [];
	for (let next: string | null = `${route}?limit=100`; next; ) {
		const page: { data: T[]; pagination: { nextUrl: string | null } } = await fixture.api(next);
		all.push(...page.data);
		const url = page.pagination.nextUrl ? new URL(page.pagination.nextUrl) : null;
		next = url ? url.pathname + url.search : null;
	}
	return all;
}

function lastNodeName(c: E2eCase): string {
	const steps = c.steps(facts);
	return steps.length ? steps[steps.length - 1].name : (c.trigger?.name ?? MANUAL_TRIGGER);
}

function caseResult(
	c: E2eCase,
	run: WorkflowRun | undefined,
	context: string,
	exitCode?: number | null,
) {
	const error = run?.data.resultData.error;
	return {
		run,
		error,
		exitCode,
		output: (name: string) => nodeOutput(run, name, context),
		// A failed node has no output; cases about errors read `error` instead.
		items: error ? [] : nodeOutput(run, lastNodeName(c), context),
		api: <T>(route: string) => fixture.api<T>(route),
	};
}

async function expectCase(c: E2eCase, result: Omit<CaseResult, 'requests'>, text: string) {
	// The log is read before the expectations, which may ask the emulator for the truth.
	const requests = await fixture.requests();
	await c.expect({ ...result, requests }, facts);
	for (const key of [...ALL_KEYS, BAD_KEY]) expect(text).not.toContain(key);
	expectNoKey(result.run);
}

describe('workflows run by `n8n execute --id … --rawOutput`', () => {
	beforeEach(async () => {
		await fixture.resetEmulator();
	});

	it.each(
		CASES.filter((c) => (c.via ?? 'execute') === 'execute').map((c) => [c.title, c] as const),
	)('%s', async (_title, c) => {
		const execution = await fixture.execute(c.id);
		const text = `${execution.stdout}\n${execution.stderr}`;
		if (!execution.run)
			throw new Error(`n8n printed no run data (exit ${execution.code}):\n${text.slice(-6000)}`);
		await expectCase(c, caseResult(c, execution.run, text, execution.code), text);
	});
});

describe('n8n server (REST API, as the editor uses it)', () => {
	beforeAll(async () => {
		await fixture.startServer();
	}, 180_000);

	afterAll(async () => {
		await fixture.stopServer();
	});

	beforeEach(async () => {
		await fixture.resetEmulator();
	});

	it('loads the node, its AI-tool variant and the trigger from the copied package, with our icon and credential', async () => {
		const all = await fixture.rest!.request<
			Array<{
				name: string;
				iconUrl?: { light: string; dark: string };
				credentials?: Array<{ name: string }>;
			}>
		>('GET', '/types/nodes.json');
		const ours = all.filter((n) => n.name.startsWith('n8n-nodes-affinity-v2.'));
		expect(ours.map((n) => n.name).sort()).toEqual(
			[NODE_TYPES.action, NODE_TYPES.tool, NODE_TYPES.trigger, NODE_TYPES.webhookTrigger].sort(),
		);
		for (const node of ours) {
			expect(node.iconUrl).toEqual({
				light: 'icons/n8n-nodes-affinity-v2/dist/icons/affinity.svg',
				dark: 'icons/n8n-nodes-affinity-v2/dist/icons/affinity.dark.svg',
			});
			expect(node.credentials?.map((c) => c.name)).toEqual(['affinityV2Api']);
		}
		// The icons are served: real SVGs, so the editor does not fall back to a letter.
		for (const variant of ['affinity.svg', 'affinity.dark.svg']) {
			const icon = await fetch(
				`${fixture.server!.url}/icons/n8n-nodes-affinity-v2/dist/icons/${variant}`,
			);
			expect(icon.status).toBe(200);
			expect(await icon.text()).toMatch(/^<svg[\s>]/);
		}
	});

	const ELSEWHERE_KEY = DEMO_KEYS.find((k) => k.label === 'elsewhere')!.key;

	describe('credential test (POST /rest/credentials/test, the editor\'s "Retry"/save)', () => {
		const admin = CREDENTIALS.admin;
		const test = (data: Record<string, unknown>) =>
			fixture.rest!.request<{ status: string; message: string }>('POST', '/rest/credentials/test', {
				credentials: { id: admin.id, name: admin.name, type: 'affinityV2Api', data },
			});
		const full = (extra: Record<string, string> = {}) => ({
			apiKey: admin.apiKey,
			baseUrl: fixture.emulator.baseUrl,
			apiVersion: '',
			ipAllowlistNote: '',
			...extra,
		});

		it('succeeds with the stored key (the editor sends it redacted) and calls GET /v2/auth/whoami with it', async () => {
			const stored = await fixture.rest!.request<{ data: Record<string, string> }>(
				'GET',
				`/rest/credentials/${admin.id}?includeData=true`,
			);
			expect(stored.data.apiKey).not.toBe(admin.apiKey);
			expect(await test(stored.data)).toEqual({ status: 'OK', message: 'Connection successful!' });
			const requests = await fixture.requests();
			expect(requests.map((r) => [r.method, r.path, r.status, r.key])).toEqual([
				['GET', '/v2/auth/whoami', 200, 'admin'],
			]);
		});

		// n8n 1.x answers a refused credential test in its own words: it applies the credential's
		// responseCode rules only to an error that carries the response, which 1.123's does not.
		const onV1 = fixture.line.line.startsWith('1.');

		it('fails with a wrong key, the emulator having answered 401', async () => {
			const result = await test(full({ apiKey: BAD_KEY }));
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(
				onV1
					? /^Authorization failed - please check your credentials$/
					: /^Affinity did not accept the API key\. Check it/,
			);
			expect(JSON.stringify(result)).not.toContain(BAD_KEY);
			// n8n-core retries a request once after a 401 (a chance to refresh pre-authentication).
			const requests = await fixture.requests();
			expect(requests.length).toBeGreaterThanOrEqual(1);
			expect(new Set(requests.map((r) => `${r.path} ${r.status} ${r.key}`))).toEqual(
				new Set(['/v2/auth/whoami 401 null']),
			);
		});

		it('names the IP allowlist when Affinity refuses the key from this address (403)', async () => {
			const result = await test(full({ apiKey: ELSEWHERE_KEY }));
			expect(result).toEqual({
				status: 'Error',
				message: onV1
					? 'Forbidden - perhaps check your credentials?'
					: expect.stringMatching(/IP allowlist that does not include this n8n server/),
			});
			expect(JSON.stringify(result)).not.toContain(ELSEWHERE_KEY);
		});

		it('evaluates the base URL expression in real n8n: a trailing /v2/ and localhost are accepted', async () => {
			for (const baseUrl of [
				`${fixture.emulator.baseUrl}/v2/`,
				fixture.emulator.baseUrl.replace('127.0.0.1', 'localhost'),
			]) {
				expect(await test(full({ baseUrl }))).toEqual({
					status: 'OK',
					message: 'Connection successful!',
				});
			}
			expect((await fixture.requests()).map((r) => r.path)).toEqual([
				'/v2/auth/whoami',
				'/v2/auth/whoami',
			]);
		});

		it('refuses plain http to a non-loopback host without sending anything (the key stays home), and says why', async () => {
			for (const baseUrl of [
				'http://affinity.example.com',
				`http://0.0.0.0:${fixture.emulator.baseUrl.split(':').pop()}`,
			]) {
				const result = await test(full({ baseUrl }));
				expect(result).toEqual({
					status: 'Error',
					message:
						'Plain http:// is refused for any host but localhost (127.0.0.1, [::1]): the API key would travel unencrypted. Use https://.',
				});
			}
			expect(await fixture.requests()).toHaveLength(0);
		});

		it('refuses a key pasted with a line break without sending anything, and says why', async () => {
			const result = await test(full({ apiKey: `${admin.apiKey}\n` }));
			expect(result).toEqual({
				status: 'Error',
				message: 'The API key contains a line break: paste it again without spaces or new lines.',
			});
			expect(await fixture.requests()).toHaveLength(0);
		});
	});

	describe('the sample workflows of `npm start`', () => {
		it('export: a manual run reads every Target Accounts entry and makes one CSV row per entry', async () => {
			const run = await fixture.rest!.runManually('affV2SampleExport', 'Every weekday at 7:00');
			const context = JSON.stringify(run.data.resultData.error ?? {});
			expect(run.data.resultData.error).toBeUndefined();
			const rows = nodeOutput(run, 'One row per entry', context);
			expect(rows).toHaveLength(250);
			expect(Object.keys(rows[0])).toEqual([
				'Company',
				'Domain',
				'Status',
				'Owner',
				'Deal Size',
				'Close Date',
				'Affinity entry ID',
			]);
			expect(rows.slice(0, 5).map((r) => [r['Affinity entry ID'], r.Company])).toEqual(
				facts.entries['Target Accounts'].map((e) => [e.id, e.entity.name]),
			);
			const file = run.data.resultData.runData['CSV file'][0].data?.main[0]?.[0] as {
				binary?: Record<string, { fileName?: string; mimeType?: string }>;
			};
			expect(file.binary?.data?.fileName).toMatch(/^target-accounts-\d{4}-\d{2}-\d{2}\.csv$/);
			expect(file.binary?.data?.mimeType).toBe('text/csv');
		});

		it('trigger: a manual run shows the latest real Status changes, newest first; each Won deal gets Stage Closed', async () => {
			const listId = facts.listId('Deal Pipeline');
			const status = facts.fieldId('Deal Pipeline', 'Status');
			const stage = facts.fieldId('Deal Pipeline', 'Stage');
			const all = await readAll<{ id: number }>(`/v2/lists/${listId}/list-entries`);
			const latest = all
				.map((e) => e.id)
				.sort((a, b) => b - a)
				.slice(0, 5);
			// One deal moves to Won, as if someone had just changed it.
			const options = await fixture.api<{ data: Array<{ id: number; text: string }> }>(
				`/v2/lists/${listId}/fields/${status}/dropdown-options`,
			);
			const won = options.data.find((o) => o.text === 'Won')!;
			await fixture.emulator.control('POST', '/values', {
				listEntryId: latest[1],
				fieldId: status,
				value: { type: 'ranked-dropdown', data: { dropdownOptionId: won.id } },
			});
			await fixture.emulator.control('DELETE', '/requests');

			const run = await fixture.rest!.runManually(
				'affV2SampleTrigger',
				'Deal Pipeline: Status changed',
			);
			const context = JSON.stringify(run.data.resultData.error ?? {});
			expect(run.data.resultData.error).toBeUndefined();
			const emitted = nodeOutput(run, 'Deal Pipeline: Status changed', context);
			// Real changes from Affinity's change log, the one just made first; none is a sample.
			expect(emitted.length).toBeGreaterThan(0);
			expect(emitted.length).toBeLessThanOrEqual(5);
			expect(emitted[0]).toMatchObject({
				event: 'fieldValueChanged',
				testEvent: 'latestChange',
				listEntryId: latest[1],
			});
			expect(emitted.every((e) => e.testEvent === 'latestChange' && e.sample === undefined)).toBe(
				true,
			);
			const changes = (e: Record<string, unknown>) =>
				e.changes as Array<{ fieldName: string; current: unknown }>;
			expect(
				emitted.every((e) => JSON.stringify(changes(e).map((c) => c.fieldName)) === '["Status"]'),
			).toBe(true);
			expect(changes(emitted[0])[0].current).toBe('Won');
			// Each deal shown as Won, and only those, gets Stage Closed: one write each, in order.
			const wonIds = emitted
				.filter((e) => changes(e)[0].current === 'Won')
				.map((e) => e.listEntryId as number);
			expect(nodeOutput(run, 'Set Stage to Closed', context)).toEqual(
				wonIds.map((id) =>
					expect.objectContaining({ success: true, listEntryId: id, fieldId: stage }),
				),
			);
			const writes = (await fixture.requests()).filter((r) => r.method !== 'GET');
			expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(
				wonIds.map((id) => `POST /v2/lists/${listId}/list-entries/${id}/fields/${stage}`),
			);
		});

		it('new lead: run twice, one company and one Target Accounts entry with its Stage; the second run finds both and writes nothing', async () => {
			// The lead of the sample's "The lead" node.
			const domain = 'acmerobotics.com';
			const listId = facts.listId('Target Accounts');
			const stage = facts.fieldId('Target Accounts', 'Stage');
			const entriesBefore = (await readAll<{ id: number }>(`/v2/lists/${listId}/list-entries`))
				.length;
			await fixture.emulator.control('DELETE', '/requests');
			const runs: Array<Record<string, Array<Record<string, unknown>>>> = [];
			for (let i = 0; i < 2; i++) {
				const run = await fixture.rest!.runManually('affV2SampleNewLead', 'New lead');
				const context = JSON.stringify(run.data.resultData.error ?? {});
				expect(run.data.resultData.error).toBeUndefined();
				runs.push(
					Object.fromEntries(
						['Find or create the company', 'Add to Target Accounts', 'Set Stage to Sourcing'].map(
							(node) => [node, nodeOutput(run, node, context)],
						),
					),
				);
			}
			const [first, second] = runs;
			const company = first['Find or create the company'][0];
			const entry = first['Add to Target Accounts'][0];
			expect(company).toEqual(
				expect.objectContaining({ name: 'Acme Robotics', domain, created: true }),
			);
			expect(entry).toEqual(
				expect.objectContaining({ listId, entityId: company.id, alreadyOnList: false }),
			);
			expect(second['Find or create the company']).toEqual([
				expect.objectContaining({ id: company.id, domain, created: false }),
			]);
			expect(second['Add to Target Accounts']).toEqual([
				expect.objectContaining({ id: entry.id, entityId: company.id, alreadyOnList: true }),
			]);
			// Skip Unchanged Values: the second run finds Stage already Sourcing and writes nothing.
			for (const [k, run] of runs.entries()) {
				expect(run['Set Stage to Sourcing']).toEqual([
					expect.objectContaining({
						success: true,
						listEntryId: entry.id,
						fieldId: stage,
						dropdownText: 'Sourcing',
						unchanged: k === 1,
					}),
				]);
			}
			// The log first: the reads below are requests too.
			const writes = (await fixture.requests())
				.filter((r) => r.method !== 'GET' && !r.path.endsWith('/search'))
				.map((r) => `${r.method} ${r.path} ${r.status}`);
			const setStage = `POST /v2/lists/${listId}/list-entries/${String(entry.id)}/fields/${stage} 204`;
			// The company through API v1 (v2 has no create); on API 2026-09-17, the demo key's,
			// the entry through v2's POST list-entries.
			expect(writes).toEqual([
				'POST /organizations 200',
				`POST /v2/lists/${listId}/list-entries 201`,
				setStage,
			]);

			// The emulator's own answer: one company with the domain, one entry of it, Stage set.
			const companies = await readAll<{ id: number; domain: string | null }>('/v2/companies');
			expect(companies.filter((c) => c.domain === domain).map((c) => c.id)).toEqual([company.id]);
			const entries = await readAll<{ id: number; listId: number }>(
				`/v2/companies/${String(company.id)}/list-entries`,
			);
			expect(entries.filter((e) => e.listId === listId).map((e) => e.id)).toEqual([entry.id]);
			expect((await readAll<{ id: number }>(`/v2/lists/${listId}/list-entries`)).length).toBe(
				entriesBefore + 1,
			);
			const value = await fixture.api<{ value: { data: { text?: string } | null } }>(
				`/v2/lists/${listId}/list-entries/${String(entry.id)}/fields/${stage}`,
			);
			expect(value.value.data?.text).toBe('Sourcing');
		});

		it('sheet rows → Target Accounts: run twice, the second run creates, adds and writes nothing', async () => {
			const listId = facts.listId('Target Accounts');
			const node = 'Create or update in Target Accounts';
			const runs: Array<Array<Record<string, unknown>>> = [];
			const writes: string[][] = [];
			// Affinity's v2 search shows the companies the first run created through API v1 only
			// after the emulator's lag (v1ReadDelayMs, on in live mode): two runs within it may both
			// create (docs/operations.md), so the second starts after it, as a person's rerun would.
			const { v1ReadDelayMs } = await fixture.emulator.control<{ v1ReadDelayMs: number }>(
				'POST',
				'/settings',
				{},
			);
			for (let i = 0; i < 2; i++) {
				if (i > 0) await new Promise((resolve) => setTimeout(resolve, v1ReadDelayMs));
				await fixture.emulator.control('DELETE', '/requests');
				const run = await fixture.rest!.runManually('affV2SampleSheetRows', 'Run');
				const context = JSON.stringify(run.data.resultData.error ?? {});
				expect(run.data.resultData.error).toBeUndefined();
				runs.push(nodeOutput(run, node, context));
				writes.push(
					(await fixture.requests())
						.filter((r) => r.method !== 'GET' && !r.path.endsWith('/search'))
						.map((r) => `${r.method} ${r.path}`),
				);
			}
			const [first, second] = runs;
			expect(first.map((i) => [i.created, i.addedToList])).toEqual([
				[true, true],
				[true, true],
				[false, true],
			]);
			expect(writes[0].filter((w) => w.startsWith('PATCH'))).toHaveLength(3);
			expect(second.map((i) => [i.created, i.addedToList, i.fieldsWritten])).toEqual([
				[false, false, {}],
				[false, false, {}],
				[false, false, {}],
			]);
			expect(second.map((i) => i.id)).toEqual(first.map((i) => i.id));
			expect(first.every((i) => i.listId === listId)).toBe(true);
			expect(writes[1]).toEqual([]);
		});

		it('AI agent: imported with the node as three tools on the demo credential', async () => {
			const workflow = await fixture.rest!.request<{
				nodes: Array<{ name: string; type: string; credentials?: Record<string, { id: string }> }>;
			}>('GET', '/rest/workflows/affV2SampleAgent');
			const tools = workflow.nodes.filter((n) => n.type === NODE_TYPES.tool);
			expect(tools.map((n) => n.name)).toEqual([
				'Find Affinity lists',
				'Read list entries',
				'Get a company',
			]);
			expect(tools.every((n) => n.credentials?.affinityV2Api?.id === DEMO_CREDENTIAL.id)).toBe(
				true,
			);
		});
	});

	it.each(CASES.filter((c) => c.via === 'editor').map((c) => [c.title, c] as const))(
		'%s',
		async (_title, c) => {
			const start = c.trigger?.name ?? MANUAL_TRIGGER;
			const run = await fixture.rest!.runManually(c.id, start);
			await expectCase(
				c,
				caseResult(c, run, JSON.stringify(run).slice(0, 6000)),
				JSON.stringify(run),
			);
		},
	);
});

import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey, MEMBER_KEY } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId, INVESTORS } from '../harness/ids';

/** The merge resource through the real engine: start (with and without waiting), reads, and never twice. */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

function startMerge(
	parameters: IDataObject,
	items?: IDataObject[],
	extra: { continueOnFail?: boolean; key?: string } = {},
) {
	return runAffinityNode({
		credentials: fixture.credentials(extra.key),
		items,
		continueOnFail: extra.continueOnFail,
		parameters: { resource: 'merge', operation: 'start', ...parameters },
	});
}

const posts = async () => (await fixture.requests()).filter((r) => r.method === 'POST');

describe('merge.start', () => {
	it('without waiting: one POST, the task URL and id in the output', async () => {
		const result = await startMerge({
			entityType: 'company',
			primaryCompanyId: byId(3000010),
			duplicateCompanyId: byId(3000011),
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			entityType: 'company',
			primaryCompanyId: 3000010,
			duplicateCompanyId: 3000011,
			submitted: true,
			taskUrl: expect.stringMatching(/\/v2\/tasks\/company-merges\/[0-9a-f-]{36}$/),
			taskId: expect.stringMatching(/^[0-9a-f-]{36}$/),
		});
		const [post] = await posts();
		expect(JSON.parse(post.body!)).toEqual({
			primaryCompanyId: 3000010,
			duplicateCompanyId: 3000011,
		});
		expect(await posts()).toHaveLength(1);
	});

	it('waiting until success: the final merge state, the duplicate gone and its list entries on the primary', async () => {
		const entries = await fixture.control<Array<{ id: number; entityId: number }>>(
			'GET',
			`/lists/${INVESTORS}/entries`,
		);
		const [primary, duplicate] = [entries[0].entityId, entries[1].entityId];
		const result = await startMerge({
			entityType: 'person',
			primaryPersonId: byId(primary),
			duplicatePersonId: byId(duplicate),
			waitForCompletion: true,
			waitTimeout: 30,
		});
		expect(result.error).toBeUndefined();
		const state = result.items[0];
		expect(state).toMatchObject({
			entityType: 'person',
			status: 'success',
			primaryPersonId: primary,
			duplicatePersonId: duplicate,
			errorMessage: null,
			completedAt: expect.any(String),
			task: {
				status: 'success',
				resultsSummary: { total: 1, inProgress: 0, success: 1, failed: 0 },
			},
		});
		expect(Date.parse(state.completedAt as string)).toBeGreaterThanOrEqual(
			Date.parse(state.startedAt as string),
		);
		const after = await fixture.control<Array<{ id: number; entityId: number }>>(
			'GET',
			`/lists/${INVESTORS}/entries`,
		);
		expect(after.find((e) => e.id === entries[1].id)!.entityId).toBe(primary);
		const log = await fixture.requests();
		expect(log.filter((r) => r.method === 'POST')).toHaveLength(1);
		// Polled the task until it ended, then read the merge by its task.
		expect(
			log.filter((r) => r.path.startsWith('/v2/tasks/person-merges/')).length,
		).toBeGreaterThanOrEqual(2);
		expect(log[log.length - 1]).toMatchObject({
			method: 'GET',
			path: '/v2/person-merges',
			query: expect.stringContaining('taskId'),
		});
		expectNoKey(result.run);
	});

	it('waiting until failure: the final state says failed, with the error message', async () => {
		await fixture.control('POST', '/settings', { mergeOutcome: 'failed', mergeDurationMs: 200 });
		const result = await startMerge({
			entityType: 'company',
			primaryCompanyId: byId(3000020),
			duplicateCompanyId: byId(3000021),
			waitForCompletion: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			status: 'failed',
			errorMessage: expect.stringContaining('could not be merged'),
			task: { status: 'failed' },
		});
		expect((await fixture.api('/v2/companies/3000021')).status).toBe(200);
		expect(await posts()).toHaveLength(1);
	});

	it('a wait that times out fails with the task to check, and the merge is not started again', async () => {
		await fixture.control('POST', '/settings', { mergeDurationMs: 60_000 });
		const result = await startMerge({
			entityType: 'company',
			primaryCompanyId: byId(3000030),
			duplicateCompanyId: byId(3000031),
			waitForCompletion: true,
			waitTimeout: 1,
		});
		expect(result.error?.message).toBe('The company merge did not finish within 1 s');
		expect(result.error?.description).toMatch(
			/still running in Affinity \(task [0-9a-f-]{36}\).*Merge → Get Task/,
		);
		expect(await posts()).toHaveLength(1);
	});

	it('the same pair is submitted once per execution: a repeat reuses the task, the reverse is refused', async () => {
		const items = [
			{ p: 3000040, d: 3000041 },
			{ p: 3000040, d: 3000041 },
			{ p: 3000041, d: 3000040 },
			{ p: 3000042, d: 3000043 },
		];
		const result = await startMerge(
			{
				entityType: 'company',
				primaryCompanyId: byId('={{ $json.p }}'),
				duplicateCompanyId: byId('={{ $json.d }}'),
			},
			items,
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.paired).toEqual([0, 1, 2, 3]);
		expect(result.items[1]).toMatchObject({
			alreadySubmitted: true,
			taskId: result.items[0].taskId,
		});
		expect(result.items[2].error).toMatch(
			/Not submitted: this execution already submitted a merge of companies 3000040 \(primary\) and 3000041 \(duplicate\)/,
		);
		expect(result.items[3]).toMatchObject({ submitted: true, primaryCompanyId: 3000042 });
		expect((await posts()).map((r) => JSON.parse(r.body!))).toEqual([
			{ primaryCompanyId: 3000040, duplicateCompanyId: 3000041 },
			{ primaryCompanyId: 3000042, duplicateCompanyId: 3000043 },
		]);
	});

	it('a 500 on the POST: not re-sent, the error says it may have started and how to check; the same pair later in the execution is not sent either', async () => {
		await fixture.fault({ kind: 'status', status: 500, apply: true, method: 'POST' });
		const result = await startMerge(
			{ entityType: 'person', primaryPersonId: byId(5000050), duplicatePersonId: byId(5000051) },
			[{}, {}],
			{ continueOnFail: true },
		);
		expect(result.items[0]).toMatchObject({
			httpCode: '500',
			description: expect.stringMatching(/may or may not have been applied.*Merge → Get Many/),
		});
		expect(result.items[1].error).toMatch(
			/^Row 2: Not submitted: this execution already submitted a merge/,
		);
		expect(result.items[1].description).toMatch(/may or may not have been applied/);
		expect(await posts()).toHaveLength(1);
	});

	it.each([
		['without Continue On Fail', false],
		['with Continue On Fail', true],
	])(
		'reading the task fails after Affinity accepted the merge (%s): the error says it was submitted, gives the task and how to follow it',
		async (_name, continueOnFail) => {
			await fixture.control('POST', '/settings', { mergeDurationMs: 60_000 });
			// Every read of the task fails, retries included (3 retries of a GET).
			await fixture.fault({
				kind: 'status',
				status: 503,
				method: 'GET',
				path: '^/v2/tasks/company-merges/',
				times: 4,
			});
			const result = await startMerge(
				{
					entityType: 'company',
					primaryCompanyId: byId(3000060),
					duplicateCompanyId: byId(3000061),
					waitForCompletion: true,
				},
				undefined,
				{ continueOnFail },
			);
			const message = String(continueOnFail ? result.items[0].error : result.error?.message);
			const description = continueOnFail ? result.items[0].description : result.error?.description;
			const taskId = message.match(/task ([0-9a-f-]{36})/)?.[1];
			expect(taskId).toBeDefined();
			expect(message).toMatch(
				/^The company merge was submitted \(task [0-9a-f-]{36}\), but following it failed: /,
			);
			expect(description).toBe(
				`Affinity accepted the merge and runs it on its own; it was not submitted again (running the node again would submit it a second time). Follow it with Merge → Get Task (task ID ${taskId}).`,
			);
			const facts = continueOnFail ? result.items[0] : result.error?.context;
			expect(facts).toMatchObject({
				mergeSubmitted: true,
				taskId,
				taskUrl: expect.stringContaining(`/v2/tasks/company-merges/${taskId}`),
			});
			expect(await posts()).toHaveLength(1);
		},
	);

	it('a connection reset after the POST was applied: the hint does not send the user to merges in progress only', async () => {
		await fixture.fault({ kind: 'reset', apply: true, method: 'POST' });
		const result = await startMerge({
			entityType: 'person',
			primaryPersonId: byId(5000052),
			duplicatePersonId: byId(5000053),
		});
		expect(result.error?.description).toMatch(/may or may not have been applied/);
		expect(result.error?.description).toContain(
			'Check with Merge → Get Many (person, no status filter: a merge that started has likely finished by now) whether a merge of 5000052 and 5000053 exists',
		);
		expect(result.error?.description).not.toMatch(/in progress/);
		expect(result.error?.context?.writeMayHaveApplied).toBe(true);
		expect(await posts()).toHaveLength(1);
	});

	it("refuses a record merged with itself before any request; the API's refusals name the parameter", async () => {
		const self = await startMerge({
			entityType: 'person',
			primaryPersonId: byId(5000050),
			duplicatePersonId: byId(5000050),
		});
		expect(self.error?.message).toBe('A person cannot be merged with itself (ID 5000050)');
		expect(await fixture.requests()).toHaveLength(0);

		const unknown = await startMerge({
			entityType: 'person',
			primaryPersonId: byId(5000050),
			duplicatePersonId: byId(123),
		});
		expect(unknown.error).toMatchObject({
			httpCode: '400',
			message: 'Person 123 not found',
			description: expect.stringContaining('"duplicatePersonId"'),
		});
		const forbidden = await startMerge(
			{ entityType: 'person', primaryPersonId: byId(5000050), duplicatePersonId: byId(5000051) },
			undefined,
			{ key: MEMBER_KEY },
		);
		expect(forbidden.error?.httpCode).toBe('403');
	});
});

describe('merge reads', () => {
	it('get, getAll (with status and task filters, the task given by URL), getTask and getAllTasks', async () => {
		await fixture.control('POST', '/settings', { mergeDurationMs: 60_000 });
		const started = await startMerge({
			entityType: 'person',
			primaryPersonId: byId(5000060),
			duplicatePersonId: byId(5000061),
		});
		const { taskUrl, taskId } = started.items[0] as { taskUrl: string; taskId: string };
		await startMerge({
			entityType: 'person',
			primaryPersonId: byId(5000062),
			duplicatePersonId: byId(5000063),
		});
		const run = (operation: string, parameters: IDataObject) =>
			runAffinityNode({
				credentials: fixture.credentials(),
				parameters: { resource: 'merge', entityType: 'person', operation, ...parameters },
			});

		const all = await run('getAll', { returnAll: true });
		expect(all.items.map((m) => m.primaryPersonId)).toEqual([5000062, 5000060]);
		const byTask = await run('getAll', {
			returnAll: true,
			filters: { taskId: taskUrl, status: 'in-progress' },
		});
		expect(byTask.items).toHaveLength(1);
		expect(byTask.items[0]).toMatchObject({
			entityType: 'person',
			taskId,
			status: 'in-progress',
			primaryPersonId: 5000060,
		});
		const [request] = (await fixture.requests()).slice(-1);
		expect(new URLSearchParams(request.query).get('filter')).toBe(
			`status=in-progress & taskId=${taskId}`,
		);

		const one = await run('get', { mergeId: String(byTask.items[0].id) });
		expect(one.items[0]).toMatchObject({ id: byTask.items[0].id, status: 'in-progress' });
		const task = await run('getTask', { taskId: taskUrl });
		expect(task.items[0]).toEqual({
			entityType: 'person',
			id: taskId,
			status: 'in-progress',
			resultsSummary: { total: 1, inProgress: 1, success: 0, failed: 0 },
		});
		const tasks = await run('getAllTasks', {
			returnAll: false,
			limit: 1,
			filters: { status: 'in-progress' },
		});
		expect(tasks.items).toHaveLength(1);
		expect(tasks.items[0].id).not.toBe(taskId);

		await fixture.clearRequests();
		const badTask = await run('getTask', { taskId: 'not-a-task' });
		expect(badTask.error?.message).toBe('Invalid Task ID: got "not-a-task"');
		const missing = await run('get', { mergeId: '999' });
		expect(missing.error?.httpCode).toBe('404');
		expect(missing.error?.description).toMatch(/person merge with ID 999/);
		expect((await fixture.requests()).map((r) => r.path)).toEqual(['/v2/person-merges/999']);
	});
});

describe('reading a merged record', () => {
	async function mergeCompanies(primary: number, duplicate: number) {
		const merged = await startMerge({
			entityType: 'company',
			primaryCompanyId: byId(primary),
			duplicateCompanyId: byId(duplicate),
			waitForCompletion: true,
			waitTimeout: 30,
		});
		expect(merged.items[0]).toMatchObject({ status: 'success' });
	}
	const getCompany = (id: number, continueOnFail = false) =>
		runAffinityNode({
			credentials: fixture.credentials(),
			continueOnFail,
			parameters: { resource: 'company', operation: 'get', companyId: byId(id) },
		});

	it('as Affinity answers it (422): says which record it was merged into and that its id is the one to use, as data too', async () => {
		await fixture.control('POST', '/settings', { mergedReads: 422 });
		await mergeCompanies(3000030, 3000031);
		const read = await getCompany(3000031);
		expect(read.error?.message).toBe(
			'Record 3000031 was merged into record 3000030: use ID 3000030 now',
		);
		expect(read.error?.description).toContain('3000030 is the ID to use now');
		expect(read.error?.description).not.toMatch(/check the parameters/i);
		expect(read.error?.context).toMatchObject({ mergedId: 3000031, mergedInto: 3000030 });

		const continued = await getCompany(3000031, true);
		expect(continued.error).toBeUndefined();
		expect(continued.items[0]).toMatchObject({
			error: 'Record 3000031 was merged into record 3000030: use ID 3000030 now',
			httpCode: '422',
			mergedId: 3000031,
			mergedInto: 3000030,
		});
		expectNoKey(continued.run);
	});

	it('where a merged record reads as missing (404), it stays a plain not-found error', async () => {
		await fixture.control('POST', '/settings', { mergedReads: 404 });
		await mergeCompanies(3000032, 3000033);
		const read = await getCompany(3000033, true);
		expect(read.items[0]).toMatchObject({ httpCode: '404' });
		expect(read.items[0].mergedInto).toBeUndefined();
	});
});

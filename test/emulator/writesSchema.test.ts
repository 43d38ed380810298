import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import { Description } from '../../testkit/descriptions/openapi';

/**
 * The answers of the write and merge endpoints, validated against the 2026-07-15 description's
 * schemas (merge states and tasks, their pages, the 202 body, the batch answer, error bodies).
 */

const description = new Description();

function expectSchema(name: string, body: unknown): void {
	const validate = description.schema(name);
	if (!validate(body))
		throw new Error(
			`${name}: ${description.ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 1).slice(0, 2000)}`,
		);
}

/** The error bodies of the responses section: 400 (bad-request or validation with param), 403, 404. */
function expectErrorResponse(status: number, body: unknown): void {
	const validate = description.errorResponse(status);
	if (!validate(body))
		throw new Error(
			`${status}: ${description.ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
		);
}

it('the schemas refuse what they should (the checks below are not vacuous)', () => {
	expect(() => expectSchema('PersonMergeState', { id: 1, status: 'done' })).toThrow(
		/PersonMergeState/,
	);
	expect(() => expectSchema('CompanyMergeResponse', { taskUrl: 'x', extra: 1 })).toThrow();
	expect(() =>
		expectErrorResponse(400, { errors: [{ code: 'validation', message: 'm' }] }),
	).toThrow(/param/);
});

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

async function waitUntilDone(path: string): Promise<void> {
	for (let i = 0; i < 200; i++) {
		if ((await fixture.api<{ status: string }>(path)).body.status !== 'in-progress') return;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	throw new Error('merge never finished');
}

describe.each([
	['person', 'Person', { primaryPersonId: 5000007, duplicatePersonId: 5000008 }],
	['company', 'Company', { primaryCompanyId: 3000001, duplicateCompanyId: 3000002 }],
] as const)('%s merges match the OpenAPI schemas', (kind, Kind, body) => {
	it('202, states, tasks and their pages, in progress and done, success and failed', async () => {
		await fixture.control('POST', '/settings', { mergeDurationMs: 50 });
		const start = await fixture.api<{ taskUrl: string }>(`/v2/${kind}-merges`, ADMIN_KEY, {
			method: 'POST',
			body,
		});
		expect(start.status).toBe(202);
		expectSchema(`${Kind}MergeResponse`, start.body);
		const taskPath = new URL(start.body.taskUrl).pathname;
		expectSchema(`${Kind}MergeTask`, (await fixture.api(taskPath)).body);
		expectSchema(`${Kind}MergeStatePaged`, (await fixture.api(`/v2/${kind}-merges`)).body);
		await waitUntilDone(taskPath);
		await fixture.control('POST', '/settings', { mergeOutcome: 'failed' });
		const other =
			kind === 'person'
				? { primaryPersonId: 5000009, duplicatePersonId: 5000010 }
				: { primaryCompanyId: 3000003, duplicateCompanyId: 3000004 };
		const failed = await fixture.api<{ taskUrl: string }>(`/v2/${kind}-merges`, ADMIN_KEY, {
			method: 'POST',
			body: other,
		});
		await waitUntilDone(new URL(failed.body.taskUrl).pathname);
		const page = await fixture.api<{ data: Array<{ id: number; status: string }> }>(
			`/v2/${kind}-merges`,
		);
		expectSchema(`${Kind}MergeStatePaged`, page.body);
		expect(page.body.data.map((m) => m.status)).toEqual(['failed', 'success']);
		for (const merge of page.body.data)
			expectSchema(`${Kind}MergeState`, (await fixture.api(`/v2/${kind}-merges/${merge.id}`)).body);
		const tasks = await fixture.api(`/v2/tasks/${kind}-merges`);
		expectSchema(`${Kind}MergeTaskPaged`, tasks.body);
	});

	it('error bodies: 400 with param, 403, 404', async () => {
		const keys = Object.keys(body);
		const self = await fixture.api(`/v2/${kind}-merges`, ADMIN_KEY, {
			method: 'POST',
			body: { [keys[0]]: 5, [keys[1]]: 5 },
		});
		expect(self.status).toBe(400);
		expectErrorResponse(400, self.body);
		const forbidden = await fixture.api(`/v2/${kind}-merges`, MEMBER_KEY);
		expect(forbidden.status).toBe(403);
		expectErrorResponse(403, forbidden.body);
		const missing = await fixture.api(
			`/v2/tasks/${kind}-merges/123e4567-e89b-12d3-a456-426614174000`,
		);
		expect(missing.status).toBe(404);
		expectErrorResponse(404, missing.body);
	});
});

describe('field value writes match the OpenAPI schemas', () => {
	it('the batch answer and the 400 of a refused value', async () => {
		const [entry] = await fixture.control<Array<{ id: number }>>('GET', '/lists/102/entries');
		const fields = await fixture.api<{ data: Array<{ id: string; name: string }> }>(
			'/v2/lists/102/fields?limit=100',
		);
		const notes = fields.body.data.find((f) => f.name === 'Notes')!.id;
		const ok = await fixture.api(`/v2/lists/102/list-entries/${entry.id}/fields`, ADMIN_KEY, {
			method: 'PATCH',
			body: {
				operation: 'update-fields',
				updates: [{ id: notes, value: { type: 'text', data: 'x' } }],
			},
		});
		expectSchema('ListEntryBatchOperationResponse', ok.body);
		const refused = await fixture.api(
			`/v2/lists/102/list-entries/${entry.id}/fields/${notes}`,
			ADMIN_KEY,
			{ method: 'POST', body: { value: { type: 'number', data: 1 } } },
		);
		expect(refused.status).toBe(400);
		expectErrorResponse(400, refused.body);
	});
});

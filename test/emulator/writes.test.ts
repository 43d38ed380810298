import { ADMIN_KEY, EmulatorFixture, MEMBER_KEY } from '../harness/emulator';
import { INVESTORS, TARGET_ACCOUNTS } from '../harness/ids';

/** The emulator's write endpoints: field values (single and batch), dropdown options, merges. */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

type Field = { id: string; name: string; type: string; valueType: string };
type Entry = { id: number; entityId: number };
type ApiErrors = { errors: Array<{ code: string; message: string; param?: string }> };

async function fields(path: string): Promise<Field[]> {
	const res = await fixture.api<{ data: Field[] }>(`${path}?limit=100`);
	return res.body.data;
}

async function listField(listId: number, name: string, type = 'list'): Promise<Field> {
	const found = (await fields(`/v2/lists/${listId}/fields`)).find(
		(f) => f.name === name && f.type === type,
	);
	if (!found) throw new Error(`no field ${name}`);
	return found;
}

async function entries(listId: number): Promise<Entry[]> {
	return fixture.control<Entry[]>('GET', `/lists/${listId}/entries`);
}

async function readEntryValue(listId: number, entryId: number, fieldId: string) {
	const res = await fixture.api<{
		entity: { fields: Array<{ id: string; value: { type: string; data: unknown } }> };
	}>(`/v2/lists/${listId}/list-entries/${entryId}?fieldIds=${fieldId}`);
	expect(res.status).toBe(200);
	return res.body.entity.fields.find((f) => f.id === fieldId)!.value;
}

const post = (path: string, body: unknown, key = ADMIN_KEY) =>
	fixture.api<ApiErrors>(path, key, { method: 'POST', body });
const patch = (path: string, body: unknown) =>
	fixture.api<ApiErrors & { operation?: string }>(path, ADMIN_KEY, { method: 'PATCH', body });

describe('POST a list entry field value', () => {
	it('writes with 204, and a later read shows the value; data null clears it', async () => {
		const [entry] = await entries(TARGET_ACCOUNTS);
		const notes = await listField(TARGET_ACCOUNTS, 'Notes');
		const path = `/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${notes.id}`;
		const res = await post(path, { value: { type: 'text', data: 'Met at the summit' } });
		expect(res.status).toBe(204);
		expect(res.body).toBeUndefined();
		expect(await readEntryValue(TARGET_ACCOUNTS, entry.id, notes.id)).toEqual({
			type: 'text',
			data: 'Met at the summit',
		});

		expect((await post(path, { value: { type: 'text', data: null } })).status).toBe(204);
		expect(await readEntryValue(TARGET_ACCOUNTS, entry.id, notes.id)).toEqual({
			type: 'text',
			data: null,
		});
	});

	it("writes a global field of the entry's company through the entry, visible on the company", async () => {
		const [entry] = await entries(TARGET_ACCOUNTS);
		const employees = await listField(TARGET_ACCOUNTS, 'Employees', 'global');
		const res = await post(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${employees.id}`,
			{ value: { type: 'number', data: 1234.5 } },
		);
		expect(res.status).toBe(204);
		const company = await fixture.api<{ fields: Array<{ id: string; value: unknown }> }>(
			`/v2/companies/${entry.entityId}?fieldIds=${employees.id}`,
		);
		expect(company.body.fields[0].value).toEqual({ type: 'number', data: 1234.5 });
	});

	it.each([
		['a value of another type', { type: 'number', data: 1 }, 'value.type'],
		['text data that is not a string', { type: 'text', data: 5 }, 'value.data'],
		['no value object', 'hello', 'value'],
		['an unknown property', { type: 'text', data: 'x', extra: 1 }, 'value.extra'],
	])('refuses %s with 400 naming the offending part', async (_what, value, param) => {
		const [entry] = await entries(TARGET_ACCOUNTS);
		const notes = await listField(TARGET_ACCOUNTS, 'Notes');
		const res = await post(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${notes.id}`,
			{ value },
		);
		expect(res.status).toBe(400);
		expect(res.body.errors[0]).toMatchObject({ code: 'validation', param });
	});

	it('refuses an unknown dropdown option, person or company, and more than 100 associations, each with 400 and param', async () => {
		const [entry] = await entries(TARGET_ACCOUNTS);
		const base = `/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields`;
		const status = await listField(TARGET_ACCOUNTS, 'Status');
		const owner = await listField(TARGET_ACCOUNTS, 'Owner');
		const related = await listField(TARGET_ACCOUNTS, 'Related Company');
		const champions = await listField(TARGET_ACCOUNTS, 'Champions');
		const cases: Array<[string, unknown, string]> = [
			[
				status.id,
				{ type: 'ranked-dropdown', data: { dropdownOptionId: 1 } },
				'value.data.dropdownOptionId',
			],
			[owner.id, { type: 'person', data: { id: 999 } }, 'value.data.id'],
			[related.id, { type: 'company', data: { id: 999 } }, 'value.data.id'],
			[
				champions.id,
				{
					type: 'person-multi',
					data: Array.from({ length: 101 }, (_, i) => ({ id: 5000007 + i })),
				},
				'value.data',
			],
			[
				champions.id,
				{ type: 'person-multi', data: [{ id: 5000007 }, { id: 42 }] },
				'value.data[1].id',
			],
		];
		for (const [fieldId, value, param] of cases) {
			const res = await post(`${base}/${fieldId}`, { value });
			expect([res.status, res.body.errors[0].param]).toEqual([400, param]);
		}
		expect(
			(
				await post(`${base}/${champions.id}`, {
					value: {
						type: 'person-multi',
						data: Array.from({ length: 100 }, (_, i) => ({ id: 5000007 + i })),
					},
				})
			).status,
		).toBe(204);
	});

	it('refuses read-only fields (enriched, relationship intelligence, formula) with 400 naming fieldId', async () => {
		const [entry] = await entries(TARGET_ACCOUNTS);
		const base = `/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields`;
		const formula = await listField(TARGET_ACCOUNTS, 'Weighted Value');
		for (const [fieldId, value] of [
			['affinity-data-description', { type: 'text', data: 'x' }],
			['last-email', { type: 'interaction', data: null }],
			[formula.id, { type: 'formula-number', data: null }],
		] as const) {
			const res = await post(`${base}/${fieldId}`, { value });
			expect(res.status).toBe(400);
			expect(res.body.errors[0]).toMatchObject({
				param: 'fieldId',
				message: expect.stringMatching(/cannot be updated/),
			});
		}
	});

	it('404 for an unknown field or entry, 400 for a field of another list, 403 for a private list', async () => {
		const [entry] = await entries(TARGET_ACCOUNTS);
		const otherListField = await listField(INVESTORS, 'Notes');
		const body = { value: { type: 'text', data: 'x' } };
		expect(
			(
				await post(
					`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/field-999999`,
					body,
				)
			).status,
		).toBe(404);
		expect(
			(
				await post(
					`/v2/lists/${TARGET_ACCOUNTS}/list-entries/999/fields/${otherListField.id}`,
					body,
				)
			).status,
		).toBe(404);
		const other = await post(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${otherListField.id}`,
			body,
		);
		expect([other.status, other.body.errors[0].param]).toEqual([400, 'fieldId']);
		const board = 104;
		const [boardEntry] = await entries(board);
		expect(
			(
				await post(
					`/v2/lists/${board}/list-entries/${boardEntry.id}/fields/${otherListField.id}`,
					body,
					MEMBER_KEY,
				)
			).status,
		).toBe(403);
	});
});

describe('dates', () => {
	it.each([
		['2024-03-10T12:00:00-07:00', '2024-03-10T08:00:00Z'], // spring-forward day: midnight is still PST
		['2024-03-11T12:00:00Z', '2024-03-11T07:00:00Z'], // first full PDT day
		['2024-11-03T12:00:00+00:00', '2024-11-03T07:00:00Z'], // fall-back day: midnight is still PDT
		['2024-11-04T01:00:00+09:00', '2024-11-03T07:00:00Z'], // the instant's Pacific date, not the written one
		['2023-01-01T00:00:00Z', '2022-12-31T08:00:00Z'], // midnight UTC is the evening before in Pacific
	])('%s is stored as midnight Pacific, %s', async (written, stored) => {
		const [entry] = await entries(TARGET_ACCOUNTS);
		const close = await listField(TARGET_ACCOUNTS, 'Close Date');
		const res = await post(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${close.id}`,
			{ value: { type: 'datetime', data: written } },
		);
		expect(res.status).toBe(204);
		expect(await readEntryValue(TARGET_ACCOUNTS, entry.id, close.id)).toEqual({
			type: 'datetime',
			data: stored,
		});
	});

	it.each(['2024-03-10', '2024-03-10T09:00:00', '2024-02-30T00:00:00Z', 'tomorrow'])(
		'refuses %s (the API takes RFC 3339 date-times of real dates)',
		async (data) => {
			const [entry] = await entries(TARGET_ACCOUNTS);
			const close = await listField(TARGET_ACCOUNTS, 'Close Date');
			const res = await post(
				`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${close.id}`,
				{ value: { type: 'datetime', data } },
			);
			expect([res.status, res.body.errors[0].param]).toEqual([400, 'value.data']);
		},
	);
});

describe('POST a person field value', () => {
	it("writes a global person field; a read through the person's list entry shows it", async () => {
		const [entry] = await entries(INVESTORS);
		const seniority = (await fields('/v2/persons/fields')).find((f) => f.name === 'Seniority')!;
		const options = await fixture.api<{ data: Array<{ id: number; text: string; type: string }> }>(
			`/v2/persons/fields/${seniority.id}/dropdown-options`,
		);
		const vp = options.body.data.find((o) => o.text === 'VP')!;
		expect(vp.type).toBe('dropdown');
		const res = await post(`/v2/persons/${entry.entityId}/fields/${seniority.id}`, {
			value: { type: 'dropdown', data: { dropdownOptionId: vp.id } },
		});
		expect(res.status).toBe(204);
		expect(await readEntryValue(INVESTORS, entry.id, seniority.id)).toEqual({
			type: 'dropdown',
			data: { dropdownOptionId: vp.id, text: 'VP' },
		});
	});

	it('404 for an unknown person; 400 naming fieldId for a list field or an enriched field', async () => {
		const [entry] = await entries(INVESTORS);
		const notes = await listField(INVESTORS, 'Notes');
		const jobTitle = (await fields('/v2/persons/fields')).find((f) => f.name === 'Job Title')!;
		expect(
			(await post(`/v2/persons/999/fields/${jobTitle.id}`, { value: { type: 'text', data: 'x' } }))
				.status,
		).toBe(404);
		const listOnly = await post(`/v2/persons/${entry.entityId}/fields/${notes.id}`, {
			value: { type: 'text', data: 'x' },
		});
		expect([listOnly.status, listOnly.body.errors[0].param]).toEqual([400, 'fieldId']);
		const enriched = await post(`/v2/persons/${entry.entityId}/fields/affinity-data-job-titles`, {
			value: { type: 'filterable-text-multi', data: ['CEO'] },
		});
		expect([enriched.status, enriched.body.errors[0].param]).toEqual([400, 'fieldId']);
	});
});

describe('PATCH update-fields', () => {
	it('applies every update and answers {operation}', async () => {
		const [entry] = await entries(TARGET_ACCOUNTS);
		const deal = await listField(TARGET_ACCOUNTS, 'Deal Size');
		const notes = await listField(TARGET_ACCOUNTS, 'Notes');
		const res = await patch(`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields`, {
			operation: 'update-fields',
			updates: [
				{ id: deal.id, value: { type: 'number', data: 42 } },
				{ id: notes.id, value: { type: 'text', data: 'batch' } },
			],
		});
		expect(res.status).toBe(200);
		expect(res.body).toEqual({ operation: 'update-fields' });
		expect(await readEntryValue(TARGET_ACCOUNTS, entry.id, deal.id)).toEqual({
			type: 'number',
			data: 42,
		});
		expect(await readEntryValue(TARGET_ACCOUNTS, entry.id, notes.id)).toEqual({
			type: 'text',
			data: 'batch',
		});
	});

	it('refuses 101 updates, and a batch with one bad update changes nothing', async () => {
		const [entry] = await entries(TARGET_ACCOUNTS);
		const deal = await listField(TARGET_ACCOUNTS, 'Deal Size');
		const notes = await listField(TARGET_ACCOUNTS, 'Notes');
		const before = await readEntryValue(TARGET_ACCOUNTS, entry.id, deal.id);
		const path = `/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields`;
		const tooMany = await patch(path, {
			operation: 'update-fields',
			updates: Array.from({ length: 101 }, () => ({
				id: deal.id,
				value: { type: 'number', data: 1 },
			})),
		});
		expect([tooMany.status, tooMany.body.errors[0].param]).toEqual([400, 'updates']);
		const oneBad = await patch(path, {
			operation: 'update-fields',
			updates: [
				{ id: deal.id, value: { type: 'number', data: 7 } },
				{ id: notes.id, value: { type: 'number', data: 7 } },
			],
		});
		expect([oneBad.status, oneBad.body.errors[0].param]).toEqual([400, 'updates[1].value.type']);
		expect(await readEntryValue(TARGET_ACCOUNTS, entry.id, deal.id)).toEqual(before);
		const wrongOp = await patch(path, { operation: 'delete-fields', updates: [] });
		expect([wrongOp.status, wrongOp.body.errors[0].param]).toEqual([400, 'operation']);
	});
});

describe('dropdown options', () => {
	it('lists a ranked dropdown list field with rank and color, and refuses a non-dropdown field', async () => {
		const status = await listField(TARGET_ACCOUNTS, 'Status');
		const res = await fixture.api<{
			data: Array<{ id: number; text: string; rank: number; type: string }>;
			pagination: unknown;
		}>(`/v2/lists/${TARGET_ACCOUNTS}/fields/${status.id}/dropdown-options`);
		expect(res.body.data.map((o) => o.text)).toEqual([
			'New',
			'Contacted',
			'Qualified',
			'Negotiation',
			'Won',
			'Lost',
		]);
		expect(res.body.data[2]).toMatchObject({ type: 'ranked-dropdown', rank: 2 });
		const notes = await listField(TARGET_ACCOUNTS, 'Notes');
		const refused = await fixture.api<ApiErrors>(
			`/v2/lists/${TARGET_ACCOUNTS}/fields/${notes.id}/dropdown-options`,
		);
		expect([refused.status, refused.body.errors[0].param]).toEqual([400, 'fieldId']);
		const industry = (await fields('/v2/companies/fields')).find(
			(f) => f.name === 'Industry' && f.type === 'global',
		)!;
		const companyOptions = await fixture.api<{ data: Array<{ text: string }> }>(
			`/v2/companies/fields/${industry.id}/dropdown-options?limit=2`,
		);
		expect(companyOptions.body.data.map((o) => o.text)).toEqual(['Software', 'Fintech']);
	});
});

describe('control API: fields', () => {
	it('adds a list field that the API then lists and accepts writes to', async () => {
		const created = await fixture.control<{ id: string }>('POST', '/fields', {
			listId: TARGET_ACCOUNTS,
			name: 'Extra',
			valueType: 'text',
		});
		expect((await fields(`/v2/lists/${TARGET_ACCOUNTS}/fields`)).map((f) => f.id)).toContain(
			created.id,
		);
		const [entry] = await entries(TARGET_ACCOUNTS);
		expect(
			(
				await post(`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${created.id}`, {
					value: { type: 'text', data: 'x' },
				})
			).status,
		).toBe(204);
	});
});

type MergeState = {
	id: number;
	status: string;
	taskId: string;
	errorMessage: string | null;
	completedAt: string | null;
	primaryPersonId?: number;
	duplicatePersonId?: number;
};
type Task = {
	id: string;
	status: string;
	resultsSummary: { total: number; inProgress: number; success: number; failed: number };
};

async function waitForTask(taskUrl: string, kind = 'person'): Promise<Task> {
	const path = new URL(taskUrl).pathname;
	expect(path).toMatch(new RegExp(`^/v2/tasks/${kind}-merges/[0-9a-f-]{36}$`));
	for (let i = 0; i < 200; i++) {
		const task = await fixture.api<Task>(path);
		if (task.body.status !== 'in-progress') return task.body;
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
	throw new Error('merge never finished');
}

describe('merges', () => {
	beforeEach(() => fixture.control('POST', '/settings', { mergeDurationMs: 100 }));

	it('a person merge runs asynchronously: 202 with an absolute task URL, in progress, then success; the duplicate is gone and its entries moved', async () => {
		const [first, second] = await entries(INVESTORS);
		const start = await fixture.api<{ taskUrl: string }>('/v2/person-merges', ADMIN_KEY, {
			method: 'POST',
			body: { primaryPersonId: first.entityId, duplicatePersonId: second.entityId },
		});
		expect(start.status).toBe(202);
		expect(start.body.taskUrl.startsWith(`${fixture.baseUrl}/v2/tasks/person-merges/`)).toBe(true);
		const taskId = start.body.taskUrl.split('/').pop()!;
		const running = await fixture.api<Task>(`/v2/tasks/person-merges/${taskId}`);
		expect(running.body).toEqual({
			id: taskId,
			status: 'in-progress',
			resultsSummary: { total: 1, inProgress: 1, success: 0, failed: 0 },
		});
		const listed = await fixture.api<{ data: MergeState[] }>(
			`/v2/person-merges?filter=${encodeURIComponent(`taskId=${taskId}`)}`,
		);
		expect(listed.body.data).toEqual([
			{
				id: expect.any(Number),
				status: 'in-progress',
				taskId,
				startedAt: expect.any(String),
				completedAt: null,
				primaryPersonId: first.entityId,
				duplicatePersonId: second.entityId,
				errorMessage: null,
			},
		]);

		const done = await waitForTask(start.body.taskUrl);
		expect(done).toMatchObject({
			status: 'success',
			resultsSummary: { total: 1, inProgress: 0, success: 1, failed: 0 },
		});
		const merge = await fixture.api<MergeState>(`/v2/person-merges/${listed.body.data[0].id}`);
		expect(merge.body).toMatchObject({
			status: 'success',
			completedAt: expect.any(String),
			errorMessage: null,
		});
		const after = await entries(INVESTORS);
		expect(after.find((e) => e.id === second.id)!.entityId).toBe(first.entityId);
		expect(after.some((e) => e.entityId === second.entityId)).toBe(false);
		// A second merge of the vanished duplicate is refused.
		const again = await fixture.api<ApiErrors>('/v2/person-merges', ADMIN_KEY, {
			method: 'POST',
			body: { primaryPersonId: first.entityId, duplicatePersonId: second.entityId },
		});
		expect([again.status, again.body.errors[0].param]).toEqual([400, 'duplicatePersonId']);
	});

	it('a failed merge ends failed with an errorMessage and changes nothing', async () => {
		await fixture.control('POST', '/settings', { mergeDurationMs: 50, mergeOutcome: 'failed' });
		const start = await fixture.api<{ taskUrl: string }>('/v2/company-merges', ADMIN_KEY, {
			method: 'POST',
			body: { primaryCompanyId: 3000001, duplicateCompanyId: 3000002 },
		});
		expect(start.status).toBe(202);
		const done = await waitForTask(start.body.taskUrl, 'company');
		expect(done).toMatchObject({ status: 'failed', resultsSummary: { failed: 1 } });
		const failed = await fixture.api<{ data: Array<MergeState & { duplicateCompanyId: number }> }>(
			`/v2/company-merges?filter=status%3Dfailed`,
		);
		expect(failed.body.data[0]).toMatchObject({
			status: 'failed',
			duplicateCompanyId: 3000002,
			errorMessage: expect.stringContaining('could not be merged'),
		});
		expect((await fixture.api(`/v2/companies/3000002`)).status).toBe(200);
	});

	it('refuses a record merged with itself, unknown ids and a record already being merged (400 with param); 403 without admin rights', async () => {
		const self = await post('/v2/person-merges', {
			primaryPersonId: 5000007,
			duplicatePersonId: 5000007,
		});
		expect([self.status, self.body.errors[0].param]).toEqual([400, 'duplicatePersonId']);
		const unknown = await post('/v2/person-merges', {
			primaryPersonId: 42,
			duplicatePersonId: 5000007,
		});
		expect([unknown.status, unknown.body.errors[0].param]).toEqual([400, 'primaryPersonId']);
		const missing = await post('/v2/company-merges', { primaryCompanyId: 3000001 });
		expect([missing.status, missing.body.errors[0].param]).toEqual([400, 'duplicateCompanyId']);
		await fixture.control('POST', '/settings', { mergeDurationMs: 60_000 });
		expect(
			(await post('/v2/person-merges', { primaryPersonId: 5000007, duplicatePersonId: 5000008 }))
				.status,
		).toBe(202);
		const busy = await post('/v2/person-merges', {
			primaryPersonId: 5000009,
			duplicatePersonId: 5000008,
		});
		expect([busy.status, busy.body.errors[0].param]).toEqual([400, 'duplicatePersonId']);
		expect(
			(
				await post(
					'/v2/person-merges',
					{ primaryPersonId: 5000009, duplicatePersonId: 5000010 },
					MEMBER_KEY,
				)
			).status,
		).toBe(403);
		expect((await fixture.api('/v2/person-merges/999')).status).toBe(404);
		const badTask = await fixture.api<ApiErrors>('/v2/tasks/person-merges/not-a-uuid');
		expect([badTask.status, badTask.body.errors[0].param]).toEqual([400, 'taskId']);
		const badFilter = await fixture.api<ApiErrors>('/v2/person-merges?filter=colour%3Dred');
		expect([badFilter.status, badFilter.body.errors[0].param]).toEqual([400, 'filter']);
	});

	it('lists merges and tasks newest first, 25 per page by default, paged by cursor', async () => {
		await fixture.control('POST', '/settings', { mergeDurationMs: 60_000 });
		for (let i = 0; i < 30; i++) {
			const res = await post('/v2/company-merges', {
				primaryCompanyId: 3000100 + 2 * i,
				duplicateCompanyId: 3000101 + 2 * i,
			});
			expect(res.status).toBe(202);
		}
		const first = await fixture.api<{
			data: Array<{ id: number }>;
			pagination: { nextUrl: string };
		}>('/v2/company-merges');
		expect(first.body.data).toHaveLength(25);
		const ids = first.body.data.map((m) => m.id);
		expect([...ids].sort((a, b) => b - a)).toEqual(ids);
		const next = await fixture.api<{
			data: Array<{ id: number }>;
			pagination: { nextUrl: string | null };
		}>(
			new URL(first.body.pagination.nextUrl).pathname +
				new URL(first.body.pagination.nextUrl).search,
		);
		expect(next.body.data).toHaveLength(5);
		expect(next.body.pagination.nextUrl).toBeNull();
		expect(Math.max(...next.body.data.map((m) => m.id))).toBeLessThan(Math.min(...ids));
		const tasks = await fixture.api<{ data: Task[] }>(
			'/v2/tasks/company-merges?limit=100&filter=status%3Din-progress',
		);
		expect(tasks.body.data).toHaveLength(30);
		expect((await fixture.api<{ data: Task[] }>('/v2/tasks/person-merges')).body.data).toHaveLength(
			0,
		);
	});

	it("a successful merge re-points references to the duplicate and keeps the primary's values", async () => {
		const [entry] = await entries(TARGET_ACCOUNTS);
		const related = await listField(TARGET_ACCOUNTS, 'Related Company');
		const employees = await listField(TARGET_ACCOUNTS, 'Employees', 'global');
		await post(`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id}/fields/${related.id}`, {
			value: { type: 'company', data: { id: 3000300 } },
		});
		await fixture.control('POST', '/values', {
			companyId: 3000301,
			fieldId: employees.id,
			value: { type: 'number', data: 10 },
		});
		await fixture.control('POST', '/values', {
			companyId: 3000300,
			fieldId: employees.id,
			value: null,
		});
		const start = await fixture.api<{ taskUrl: string }>('/v2/company-merges', ADMIN_KEY, {
			method: 'POST',
			body: { primaryCompanyId: 3000301, duplicateCompanyId: 3000300 },
		});
		expect((await waitForTask(start.body.taskUrl, 'company')).status).toBe('success');
		expect(await readEntryValue(TARGET_ACCOUNTS, entry.id, related.id)).toMatchObject({
			type: 'company',
			data: { id: 3000301 },
		});
		const primary = await fixture.api<{ fields: Array<{ value: unknown }> }>(
			`/v2/companies/3000301?fieldIds=${employees.id}`,
		);
		expect(primary.body.fields[0].value).toEqual({ type: 'number', data: 10 });
		// Live, a merged-away record reads as a 422 naming where it went.
		expect(await fixture.api('/v2/companies/3000300')).toMatchObject({
			status: 422,
			body: {
				errors: [
					{
						code: 'unprocessable-entity',
						message: '3000300 no longer exists as it has been merged into 3000301',
					},
				],
			},
		});
	});
});

import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { fetchAll, fieldNamed, setValue } from '../trigger/helpers';
import { byId, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * Reads under the live API's behaviour (the emulator's settings) and under the documented one:
 * empty pages that carry a nextUrl, whole-second times in `filter`, and a company `filter` the
 * API ignores. Each case runs the node in n8n-core's engine against the emulator over HTTP.
 */
const fixture = new EmulatorFixture();

const conditions = (...list: Array<{ property: string; operator: string; value?: unknown }>) => ({
	conditions: list,
});
const run = (parameters: IDataObject) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters });
const settings = (body: Record<string, unknown>) => fixture.control('POST', '/settings', body);

/** Every record of a v2 collection, read directly (no node), following nextUrl to its end. */
async function everything<T>(path: string): Promise<T[]> {
	const out: T[] = [];
	let next: string | null = path;
	while (next) {
		const page: { body: { data: T[]; pagination: { nextUrl: string | null } } } =
			await fixture.api(next);
		out.push(...page.body.data);
		const url = page.body.pagination.nextUrl;
		next = url ? new URL(url).pathname + new URL(url).search : null;
	}
	return out;
}

const filtersSent = async (path: string) =>
	(await fixture.requests())
		.filter((r) => r.path === path)
		.map((r) => new URLSearchParams(r.query).get('filter'))
		.filter((f): f is string => Boolean(f));

beforeAll(async () => {
	await fixture.start();
});
afterAll(async () => {
	await fixture.stop();
});
beforeEach(async () => {
	await fixture.reset();
});

describe('paging through empty pages (emptyPageEvery)', () => {
	it('Get Many on the 250-entry list returns all 250, each once, following the empty pages', async () => {
		await settings({ emptyPageEvery: 2 });
		const result = await run({
			resource: 'listEntry',
			operation: 'getAll',
			listId: byId(TARGET_ACCOUNTS),
			returnAll: true,
			simplify: false,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(250);
		expect(new Set(result.items.map((e) => e.id)).size).toBe(250);
		const pages = (await fixture.requests()).filter(
			(r) => r.path === `/v2/lists/${TARGET_ACCOUNTS}/list-entries`,
		);
		// 3 pages of data, and the empty pages between them were read too.
		expect(pages.length).toBeGreaterThan(3);
	});

	it('a Limit is reached across empty pages', async () => {
		await settings({ emptyPageEvery: 2 });
		const result = await run({
			resource: 'listEntry',
			operation: 'getAll',
			listId: byId(TARGET_ACCOUNTS),
			returnAll: false,
			limit: 180,
			simplify: false,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(180);
		const direct = await everything<{ id: number }>(
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries?limit=100`,
		);
		expect(result.items.map((e) => e.id)).toEqual(direct.slice(0, 180).map((e) => e.id));
	});
});

describe.each(['whole-second', 'any'])('date-times in filter (filterTimes: %s)', (filterTimes) => {
	it('a bound with a fraction of a second is sent in whole seconds and holds to the millisecond', async () => {
		await settings({ filterTimes });
		const entries = await fetchAll(fixture, TARGET_ACCOUNTS);
		const notes = fieldNamed(fixture, TARGET_ACCOUNTS, 'Notes');
		// Changes 200 ms apart: some share a second, so whole seconds alone would not tell them apart.
		const base = Math.ceil((Date.now() + 5000) / 1000) * 1000 + 100;
		for (let i = 0; i < 6; i++) {
			const now = jest.spyOn(Date, 'now').mockReturnValue(base + i * 200);
			try {
				await setValue(fixture, entries[i].id, notes.id, { type: 'text', data: `At ${i}` });
			} finally {
				now.mockRestore();
			}
		}
		await settings({ filterTimes: 'any' });
		const log = await everything<{ id: number; changedAt: string }>(
			'/v2/field-value-changes?limit=100',
		);
		await settings({ filterTimes });
		const bound = new Date(base + 450).toISOString(); // between the 3rd and the 4th change
		const from = await run({
			resource: 'fieldValueChange',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({
				property: 'changedAt',
				operator: 'greaterThanOrEqual',
				value: bound,
			}),
		});
		expect(from.error).toBeUndefined();
		const expected = log.filter((c) => Date.parse(c.changedAt) >= Date.parse(bound));
		expect(expected).toHaveLength(3);
		expect(from.items.map((c) => c.id)).toEqual(expected.map((c) => c.id));

		const until = await run({
			resource: 'fieldValueChange',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({ property: 'changedAt', operator: 'lessThan', value: bound }),
		});
		expect(until.error).toBeUndefined();
		expect(until.items.map((c) => c.id)).toEqual(
			log.filter((c) => Date.parse(c.changedAt) < Date.parse(bound)).map((c) => c.id),
		);
		const sent = await filtersSent('/v2/field-value-changes');
		expect(sent).toHaveLength(2);
		for (const filter of sent) expect(filter).not.toMatch(/\d\.\d/);
	});

	it('Note Get Many with a fractional Created At bound: whole seconds sent, the count exact', async () => {
		await settings({ filterTimes });
		const all = await everything<{ id: number; createdAt: string }>('/v2/notes?limit=100');
		const times = [...new Set(all.map((n) => Date.parse(n.createdAt)))].sort((a, b) => a - b);
		const pivot = times[Math.floor(times.length / 2)];
		const bound = new Date(pivot - 500).toISOString();
		const expected = all.filter((n) => Date.parse(n.createdAt) > pivot - 500).map((n) => n.id);
		const records = await run({
			resource: 'note',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			filterConditions: conditions({
				property: 'createdAt',
				operator: 'greaterThan',
				value: bound,
			}),
		});
		expect(records.error).toBeUndefined();
		expect(records.items.map((n) => n.id).sort()).toEqual([...expected].sort());
		const count = await run({
			resource: 'note',
			operation: 'getAll',
			output: 'totalCount',
			filterMode: 'conditions',
			filterConditions: conditions({
				property: 'createdAt',
				operator: 'greaterThan',
				value: bound,
			}),
		});
		expect(count.items).toEqual([{ totalCount: expected.length }]);
		for (const filter of await filtersSent('/v2/notes')) expect(filter).not.toMatch(/\d\.\d/);
	});
});

describe.each(['ignored', 'applied'])(
	'Company Get Many filters hold (companyFilter: %s)',
	(mode) => {
		interface Company {
			id: number;
			name: string;
			fields?: Array<{ id: string; value: { data: unknown } }>;
		}
		let employees = '';
		let all: Company[] = [];
		beforeEach(async () => {
			await settings({ companyFilter: mode });
			const fields = (
				await fixture.api<{ data: Array<{ id: string; name: string }> }>('/v2/companies/fields')
			).body.data;
			employees = (fields.find((f) => f.name === 'Employees') as { id: string }).id;
			all = await everything<Company>(`/v2/companies?limit=100&fieldIds=${employees}`);
		});
		const headcount = (c: Company) => c.fields?.[0]?.value.data as number | null;

		it('conditions on name and a field: only the matching companies, the field not added to them', async () => {
			const result = await run({
				resource: 'company',
				operation: 'getAll',
				returnAll: true,
				filterMode: 'conditions',
				filterConditions: conditions(
					{ property: 'name', operator: 'contains', value: 'a' },
					{ property: employees, operator: 'greaterThan', value: '500' },
				),
				simplify: false,
			});
			expect(result.error).toBeUndefined();
			const expected = all.filter((c) => /a/i.test(c.name) && (headcount(c) ?? -Infinity) > 500);
			expect(expected.length).toBeGreaterThan(0);
			expect(expected.length).toBeLessThan(all.length);
			expect(result.items.map((c) => c.id)).toEqual(expected.map((c) => c.id));
			// The field was read for the check only: the output is as without it.
			expect(result.items.every((c) => !('fields' in c))).toBe(true);
			const [first] = (await fixture.requests()).filter((r) => r.path === '/v2/companies');
			expect(new URLSearchParams(first.query).getAll('fieldIds')).toEqual([employees]);
		});

		it('with a Limit: exactly that many matching companies, in order', async () => {
			const result = await run({
				resource: 'company',
				operation: 'getAll',
				returnAll: false,
				limit: 7,
				filterMode: 'raw',
				filterRaw: `${employees} >= 1000 | name =^ n`,
				fieldIds: [employees],
				simplify: false,
			});
			expect(result.error).toBeUndefined();
			const expected = all
				.filter((c) => (headcount(c) ?? -Infinity) >= 1000 || /^n/i.test(c.name))
				.slice(0, 7);
			expect(result.items.map((c) => c.id)).toEqual(expected.map((c) => c.id));
			// A field the user asked for stays.
			expect(result.items.every((c) => Array.isArray(c.fields))).toBe(true);
		});
	},
);

import { EmulatorFixture } from '../harness/emulator';

/**
 * POST /v2/lists/{listId}/list-entries/search (BETA) as far as the emulator serves it: sorts on
 * the date an entry was added, totalCount, paging by a POST to nextUrl, and a 400 for the
 * filters and search term it does not apply.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const LIST = 102;

interface Search {
	data: Array<{ id: number; createdAt: string; entity: { fields?: Array<{ id: string }> } }>;
	pagination: { nextUrl: string | null; prevUrl: string | null; totalCount?: number };
}

const search = (body: unknown, query = '') =>
	fixture.api<Search>(`/v2/lists/${LIST}/list-entries/search${query}`, undefined, {
		method: 'POST',
		body,
	});

describe('POST /v2/lists/{listId}/list-entries/search', () => {
	it('sorts by created-at, newest first, with totalCount, and pages on by nextUrl', async () => {
		const entries = fixture.emulator.store.entriesByList.get(LIST) ?? [];
		const expected = [...entries]
			.sort((a, b) =>
				a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id,
			)
			.map((e) => e.id);
		const first = await search(
			{ sorts: [{ fieldId: 'created-at', direction: 'desc' }] },
			'?totalCount=true&limit=100&fieldTypes=list',
		);
		expect(first.status).toBe(201);
		expect(first.body.pagination.totalCount).toBe(entries.length);
		expect(first.body.data[0].entity.fields?.length).toBeGreaterThan(0);
		const ids = first.body.data.map((e) => e.id);
		let next = first.body.pagination.nextUrl;
		while (next) {
			const page = await fixture.api<Search>(next.slice(fixture.baseUrl.length), undefined, {
				method: 'POST',
			});
			expect(page.status).toBe(201);
			expect(page.body.pagination.totalCount).toBe(entries.length);
			ids.push(...page.body.data.map((e) => e.id));
			next = page.body.pagination.nextUrl;
		}
		expect(ids).toEqual(expected);
	});

	it('without a body answers the entries by id, without totalCount unless asked', async () => {
		const res = await search(undefined, '?limit=5');
		expect(res.status).toBe(201);
		const ids = res.body.data.map((e) => e.id);
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
		expect(res.body.pagination.totalCount).toBeUndefined();
	});

	it('refuses sorts the edition does not allow: an unknown field, more than 5', async () => {
		const sort = { fieldId: 'created-at', direction: 'asc' };
		for (const body of [
			{ sorts: [{ fieldId: 'no-such-field', direction: 'asc' }] },
			{ sorts: Array(6).fill(sort) },
		]) {
			const res = await search(body);
			expect({ body, status: res.status }).toEqual({ body, status: 400 });
		}
	});
});

import { request } from 'undici';

import { ADMIN_KEY, EmulatorFixture } from '../harness/emulator';
import type { ErrorBody, Page } from './helpers';

/**
 * "Values per filter (e.g. options in `is-any-of`): 100" (POST /v2/companies/search and
 * /v2/persons/search, Limits, in the 2026-07-15 and 2026-09-17 descriptions): one filter takes
 * up to 100 values, ORed, and 101 is a 400 naming the filter's `value`. The values are of the
 * field's own kind (CompanyReference, PersonReference, dropdown options, texts): neither
 * description has a company field of domains or a person field of email addresses to put them on.
 */
const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

type Field = { id: string; name: string; type: string; valueType: string };
type Entity = { id: number; fields?: Array<{ id: string; value: { data: unknown } }> };

const EDITIONS = ['2026-07-15', '2026-09-17'];

async function call<T>(path: string, version: string, body?: unknown) {
	const res = await request(`${fixture.baseUrl}${path}`, {
		method: body === undefined ? 'GET' : 'POST',
		headers: {
			authorization: `Bearer ${ADMIN_KEY}`,
			'x-affinity-api-version': version,
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: res.statusCode, body: (await res.body.json()) as T };
}

async function every<T>(path: string, version: string, body?: unknown): Promise<T[]> {
	const items: T[] = [];
	let next: string | null = path;
	while (next) {
		const page: { status: number; body: Page<T> } = await call<Page<T>>(next, version, body);
		expect(page.status).toBe(body === undefined ? 200 : 201);
		items.push(...page.body.data);
		const url: string | null = page.body.pagination.nextUrl;
		next = url ? url.slice(fixture.baseUrl.length) : null;
	}
	return items;
}

describe.each(EDITIONS)('a search filter with many values (%s)', (version) => {
	it.each([
		['companies', 'Parent Company', 'company'],
		['persons', 'Introduced By', 'person'],
	])(
		'POST /v2/%s/search: is-any-of takes 100 values (ORed); 101 is a 400 on its value',
		async (source, name, valueType) => {
			const fields = await every<Field>(`/v2/${source}/fields?limit=100`, version);
			const field = fields.find((f) => f.name === name && f.valueType === valueType)!;
			expect(field).toBeDefined();
			const all = await every<Entity>(`/v2/${source}?limit=100&fieldIds=${field.id}`, version);
			const referenced = (e: Entity) =>
				(e.fields?.[0]?.value.data as { id: number } | null)?.id ?? null;
			// 100 ids, those some record references first, then any others.
			const named = [...new Set(all.map(referenced).filter((id): id is number => id !== null))];
			const ids = [...new Set([...named, ...all.map((e) => e.id)])].slice(0, 101);
			expect(ids).toHaveLength(101);
			const filter = (value: number[]) => ({
				filters: {
					operator: 'and',
					filters: [
						{
							valueType,
							fieldId: field.id,
							operator: 'is-any-of',
							value: value.map((id) => ({ id })),
						},
					],
				},
			});

			const hundred = ids.slice(0, 100);
			const found = await every<Entity>(`/v2/${source}/search?limit=100`, version, filter(hundred));
			const expected = all.filter((e) => hundred.includes(referenced(e) as number));
			expect(expected.length).toBeGreaterThan(1);
			expect(found.map((e) => e.id)).toEqual(expected.map((e) => e.id));

			const tooMany = await call<ErrorBody>(`/v2/${source}/search`, version, filter(ids));
			expect(tooMany.status).toBe(400);
			expect(tooMany.body.errors[0]).toMatchObject({
				code: 'validation',
				param: 'filters.filters[0].value',
			});
		},
	);
});

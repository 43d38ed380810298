import type { IDataObject } from 'n8n-workflow';

import { ITEMS_IN_FLIGHT } from '../../nodes/AffinityV2/actions/itemLanes';
import { EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { TARGET_ACCOUNTS } from '../harness/ids';

/**
 * List Entry → Create or Update runs rows of different records side by side (up to
 * ITEMS_IN_FLIGHT at once) and rows of one record in their order, through n8n-core's engine
 * against the emulator; the request log shows what overlapped and what was sent.
 */

const fixture = new EmulatorFixture();

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(async () => {
	await fixture.reset();
	await fixture.clearRequests();
});

type Field = { id: string; name: string; type: string; valueType: string };

let listFields: Field[] = [];
async function fieldNamed(name: string): Promise<Field> {
	if (!listFields.length) {
		const res = await fixture.api<{ data: Field[] }>(
			`/v2/lists/${TARGET_ACCOUNTS}/fields?limit=100`,
		);
		listFields = res.body.data;
	}
	return listFields.find((f) => f.name === name && f.type === 'list')!;
}
const notesField = () => fieldNamed('Notes');

/** Notes from `$json.notes`, and Related Company from `$json.related` when a row has it. */
async function upsert(items: IDataObject[], continueOnFail = false) {
	const f = await notesField();
	const related = await fieldNamed('Related Company');
	const column = (x: Field, type: string) => ({
		id: `${x.id}|${x.valueType}`,
		displayName: x.name,
		required: false,
		defaultMatch: false,
		display: true,
		type,
	});
	await fixture.clearRequests();
	return runAffinityNode({
		credentials: fixture.credentials(),
		items,
		continueOnFail,
		parameters: {
			resource: 'listEntry',
			operation: 'upsert',
			listId: { __rl: true, mode: 'id', value: String(TARGET_ACCOUNTS) },
			matchOn: 'domain',
			domain: '={{ $json.domain }}',
			columns: {
				mappingMode: 'defineBelow',
				value: {
					[`${f.id}|${f.valueType}`]: '={{ $json.notes }}',
					[`${related.id}|${related.valueType}`]: '={{ $json.related }}',
				},
				matchingColumns: [],
				schema: [column(f, 'string'), column(related, 'string')],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		},
	});
}

let made = 0;
async function companiesNotOnList(count: number): Promise<string[]> {
	const domains: string[] = [];
	for (let i = 0; i < count; i++) {
		made += 1;
		const domain = `lane-${made}.example`;
		await fixture.control('POST', '/companies', { name: `Lane ${made}`, domain });
		domains.push(domain);
	}
	return domains;
}

/** The most requests of `method` the emulator was handling at one moment. */
async function mostAtOnce(method: string): Promise<number> {
	const spans = (await fixture.requests())
		.filter((r) => r.method === method)
		.map((r) => ({ start: Date.parse(r.at), end: Date.parse(r.at) + r.durationMs }));
	let most = 0;
	for (const s of spans)
		most = Math.max(most, spans.filter((o) => o.start <= s.start && o.end > s.start).length);
	return most;
}

async function notesOf(domain: string): Promise<unknown> {
	const f = await notesField();
	const search = await fixture.api<{ data: Array<{ id: number; domain: string }> }>(
		'/v2/companies/search',
		undefined,
		{ method: 'POST', body: { search: { term: domain } } },
	);
	const company = search.body.data.find((c) => c.domain === domain)!;
	const entries = await fixture.api<{
		data: Array<{ listId: number; fields: Array<{ id: string; value: { data: unknown } }> }>;
	}>(`/v2/companies/${company.id}/list-entries`);
	return entries.body.data
		.find((e) => e.listId === TARGET_ACCOUNTS)
		?.fields.find((x) => x.id === f.id)?.value.data;
}

describe('listEntry.upsert: rows side by side', () => {
	it(`rows of different companies overlap, at most ${ITEMS_IN_FLIGHT} at once, and come out in input order`, async () => {
		const domains = await companiesNotOnList(12);
		// Each PATCH takes 200 ms, so that rows in flight together show in the log.
		await fixture.fault({ kind: 'delay', delayMs: 200, method: 'PATCH', times: 100 });
		const result = await upsert(domains.map((domain, i) => ({ domain, notes: `row ${i + 1}` })));
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => (item.fieldsWritten as IDataObject).Notes)).toEqual(
			domains.map((_, i) => `row ${i + 1}`),
		);
		expect(result.items.every((item) => item.addedToList === true)).toBe(true);
		const most = await mostAtOnce('PATCH');
		expect(most).toBeGreaterThan(1);
		expect(most).toBeLessThanOrEqual(ITEMS_IN_FLIGHT);
		const log = await fixture.requests();
		expect(log.filter((r) => r.method === 'PATCH')).toHaveLength(12);
		expect(
			log.filter((r) => r.path.startsWith(`/lists/${TARGET_ACCOUNTS}/list-entries`)),
		).toHaveLength(12);
		expectNoKey(result.items, result.error);
	});

	it('rows of one company run in their order: one create, one add, the last row’s value kept', async () => {
		const [other] = await companiesNotOnList(1);
		await fixture.fault({ kind: 'delay', delayMs: 100, method: 'PATCH', times: 100 });
		const result = await upsert([
			{ domain: 'one-record.example', notes: 'first' },
			{ domain: other, notes: 'other' },
			{ domain: 'one-record.example', notes: 'second' },
			{ domain: 'one-record.example', notes: 'third' },
		]);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.created, i.addedToList])).toEqual([
			[true, true],
			[false, true],
			[false, false],
			[false, false],
		]);
		const log = await fixture.requests();
		expect(log.filter((r) => r.method === 'POST' && r.path === '/organizations')).toHaveLength(1);
		const patches = log
			.filter(
				(r) => r.method === 'PATCH' && r.path.includes(`/list-entries/${result.items[0].id}/`),
			)
			.map((r) => JSON.stringify(r.body));
		expect(patches).toHaveLength(3);
		expect(patches[0]).toContain('first');
		expect(patches[1]).toContain('second');
		expect(patches[2]).toContain('third');
		expect(await notesOf('one-record.example')).toBe('third');
	});

	it('with Continue On Fail, a failed row is an error item in its place and the others are written', async () => {
		const domains = await companiesNotOnList(6);
		const items = domains.map((domain, i) => ({ domain, notes: `row ${i + 1}` }));
		items[2] = { domain: 'not a domain', notes: 'bad' };
		const result = await upsert(items, true);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(6);
		expect(result.items[2].error).toMatch(/Domain/);
		for (const i of [0, 1, 3, 4, 5]) {
			expect((result.items[i].fieldsWritten as IDataObject).Notes).toBe(`row ${i + 1}`);
			expect(await notesOf(domains[i])).toBe(`row ${i + 1}`);
		}
	});

	it('without Continue On Fail, the first failed row stops the node, and every row before it was written', async () => {
		const domains = await companiesNotOnList(8);
		const items = domains.map((domain, i) => ({ domain, notes: `row ${i + 1}` }));
		// Row 5 fails (its domain is not one): rows 1 to 4 are written, as one after the other would.
		items[4] = { domain: 'not a domain', notes: 'bad' };
		const result = await upsert(items);
		expect(result.error?.message).toMatch(/Domain/);
		for (const i of [0, 1, 2, 3]) expect(await notesOf(domains[i])).toBe(`row ${i + 1}`);
		// No row after the failed one was started once it had failed, and none was sent twice.
		const patches = (await fixture.requests()).filter((r) => r.method === 'PATCH');
		expect(new Set(patches.map((r) => r.path)).size).toBe(patches.length);
		expectNoKey([], result.error);
	});

	it('a row whose company column names a company an earlier row creates runs after it and gets its ID', async () => {
		const others = await companiesNotOnList(5);
		const result = await upsert([
			{ domain: 'made-by-row-one.example', notes: 'new' },
			...others.map((domain, i) => ({
				domain,
				notes: `other ${i + 1}`,
				...(i === 0 ? { related: 'made-by-row-one.example' } : {}),
			})),
		]);
		expect(result.error).toBeUndefined();
		const madeId = (result.items[0].entity as IDataObject).id;
		expect(result.items[0].created).toBe(true);
		expect((result.items[1].fieldsWritten as IDataObject)['Related Company']).toEqual({
			domain: 'made-by-row-one.example',
			id: madeId,
		});
		// Found by the row that created it: one search for the domain, one create.
		const log = await fixture.requests();
		expect(log.filter((r) => r.path === '/organizations')).toHaveLength(1);
		expect(
			log.filter(
				(r) => r.path === '/v2/companies/search' && (r.body ?? '').includes('made-by-row-one'),
			),
		).toHaveLength(1);
	});

	it('under a tight rate limit, rows side by side wait for their turn: every row written once, none lost', async () => {
		const domains = await companiesNotOnList(10);
		await fixture.control('POST', '/rate-limit', { limit: 12, windowMs: 1000 });
		const result = await upsert(domains.map((domain, i) => ({ domain, notes: `row ${i + 1}` })));
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => (item.fieldsWritten as IDataObject).Notes)).toEqual(
			domains.map((_, i) => `row ${i + 1}`),
		);
		const log = await fixture.requests();
		expect(log.some((r) => r.status === 429)).toBe(true);
		// Each write applied once: a 429 is refused before anything is applied, then sent again.
		const applied = log.filter((r) => r.method !== 'GET' && r.status < 300);
		expect(applied.filter((r) => r.method === 'PATCH')).toHaveLength(10);
		expect(applied.filter((r) => r.path === `/lists/${TARGET_ACCOUNTS}/list-entries`)).toHaveLength(
			10,
		);
		await fixture.control('POST', '/rate-limit', { limit: 900, windowMs: 60_000 });
		for (const [i, domain] of domains.entries()) expect(await notesOf(domain)).toBe(`row ${i + 1}`);
	}, 60_000);

	it('reads the list’s rows with the values of the fields the rows map, and no others', async () => {
		const domains = await companiesNotOnList(3);
		const result = await upsert([
			{ domain: domains[0], notes: 'one' },
			{ domain: domains[1], notes: 'two' },
			{ domain: domains[2], related: domains[0] },
		]);
		expect(result.error).toBeUndefined();
		const reads = (await fixture.requests()).filter(
			(r) => r.method === 'GET' && r.path === `/v2/lists/${TARGET_ACCOUNTS}/list-entries`,
		);
		expect(reads.length).toBeGreaterThan(0);
		const asked = new URLSearchParams(reads[0].query);
		expect(asked.getAll('fieldIds').sort()).toEqual(
			[(await notesField()).id, (await fieldNamed('Related Company')).id].sort(),
		);
		expect(asked.getAll('fieldTypes')).toEqual([]);
	});
});

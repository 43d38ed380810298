/**
 * Unknown field ids, malformed raw filters and hostile filter values, through the
 * real engine against the emulator. Unknown fields and malformed filters fail with an error
 * naming the parameter (locally where the node can tell, else from the API's 400 param), and
 * no write is sent; values from item data never change a filter's logic: each item's result is
 * what the emulator's own filter gives for the value as a literal. No key appears in any
 * output, error or log line (LeakWatch, after each test).
 */
import { LeakWatch } from './secrets';

import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode, type NodeRun } from '../../testkit/engine';
import { savedJson, setParameters, triggerHarness } from '../trigger/helpers';
import {
	HOT_ACCOUNTS_VIEW,
	TARGET_ACCOUNTS,
	byId,
	nodeParameters,
	seeded,
	validParameters,
	type Seeded,
} from './operations';

const fixture = new EmulatorFixture();
const leaks = new LeakWatch();
let s: Seeded;

beforeAll(async () => {
	leaks.install();
	await fixture.start();
	s = await seeded(fixture);
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());
afterEach(async () => leaks.check(await fixture.requests()));

const UNKNOWN = 'field-999999';
const what = (error?: { message: string; description?: string | null }) =>
	`${error?.message} ${error?.description ?? ''}`;

async function run(
	operation: string,
	extra: IDataObject,
	options: { items?: IDataObject[]; continueOnFail?: boolean } = {},
): Promise<NodeRun> {
	const parameters = nodeParameters(operation, { ...validParameters(s)[operation], ...extra });
	return leaks.watch(
		'the run',
		await runAffinityNode({ credentials: fixture.credentials(), parameters, ...options }),
	);
}

describe('unknown field ids', () => {
	const fieldIdsNamed =
		/Field "field-999999" does not exist[\s\S]*Affinity refused the value of "fieldIds"/;
	const getMany: Array<[string, IDataObject, RegExp]> = [
		['company.get', { fieldIds: [UNKNOWN] }, fieldIdsNamed],
		['company.getAll', { fieldIds: [UNKNOWN] }, fieldIdsNamed],
		['company.search', { fieldIds: [UNKNOWN] }, fieldIdsNamed],
		['person.get', { fieldIds: [UNKNOWN] }, fieldIdsNamed],
		['person.getAll', { fieldIds: [UNKNOWN] }, fieldIdsNamed],
		['listEntry.get', { fieldIds: [UNKNOWN] }, fieldIdsNamed],
		['listEntry.getAll', { fieldIds: [UNKNOWN] }, fieldIdsNamed],
		// The API names this selection "ids": the error names the node's parameter too.
		[
			'listEntry.getFieldValues',
			{ fieldIds: [UNKNOWN] },
			/Field "field-999999" does not exist on list 102[\s\S]*"Field Names or IDs" \(sent as "ids"\)/,
		],
		[
			'company.search',
			{ sort: { sorts: [{ fieldId: UNKNOWN, direction: 'asc' }] } },
			/Cannot sort by "field-999999"[\s\S]*Affinity refused the value of "sorts"/,
		],
		[
			'listEntry.getFieldValue',
			{ fieldId: UNKNOWN },
			/Field "field-999999" not found on list 102[\s\S]*no field field-999999 on list entry/,
		],
	];

	it.each(getMany)(
		"%s %j: the API's 400/404, naming the field parameter",
		async (operation, extra, names) => {
			const result = await run(operation, extra);
			expect(result.items).toEqual([]);
			expect(what(result.error)).toMatch(names);
			expect((await fixture.requests()).length).toBe(1);
		},
	);

	it.each([
		['listEntry.getFieldValue', { fieldId: 'not a field!' }, /Invalid Field: got "not a field!"/],
		[
			'listEntry.getFieldValue',
			{ fieldId: '' },
			/Invalid Field: got nothing|Parameter "Field Name or ID" is required/,
		],
		[
			'listEntry.getFieldValue',
			{ fieldId: '={{ "../../companies" }}' },
			/Invalid Field: got "..\/..\/companies"/,
		],
	])('%s %j: refused before any request', async (operation, extra, names) => {
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: nodeParameters(operation, { ...validParameters(s)[operation], ...extra }),
		}).catch(
			(error: Error) =>
				({ items: [], error: { message: error.message, description: '' } }) as unknown as NodeRun,
		);
		leaks.watch('the run', result);
		expect(what(result.error)).toMatch(names);
		expect(await fixture.requests()).toEqual([]);
	});

	const writes: Array<[string, IDataObject, RegExp]> = [
		[
			'listEntry.updateFieldValue',
			{ fieldId: `${UNKNOWN}|text` },
			/^Field: "field-999999" is not one of the fields of list 102/,
		],
		[
			'listEntry.updateFieldValue',
			{ fieldId: UNKNOWN, valueType: 'auto', anyValue: 'x' },
			/^Field: "field-999999" is not one of the fields of list 102/,
		],
		[
			'person.updateFieldValue',
			{ fieldId: `${UNKNOWN}|text` },
			/^Field: "field-999999" is not one of person fields/,
		],
		[
			'listEntry.updateFieldValues',
			{ updatesJson: JSON.stringify([{ id: UNKNOWN, value: 'x' }]) },
			/^Update 1: "field-999999" is not one of the fields of list 102/,
		],
		[
			'listEntry.updateFieldValues',
			{
				inputMode: 'fields',
				updates: { update: [{ fieldId: `${UNKNOWN}|text`, textValue: 'x' }] },
			},
			/^Update 1: "field-999999" is not one of the fields of list 102/,
		],
	];

	it.each(writes)(
		'%s %j: refused from the field metadata, nothing written',
		async (operation, extra, names) => {
			const result = await run(operation, extra);
			expect(what(result.error)).toMatch(names);
			const log = await fixture.requests();
			expect(log.map((r) => r.method)).toEqual(['GET']);
		},
	);

	it('the trigger on a list: the poll fails naming Watched Fields, its state untouched', async () => {
		const h = triggerHarness(fixture, { listId: byId(String(TARGET_ACCOUNTS)) });
		expect(await h.poll()).toBeNull();
		const before = savedJson(h);
		setParameters(h, {
			listId: byId(String(TARGET_ACCOUNTS)),
			watchedFieldIds: [s.notesField, UNKNOWN],
		});
		const error = leaks.watch(
			'the poll error',
			await h.poll().then(
				() => undefined,
				(e: Error & { description?: string }) => e,
			),
		);
		expect(what(error)).toMatch(
			/Field "field-999999" does not exist[\s\S]*"Watched Field Names or IDs" \(sent as "fieldIds"\)/,
		);
		expect(savedJson(h)).toBe(before);
	});

	it('the trigger on a saved view: a watched field that is not a column fails the poll after its first page, state untouched', async () => {
		const h = triggerHarness(fixture, {
			listId: byId(String(TARGET_ACCOUNTS)),
			watch: 'savedView',
			savedViewId: byId(String(HOT_ACCOUNTS_VIEW)),
		});
		expect(await h.poll()).toBeNull();
		const before = savedJson(h);
		await fixture.clearRequests();
		setParameters(h, {
			listId: byId(String(TARGET_ACCOUNTS)),
			watch: 'savedView',
			savedViewId: byId(String(HOT_ACCOUNTS_VIEW)),
			watchedFieldIds: [UNKNOWN],
		});
		const error = leaks.watch(
			'the poll error',
			await h.poll().then(
				() => undefined,
				(e: Error & { description?: string }) => e,
			),
		);
		expect(what(error)).toMatch(
			/Watched field "field-999999" is not a column of saved view 503[\s\S]*remove it from Watched Fields/,
		);
		expect(savedJson(h)).toBe(before);
		expect((await fixture.requests()).length).toBe(1);
	});
});

describe('malformed raw filters', () => {
	// Each: an unbalanced parenthesis, a dangling operator, an unknown property; for each
	// endpoint with a filter-language filter, on one of its own properties (the searches take
	// SearchCriteria instead).
	// Company Get Many reads its raw expression itself (GET /v2/companies may ignore `filter`):
	// its cases are below.
	const filters: Array<[string, string, string, string]> = [
		['note.getAll', 'filter', 'id', '400001'],
		['note.getReplies', 'filter', 'creator.id', '5000003'],
		['transcript.getAll', 'filter', 'id', '801'],
		['field.getAll', 'filter', 'name', 'Notes'],
	];
	const malformed = (property: string, value: string): Array<[string, string, RegExp]> => [
		[
			'an unbalanced parenthesis',
			`(${property} = ${value}`,
			/expected "\)" to close the "\(" at position 1/,
		],
		[
			'a dangling operator',
			`${property} = ${value} &`,
			/Unexpected end of filter at position \d+; expected a property name/,
		],
		['an unknown property', `colour = red`, /Unknown property "colour" at position 1/],
		['a stray closing parenthesis', `${property} = ${value})`, /Unexpected "\)"/],
	];
	const cases = filters.flatMap(([operation, param, property, value]) =>
		malformed(property, value).map(
			([kind, filter, message]) => [operation, kind, filter, param, message] as const,
		),
	);

	it.each(cases)(
		"%s with %s (%s): the API's 400, naming the filter",
		async (operation, _kind, filterRaw, param, message) => {
			const result = await run(operation, { filterMode: 'raw', filterRaw });
			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(message);
			expect(result.error?.description).toBe(
				`Affinity refused the value of "${param}". Correct that parameter and run again.`,
			);
			expect(result.error?.httpCode).toBe('400');
		},
	);

	it.each([
		['an unbalanced parenthesis', '(name = Northwind', /Expected "\)" at the end/],
		['a dangling operator', 'name = Northwind &', /Expected a property name at the end/],
		['an unknown property', 'colour = red', /Unknown property "colour"/],
		['a stray closing parenthesis', 'name = Northwind)', /Unexpected "\)" at position 17/],
	])(
		'company.getAll with %s (%s): refused before any request, naming the Filter Expression',
		async (_kind, filterRaw, message) => {
			const result = await run('company.getAll', { filterMode: 'raw', filterRaw });
			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(/^Invalid Filter Expression: /);
			expect(result.error?.message).toMatch(message);
			expect((await fixture.requests()).filter((r) => r.path === '/v2/companies')).toHaveLength(0);
		},
	);
});

describe('hostile filter values from item data', () => {
	/** Values that would change the logic if they were not escaped. */
	const HOSTILE = [
		'Acme "Quoted" Ltd',
		'Smith & Sons',
		'Left | Right',
		'back\\slash',
		'open (paren',
		'close) paren',
		'[bracket], list',
		'star*',
		'*',
		'line\nbreak',
		'Ünïcödé 日本 🚀',
		"single 'quote'",
		'x" | name =~ "',
		'a) | (name =~ e',
		'= ""',
		'!= *',
		'\\" | id > 0 | name = \\"',
		'  padded  ',
	];
	// Companies 3000101.. get these names; 3000201.. the decoys an injected condition would add.
	const named = (i: number) => 3000101 + i;

	async function plant(): Promise<void> {
		for (const [i, name] of HOSTILE.entries()) {
			await fixture.control('PATCH', `/companies/${named(i)}`, { name });
		}
		await fixture.control('PATCH', '/companies/3000201', { name: 'Smith' });
		await fixture.control('PATCH', '/companies/3000202', { name: 'Right' });
		await fixture.control('PATCH', '/companies/3000203', { name: 'x' });
		await fixture.clearRequests();
	}

	/** All companies, read as a plain client: [id, name]. */
	async function companies(filter?: string): Promise<Array<{ id: number; name: string }>> {
		const out: Array<{ id: number; name: string }> = [];
		let path: string | null =
			`/v2/companies?limit=100${filter === undefined ? '' : `&filter=${encodeURIComponent(filter)}`}`;
		while (path) {
			const res: {
				status: number;
				body: { data: Array<{ id: number; name: string }>; pagination: { nextUrl: string | null } };
			} = await fixture.api(path);
			if (res.status !== 200)
				throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
			out.push(...res.body.data);
			path = res.body.pagination.nextUrl
				? res.body.pagination.nextUrl.slice(fixture.baseUrl.length)
				: null;
		}
		return out;
	}

	/** The value as a literal of the filter language, written by the test: quoted, only " and \ escaped. */
	const literal = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

	const OPERATORS: Array<[string, string, (name: string, value: string) => boolean]> = [
		['equals', '=', (name, value) => name === value],
		['notEquals', '!=', (name, value) => name !== value],
		['contains', '=~', (name, value) => name.toLowerCase().includes(value.toLowerCase())],
		['startsWith', '=^', (name, value) => name.toLowerCase().startsWith(value.toLowerCase())],
	];

	it.each(OPERATORS)(
		'company.getAll, name %s each value: the same companies as the emulator gives for the literal',
		async (operator, symbol, predicate) => {
			await plant();
			const all = await companies();
			const items = HOSTILE.map((v) => ({ v }));
			const result = await run(
				'company.getAll',
				{
					returnAll: true,
					filterMode: 'conditions',
					filterConditions: {
						conditions: [{ property: 'name', operator, value: '={{ $json.v }}' }],
					},
					simplify: false,
				},
				{ items },
			);
			expect(result.error).toBeUndefined();
			// The node ran as live (Affinity ignores the company filter, the node checks each
			// company); the emulator's own filter, applied, is the reference.
			await fixture.control('POST', '/settings', { companyFilter: 'applied' });
			for (const [i, value] of HOSTILE.entries()) {
				const got = result.items
					.filter((_item, k) => result.paired[k] === i)
					.map((c) => c.id as number);
				const emulator = (await companies(`name ${symbol} ${literal(value)}`)).map((c) => c.id);
				const direct = all.filter((c) => predicate(c.name, value)).map((c) => c.id);
				expect({ value, ids: got.sort() }).toEqual({ value, ids: emulator.sort() });
				expect({ value, ids: got }).toEqual({ value, ids: direct.sort() });
				if (operator === 'equals') expect({ value, ids: got }).toEqual({ value, ids: [named(i)] });
			}
		},
	);

	it('company.search, two hostile conditions from item data joined by OR: the union, as the emulator gives it', async () => {
		// The search takes JSON conditions, so values stay literal by construction: plant the
		// hostile texts as Growth Stage (filterable text) values and match them exactly.
		for (const [i, value] of HOSTILE.entries()) {
			await fixture.control('POST', '/values', {
				companyId: named(i),
				fieldId: 'dealroom-growth-stage',
				value: { type: 'filterable-text', data: value },
			});
		}
		await fixture.clearRequests();
		const pairs = HOSTILE.map((v, i) => ({ a: v, b: HOSTILE[(i + 1) % HOSTILE.length] }));
		const condition = (from: string) => ({
			target: 'dealroom-growth-stage',
			operator: 'is-any-of',
			value: `={{ [$json.${from}] }}`,
		});
		const result = await run(
			'company.search',
			{
				term: '',
				returnAll: true,
				searchConditions: { conditions: [condition('a'), condition('b')] },
				searchMatch: 'or',
				simplify: false,
			},
			{ items: pairs },
		);
		expect(result.error).toBeUndefined();
		for (const [i, { a, b }] of pairs.entries()) {
			const got = result.items
				.filter((_item, k) => result.paired[k] === i)
				.map((c) => c.id as number);
			const filters = {
				operator: 'or',
				filters: [a, b].map((v) => ({
					valueType: 'filterable-text',
					fieldId: 'dealroom-growth-stage',
					operator: 'is-any-of',
					value: [v],
				})),
			};
			const direct = await fixture.api<{ data: Array<{ id: number }> }>(
				'/v2/companies/search?limit=100',
				undefined,
				{ method: 'POST', body: { filters } },
			);
			expect({ a, b, ids: got.sort() }).toEqual({
				a,
				b,
				ids: direct.body.data.map((c) => c.id).sort(),
			});
			expect(got).toEqual([named(i), named((i + 1) % HOSTILE.length)].sort());
		}
	});

	it.each([
		['note.getAll', 'creator.id', '1 | id = 400001', /"1 \| id = 400001" is not a whole number/],
		[
			'note.getAll',
			'createdAt',
			'2025-01-01 | id = 400001',
			/"2025-01-01 \| id = 400001" is not a date/,
		],
		['transcript.getAll', 'id', '801) | (id = 802', /is not a whole number/],
		['company.getAll', 'id', '3000001 | name =~ a', /is not a whole number/],
	])(
		'%s, %s from item data %j: refused as not of its type, before any request',
		async (operation, property, value, names) => {
			const result = await run(
				operation,
				{
					filterMode: 'conditions',
					filterConditions: {
						conditions: [
							{
								property,
								operator: property === 'createdAt' ? 'greaterThan' : 'equals',
								value: '={{ $json.v }}',
							},
						],
					},
				},
				{ items: [{ v: value }] },
			);
			expect(what(result.error)).toMatch(names);
			expect(what(result.error)).toMatch(/^Invalid filter: Condition 1/);
			expect(await fixture.requests()).toEqual([]);
		},
	);
});

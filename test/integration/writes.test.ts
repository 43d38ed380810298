import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId, INVESTORS, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * Field value writes through n8n-core's real engine against the emulator: every value type
 * written with the node and read back, batches in chunks of 100, and writes that are never
 * sent twice (the emulator's request log counts them).
 */

const fixture = new EmulatorFixture();

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

type Field = { id: string; name: string; type: string; valueType: string };
type Value = { type: string; data: unknown };

async function fieldNamed(path: string, name: string, type?: string): Promise<Field> {
	const res = await fixture.api<{ data: Field[] }>(`${path}?limit=100`);
	const field = res.body.data.find((f) => f.name === name && (!type || f.type === type));
	if (!field) throw new Error(`no field ${name} at ${path}`);
	return field;
}

const listField = (name: string, listId = TARGET_ACCOUNTS, type = 'list') =>
	fieldNamed(`/v2/lists/${listId}/fields`, name, type);
const personField = (name: string) => fieldNamed('/v2/persons/fields', name);

async function firstEntry(listId: number): Promise<{ id: number; entityId: number }> {
	const entries = await fixture.control<Array<{ id: number; entityId: number }>>(
		'GET',
		`/lists/${listId}/entries`,
	);
	return entries[0];
}

async function readValue(listId: number, entryId: number, fieldId: string): Promise<Value> {
	const res = await fixture.api<{ entity: { fields: Array<{ id: string; value: Value }> } }>(
		`/v2/lists/${listId}/list-entries/${entryId}?fieldIds=${fieldId}`,
	);
	return res.body.entity.fields.find((f) => f.id === fieldId)!.value;
}

async function writes(method = 'POST') {
	return (await fixture.requests()).filter((r) => r.method === method);
}

/** The request log as "METHOD /path", to show what a run sent. */
async function requestLines(): Promise<string[]> {
	return (await fixture.requests()).map((r) => `${r.method} ${r.path}`);
}

function updateEntry(
	entryId: number,
	field: Field,
	inputs: IDataObject,
	extra: IDataObject = {},
	timezone?: string,
) {
	return runAffinityNode({
		credentials: fixture.credentials(),
		timezone,
		parameters: {
			resource: 'listEntry',
			operation: 'updateFieldValue',
			listId: byId(TARGET_ACCOUNTS),
			listEntryId: byId(entryId),
			fieldId: `${field.id}|${field.valueType}`,
			...inputs,
			...extra,
		},
	});
}

describe('listEntry.updateFieldValue: every value type round-trips', () => {
	const iso = (date: string) => date;
	const cases: Array<
		[
			string,
			(ids: { persons: number[]; companies: number[] }) => IDataObject,
			(value: Value, ids: { persons: number[]; companies: number[] }) => void,
		]
	> = [
		[
			'Notes',
			() => ({ textValue: 'Met at the summit — “quotes” & ünïcode' }),
			(v) => expect(v.data).toBe('Met at the summit — “quotes” & ünïcode'),
		],
		['Deal Size', () => ({ numberValue: 1250000.75 }), (v) => expect(v.data).toBe(1250000.75)],
		[
			'Scores',
			() => ({ numberValues: '10, 20.5, -3' }),
			(v) => expect(v.data).toEqual([10, 20.5, -3]),
		],
		[
			'Close Date',
			() => ({ dateValue: iso('2024-03-10T23:30:00-05:00') }),
			(v) => expect(v.data).toBe('2024-03-10T08:00:00Z'),
		],
		[
			'Region',
			() => ({ locationValue: { city: 'Berlin', country: 'Germany', continent: 'Europe' } }),
			(v) =>
				expect(v.data).toEqual({
					streetAddress: null,
					city: 'Berlin',
					state: null,
					country: 'Germany',
					continent: 'Europe',
				}),
		],
		[
			'Sites',
			() => ({
				locationValues: {
					location: [
						{ city: 'Lagos', country: 'Nigeria' },
						{ streetAddress: '1 Market St', city: 'San Francisco', state: 'California' },
					],
				},
			}),
			(v) =>
				expect(v.data).toEqual([
					{ streetAddress: null, city: 'Lagos', state: null, country: 'Nigeria', continent: null },
					{
						streetAddress: '1 Market St',
						city: 'San Francisco',
						state: 'California',
						country: null,
						continent: null,
					},
				]),
		],
		[
			'Stage',
			() => ({ dropdownValue: '=IC' }),
			(v) => expect(v.data).toMatchObject({ text: 'IC' }),
		],
		[
			'Labels',
			() => ({ dropdownValues: '=Hot, Strategic' }),
			(v) =>
				expect((v.data as Array<{ text: string }>).map((o) => o.text)).toEqual([
					'Hot',
					'Strategic',
				]),
		],
		[
			'Status',
			() => ({ dropdownValue: '=Negotiation' }),
			(v) => expect(v.data).toMatchObject({ text: 'Negotiation', rank: 3 }),
		],
		[
			'Owner',
			({ persons }) => ({ personValue: byId(persons[0]) }),
			(v, { persons }) => expect(v.data).toMatchObject({ id: persons[0] }),
		],
		[
			'Champions',
			({ persons }) => ({
				personValues: { person: persons.slice(0, 3).map((id) => ({ person: byId(id) })) },
			}),
			(v, { persons }) =>
				expect((v.data as Array<{ id: number }>).map((p) => p.id)).toEqual(persons.slice(0, 3)),
		],
		[
			'Related Company',
			({ companies }) => ({
				companyValue: {
					__rl: true,
					mode: 'url',
					value: `https://emulated-ventures.affinity.co/companies/${companies[0]}`,
				},
			}),
			(v, { companies }) =>
				expect(v.data).toMatchObject({ id: companies[0], name: expect.any(String) }),
		],
		[
			'Co-investors',
			({ companies }) => ({
				companyValues: { company: companies.slice(0, 2).map((id) => ({ company: byId(id) })) },
			}),
			(v, { companies }) =>
				expect((v.data as Array<{ id: number }>).map((c) => c.id)).toEqual(companies.slice(0, 2)),
		],
	];

	it.each(cases)('%s', async (name, inputs, check) => {
		const ids = { persons: [5000101, 5000102, 5000103], companies: [3000201, 3000202] };
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const field = await listField(name);
		await fixture.clearRequests();
		const result = await updateEntry(entry.id, field, inputs(ids));
		expect(result.error).toBeUndefined();
		const [item] = result.items;
		expect(item).toMatchObject({
			success: true,
			listId: TARGET_ACCOUNTS,
			listEntryId: entry.id,
			fieldId: field.id,
			fieldName: name,
			value: { type: field.valueType },
		});
		const posts = await writes();
		expect(posts).toHaveLength(1);
		expect(JSON.parse(posts[0].body!)).toEqual({ value: item.value });
		const stored = await readValue(TARGET_ACCOUNTS, entry.id, field.id);
		expect(stored.type).toBe(field.valueType);
		check(stored, ids);
		expectNoKey(result.run);
	});

	it('the node reads back what it wrote (listEntry.get, simplified)', async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const status = await listField('Status');
		const deal = await listField('Deal Size');
		expect((await updateEntry(entry.id, status, { dropdownValue: '=Won' })).error).toBeUndefined();
		expect((await updateEntry(entry.id, deal, { numberValue: 99 })).error).toBeUndefined();
		const read = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'get',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				fieldIds: [status.id, deal.id],
				fieldTypes: [],
			},
		});
		expect(read.items[0].fields).toEqual({ Status: 'Won', 'Deal Size': 99 });
	});

	it("writes a global field of the entry's company, clears it, and writes raw JSON", async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const employees = await listField('Employees', TARGET_ACCOUNTS, 'global');
		expect((await updateEntry(entry.id, employees, { numberValue: 77 })).error).toBeUndefined();
		expect(await readValue(TARGET_ACCOUNTS, entry.id, employees.id)).toEqual({
			type: 'number',
			data: 77,
		});
		const cleared = await updateEntry(entry.id, employees, { writeMode: 'clear' });
		expect(cleared.items[0]).toMatchObject({
			success: true,
			value: { type: 'number', data: null },
		});
		expect(await readValue(TARGET_ACCOUNTS, entry.id, employees.id)).toEqual({
			type: 'number',
			data: null,
		});
		const raw = await updateEntry(entry.id, employees, {
			writeMode: 'raw',
			rawValue: '{"type": "number", "data": 12}',
		});
		expect(raw.error).toBeUndefined();
		expect(await readValue(TARGET_ACCOUNTS, entry.id, employees.id)).toEqual({
			type: 'number',
			data: 12,
		});
	});

	it("a field given by an expression, with the generic Value, is encoded by the field's own type", async () => {
		const entries = await fixture.control<Array<{ id: number }>>(
			'GET',
			`/lists/${TARGET_ACCOUNTS}/entries`,
		);
		const close = await listField('Close Date');
		const labels = await listField('Labels');
		await fixture.clearRequests();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			items: [
				{ entry: entries[0].id, field: close.id, value: '2024-11-03T23:59:00-08:00' },
				{ entry: entries[1].id, field: labels.id, value: ['Cold', 'Warm'] },
			],
			parameters: {
				resource: 'listEntry',
				operation: 'updateFieldValue',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId('={{ $json.entry }}'),
				fieldId: '={{ $json.field }}',
				anyValue: '={{ $json.value }}',
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.paired).toEqual([0, 1]);
		// 3 November 2024 is the day Pacific time falls back: its midnight is still PDT (07:00Z).
		expect(await readValue(TARGET_ACCOUNTS, entries[0].id, close.id)).toEqual({
			type: 'datetime',
			data: '2024-11-03T07:00:00Z',
		});
		const stored = await readValue(TARGET_ACCOUNTS, entries[1].id, labels.id);
		expect((stored.data as Array<{ text: string }>).map((o) => o.text)).toEqual(['Cold', 'Warm']);
		// One fields page and one dropdown-options page were read once for both items.
		const log = await fixture.requests();
		expect(log.filter((r) => r.path === `/v2/lists/${TARGET_ACCOUNTS}/fields`)).toHaveLength(1);
		expect(log.filter((r) => r.path.endsWith('/dropdown-options'))).toHaveLength(1);
	});

	it('takes an n8n DateTime in its own zone as the calendar date meant', async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const close = await listField('Close Date');
		// 4 July 22:00 in Tokyo is 4 July there (13:00Z), though it is 4 July 06:00 in Los Angeles.
		const result = await updateEntry(entry.id, close, {
			dateValue: '={{ DateTime.fromISO("2024-07-04T22:00:00", { zone: "Asia/Tokyo" }) }}',
		});
		expect(result.error).toBeUndefined();
		expect(await readValue(TARGET_ACCOUNTS, entry.id, close.id)).toEqual({
			type: 'datetime',
			data: '2024-07-04T07:00:00Z',
		});
	});
});

describe('date fields keep the calendar day written, whichever day Affinity keeps of an instant', () => {
	it.each(['pacific', 'utc'] as const)(
		'dateFieldDay %s: 2024-04-01 is sent at noon UTC and reads back as April 1; 1 December 00:30 in Tokyo as 1 December',
		async (dateFieldDay) => {
			await fixture.control('POST', '/settings', { dateFieldDay });
			const entry = await firstEntry(TARGET_ACCOUNTS);
			const close = await listField('Close Date');
			const written = await updateEntry(entry.id, close, { dateValue: '2024-04-01' });
			expect(written.error).toBeUndefined();
			const [post] = await writes();
			expect(JSON.parse(post.body as string)).toEqual({
				value: { type: 'datetime', data: '2024-04-01T12:00:00Z' },
			});
			// Midnight in Los Angeles of April 1 (daylight time).
			expect(await readValue(TARGET_ACCOUNTS, entry.id, close.id)).toEqual({
				type: 'datetime',
				data: '2024-04-01T07:00:00Z',
			});
			// Just after midnight in Tokyo is still the previous day in UTC and in Los Angeles.
			const tokyo = await updateEntry(
				entry.id,
				close,
				{ dateValue: '2024-12-01T00:30:00' },
				{},
				'Asia/Tokyo',
			);
			expect(tokyo.error).toBeUndefined();
			expect((await readValue(TARGET_ACCOUNTS, entry.id, close.id)).data).toBe(
				'2024-12-01T08:00:00Z',
			);
		},
	);
});

describe('person.updateFieldValue', () => {
	it('writes person fields (text, dropdown by name, date, company-multi) and they read back', async () => {
		const entry = await firstEntry(INVESTORS);
		const jobTitle = await personField('Job Title');
		const seniority = await personField('Seniority');
		const birthday = await personField('Birthday');
		const employers = await personField('Employers');
		const run = (field: Field, inputs: IDataObject) =>
			runAffinityNode({
				credentials: fixture.credentials(),
				parameters: {
					resource: 'person',
					operation: 'updateFieldValue',
					personId: byId(entry.entityId),
					fieldId: `${field.id}|${field.valueType}`,
					...inputs,
				},
			});
		const results = [
			await run(jobTitle, { textValue: 'Partner' }),
			await run(seniority, { dropdownValue: '=c-level' }),
			await run(birthday, { dateValue: '1990-02-28' }),
			await run(employers, {
				companyValues: { company: [{ company: byId(3000005) }, { company: byId(3000006) }] },
			}),
		];
		for (const result of results) expect(result.error).toBeUndefined();
		expect(results[1].items[0]).toMatchObject({
			success: true,
			personId: entry.entityId,
			fieldId: seniority.id,
			value: { type: 'dropdown', data: { dropdownOptionId: expect.any(Number) } },
		});
		expect((await readValue(INVESTORS, entry.id, jobTitle.id)).data).toBe('Partner');
		expect((await readValue(INVESTORS, entry.id, seniority.id)).data).toMatchObject({
			text: 'C-Level',
		});
		expect((await readValue(INVESTORS, entry.id, birthday.id)).data).toBe('1990-02-28T08:00:00Z');
		expect(
			((await readValue(INVESTORS, entry.id, employers.id)).data as Array<{ id: number }>).map(
				(c) => c.id,
			),
		).toEqual([3000005, 3000006]);
	});

	it('an unknown dropdown name is refused with the options listed, before any write', async () => {
		const entry = await firstEntry(INVESTORS);
		const seniority = await personField('Seniority');
		await fixture.clearRequests();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'person',
				operation: 'updateFieldValue',
				personId: byId(entry.entityId),
				fieldId: `${seniority.id}|dropdown`,
				dropdownValue: '=Wizard',
			},
		});
		expect(result.error?.message).toMatch(/no dropdown option "Wizard"/);
		expect(result.error?.description).toMatch(/"Founder" \(\d+\)/);
		expect(await writes()).toHaveLength(0);
	});
});

describe('refused before the write', () => {
	it('read-only fields: enriched and relationship-intelligence ids before any request, formulas before the write', async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		for (const fieldId of ['affinity-data-description|text', 'last-email']) {
			const result = await runAffinityNode({
				credentials: fixture.credentials(),
				parameters: {
					resource: 'listEntry',
					operation: 'updateFieldValue',
					listId: byId(TARGET_ACCOUNTS),
					listEntryId: byId(entry.id),
					fieldId,
					textValue: 'x',
				},
			});
			expect(result.error?.message).toMatch(
				/cannot write .*(enriched|relationship-intelligence) field/,
			);
		}
		expect(await fixture.requests()).toHaveLength(0);

		const formula = await listField('Weighted Value');
		await fixture.clearRequests();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'updateFieldValue',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				fieldId: formula.id,
				anyValue: '5',
			},
		});
		expect(result.error?.message).toMatch(/"Weighted Value" .* is a formula field/);
		expect(await writes()).toHaveLength(0);
	});

	it("a value of another type than the field's, and a malformed value, name the field and the fix", async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const notes = await listField('Notes');
		const deal = await listField('Deal Size');
		await fixture.clearRequests();
		const wrongType = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'updateFieldValue',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				fieldId: `${notes.id}|number`,
				numberValue: 5,
			},
		});
		expect(wrongType.error?.message).toMatch(
			/"Notes" .* is a text field; the value given is of type number/,
		);
		const notANumber = await updateEntry(
			entry.id,
			deal,
			{ numberValues: 'x' },
			{ fieldId: `${deal.id}|number`, numberValue: '=lots' },
		);
		expect(notANumber.error?.message).toBe(
			`Field: "Deal Size" (${deal.id}): "lots" is not a number`,
		);
		const champions = await listField('Champions');
		await fixture.clearRequests();
		const tooMany = await updateEntry(entry.id, champions, {
			personValues: {
				person: Array.from({ length: 101 }, (_, i) => ({ person: byId(5000007 + i) })),
			},
		});
		expect(tooMany.error?.message).toBe(
			`Field: "Champions" (${champions.id}): 101 persons given; Affinity takes at most 100 in one person-multi value`,
		);
		// A value of a known type that cannot be encoded is refused before any write or record
		// read: the only request is the field metadata read that names the field in the error.
		expect(await requestLines()).toEqual([`GET /v2/lists/${TARGET_ACCOUNTS}/fields`]);
	});

	it.each([
		['Sites', 'location-multi', (i: number) => ({ city: `City ${i}` }), '101 locations'],
		['Scores', 'number-multi', (i: number) => i, '101 numbers'],
	] as const)(
		'%s (%s): more than 100 values are refused before any write (only the field metadata is read), naming the field and the count',
		async (name, type, make, count) => {
			const entry = await firstEntry(TARGET_ACCOUNTS);
			const field = await listField(name);
			await fixture.clearRequests();
			const result = await updateEntry(entry.id, field, {
				writeMode: 'raw',
				rawValue: JSON.stringify({ type, data: Array.from({ length: 101 }, (_, i) => make(i)) }),
			});
			expect(result.error?.message).toBe(
				`Field: "${name}" (${field.id}): ${count} given; Affinity takes at most 100 in one ${type} value`,
			);
			// No write: only the field metadata read that names the field.
			expect(await requestLines()).toEqual([`GET /v2/lists/${TARGET_ACCOUNTS}/fields`]);
		},
	);

	it('a batch that updates one field twice is refused before any request, naming the field and the updates', async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const notes = await listField('Notes');
		const deal = await listField('Deal Size');
		await fixture.clearRequests();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'updateFieldValues',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				inputMode: 'fields',
				updates: {
					update: [
						{ fieldId: `${notes.id}|text`, textValue: 'first' },
						{ fieldId: `${deal.id}|number`, numberValue: 5 },
						{ fieldId: notes.id, valueType: 'auto', anyValue: 'second' },
					],
				},
			},
		});
		expect(result.error?.message).toBe(`Updates 1, 3: the field ${notes.id} is given 2 times`);
		expect(result.error?.description).toMatch(/keep only the last.*Nothing was sent/s);
		const json = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'updateFieldValues',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				inputMode: 'json',
				updatesJson: JSON.stringify([
					{ id: deal.id, value: 1 },
					{ id: deal.id, value: 2 },
				]),
			},
		});
		expect(json.error?.message).toBe(`Updates 1, 2: the field ${deal.id} is given 2 times`);
		expect(await fixture.requests()).toHaveLength(0);
	});
});

describe('never sent twice', () => {
	async function deal() {
		return { entry: await firstEntry(TARGET_ACCOUNTS), field: await listField('Deal Size') };
	}

	it('a 500 after the write was applied: one POST, and the error says it may or may not have been applied and how to check', async () => {
		const { entry, field } = await deal();
		await fixture.fault({ kind: 'status', status: 500, apply: true, method: 'POST' });
		const result = await updateEntry(entry.id, field, { numberValue: 501 });
		expect(result.error?.httpCode).toBe('500');
		expect(result.error?.description).toMatch(/may or may not have been applied/);
		expect(result.error?.description).toContain(
			`List Entry → Get Field Value (list ${TARGET_ACCOUNTS}, entry ${entry.id}, field ${field.id})`,
		);
		expect((await writes()).map((r) => r.status)).toEqual([500]);
		// It was in fact applied: exactly why it must not be sent again.
		expect(await readValue(TARGET_ACCOUNTS, entry.id, field.id)).toEqual({
			type: 'number',
			data: 501,
		});
		expectNoKey(result.run);
	});

	it('a connection reset: one POST, write of unknown outcome', async () => {
		const { entry, field } = await deal();
		await fixture.fault({ kind: 'reset', apply: true, method: 'POST' });
		const result = await updateEntry(entry.id, field, { numberValue: 502 });
		expect(result.error?.message).toMatch(/connection to Affinity was reset/);
		expect(result.error?.description).toMatch(
			/may or may not have been applied.*List Entry → Get Field Value/,
		);
		expect(await writes()).toHaveLength(1);
	});

	it('a timeout: one POST, write of unknown outcome', async () => {
		const { entry, field } = await deal();
		await fixture.fault({ kind: 'delay', delayMs: 2500, method: 'POST' });
		const result = await updateEntry(
			entry.id,
			field,
			{ numberValue: 503 },
			{ requestOptions: { timeout: 1 } },
		);
		expect(result.error?.message).toMatch(/did not answer in time/);
		expect(result.error?.description).toMatch(
			/may or may not have been applied.*List Entry → Get Field Value/,
		);
		expect(await writes()).toHaveLength(1);
	});

	it('a 429 is retried once and the write succeeds: two POSTs, the first refused', async () => {
		const { entry, field } = await deal();
		await fixture.fault({
			kind: 'status',
			status: 429,
			method: 'POST',
			headers: { 'x-ratelimit-limit-user-reset': '1' },
		});
		const result = await updateEntry(entry.id, field, { numberValue: 429 });
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({ success: true, value: { type: 'number', data: 429 } });
		expect((await writes()).map((r) => r.status)).toEqual([429, 204]);
	});

	it('a 400 is not retried and names the refused part', async () => {
		const { entry } = await deal();
		const owner = await listField('Owner');
		const result = await updateEntry(entry.id, owner, { personValue: byId(424242) });
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.description).toMatch(/"value\.data\.id"/);
		expect(await writes()).toHaveLength(1);
	});
});

describe('listEntry.updateFieldValues', () => {
	async function manyFields(count: number): Promise<string[]> {
		const ids: string[] = [];
		for (let i = 0; i < count; i++) {
			const created = await fixture.control<{ id: string }>('POST', '/fields', {
				listId: TARGET_ACCOUNTS,
				name: `Extra ${i + 1}`,
				valueType: 'text',
			});
			ids.push(created.id);
		}
		return ids;
	}

	function batch(
		entryId: number,
		updates: unknown,
		extra: IDataObject = {},
		continueOnFail = false,
	) {
		return runAffinityNode({
			credentials: fixture.credentials(),
			continueOnFail,
			parameters: {
				resource: 'listEntry',
				operation: 'updateFieldValues',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entryId),
				inputMode: 'json',
				updatesJson: JSON.stringify(updates),
				...extra,
			},
		});
	}

	it.each([
		[101, [100, 1]],
		[250, [100, 100, 50]],
	])('%i updates go in chunks of %j, in order, and all read back', async (count, sizes) => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const ids = await manyFields(count);
		await fixture.clearRequests();
		const result = await batch(
			entry.id,
			ids.map((id, i) => ({ id, value: { type: 'text', data: `v${i + 1}` } })),
		);
		expect(result.error).toBeUndefined();
		const patches = await writes('PATCH');
		expect(
			patches.map((r) => (JSON.parse(r.body!) as { updates: unknown[] }).updates.length),
		).toEqual(sizes);
		expect(
			patches.flatMap((r) =>
				(JSON.parse(r.body!) as { updates: Array<{ id: string }> }).updates.map((u) => u.id),
			),
		).toEqual(ids);
		expect(result.items[0]).toMatchObject({
			success: true,
			updated: count,
			chunks: sizes.map((updates, i) => ({ chunk: i + 1, updates })),
		});
		const stored = await fixture.control<Array<{ id: number; values: Record<string, Value> }>>(
			'GET',
			`/lists/${TARGET_ACCOUNTS}/entries`,
		);
		const values = stored.find((e) => e.id === entry.id)!.values;
		expect(ids.map((id) => values[id]?.data)).toEqual(ids.map((_, i) => `v${i + 1}`));
		// Requests in all: the list's fields (pages of 100) once, then the PATCHes; nothing else.
		const log = await fixture.requests();
		const fieldPages = Math.ceil((27 + count) / 100);
		expect(log.map((r) => r.method)).toEqual([
			...Array(fieldPages).fill('GET'),
			...sizes.map(() => 'PATCH'),
		]);
	});

	it('a 500 on chunk 2 of 3: chunk 1 applied, chunk 2 not re-sent (outcome unknown), chunk 3 not sent; the error says so', async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const ids = await manyFields(250);
		await fixture.clearRequests();
		await fixture.fault({ kind: 'status', status: 500, method: 'PATCH', skip: 1 });
		const result = await batch(
			entry.id,
			ids.map((id, i) => ({ id, value: { type: 'text', data: `w${i + 1}` } })),
		);
		expect(result.error?.message).toMatch(/^Chunk 2 of 3 \(updates 101–200\) failed/);
		expect(result.error?.description).toMatch(
			/^Chunk 1 \(updates 1–100\) was applied\. Chunk 3 \(updates 201–250\) was not sent\. Fields in chunk 2: /,
		);
		expect(result.error?.description).toContain(ids[100]);
		expect(result.error?.description).toMatch(
			/may or may not have been applied.*List Entry → Get Field Values/,
		);
		expect(result.error?.context).toMatchObject({ failedChunk: 2, chunks: 3, appliedUpdates: 100 });
		expect((await writes('PATCH')).map((r) => r.status)).toEqual([200, 500]);
		const values = (
			await fixture.control<Array<{ id: number; values: Record<string, Value> }>>(
				'GET',
				`/lists/${TARGET_ACCOUNTS}/entries`,
			)
		).find((e) => e.id === entry.id)!.values;
		expect(values[ids[99]]?.data).toBe('w100');
		expect(values[ids[249]]).toBeUndefined();
	});

	it('with Continue On Fail, the error item says what the batch applied, did not send and may have applied', async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const ids = await manyFields(250);
		await fixture.fault({ kind: 'status', status: 500, method: 'PATCH', skip: 1 });
		const result = await batch(
			entry.id,
			ids.map((id, i) => ({ id, value: { type: 'text', data: `w${i + 1}` } })),
			{},
			true,
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0]).toEqual({
			error: expect.stringMatching(/^Chunk 2 of 3 \(updates 101–200\) failed/),
			description: expect.stringMatching(/^Chunk 1 \(updates 1–100\) was applied\./),
			httpCode: '500',
			writeMayHaveApplied: true,
			failedChunk: 2,
			chunks: 3,
			appliedUpdates: 100,
			notSentUpdates: 50,
			failedFieldIds: ids.slice(100, 200),
		});
		expect(result.paired).toEqual([0]);
	});

	it('with Continue On Fail, a refused chunk: surely not applied, as data', async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const ids = await manyFields(150);
		const owner = await listField('Owner');
		const updates: unknown[] = ids.map((id) => ({ id, value: { type: 'text', data: 'y' } }));
		updates[120] = { id: owner.id, value: { type: 'person', data: { id: 424242 } } };
		const result = await batch(entry.id, updates, {}, true);
		expect(result.items[0]).toMatchObject({
			httpCode: '400',
			writeMayHaveApplied: false,
			failedChunk: 2,
			chunks: 2,
			appliedUpdates: 100,
			notSentUpdates: 0,
		});
	});

	it('a 400 on chunk 2 (a person the API does not know): the error names the chunk and the refused update', async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const ids = await manyFields(150);
		const owner = await listField('Owner');
		const updates: unknown[] = ids.map((id) => ({ id, value: { type: 'text', data: 'y' } }));
		updates[120] = { id: owner.id, value: { type: 'person', data: { id: 424242 } } };
		await fixture.clearRequests();
		const result = await batch(entry.id, updates);
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(
			/^Chunk 2 of 2 \(updates 101–150\) failed: Person 424242 does not exist/,
		);
		expect(result.error?.description).toMatch(
			/^Chunk 1 \(updates 1–100\) was applied\. Affinity refused chunk 2\./,
		);
		// Named as the user numbers the updates (as the node's own checks do), not by its place in the chunk.
		expect(result.error?.description).toContain(
			`Affinity refused the value of "Update 121 (${owner.id}): value.data.id" (sent as "updates[20].value.data.id")`,
		);
		expect((await writes('PATCH')).map((r) => r.status)).toEqual([200, 400]);
	});

	it('Define Below: several fields of different types in one request', async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const notes = await listField('Notes');
		const status = await listField('Status');
		const close = await listField('Close Date');
		const owner = await listField('Owner');
		await fixture.clearRequests();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'updateFieldValues',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				inputMode: 'fields',
				updates: {
					update: [
						{ fieldId: `${notes.id}|text`, textValue: 'from the batch' },
						{ fieldId: `${status.id}|ranked-dropdown`, dropdownValue: 'Qualified' },
						{ fieldId: `${close.id}|datetime`, dateValue: '2025-12-31' },
						{ fieldId: `${owner.id}|person`, writeMode: 'clear' },
					],
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			success: true,
			updated: 4,
			chunks: [{ chunk: 1, updates: 4, fieldIds: [notes.id, status.id, close.id, owner.id] }],
		});
		expect(await writes('PATCH')).toHaveLength(1);
		expect((await readValue(TARGET_ACCOUNTS, entry.id, notes.id)).data).toBe('from the batch');
		expect((await readValue(TARGET_ACCOUNTS, entry.id, status.id)).data).toMatchObject({
			text: 'Qualified',
		});
		expect((await readValue(TARGET_ACCOUNTS, entry.id, close.id)).data).toBe(
			'2025-12-31T08:00:00Z',
		);
		expect((await readValue(TARGET_ACCOUNTS, entry.id, owner.id)).data).toBeNull();
	});

	it("JSON updates may give plain values (encoded by each field's type) and null (clears)", async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const deal = await listField('Deal Size');
		const stage = await listField('Stage');
		const notes = await listField('Notes');
		const champions = await listField('Champions');
		const result = await batch(entry.id, [
			{ id: deal.id, value: '1500' },
			{ id: stage.id, value: 'diligence' },
			{ fieldId: champions.id, value: [5000011, '5000012'] },
			{ id: notes.id, value: null },
		]);
		expect(result.error).toBeUndefined();
		const [patch] = await writes('PATCH');
		expect((JSON.parse(patch.body!) as { updates: unknown[] }).updates).toEqual([
			{ id: deal.id, value: { type: 'number', data: 1500 } },
			{ id: stage.id, value: { type: 'dropdown', data: { dropdownOptionId: expect.any(Number) } } },
			{
				id: champions.id,
				value: { type: 'person-multi', data: [{ id: 5000011 }, { id: 5000012 }] },
			},
			{ id: notes.id, value: { type: 'text', data: null } },
		]);
		expect((await readValue(TARGET_ACCOUNTS, entry.id, stage.id)).data).toMatchObject({
			text: 'Diligence',
		});
		expect((await readValue(TARGET_ACCOUNTS, entry.id, notes.id)).data).toBeNull();
	});

	it('a bad update anywhere is refused before any chunk is sent', async () => {
		const entry = await firstEntry(TARGET_ACCOUNTS);
		const ids = await manyFields(120);
		const updates: unknown[] = ids.map((id) => ({ id, value: { type: 'text', data: 'x' } }));
		updates[110] = { id: 'affinity-data-description', value: { type: 'text', data: 'x' } };
		await fixture.clearRequests();
		const result = await batch(entry.id, updates);
		expect(result.error?.message).toMatch(
			/^Update 111: cannot write "affinity-data-description" is an enriched field/,
		);
		expect(await writes('PATCH')).toHaveLength(0);
	});
});

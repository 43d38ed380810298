import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId, INVESTORS, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * List Entry → Create or Update through n8n-core's real engine against the emulator: a row's
 * company found or created, added to the list when it is not on it, and its mapped fields
 * written in one request, leaving out unchanged values; the request log counts every call.
 */

const fixture = new EmulatorFixture();

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(async () => {
	await fixture.reset();
	await fixture.clearRequests();
});

type Field = { id: string; name: string; type: string; valueType: string };
type Value = { type: string; data: unknown };
type Entry = { id: number; listId: number; fields: Array<{ id: string; value: Value }> };

let listFields: Field[] = [];
async function fields(): Promise<Field[]> {
	if (!listFields.length) {
		const res = await fixture.api<{ data: Field[] }>(
			`/v2/lists/${TARGET_ACCOUNTS}/fields?limit=100`,
		);
		listFields = res.body.data;
	}
	return listFields;
}

async function field(name: string, type = 'list'): Promise<Field> {
	const found = (await fields()).find((f) => f.name === name && f.type === type);
	if (!found) throw new Error(`no field ${name}`);
	return found;
}

/** The mapper's schema as the editor saves it: the writable fields, typed. */
async function schema(): Promise<IDataObject[]> {
	const options = async (f: Field) => {
		const res = await fixture.api<{ data: Array<{ text: string }> }>(
			`/v2/lists/${TARGET_ACCOUNTS}/fields/${f.id}/dropdown-options`,
		);
		return res.body.data.map((o) => ({ name: o.text, value: o.text }));
	};
	const out: IDataObject[] = [];
	for (const f of await fields()) {
		if (f.type === 'enriched' || f.type === 'relationship-intelligence') continue;
		if (f.valueType === 'formula-number') continue;
		const type =
			f.valueType === 'number'
				? 'number'
				: f.valueType === 'datetime'
					? 'dateTime'
					: f.valueType === 'dropdown' || f.valueType === 'ranked-dropdown'
						? 'options'
						: 'string';
		out.push({
			id: `${f.id}|${f.valueType}`,
			displayName: f.name,
			required: false,
			defaultMatch: false,
			display: true,
			type,
			...(type === 'options' && f.type === 'list' ? { options: await options(f) } : {}),
		});
	}
	return out;
}

async function columns(values: Record<string, unknown>): Promise<IDataObject> {
	const value: IDataObject = {};
	for (const [name, v] of Object.entries(values)) {
		const f = await field(name);
		value[`${f.id}|${f.valueType}`] = v as IDataObject;
	}
	return {
		mappingMode: 'defineBelow',
		value,
		matchingColumns: [],
		schema: await schema(),
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

async function upsert(
	parameters: IDataObject,
	items: IDataObject[] = [{}],
	continueOnFail = false,
) {
	await fixture.clearRequests();
	return runAffinityNode({
		credentials: fixture.credentials(),
		items,
		continueOnFail,
		parameters: {
			resource: 'listEntry',
			operation: 'upsert',
			listId: byId(TARGET_ACCOUNTS),
			matchOn: 'domain',
			domain: '={{ $json.domain }}',
			...parameters,
		},
	});
}

async function requests() {
	return (await fixture.requests()).map((r) => ({
		method: r.method,
		path: r.path.split('?')[0],
		body: r.body ? (JSON.parse(r.body) as IDataObject) : undefined,
	}));
}

const writesOf = async () => (await requests()).filter((r) => r.method !== 'GET');

async function entryOf(companyId: number): Promise<Entry | undefined> {
	const res = await fixture.api<{ data: Entry[] }>(`/v2/companies/${companyId}/list-entries`);
	return res.body.data.find((e) => e.listId === TARGET_ACCOUNTS);
}

const valueOf = (entry: Entry | undefined, f: Field) =>
	entry?.fields.find((x) => x.id === f.id)?.value;

let made = 0;
/** A company that is not on Target Accounts (made through the emulator's control API). */
async function companyNotOnList(): Promise<{ id: number; domain: string }> {
	made += 1;
	const domain = `outside-${made}.example`;
	const { id } = await fixture.control<{ id: number }>('POST', '/companies', {
		name: `Outside ${made}`,
		domain,
	});
	return { id, domain };
}

describe('listEntry.upsert', () => {
	it('creates a new company, adds it to the list and writes the mapped fields in one request', async () => {
		const result = await upsert(
			{
				companyName: 'Zeta Robotics',
				columns: await columns({ Stage: 'Diligence', 'Deal Size': 250 }),
			},
			[{ domain: 'zeta-robotics.example' }],
		);
		expect(result.error).toBeUndefined();
		const out = result.items[0];
		expect(out).toMatchObject({
			created: true,
			addedToList: true,
			listId: TARGET_ACCOUNTS,
			type: 'company',
			fieldsWritten: { Stage: 'Diligence', 'Deal Size': 250 },
			fieldsUnchanged: [],
		});
		const writes = await writesOf();
		expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
			'POST /v2/companies/search',
			'POST /organizations',
			`POST /lists/${TARGET_ACCOUNTS}/list-entries`,
			`PATCH /v2/lists/${TARGET_ACCOUNTS}/list-entries/${out.id}/fields`,
		]);
		const entry = await entryOf((out.entity as IDataObject).id as number);
		expect(entry?.id).toBe(out.id);
		expect(valueOf(entry, await field('Deal Size'))?.data).toBe(250);
		expect((valueOf(entry, await field('Stage'))?.data as IDataObject).text).toBe('Diligence');
		expectNoKey(result.items, result.error);
	});

	it('adds a company that exists but is not on the list, without creating it', async () => {
		const company = await companyNotOnList();
		const result = await upsert({ columns: await columns({ Notes: 'from the sheet' }) }, [
			{ domain: company.domain },
		]);
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			created: false,
			addedToList: true,
			entity: { id: company.id },
		});
		const writes = await writesOf();
		expect(writes.map((w) => w.method + ' ' + w.path)).toEqual([
			'POST /v2/companies/search',
			`POST /lists/${TARGET_ACCOUNTS}/list-entries`,
			`PATCH /v2/lists/${TARGET_ACCOUNTS}/list-entries/${result.items[0].id}/fields`,
		]);
		expect(valueOf(await entryOf(company.id), await field('Notes'))?.data).toBe('from the sheet');
	});

	it('on a company already on the list writes only the values that changed', async () => {
		const company = await companyNotOnList();
		await upsert({ columns: await columns({ Notes: 'same', 'Deal Size': 10 }) }, [
			{ domain: company.domain },
		]);
		await fixture.clearRequests();
		const result = await upsert(
			{ columns: await columns({ Notes: 'same', 'Deal Size': 20, Stage: 'Diligence' }) },
			[{ domain: company.domain }],
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			created: false,
			addedToList: false,
			fieldsWritten: { 'Deal Size': 20, Stage: 'Diligence' },
			fieldsUnchanged: ['Notes'],
		});
		const writes = await writesOf();
		expect(writes.filter((w) => w.method === 'PATCH')).toHaveLength(1);
		const patch = writes.find((w) => w.method === 'PATCH')!;
		const ids = (patch.body!.updates as IDataObject[]).map((u) => u.id);
		expect(ids.sort()).toEqual([(await field('Deal Size')).id, (await field('Stage')).id].sort());
		expect(writes.filter((w) => w.path.includes('list-entries') && w.method === 'POST')).toEqual(
			[],
		);

		// Nothing changed: nothing is written.
		await fixture.clearRequests();
		const again = await upsert(
			{ columns: await columns({ Notes: 'same', 'Deal Size': 20, Stage: 'Diligence' }) },
			[{ domain: company.domain }],
		);
		expect(again.items[0].fieldsWritten).toEqual({});
		expect(
			(await writesOf()).filter((w) => w.method !== 'POST' || !w.path.endsWith('search')),
		).toEqual([]);
	});

	it('a row whose company is among the list entries read once per run needs no search of its own', async () => {
		const first = await fixture.api<{
			data: Array<{ id: number; entity: { id: number; domain: string } }>;
		}>(`/v2/lists/${TARGET_ACCOUNTS}/list-entries?limit=1`);
		const { entity } = first.body.data[0];
		const result = await upsert({ columns: await columns({ Notes: 'indexed' }) }, [
			{ domain: entity.domain },
		]);
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({ created: false, addedToList: false });
		const paths = (await requests()).map((r) => `${r.method} ${r.path}`);
		expect(paths.filter((p) => p.includes('/search') || p.includes('/v2/companies/'))).toEqual([]);
		expect(paths.filter((p) => p === `GET /v2/lists/${TARGET_ACCOUNTS}/list-entries`)).toHaveLength(
			1,
		);
	});

	it('a domain twice in one run makes one company, one entry and writes each value once', async () => {
		const result = await upsert({ columns: await columns({ Notes: '={{ $json.note }}' }) }, [
			{ domain: 'twice.example', note: 'first' },
			{ domain: 'Twice.example', note: 'first' },
			{ domain: 'twice.example', note: 'second' },
		]);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items.map((i) => [i.created, i.addedToList])).toEqual([
			[true, true],
			[false, false],
			[false, false],
		]);
		expect(new Set(result.items.map((i) => i.id)).size).toBe(1);
		const writes = await writesOf();
		expect(writes.filter((w) => w.path === '/organizations')).toHaveLength(1);
		expect(writes.filter((w) => w.path.endsWith('/list-entries'))).toHaveLength(1);
		expect(writes.filter((w) => w.method === 'PATCH')).toHaveLength(2);
		expect(result.items[1].fieldsUnchanged).toEqual(['Notes']);
	});

	it('writes every value type, dropdowns by option name and dates in the workflow time zone', async () => {
		const people = await fixture.api<{ data: Array<{ id: number }> }>('/v2/persons?limit=3');
		const [p1, p2] = people.body.data.map((p) => p.id);
		const company = await companyNotOnList();
		const statusOptions = await fixture.api<{ data: Array<{ text: string }> }>(
			`/v2/lists/${TARGET_ACCOUNTS}/fields/${(await field('Status')).id}/dropdown-options`,
		);
		const labels = await fixture.api<{ data: Array<{ text: string }> }>(
			`/v2/lists/${TARGET_ACCOUNTS}/fields/${(await field('Labels')).id}/dropdown-options`,
		);
		const values: Record<string, unknown> = {
			Status: statusOptions.body.data[0].text,
			Owner: p1,
			'Deal Size': 1200.5,
			'Close Date': '2026-03-01',
			Notes: 'All types',
			Stage: 'Diligence',
			'Co-investors': [company.id],
			Champions: `${p1},${p2}`,
			Region: { city: 'Lisbon', country: 'Portugal' },
			Scores: [1, 2, 3],
			Labels: [labels.body.data[0].text],
			'Related Company': company.id,
			Sites: [{ city: 'Porto', country: 'Portugal' }],
		};
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			timezone: 'Europe/Lisbon',
			parameters: {
				resource: 'listEntry',
				operation: 'upsert',
				listId: byId(TARGET_ACCOUNTS),
				matchOn: 'entityId',
				entityId: String(company.id),
				columns: await columns(values),
			},
		});
		expect(result.error).toBeUndefined();
		expect(Object.keys(result.items[0].fieldsWritten as IDataObject).sort()).toEqual(
			Object.keys(values).sort(),
		);
		const entry = await entryOf(company.id);
		const read = async (name: string) => valueOf(entry, await field(name))?.data as never;
		expect(((await read('Status')) as IDataObject).text).toBe(statusOptions.body.data[0].text);
		expect(((await read('Owner')) as IDataObject).id).toBe(p1);
		expect(await read('Deal Size')).toBe(1200.5);
		expect(String(await read('Close Date'))).toMatch(/^2026-03-01/);
		expect(await read('Notes')).toBe('All types');
		expect(((await read('Co-investors')) as IDataObject[]).map((c) => c.id)).toEqual([company.id]);
		expect(((await read('Champions')) as IDataObject[]).map((c) => c.id).sort()).toEqual(
			[p1, p2].sort(),
		);
		expect((await read('Region')) as IDataObject).toMatchObject({ city: 'Lisbon' });
		expect(await read('Scores')).toEqual([1, 2, 3]);
		expect(((await read('Labels')) as IDataObject[]).map((l) => l.text)).toEqual([
			labels.body.data[0].text,
		]);
		expect(((await read('Related Company')) as IDataObject).id).toBe(company.id);
		expect(((await read('Sites')) as IDataObject[])[0]).toMatchObject({ city: 'Porto' });
		expect((await writesOf()).filter((w) => w.method === 'PATCH')).toHaveLength(1);
	});

	it.each([
		['Deal Size', '={{ "lots" }}', /Row 1, field "Deal Size"/],
		[
			'Stage',
			'={{ "No Such Stage" }}',
			/Row 1, field "Stage": "No Such Stage" is not one of its options/,
		],
		['Owner', '={{ "not a person" }}', /Row 1, field "Owner"/],
		['Close Date', '={{ "someday" }}', /Row 1, field "Close Date"/],
	])(
		'a bad %s value is refused before any request, naming the row and the field',
		async (name, value, message) => {
			const result = await upsert({ columns: await columns({ [name]: value }) }, [
				{ domain: 'refused.example' },
			]);
			expect(result.error?.message).toMatch(message);
			expect(await requests()).toEqual([]);
		},
	);

	it('maps input keys named like the fields automatically', async () => {
		const company = await companyNotOnList();
		const result = await upsert(
			{
				columns: {
					mappingMode: 'autoMapInputData',
					value: null,
					matchingColumns: [],
					schema: await schema(),
					attemptToConvertTypes: false,
					convertFieldsToString: false,
				},
			},
			[{ domain: company.domain, stage: 'Diligence', 'Deal Size': 7, unrelated: 'x' }],
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].fieldsWritten).toEqual({ Stage: 'Diligence', 'Deal Size': 7 });
	});

	it('an opportunity list and a person list with a domain are refused before any write', async () => {
		const result = await upsert({ listId: byId(INVESTORS), columns: await columns({}) }, [
			{ domain: 'a.example' },
		]);
		expect(result.error?.message).toMatch(/Match On: .* is a person list/);
		expect(await writesOf()).toEqual([]);
	});

	it('a fault on the field write: sent once, the error says the company was created and added', async () => {
		await fixture.fault({ kind: 'status', status: 500, apply: true, method: 'PATCH' });
		const result = await upsert({ columns: await columns({ Notes: 'x' }) }, [
			{ domain: 'fault-write.example' },
		]);
		expect(result.error?.description).toMatch(
			/created the company \(ID \d+\); added it to the list/,
		);
		expect(result.error?.context).toMatchObject({ created: true, addedToList: true });
		const writes = await writesOf();
		expect(writes.filter((w) => w.method === 'PATCH')).toHaveLength(1);
		expect(writes.filter((w) => w.path === '/organizations')).toHaveLength(1);
	});

	it("Continue On Fail: the failed row's item keeps what the row did (record, created, added, entry)", async () => {
		await fixture.fault({ kind: 'status', status: 500, apply: true, method: 'PATCH' });
		const result = await upsert(
			{ columns: await columns({ Notes: 'x' }) },
			[{ domain: 'fault-kept.example' }],
			true,
		);
		expect(result.error).toBeUndefined();
		const [item] = result.items;
		expect(item.error).toBeDefined();
		expect(item).toMatchObject({
			entityId: expect.any(Number),
			created: true,
			listEntryId: expect.any(Number),
			addedToList: true,
			writeMayHaveApplied: true,
		});
		expect((await entryOf(item.entityId as number))?.id).toBe(item.listEntryId);
	});

	it('a write whose outcome is unknown is not followed by a later row of the same entry', async () => {
		await fixture.fault({ kind: 'reset', apply: true, method: 'PATCH' });
		const result = await upsert(
			{ columns: await columns({ Notes: '={{ $json.note }}' }) },
			[
				{ domain: 'unknown-write.example', note: 'one' },
				{ domain: 'unknown-write.example', note: 'two' },
			],
			true,
		);
		expect(result.items).toHaveLength(2);
		expect(JSON.stringify(result.items[1])).toMatch(/Not sent: row 1 of this run wrote list entry/);
		expect((await writesOf()).filter((w) => w.method === 'PATCH')).toHaveLength(1);
	});

	it('a fault on adding to the list: sent once, later rows of the same company send nothing', async () => {
		await fixture.fault({
			kind: 'reset',
			apply: true,
			method: 'POST',
			path: `/lists/${TARGET_ACCOUNTS}/list-entries`,
		});
		const result = await upsert(
			{ columns: await columns({ Notes: 'x' }) },
			[{ domain: 'fault-add.example' }, { domain: 'fault-add.example' }],
			true,
		);
		expect(result.items).toHaveLength(2);
		expect(String(result.items[0].error ?? '')).not.toBe('');
		const errors = result.run.data.resultData.runData.Affinity[0].data!.main[0]!.map((i) => i.json);
		expect(String(errors[0].error)).toMatch(/may or may not have been applied|Connection/i);
		expect(JSON.stringify(errors[0])).toMatch(/created the company/);
		const writes = await writesOf();
		expect(writes.filter((w) => w.path === '/organizations')).toHaveLength(1);
		expect(writes.filter((w) => w.path.endsWith('/list-entries'))).toHaveLength(1);
		expect(writes.filter((w) => w.method === 'PATCH')).toHaveLength(0);
	});
});

describe('listEntry.upsert as an AI agent tool', () => {
	it('takes the domain and the mapped fields from $fromAI', async () => {
		const stage = await field('Stage');
		const size = await field('Deal Size');
		await fixture.clearRequests();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			asTool: true,
			items: [{ domain: 'agent-made.example', stage: 'Diligence', dealSize: 42 }],
			parameters: {
				resource: 'listEntry',
				operation: 'upsert',
				listId: byId(TARGET_ACCOUNTS),
				matchOn: 'domain',
				domain: "={{ $fromAI('domain', 'the company web domain', 'string') }}",
				columns: {
					mappingMode: 'defineBelow',
					value: {
						[`${stage.id}|dropdown`]: "={{ $fromAI('stage', 'the deal stage', 'string') }}",
						[`${size.id}|number`]: "={{ $fromAI('dealSize', 'the deal size', 'number') }}",
					},
					matchingColumns: [],
					schema: [],
					attemptToConvertTypes: false,
					convertFieldsToString: false,
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			created: true,
			addedToList: true,
			fieldsWritten: { Stage: 'Diligence', 'Deal Size': 42 },
		});
	});
});

describe('the sample workflow "sheet rows → Target Accounts"', () => {
	/** Its Affinity node's parameters and the rows its Code node returns. */
	function sample(): { parameters: IDataObject; rows: IDataObject[] } {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const workflow = require('../../workflows/sheet-rows-to-target-accounts.json') as {
			nodes: Array<{ type: string; parameters: IDataObject }>;
		};
		const code = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.code')!;
		const rows = new Function(String(code.parameters.jsCode))() as Array<{ json: IDataObject }>;
		const node = workflow.nodes.find((n) => n.type === 'n8n-nodes-affinity-v2.affinityV2')!;
		return { parameters: node.parameters, rows: rows.map((r) => r.json) };
	}

	it.each(['2026-09-17', '2026-07-15'])(
		'on API version %s: run twice, the second run creates, adds and writes nothing',
		async (apiVersion) => {
			const { parameters, rows } = sample();
			const runOnce = async () => {
				await fixture.clearRequests();
				const result = await runAffinityNode({
					credentials: fixture.credentials(undefined, { apiVersion }),
					items: rows,
					parameters,
				});
				expect(result.error).toBeUndefined();
				return { items: result.items, writes: await writesOf() };
			};
			const first = await runOnce();
			expect(first.items.map((i) => [i.created, i.addedToList])).toEqual([
				[true, true],
				[true, true],
				[false, true],
			]);
			for (const item of first.items)
				expect(Object.keys(item.fieldsWritten as IDataObject).sort()).toEqual([
					'Deal Size',
					'Notes',
					'Stage',
				]);
			expect(first.writes.filter((w) => w.method === 'PATCH')).toHaveLength(3);

			const second = await runOnce();
			expect(second.items.map((i) => [i.created, i.addedToList])).toEqual([
				[false, false],
				[false, false],
				[false, false],
			]);
			expect(second.items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
			for (const item of second.items) {
				expect(item.fieldsWritten).toEqual({});
				expect((item.fieldsUnchanged as string[]).sort()).toEqual(['Deal Size', 'Notes', 'Stage']);
			}
			expect(second.writes.filter((w) => !w.path.endsWith('/search'))).toEqual([]);
		},
	);
});

describe('listEntry.upsert: person and company columns by email or domain', () => {
	type Person = { id: number; primaryEmailAddress: string; emailAddresses: string[] };
	let madePeople = 0;
	/** A person with a primary and another email address (POST /v2/persons). */
	async function personWithTwoEmails(): Promise<Person> {
		madePeople += 1;
		const primary = `ann${madePeople}@columns.example`;
		const res = await fixture.api<Person>('/v2/persons', undefined, {
			method: 'POST',
			body: {
				firstName: 'Ann',
				lastName: `Columns ${madePeople}`,
				primaryEmailAddress: primary,
				emailAddresses: [primary, `ann${madePeople}@home.example`],
			},
		});
		expect(res.body.emailAddresses).toHaveLength(2);
		return res.body;
	}

	const searches = async (kind: 'persons' | 'companies', term?: string) =>
		(await requests()).filter(
			(r) =>
				r.path === `/v2/${kind}/search` &&
				(term === undefined || (r.body?.search as IDataObject).term === term),
		);
	/** Every request that changes something: not a read, not a search. */
	const changes = async () =>
		(await writesOf()).filter((w) => !w.path.endsWith('/search')).map((w) => w.path);

	it('writes a person by primary email, a company by domain and by URL, multi columns mixing IDs and emails or domains', async () => {
		const ann = await personWithTwoEmails();
		const bob = await personWithTwoEmails();
		const seeded = (await fixture.api<{ data: Array<{ id: number }> }>('/v2/persons?limit=1')).body
			.data[0].id;
		const related = await companyNotOnList();
		const investor = await companyNotOnList();
		const other = await companyNotOnList();
		const target = await companyNotOnList();
		const result = await upsert(
			{
				columns: await columns({
					Owner: ann.primaryEmailAddress.toUpperCase(),
					'Related Company': `https://${related.domain}/about?x=1`,
					Champions: [seeded, bob.primaryEmailAddress],
					'Co-investors': `${investor.id}, ${other.domain}`,
				}),
			},
			[{ domain: target.domain }],
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].fieldsWritten).toEqual({
			Owner: { email: ann.primaryEmailAddress, id: ann.id },
			'Related Company': { domain: related.domain, id: related.id },
			Champions: [seeded, { email: bob.primaryEmailAddress, id: bob.id }],
			'Co-investors': [investor.id, { domain: other.domain, id: other.id }],
		});
		const entry = await entryOf(target.id);
		const read = async (name: string) => valueOf(entry, await field(name))?.data as never;
		expect(((await read('Owner')) as IDataObject).id).toBe(ann.id);
		expect(((await read('Related Company')) as IDataObject).id).toBe(related.id);
		expect(((await read('Champions')) as IDataObject[]).map((p) => p.id).sort()).toEqual(
			[seeded, bob.id].sort(),
		);
		expect(((await read('Co-investors')) as IDataObject[]).map((c) => c.id).sort()).toEqual(
			[investor.id, other.id].sort(),
		);
		const patches = (await writesOf()).filter((w) => w.method === 'PATCH');
		expect(patches).toHaveLength(1);
		expect(patches[0].body?.updates).toEqual(
			expect.arrayContaining([
				{ id: (await field('Owner')).id, value: { type: 'person', data: { id: ann.id } } },
				{
					id: (await field('Related Company')).id,
					value: { type: 'company', data: { id: related.id } },
				},
			]),
		);
		// Only what was given by email or domain is searched, and nothing is created.
		expect(await searches('persons')).toHaveLength(2);
		expect(await searches('companies', related.domain)).toHaveLength(1);
		expect(await searches('companies', other.domain)).toHaveLength(1);
		expect(await changes()).not.toContain('/organizations');
		expect(await changes()).not.toContain('/v2/persons');
	});

	it('an email that is not a primary address is not found by the person search: the row is refused, nothing written', async () => {
		const ann = await personWithTwoEmails();
		const other = ann.emailAddresses.find((e) => e !== ann.primaryEmailAddress)!;
		const target = await companyNotOnList();
		const result = await upsert({ columns: await columns({ Owner: other }) }, [
			{ domain: target.domain },
		]);
		// POST /v2/persons/search matches the term against the primary email address only.
		expect(result.error?.message).toBe(
			`Row 1, field "Owner": no person has the email address "${other}"`,
		);
		expect(result.error?.description).toMatch(/primary email address/);
		expect(await searches('persons', other)).toHaveLength(1);
		expect(await changes()).toEqual([]);
		expect(await entryOf(target.id)).toBeUndefined();
	});

	it('an unknown email or domain refuses its row before any write for it, naming the row, the field and the value', async () => {
		const ann = await personWithTwoEmails();
		const first = await companyNotOnList();
		const second = await companyNotOnList();
		const third = await companyNotOnList();
		const result = await upsert(
			{
				columns: await columns({
					Owner: '={{ $json.owner }}',
					'Related Company': '={{ $json.related }}',
				}),
			},
			[
				{ domain: first.domain, owner: ann.primaryEmailAddress, related: first.domain },
				{ domain: second.domain, owner: 'nobody@nowhere.example', related: first.domain },
				{ domain: third.domain, owner: ann.id, related: 'no-such-company.example' },
			],
			true,
		);
		expect(result.items).toHaveLength(3);
		expect(result.items[0].fieldsWritten).toMatchObject({
			Owner: { email: ann.primaryEmailAddress, id: ann.id },
		});
		expect(String(result.items[1].error)).toBe(
			'Row 2, field "Owner": no person has the email address "nobody@nowhere.example"',
		);
		expect(String(result.items[2].error)).toBe(
			'Row 3, field "Related Company": no company has the domain "no-such-company.example"',
		);
		const errors = result.run.data.resultData.runData.Affinity[0].data!.main[0]!.map((i) => i.json);
		expect(String(errors[1].description)).toMatch(/Give the person’s ID.*create the person first/);
		expect(String(errors[2].description)).toMatch(
			/Give the company’s ID.*create the company first/,
		);
		// Rows 2 and 3: not added to the list, nothing written; their companies never searched.
		expect(await changes()).toEqual([
			`/lists/${TARGET_ACCOUNTS}/list-entries`,
			`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${result.items[0].id}/fields`,
		]);
		expect(await searches('companies', second.domain)).toEqual([]);
		expect(await searches('companies', third.domain)).toEqual([]);
		expect(await entryOf(second.id)).toBeUndefined();
		expect(await entryOf(third.id)).toBeUndefined();
	});

	it.each([
		['Owner', 'not a person', /"not a person" is not a person ID or an email address/],
		['Owner', 'ann@', /"ann@" is not a person ID or an email address/],
		['Champions', '12, acme.com', /"acme.com" is not a person ID or an email address/],
		['Related Company', 'no domain', /"no domain" is not a company ID or a domain/],
		['Co-investors', '12, ann@acme.com', /"ann@acme.com" is not a company ID or a domain/],
	])(
		'a malformed %s value (%s) is refused before any request, naming the row, the field and the value',
		async (name, value, message) => {
			const result = await upsert({ columns: await columns({ [name]: value }) }, [
				{ domain: 'refused.example' },
			]);
			expect(result.error?.message).toMatch(new RegExp(`^Row 1, field "${name}": `));
			expect(result.error?.message).toMatch(message);
			expect(result.error?.description).toMatch(/Nothing was sent for this row/);
			expect(await requests()).toEqual([]);
		},
	);

	it('a domain that rows match on and that a company column names is searched once in the run', async () => {
		const parent = await companyNotOnList();
		const child = await companyNotOnList();
		const result = await upsert(
			{ columns: await columns({ 'Related Company': '={{ $json.related }}' }) },
			[
				{ domain: child.domain, related: parent.domain },
				{ domain: parent.domain, related: child.domain },
				{ domain: 'ghost-parent.example', related: 'ghost-parent.example' },
			],
			true,
		);
		expect(result.items[0].fieldsWritten).toEqual({
			'Related Company': { domain: parent.domain, id: parent.id },
		});
		expect(result.items[1].fieldsWritten).toEqual({
			'Related Company': { domain: child.domain, id: child.id },
		});
		expect(result.items.map((i) => i.created)).toEqual([false, false, undefined]);
		// The third row's column names no company yet: refused before its company is created.
		expect(String(result.items[2].error)).toBe(
			'Row 3, field "Related Company": no company has the domain "ghost-parent.example"',
		);
		for (const domain of [parent.domain, child.domain, 'ghost-parent.example'])
			expect(await searches('companies', domain)).toHaveLength(1);
		expect((await entryOf(parent.id))?.id).toBe(result.items[1].id);
	});

	it('each email address and domain is searched once per run, found or not', async () => {
		const ann = await personWithTwoEmails();
		const related = await companyNotOnList();
		const rows: IDataObject[] = [];
		for (let k = 0; k < 3; k++)
			rows.push({
				domain: (await companyNotOnList()).domain,
				owner: ann.primaryEmailAddress,
				related: related.domain,
			});
		rows.push({ domain: 'x1.example', owner: 'ghost@nowhere.example', related: related.domain });
		rows.push({ domain: 'x2.example', owner: 'Ghost@Nowhere.example', related: related.domain });
		const result = await upsert(
			{
				columns: await columns({
					Owner: '={{ $json.owner }}',
					'Related Company': '={{ $json.related }}',
				}),
			},
			rows,
			true,
		);
		expect(result.items.slice(0, 3).every((i) => i.error === undefined)).toBe(true);
		expect(result.items.slice(3).map((i) => String(i.error))).toEqual([
			'Row 4, field "Owner": no person has the email address "ghost@nowhere.example"',
			'Row 5, field "Owner": no person has the email address "ghost@nowhere.example"',
		]);
		expect(await searches('persons', ann.primaryEmailAddress)).toHaveLength(1);
		expect(await searches('persons', 'ghost@nowhere.example')).toHaveLength(1);
		expect(await searches('persons')).toHaveLength(2);
		expect(await searches('companies', related.domain)).toHaveLength(1);
		for (let k = 0; k < 3; k++) {
			const entry = await entryOf((result.items[k].entity as IDataObject).id as number);
			expect((valueOf(entry, await field('Owner'))?.data as IDataObject).id).toBe(ann.id);
		}
	});
});

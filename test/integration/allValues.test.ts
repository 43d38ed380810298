import type { IDataObject } from 'n8n-workflow';

import { DEMO_KEYS } from '../../emulator';
import { TRUNCATION_SEED } from '../../emulator/seedExtras';
import { ADMIN_KEY, EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

/**
 * Every value of a multi-value field. The reads answer at most 100 values of a field and its
 * totalCount; on 2026-09-17 Get Field Value pages through the rest (GET …/fields/{fieldId}/
 * values), and Complete Multi-Value Fields does so on Get, Get Many and Get Field Values, one
 * paged read per cut field. On 2026-07-15 the field stays cut and says so.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const SEPTEMBER = { apiVersion: '2026-09-17' };
const JULY = { apiVersion: '2026-07-15' };
const COMPANY = TRUNCATION_SEED.companyId;
const PERSON = TRUNCATION_SEED.personId;

const run = (apiVersion: { apiVersion: string }, parameters: IDataObject) =>
	runAffinityNode({ credentials: fixture.credentials(ADMIN_KEY, apiVersion), parameters });
const calls = async () => (await fixture.requests()).map((r) => `${r.method} ${r.path}`);

const companyField = (name: string) =>
	fixture.emulator.store.entityFields.company.find((f) => f.name === name)!.id;
const listNamed = (name: string) =>
	[...fixture.emulator.store.lists.values()].find((l) => l.name === name)!;

describe('Get Field Value', () => {
	it('on 2026-09-17 returns all 120 people of a person-multi field, in order, reading its values pages', async () => {
		const fieldId = companyField('Key Contacts');
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, {
			resource: 'company',
			operation: 'getFieldValue',
			companyId: byId(COMPANY),
			fieldId,
		});
		expect(result.error).toBeUndefined();
		const [field] = result.items;
		const people = field.value as IDataObject[];
		expect(people).toHaveLength(120);
		expect(new Set(people.map((p) => p.id)).size).toBe(120);
		expect(people.every((p) => typeof p.name === 'string')).toBe(true);
		expect(field.totalCount).toBe(120);
		expect(field.possiblyTruncated).toBeUndefined();
		expect(field.moreValues).toBeUndefined();
		const stored = fixture.emulator.store.companies.get(COMPANY)!.values.get(fieldId)!
			.data as Array<{ id: number }>;
		expect(people.map((p) => p.id)).toEqual(stored.map((p) => p.id));
		expect(await calls()).toEqual([
			`GET /v2/companies/${COMPANY}/fields/${fieldId}`,
			`GET /v2/companies/${COMPANY}/fields/${fieldId}/values`,
			`GET /v2/companies/${COMPANY}/fields/${fieldId}/values`,
		]);
		expectNoKey(result);
	});

	it('on 2026-09-17 the raw answer holds every value and its totalCount', async () => {
		const result = await run(SEPTEMBER, {
			resource: 'company',
			operation: 'getFieldValue',
			companyId: byId(COMPANY),
			fieldId: 'affinity-data-industry',
			simplify: false,
		});
		expect(result.error).toBeUndefined();
		const value = result.items[0].value as { type: string; data: string[]; totalCount: number };
		expect(value.type).toBe('filterable-text-multi');
		expect(value.data).toHaveLength(101);
		expect(value.data[100]).toBe('Industry 101');
		expect(value.totalCount).toBe(101);
	});

	it('a person’s filterable-text-multi and a list entry’s person-multi past 100 come whole', async () => {
		const titles = await run(SEPTEMBER, {
			resource: 'person',
			operation: 'getFieldValue',
			personId: byId(PERSON),
			fieldId: 'affinity-data-job-titles',
		});
		expect(titles.error).toBeUndefined();
		expect(titles.items[0].value).toHaveLength(104);

		const targets = listNamed('Target Accounts');
		const entry = fixture.emulator.store.entriesByList
			.get(targets.id)!
			.find((e) => e.entityId === COMPANY)!;
		const champions = targets.fields.find((f) => f.name === 'Champions')!.id;
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, {
			resource: 'listEntry',
			operation: 'getFieldValue',
			listId: byId(targets.id),
			listEntryId: byId(entry.id),
			fieldId: champions,
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].value).toHaveLength(110);
		expect(await calls()).toContain(
			`GET /v2/lists/${targets.id}/list-entries/${entry.id}/fields/${champions}/values`,
		);
	});

	it('with the key’s default on a key of 2026-09-17 the first answer names the version: all values, no extra request', async () => {
		const fieldId = companyField('Competitors');
		await fixture.clearRequests();
		const result = await runAffinityNode({
			credentials: fixture.credentials(DEMO_KEYS.find((k) => k.label === 'current')!.key, {
				apiVersion: '',
			}),
			parameters: {
				resource: 'company',
				operation: 'getFieldValue',
				companyId: byId(COMPANY),
				fieldId,
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].value).toHaveLength(130);
		expect(await calls()).toEqual([
			`GET /v2/companies/${COMPANY}/fields/${fieldId}`,
			`GET /v2/companies/${COMPANY}/fields/${fieldId}/values`,
			`GET /v2/companies/${COMPANY}/fields/${fieldId}/values`,
		]);
	});

	it('a field that is not cut is read once', async () => {
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, {
			resource: 'company',
			operation: 'getFieldValue',
			companyId: byId(3000001),
			fieldId: companyField('Key Contacts'),
		});
		expect(result.error).toBeUndefined();
		expect(await calls()).toHaveLength(1);
	});

	it('on 2026-07-15 keeps the first 100 and says the field was cut, with its totalCount', async () => {
		const fieldId = companyField('Key Contacts');
		await fixture.clearRequests();
		const result = await run(JULY, {
			resource: 'company',
			operation: 'getFieldValue',
			companyId: byId(COMPANY),
			fieldId,
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({
			possiblyTruncated: true,
			totalCount: 120,
			moreValues: 20,
		});
		expect(result.items[0].value).toHaveLength(100);
		expect(await calls()).toEqual([`GET /v2/companies/${COMPANY}/fields/${fieldId}`]);
	});

	it('number-multi has no values pages: on 2026-09-17 it stays cut and says so', async () => {
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, {
			resource: 'company',
			operation: 'getFieldValue',
			companyId: byId(COMPANY),
			fieldId: companyField('Revenue History'),
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toMatchObject({ possiblyTruncated: true, totalCount: 110 });
		expect(await calls()).toHaveLength(1);
	});
});

describe('Complete Multi-Value Fields', () => {
	it('Company → Get: one paged read per cut field (2 pages for 120 values); number-multi stays cut', async () => {
		const contacts = companyField('Key Contacts');
		const revenue = companyField('Revenue History');
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, {
			resource: 'company',
			operation: 'get',
			companyId: byId(COMPANY),
			fieldIds: [contacts, revenue],
			completeMultiValues: true,
		});
		expect(result.error).toBeUndefined();
		const company = result.items[0];
		expect((company.fields as IDataObject)['Key Contacts']).toHaveLength(120);
		expect(company.possiblyTruncated).toEqual(['Revenue History']);
		expect(company.moreValues).toEqual({ 'Revenue History': 10 });
		expect(await calls()).toEqual([
			`GET /v2/companies/${COMPANY}`,
			`GET /v2/companies/${COMPANY}/fields/${contacts}/values`,
			`GET /v2/companies/${COMPANY}/fields/${contacts}/values`,
		]);
	});

	it('Company → Get without it reads once and reports the cut fields', async () => {
		const contacts = companyField('Key Contacts');
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, {
			resource: 'company',
			operation: 'get',
			companyId: byId(COMPANY),
			fieldIds: [contacts],
		});
		expect((result.items[0].fields as IDataObject)['Key Contacts']).toHaveLength(100);
		expect(result.items[0].moreValues).toEqual({ 'Key Contacts': 20 });
		expect(await calls()).toHaveLength(1);
	});

	it('Person → Get Field Values (raw): every cut field completed, the others not read again', async () => {
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, {
			resource: 'person',
			operation: 'getFieldValues',
			personId: byId(PERSON),
			completeMultiValues: true,
			simplify: false,
		});
		expect(result.error).toBeUndefined();
		const byField = new Map(result.items.map((f) => [f.id, f.value as IDataObject]));
		expect(byField.get('affinity-data-job-titles')?.data).toHaveLength(104);
		const log = await calls();
		const valueReads = log.filter((c) => c.endsWith('/values'));
		const cut = new Set(valueReads.map((c) => c.split('/fields/')[1]));
		// Each read's field is one that came cut, two pages each (104 and 130 values).
		expect(valueReads).toHaveLength(cut.size * 2);
		expect(cut).toContain('affinity-data-job-titles/values');
		for (const field of result.items) {
			const value = field.value as { data?: unknown[]; totalCount?: number } | null;
			if (value && typeof value.totalCount === 'number' && field.id !== 'affinity-data-job-titles')
				expect(value.data?.length).toBe(value.totalCount);
		}
	});

	it('List Entry → Get Many: the entries with a cut field get one paged read each', async () => {
		const pipeline = listNamed('Deal Pipeline');
		const coInvestors = pipeline.fields.find((f) => f.name === 'Co-investors')!.id;
		await fixture.clearRequests();
		const result = await run(SEPTEMBER, {
			resource: 'listEntry',
			operation: 'getAll',
			listId: byId(pipeline.id),
			returnAll: true,
			fieldIds: [coInvestors],
			completeMultiValues: true,
		});
		expect(result.error).toBeUndefined();
		const long = result.items.filter(
			(e) => ((e.fields as IDataObject)['Co-investors'] as unknown[] | null)?.length === 105,
		);
		expect(long).toHaveLength(1);
		expect(result.items.every((e) => e.possiblyTruncated === undefined)).toBe(true);
		const log = await calls();
		expect(log.filter((c) => c.endsWith('/values'))).toEqual([
			`GET /v2/lists/${pipeline.id}/list-entries/${long[0].id as number}/fields/${coInvestors}/values`,
			`GET /v2/lists/${pipeline.id}/list-entries/${long[0].id as number}/fields/${coInvestors}/values`,
		]);
	});

	it.each([
		['company', 'get', { companyId: byId(COMPANY) }],
		['company', 'getAll', { limit: 5 }],
		['person', 'getFieldValues', { personId: byId(PERSON) }],
		['listEntry', 'getAll', { listId: byId(101), limit: 5 }],
	])(
		'%s → %s on 2026-07-15 fails before any request, naming the API Version',
		async (resource, operation, extra) => {
			await fixture.clearRequests();
			const result = await run(JULY, {
				resource,
				operation,
				completeMultiValues: true,
				...(extra as IDataObject),
			});
			expect(result.error?.message).toBe(
				"Complete Multi-Value Fields needs Affinity API version 2026-09-17 or later; the credential's API Version is 2026-07-15",
			);
			expect(await calls()).toEqual([]);
		},
	);
});

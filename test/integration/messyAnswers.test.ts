import type { IDataObject } from 'n8n-workflow';

import { TRUNCATION_SEED } from '../../emulator/seedExtras';
import { EmulatorFixture, expectNoKey } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * The readers in the real engine against the emulator answering as the live API does where it
 * is messier than described (the emulator's answer-shape settings): v1 times with a Pacific
 * offset and microseconds, LinkedIn entries in text lists, null arrays, malformed emails and
 * domains, and multi-values cut at 100 with their totalCount.
 */
const fixture = new EmulatorFixture();
const run = (parameters: IDataObject) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters });
const settings = (body: IDataObject) => fixture.control('POST', '/settings', body);
const V2_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

function companyNotOn(listId: number): number {
	const { store } = fixture.emulator;
	const on = new Set((store.entriesByList.get(listId) ?? []).map((e) => e.entityId));
	return [...store.companies.keys()].find((id) => !on.has(id)) as number;
}

it('List Entry → Add (API v1) gives createdAt in v2 form when v1 answers with a Pacific offset', async () => {
	await settings({ v1Timestamps: 'pacific-offset' });
	const add = (companyId: number, extra: IDataObject = {}) =>
		run({
			resource: 'listEntry',
			operation: 'add',
			listId: byId(TARGET_ACCOUNTS),
			entityType: 'company',
			companyId: byId(companyId),
			...extra,
		});
	// The raw answer shows the setting took: v1's offset and microseconds.
	const raw = await add(companyNotOn(TARGET_ACCOUNTS), { simplify: false });
	expect(raw.error).toBeUndefined();
	expect(raw.items[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}-0[78]:00$/);

	const result = await add(companyNotOn(TARGET_ACCOUNTS));
	expect(result.error).toBeUndefined();
	const [entry] = result.items;
	expect(entry.createdAt).toMatch(V2_TIME);
	// The same instant as v2 reads it.
	const read = await fixture.api<{ createdAt: string }>(
		`/v2/lists/${TARGET_ACCOUNTS}/list-entries/${entry.id as number}`,
	);
	expect(Date.parse(entry.createdAt as string)).toBe(Date.parse(read.body.createdAt));
	expectNoKey(result.run);
});

it('Get Field Values: LinkedIn entries as text, a cut multi-value says how many more', async () => {
	await settings({ linkedInTexts: true, nullArrays: true, malformedFormats: true });
	const person = await run({
		resource: 'person',
		operation: 'getFieldValues',
		personId: byId(TRUNCATION_SEED.personId),
	});
	expect(person.error).toBeUndefined();
	const json = JSON.stringify(person.items);
	expect(json).not.toContain('[object Object]');
	const titles = Object.values(person.items[0].fields as IDataObject).find(
		(v) => Array.isArray(v) && v.some((t) => typeof t === 'string' && /\(https?:\/\//.test(t)),
	) as string[] | undefined;
	expect(titles).toBeDefined();
	expect(titles!.every((t) => typeof t === 'string')).toBe(true);

	const company = await run({
		resource: 'company',
		operation: 'getFieldValues',
		companyId: byId(TRUNCATION_SEED.companyId),
	});
	expect(company.error).toBeUndefined();
	const out = company.items[0];
	const more = out.moreValues as IDataObject;
	expect(Object.keys(more).length).toBeGreaterThan(0);
	for (const [name, count] of Object.entries(more)) {
		expect(count).toBeGreaterThan(0);
		expect((out.fields as IDataObject)[name]).toHaveLength(100);
		expect(out.possiblyTruncated).toContain(name);
	}
	expect(JSON.stringify(company.items)).not.toContain('[object Object]');
});

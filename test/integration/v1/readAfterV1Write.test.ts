import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey } from '../../harness/emulator';
import { runAffinityNode } from '../../../testkit/engine';
import { byId, DEAL_PIPELINE, TARGET_ACCOUNTS } from '../../harness/ids';

/**
 * API v1 writes and API v2 reads are eventually consistent: right after a v1 write, v2 may not
 * show it for a moment (`v1ReadDelayMs`). The node's v1 writes answer from v1's own answer, and
 * items of one run never create the same company, person or list entry twice.
 */
const fixture = new EmulatorFixture();
const run = (parameters: IDataObject, items?: IDataObject[]) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters, items });
const writes = async () =>
	(await fixture.requests()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(async () => {
	await fixture.reset();
	await fixture.control('POST', '/settings', { v1ReadDelayMs: 1000 });
});

function companyNotOn(listId: number): number {
	const { store } = fixture.emulator;
	const on = new Set((store.entriesByList.get(listId) ?? []).map((e) => e.entityId));
	return [...store.companies.keys()].find((id) => !on.has(id)) as number;
}

describe('v2 reads that lag v1 writes by 1 s', () => {
	it('List Entry → Add (Skip If Already on the List) takes a company an earlier node just created through v1', async () => {
		// As in a workflow: Company → Find or Create made it a moment ago, through API v1.
		const made = await fixture.api<{ id: number }>('/organizations', undefined, {
			method: 'POST',
			body: { name: 'Just Made', domain: 'just-made.example' },
		});
		expect(made.status).toBe(200);
		const added = await run({
			resource: 'listEntry',
			operation: 'add',
			listId: byId(TARGET_ACCOUNTS),
			entityType: 'company',
			companyId: byId(made.body.id),
			options: { skipIfAlreadyOnList: true },
		});
		expect(added.error).toBeUndefined();
		expect(added.items[0]).toMatchObject({ entityId: made.body.id, alreadyOnList: false });
		const checks = (await fixture.requests()).filter(
			(r) => r.path === `/v2/companies/${made.body.id}/list-entries`,
		);
		// Not known to v2 at first, read again until it is.
		expect(checks[0].status).toBe(404);
		expect(checks.at(-1)?.status).toBe(200);
		expect((await writes()).filter((w) => w.includes('list-entries'))).toHaveLength(1);
	});

	it('the emulator lags: a company created through v1 is not yet found by a v2 read', async () => {
		const created = await run({
			resource: 'company',
			operation: 'create',
			name: 'Laggard',
			domain: 'laggard.example',
		});
		const read = await fixture.api(`/v2/companies/${created.items[0].id as number}`);
		expect(read.status).toBe(404);
	});

	it('Company Create and Update, Person Update, Opportunity Create and List Entry Add return what was written at once', async () => {
		const company = await run({
			resource: 'company',
			operation: 'create',
			name: 'Prompt Co',
			domain: 'prompt.example',
		});
		expect(company.error).toBeUndefined();
		const id = company.items[0].id as number;
		expect(company.items[0]).toMatchObject({ id, name: 'Prompt Co', domain: 'prompt.example' });

		const renamed = await run({
			resource: 'company',
			operation: 'update',
			companyId: byId(id),
			updateFields: { name: 'Prompt Co 2' },
		});
		expect(renamed.items[0]).toMatchObject({ id, name: 'Prompt Co 2' });

		const person = await run({
			resource: 'person',
			operation: 'update',
			personId: byId(5000150),
			updateFields: { lastName: 'Quickly' },
		});
		expect(person.items[0]).toMatchObject({ id: 5000150, lastName: 'Quickly' });

		const deal = await run({
			resource: 'opportunity',
			operation: 'create',
			name: 'Prompt deal',
			listId: byId(DEAL_PIPELINE),
			companies: { company: [{ company: byId(id) }] },
		});
		expect(deal.error).toBeUndefined();
		expect(deal.items[0]).toMatchObject({
			name: 'Prompt deal',
			companyIds: [id],
			listEntry: { id: expect.any(Number), listId: DEAL_PIPELINE },
		});

		const entry = await run({
			resource: 'listEntry',
			operation: 'add',
			listId: byId(TARGET_ACCOUNTS),
			entityType: 'company',
			companyId: byId(id),
		});
		expect(entry.error).toBeUndefined();
		expect(entry.items[0]).toMatchObject({
			id: expect.any(Number),
			listId: TARGET_ACCOUNTS,
			entityId: id,
			alreadyOnList: false,
		});
		// Each write sent once; none of them read through v2 afterwards.
		expect(await writes()).toEqual([
			'POST /organizations',
			'PUT /organizations/' + id,
			'PUT /persons/5000150',
			'POST /opportunities',
			`POST /lists/${TARGET_ACCOUNTS}/list-entries`,
		]);
		expectNoKey(company.run, renamed.run, person.run, deal.run, entry.run);
	});

	it('Company → Find or Create: two items with one domain (in another case) give one create; the second returns it with created false', async () => {
		const result = await run(
			{
				resource: 'company',
				operation: 'findOrCreate',
				domain: '={{ $json.domain }}',
				name: 'Twice Co',
			},
			[
				{ domain: 'Twice.example' },
				{ domain: 'https://twice.example/' },
				{ domain: 'other.example' },
			],
		);
		expect(result.error).toBeUndefined();
		const [first, second, other] = result.items;
		expect(first).toMatchObject({
			created: true,
			createdEarlierInRun: false,
			domain: 'twice.example',
		});
		expect(second).toMatchObject({ id: first.id, created: false, createdEarlierInRun: true });
		expect(other).toMatchObject({ created: true, domain: 'other.example' });
		expect(other.id).not.toBe(first.id);
		expect(await writes()).toEqual([
			'POST /v2/companies/search',
			'POST /organizations',
			'POST /v2/companies/search',
			'POST /organizations',
		]);
	});

	it('Company → Find or Create: a company found by the first item is found once, created false for both', async () => {
		const existing = [...fixture.emulator.store.companies.values()].find(
			(c) => !c.isGlobal && c.domain,
		)!;
		const result = await run(
			{ resource: 'company', operation: 'findOrCreate', domain: '={{ $json.domain }}' },
			[{ domain: existing.domain }, { domain: existing.domain!.toUpperCase() }],
		);
		expect(result.items.map((i) => [i.id, i.created, i.createdEarlierInRun])).toEqual([
			[existing.id, false, false],
			[existing.id, false, false],
		]);
		expect(await writes()).toEqual(['POST /v2/companies/search']);
	});

	it('Company → Find or Create: after a create of unknown outcome, a later item with the domain is not sent again', async () => {
		await fixture.fault({
			kind: 'status',
			status: 500,
			apply: true,
			method: 'POST',
			path: '^/organizations',
		});
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			continueOnFail: true,
			parameters: {
				resource: 'company',
				operation: 'findOrCreate',
				domain: '={{ $json.domain }}',
			},
			items: [{ domain: 'unsure.example' }, { domain: 'UNSURE.example' }],
		});
		expect(result.items[0]).toMatchObject({ writeMayHaveApplied: true });
		expect(result.items[1].error).toBe(
			'Row 2: Not sent: row 1 of this run wrote the same record and its outcome is unknown',
		);
		expect((await writes()).filter((w) => w === 'POST /organizations')).toHaveLength(1);
	});

	it('Person → Find or Create: two items with one email address in two cases give one create', async () => {
		const result = await run(
			{
				resource: 'person',
				operation: 'findOrCreate',
				email: '={{ $json.email }}',
				firstName: 'Ada',
				lastName: 'Twice',
			},
			[{ email: 'Ada.Twice@Example.org' }, { email: 'ada.twice@example.org' }],
		);
		expect(result.error).toBeUndefined();
		const [first, second] = result.items;
		expect(first).toMatchObject({ created: true, createdEarlierInRun: false });
		expect(second).toMatchObject({ id: first.id, created: false, createdEarlierInRun: true });
		expect((await writes()).filter((w) => w === 'POST /v2/persons')).toHaveLength(1);
	});

	it('List Entry → Add with Skip If Already on the List: two items for one company add one entry', async () => {
		const companyId = companyNotOn(TARGET_ACCOUNTS);
		const result = await run(
			{
				resource: 'listEntry',
				operation: 'add',
				listId: byId(TARGET_ACCOUNTS),
				entityType: 'company',
				companyId: byId(companyId),
				options: { skipIfAlreadyOnList: true },
			},
			[{}, {}],
		);
		expect(result.error).toBeUndefined();
		const [first, second] = result.items;
		expect(first).toMatchObject({
			entityId: companyId,
			alreadyOnList: false,
			addedEarlierInRun: false,
		});
		expect(second).toMatchObject({ id: first.id, alreadyOnList: true, addedEarlierInRun: true });
		expect((await writes()).filter((w) => w.endsWith('/list-entries'))).toEqual([
			`POST /lists/${TARGET_ACCOUNTS}/list-entries`,
		]);
	});
});

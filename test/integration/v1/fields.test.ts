import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture, expectNoKey } from '../../harness/emulator';
import { runAffinityNode } from '../../../testkit/engine';
import { byId, DEAL_PIPELINE, TARGET_ACCOUNTS } from '../../harness/ids';

/**
 * Field create and delete (API v1) in n8n-core's real engine against the emulator: the field
 * in v2's shape (id `field-<v1 id>`) and read back with Field → Get Many, v1's errors naming the
 * parameter, bad input refused before any request, each write sent once after a 500 or a reset.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

const run = (parameters: IDataObject, items?: IDataObject[]) =>
	runAffinityNode({
		credentials: fixture.credentials(),
		parameters: { resource: 'field', ...parameters },
		items,
	});
const writes = async () => (await fixture.requests()).filter((r) => r.method !== 'GET');
const fieldsOf = async (parameters: IDataObject) =>
	(await run({ operation: 'getAll', returnAll: true, ...parameters })).items;

describe('create', () => {
	it('a field on an opportunity list: v2 shape; Get Many lists it', async () => {
		await fixture.clearRequests();
		const created = await run({
			operation: 'create',
			name: 'Check Size',
			entityType: 'opportunity',
			scope: 'list',
			listId: byId(DEAL_PIPELINE),
			valueType: 'number',
		});
		expect(created.error).toBeUndefined();
		const [field] = created.items;
		expect(field).toEqual({
			id: expect.stringMatching(/^field-\d+$/),
			name: 'Check Size',
			type: 'list',
			valueType: 'number',
			enrichmentSource: null,
			listId: DEAL_PIPELINE,
		});
		const log = await fixture.requests();
		expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /v2/lists/${DEAL_PIPELINE}`,
			'POST /fields',
		]);
		expect(JSON.parse(log[1].body!)).toEqual({
			name: 'Check Size',
			entity_type: 8,
			value_type: 3,
			allows_multiple: false,
			is_list_specific: true,
			list_id: DEAL_PIPELINE,
		});
		const listed = await fieldsOf({ entity: 'list', listId: byId(DEAL_PIPELINE) });
		expect(listed.find((f) => f.id === field.id)).toMatchObject({
			name: 'Check Size',
			valueType: 'number',
		});
		expectNoKey(created.run);
	});

	it('a global person field with several values; Simplify off gives v1’s answer', async () => {
		const created = await run({
			operation: 'create',
			name: 'Mentors',
			entityType: 'person',
			scope: 'global',
			valueType: 'person',
			allowsMultiple: true,
			simplify: false,
		});
		expect(created.items[0]).toMatchObject({
			name: 'Mentors',
			list_id: null,
			value_type: 0,
			allows_multiple: true,
		});
		const listed = await fieldsOf({ entity: 'person' });
		expect(listed.find((f) => f.id === `field-${created.items[0].id as number}`)).toMatchObject({
			type: 'global',
			valueType: 'person-multi',
		});
	});

	it.each([
		[{ name: ' ', entityType: 'company', scope: 'global', valueType: 'text' }, /Name: required/],
		[
			{
				name: 'A',
				entityType: 'company',
				scope: 'global',
				valueType: 'datetime',
				allowsMultiple: true,
			},
			/Allows Multiple Values: a Date field holds one value/,
		],
		[
			{ name: 'A', entityType: 'opportunity', scope: 'global', valueType: 'text' },
			/Where: opportunities have no global fields/,
		],
	])('refuses %j with zero requests', async (parameters, message) => {
		await fixture.clearRequests();
		const result = await run({ operation: 'create', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(await fixture.requests()).toEqual([]);
	});

	it('an entity type that does not match the list is refused after reading the list, before any write', async () => {
		await fixture.clearRequests();
		const result = await run({
			operation: 'create',
			name: 'A',
			entityType: 'person',
			scope: 'list',
			listId: byId(TARGET_ACCOUNTS),
			valueType: 'text',
		});
		expect(result.error?.message).toMatch(
			/Entity Type: "Target Accounts" \(ID 102\) is a company list/,
		);
		expect(result.error?.description).toMatch(/Set Entity Type to Company/);
		expect(await writes()).toEqual([]);
	});

	it('v1’s 422 names the node’s parameter', async () => {
		await fixture.fault({
			kind: 'status',
			status: 422,
			method: 'POST',
			body: { errors: [{ code: 'validation', message: 'name is too long', param: 'name' }] },
		});
		const result = await run({
			operation: 'create',
			name: 'A',
			entityType: 'company',
			scope: 'global',
			valueType: 'text',
		});
		expect(result.error?.message).toMatch(/name is too long/);
		expect(result.error?.description).toMatch(/"Name" \(sent as "name"\)/);
	});
});

describe('delete', () => {
	it('takes field-123 or 123; the field and its values are gone from v2 reads', async () => {
		const notes = (await fieldsOf({ entity: 'list', listId: byId(TARGET_ACCOUNTS) })).find(
			(f) => f.name === 'Notes' && f.type === 'list',
		) as IDataObject;
		const stage = (await fieldsOf({ entity: 'list', listId: byId(TARGET_ACCOUNTS) })).find(
			(f) => f.name === 'Stage' && f.type === 'list',
		) as IDataObject;
		await fixture.clearRequests();
		const deleted = await run({ operation: 'delete', fieldId: notes.id });
		expect(deleted.items).toEqual([{ success: true, fieldId: notes.id }]);
		const bare = await run({
			operation: 'delete',
			fieldId: String(stage.id).replace('field-', ''),
		});
		expect(bare.items).toEqual([{ success: true, fieldId: stage.id }]);
		expect((await fixture.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
			`DELETE /fields/${String(notes.id).replace('field-', '')}`,
			`DELETE /fields/${String(stage.id).replace('field-', '')}`,
		]);
		const listed = await fieldsOf({ entity: 'list', listId: byId(TARGET_ACCOUNTS) });
		expect(listed.some((f) => f.id === notes.id || f.id === stage.id)).toBe(false);
		const entries = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'getAll',
				listId: byId(TARGET_ACCOUNTS),
				returnAll: false,
				limit: 20,
			},
		});
		expect(entries.items.some((e) => 'Notes' in (e.fields as IDataObject))).toBe(false);
	});

	it('an enriched field id is refused with zero requests; an unknown one is a 404', async () => {
		await fixture.clearRequests();
		const enriched = await run({ operation: 'delete', fieldId: 'affinity-data-location' });
		expect(enriched.error?.message).toMatch(
			/Field ID: "affinity-data-location" is not the ID of a field that can be deleted/,
		);
		expect(await fixture.requests()).toEqual([]);
		const unknown = await run({ operation: 'delete', fieldId: 'field-99999999' });
		expect(unknown.error?.message).toMatch(/Field 99999999 not found/);
	});
});

describe('each write is sent once', () => {
	const FAULTS = [
		['a 500', { kind: 'status', status: 500, apply: true }],
		['a connection reset', { kind: 'reset', apply: true }],
	] as const;
	describe.each(FAULTS)('after %s', (_label, fault) => {
		it.each([
			[
				'create',
				'POST',
				{
					operation: 'create',
					name: 'Once',
					entityType: 'company',
					scope: 'global',
					valueType: 'text',
				},
			],
			['delete', 'DELETE', { operation: 'delete', fieldId: 'field-1001' }],
		] as Array<[string, string, IDataObject]>)('%s', async (_name, method, parameters) => {
			await fixture.clearRequests();
			await fixture.fault({ ...fault, method });
			const result = await run(parameters);
			expect(result.error?.description).toMatch(/may or may not have been applied/);
			expect(result.error?.description).toMatch(/Field → Get Many/);
			expect((await writes()).map((r) => r.method)).toEqual([method]);
			expectNoKey(result.run);
		});
	});
});

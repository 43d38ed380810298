import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import { loadOptionsHarness } from '../harness/loadOptions';
import { byId, TARGET_ACCOUNTS } from '../harness/ids';

/**
 * The editor side of the writes, through n8n-core's real LoadOptionsContext (what the editor's
 * "load options" request runs): the writable fields with their value types, and the options of
 * the chosen dropdown field, at the top level and inside a batch item.
 */

const fixture = new EmulatorFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

/** A loadOptions method, run as the editor runs it for the parameter at `path`. */
function loadOptions(
	method: string,
	parameters: IDataObject,
	path = 'parameters.fieldId',
): Promise<INodePropertyOptions[]> {
	return loadOptionsHarness(parameters, fixture.credentials(), path).loadOptions(method);
}

describe('field pickers for writes', () => {
	it("list entry fields: the list's and its company's writable fields, each carrying its value type; no read-only ones", async () => {
		const options = await loadOptions('getWritableListEntryFields', {
			resource: 'listEntry',
			operation: 'updateFieldValue',
			listId: byId(TARGET_ACCOUNTS),
		});
		const byName = new Map(options.map((o) => [o.name, o]));
		expect(byName.get('Status')).toMatchObject({
			value: expect.stringMatching(/^field-\d+\|ranked-dropdown$/),
			description: expect.stringContaining('Ranked Dropdown · list field'),
		});
		expect(byName.get('Employees')).toMatchObject({
			value: expect.stringMatching(/\|number$/),
			description: expect.stringContaining('global field'),
		});
		expect(byName.has('Weighted Value')).toBe(false);
		expect(options.some((o) => /affinity-data|dealroom|last-email/.test(String(o.value)))).toBe(
			false,
		);
		expect(options.map((o) => o.name)).toEqual(
			[...options.map((o) => o.name)].sort((a, b) => a.localeCompare(b)),
		);
	});

	it('person fields: global only', async () => {
		const options = await loadOptions('getWritablePersonFields', {
			resource: 'person',
			operation: 'updateFieldValue',
		});
		expect(options.map((o) => o.name).sort()).toEqual([
			'Birthday',
			'Employers',
			'Home City',
			'Interests',
			'Introduced By',
			'Job Title',
			'Phone',
			'Seniority',
		]);
	});

	it('the options of the chosen dropdown field, at the top level and in a batch item', async () => {
		const fields = await loadOptions('getWritableListEntryFields', {
			resource: 'listEntry',
			listId: byId(TARGET_ACCOUNTS),
		});
		const status = String(fields.find((o) => o.name === 'Status')!.value);
		const industry = String(fields.find((o) => o.name === 'Industry')!.value);
		const top = await loadOptions(
			'getFieldDropdownOptions',
			{ resource: 'listEntry', listId: byId(TARGET_ACCOUNTS), fieldId: status },
			'parameters.dropdownValue',
		);
		expect(top.map((o) => o.name)).toEqual([
			'New',
			'Contacted',
			'Qualified',
			'Negotiation',
			'Won',
			'Lost',
		]);
		expect(top.every((o) => typeof o.value === 'number')).toBe(true);
		const inItem = await loadOptions(
			'getFieldDropdownOptions',
			{
				resource: 'listEntry',
				listId: byId(TARGET_ACCOUNTS),
				updates: { update: [{ fieldId: status }, { fieldId: industry }] },
			},
			'parameters.updates.update[1].dropdownValue',
		);
		expect(inItem.map((o) => o.name)).toEqual([
			'Software',
			'Fintech',
			'Healthcare',
			'Climate',
			'Consumer',
			'Industrial',
		]);
		// The global Industry field's options come from the company fields endpoint.
		const log = await fixture.requests();
		expect(
			log.some((r) => /^\/v2\/companies\/fields\/field-\d+\/dropdown-options$/.test(r.path)),
		).toBe(true);
	});

	it("a write with an option picked from the list sends that option's ID", async () => {
		const { runAffinityNode } = await import('../../testkit/engine');
		const fields = await loadOptions('getWritableListEntryFields', {
			resource: 'listEntry',
			listId: byId(TARGET_ACCOUNTS),
		});
		const stage = String(fields.find((o) => o.name === 'Stage')!.value);
		const options = await loadOptions(
			'getFieldDropdownOptions',
			{ resource: 'listEntry', listId: byId(TARGET_ACCOUNTS), fieldId: stage },
			'parameters.dropdownValue',
		);
		const diligence = options.find((o) => o.name === 'Diligence')!.value as number;
		const [entry] = await fixture.control<Array<{ id: number }>>(
			'GET',
			`/lists/${TARGET_ACCOUNTS}/entries`,
		);
		await fixture.clearRequests();
		const result = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'updateFieldValue',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				fieldId: stage,
				dropdownValue: diligence,
			},
		});
		expect(result.items[0]).toMatchObject({
			success: true,
			value: { type: 'dropdown', data: { dropdownOptionId: diligence } },
			dropdownText: 'Diligence',
		});
		// The fields page, the field's options (only for the output's option text), then the POST.
		expect(
			(await fixture.requests()).map((r) => `${r.method} ${r.path.replace(/\d+/g, 'N')}`),
		).toEqual([
			'GET /vN/lists/N/fields',
			'GET /vN/lists/N/fields/field-N/dropdown-options',
			'POST /vN/lists/N/list-entries/N/fields/field-N',
		]);
	});
});

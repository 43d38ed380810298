/** The trigger's description and its pickers, through n8n-core's real LoadOptionsContext. */
import { LoadOptionsContext } from 'n8n-core';
import type { IDataObject, ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';

import { AffinityV2Trigger } from '../../nodes/AffinityV2Trigger/AffinityV2Trigger.node';
import { additionalData } from '../../testkit/engine';
import { EmulatorFixture } from '../harness/emulator';
import { TARGET_ACCOUNTS, byId, triggerHarness } from './helpers';

const fixture = new EmulatorFixture();

beforeAll(async () => {
	await fixture.start();
});
afterAll(async () => {
	await fixture.stop();
});

function loadOptionsContext(parameters: IDataObject, path: string): ILoadOptionsFunctions {
	const h = triggerHarness(fixture, parameters);
	const data = additionalData(h.helper);
	data.currentNodeParameters = parameters as never;
	return new LoadOptionsContext(h.workflow, h.workflow.getNode('Trigger')!, data, path);
}

describe('description', () => {
	const { description, methods } = new AffinityV2Trigger();

	it('is a polling trigger with the public names', () => {
		expect(description).toMatchObject({
			name: 'affinityV2Trigger',
			displayName: 'Affinity v2 Trigger',
			polling: true,
			group: ['trigger'],
			inputs: [],
		});
		expect(description.credentials).toEqual([{ name: 'affinityV2Api', required: true }]);
		const event = description.properties.find((p) => p.name === 'event') as INodeProperties;
		expect(event.options?.map((o) => (o as { value: string }).value).sort()).toEqual([
			'anyChange',
			'fieldValueChanged',
			'listEntryAdded',
			'listEntryRemoved',
		]);
	});

	it('has every method its parameters name', () => {
		const named =
			JSON.stringify(description.properties).match(
				/"(searchListMethod|loadOptionsMethod)":"(\w+)"/g,
			) ?? [];
		for (const entry of named) {
			const [, kind, name] = /"(\w+)":"(\w+)"/.exec(entry)!;
			const group = kind === 'searchListMethod' ? methods.listSearch : methods.loadOptions;
			expect(typeof (group as Record<string, unknown>)[name]).toBe('function');
		}
		expect(named.length).toBeGreaterThanOrEqual(3);
	});
});

describe('pickers', () => {
	const { methods } = new AffinityV2Trigger();

	it("offers the chosen list's saved views, searchable by name, saying which the API serves", async () => {
		const ctx = loadOptionsContext({ listId: byId(TARGET_ACCOUNTS) }, 'parameters.savedViewId');
		const all = await methods.listSearch.searchSavedViews.call(ctx);
		expect(all.results.map((r) => r.name)).toEqual([
			'Hot accounts (sheet view)',
			'Large deals (sheet view)',
			'Overview dashboard (dashboard view: the API serves only sheet views)',
		]);
		const hot = await methods.listSearch.searchSavedViews.call(ctx, 'HOT');
		expect(hot.results).toEqual([
			{ name: 'Hot accounts (sheet view)', value: expect.stringMatching(/^\d+$/) },
		]);
	});

	it('before a list is chosen: no saved views and no watched fields, and no error', async () => {
		expect(
			await methods.listSearch.searchSavedViews.call(
				loadOptionsContext({}, 'parameters.savedViewId'),
			),
		).toEqual({ results: [] });
		expect(
			await methods.loadOptions.getListFields.call(
				loadOptionsContext({}, 'parameters.watchedFieldIds'),
			),
		).toEqual([]);
	});

	it("loads the list's fields for Watched Fields", async () => {
		const ctx = loadOptionsContext({ listId: byId(TARGET_ACCOUNTS) }, 'parameters.watchedFieldIds');
		const fields = await methods.loadOptions.getListFields.call(ctx);
		expect(fields.map((f) => f.name)).toEqual(
			expect.arrayContaining(['Status', 'Labels', 'Champions', 'Weighted Value']),
		);
	});
});

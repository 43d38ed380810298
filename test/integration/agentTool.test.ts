/*
 * The node as an AI agent's tool, through the real engine against the emulator: compact results
 * with a "more available" marker, and errors whose message carries what to do next (an agent
 * reads only the message of a failed tool).
 */
import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import { byId } from '../harness/ids';

const fixture = new EmulatorFixture();

beforeAll(async () => {
	await fixture.start();
});

afterAll(async () => {
	await fixture.stop();
});

beforeEach(async () => {
	await fixture.reset();
});

const run = (parameters: IDataObject, asTool = true) =>
	runAffinityNode({ credentials: fixture.credentials(), parameters, asTool });

it('a Get Many that reached its limit ends with a marker saying more may be available', async () => {
	const { items, error } = await run({
		resource: 'company',
		operation: 'getAll',
		returnAll: false,
		limit: 3,
	});
	expect(error).toBeUndefined();
	expect(items).toHaveLength(4);
	expect(items.slice(0, 3).every((c) => typeof c.id === 'number')).toBe(true);
	expect(items[3]).toEqual({
		moreAvailable: true,
		note: expect.stringContaining('the limit of this request; more may be available'),
	});
});

it('Return All is capped at 50 records for an agent, with the total in the marker', async () => {
	const { items } = await run({
		resource: 'listEntry',
		operation: 'getAll',
		listId: byId(102),
		returnAll: true,
		fieldTypes: ['list'],
	});
	expect(items).toHaveLength(51);
	expect(items[50]).toEqual({
		moreAvailable: true,
		note: expect.stringMatching(/^Showing the first 50 of \d+ results\./),
	});
	// No empty values reach the model.
	expect(JSON.stringify(items)).not.toMatch(/:null|:""|:\[\]|:\{\}/);
});

it('outside an agent, the same operation returns every record unchanged, nulls included', async () => {
	const { items } = await run(
		{
			resource: 'listEntry',
			operation: 'getAll',
			listId: byId(102),
			returnAll: true,
			fieldTypes: ['list'],
		},
		false,
	);
	expect(items.length).toBeGreaterThan(50);
	expect(items.some((e) => 'moreAvailable' in e)).toBe(false);
	expect(JSON.stringify(items)).toMatch(/:null/);
});

it('a failed tool call carries what to do next in its message', async () => {
	const { error } = await run({
		resource: 'company',
		operation: 'get',
		companyId: byId(999999999),
	});
	expect(error?.message).toBe(
		"Company 999999999 not found. Affinity has no company with ID 999999999, or the key's user cannot see it. Check the ID.",
	);
});

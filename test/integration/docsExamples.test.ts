import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { EmulatorFixture } from '../harness/emulator';
import { runAffinityNode } from '../../testkit/engine';
import type { WebhookHarness } from '../harness/webhook';
import {
	TARGET_ACCOUNTS,
	byId,
	events,
	fetchAll,
	fieldNamed,
	optionId,
	setValue,
	triggerHarness,
} from '../trigger/helpers';
import { DEAL_PIPELINE, deliveriesSettled, listField, webhookTrigger } from '../webhook/helpers';

/**
 * The example outputs in docs/ are the nodes' real output: each JSON block that follows an
 * `<!-- example: <name> -->` comment equals what the node gives for that case, run in n8n-core
 * against the seeded emulator. Times (which depend on the clock) are compared as times. When
 * one fails, the message shows the real output to paste into the page.
 */

const ROOT = join(__dirname, '../..');
const fixture = new EmulatorFixture();
const open: WebhookHarness[] = [];

beforeAll(() => fixture.start());
afterEach(async () => {
	while (open.length) await open.pop()!.close();
});
afterAll(() => fixture.stop());
beforeEach(() => fixture.reset());

/** The JSON block after `<!-- example: name -->` in a docs page. */
function example(page: string, name: string): unknown {
	const text = readFileSync(join(ROOT, page), 'utf8');
	// A block inside a list item is indented: its closing fence too.
	const match = new RegExp(
		`<!-- example: ${name} -->\\s*\`\`\`json\\n([\\s\\S]*?)\\n\\s*\`\`\``,
	).exec(text);
	if (!match) throw new Error(`${page} has no example "${name}"`);
	return JSON.parse(match[1]);
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** The value with every ISO date-time replaced by a placeholder: clocks differ, shapes do not. */
function withoutTimes(value: unknown): unknown {
	if (typeof value === 'string') return ISO_TIME.test(value) ? '<date-time>' : value;
	if (Array.isArray(value)) return value.map(withoutTimes);
	if (value && typeof value === 'object')
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutTimes(v)]));
	return value;
}

function expectExample(page: string, name: string, real: IDataObject): void {
	const documented = withoutTimes(example(page, name));
	if (JSON.stringify(documented) !== JSON.stringify(withoutTimes(real)))
		throw new Error(
			`${page}, example "${name}", differs from the node's output; the real output is:\n${JSON.stringify(real, null, '\t')}`,
		);
	expect(documented).toEqual(withoutTimes(real));
}

describe('docs examples are real output', () => {
	it('docs/operations.md: List Entry → Update Field Value on a dropdown field', async () => {
		const [entry] = await fetchAll(fixture, TARGET_ACCOUNTS);
		const stage = fieldNamed(fixture, TARGET_ACCOUNTS, 'Stage');
		const run = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'updateFieldValue',
				listId: byId(TARGET_ACCOUNTS),
				listEntryId: byId(entry.id),
				fieldId: `${stage.id}|${stage.valueType}`,
				dropdownValue: '=IC',
			},
		});
		expect(run.error).toBeUndefined();
		expectExample('docs/operations.md', 'listEntry-updateFieldValue', run.items[0]);
	});

	it('docs/operations.md: List Entry → Get Many, simplified (fields by name)', async () => {
		const [entry] = await fetchAll(fixture, TARGET_ACCOUNTS);
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		await setValue(fixture, entry.id, status.id, {
			type: 'ranked-dropdown',
			data: { dropdownOptionId: optionId(status, 'Qualified') },
		});
		const run = await runAffinityNode({
			credentials: fixture.credentials(),
			parameters: {
				resource: 'listEntry',
				operation: 'getAll',
				listId: byId(TARGET_ACCOUNTS),
				returnAll: false,
				limit: 1,
				fieldTypes: [],
				fieldIds: ['Status', 'Deal Size', 'Close Date'].map(
					(name) => fieldNamed(fixture, TARGET_ACCOUNTS, name).id,
				),
			},
		});
		expect(run.error).toBeUndefined();
		expectExample('docs/operations.md', 'listEntry-getAll-simplified', run.items[0]);
	});

	it('docs/triggers.md: a polling trigger event (Status changed, previous value kept)', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const h = triggerHarness(fixture, {
			listId: byId(TARGET_ACCOUNTS),
			event: 'fieldValueChanged',
			watchedFieldIds: [status.id],
			options: { keepPreviousValues: true },
		});
		const [entry] = await fetchAll(fixture, TARGET_ACCOUNTS);
		const option = (text: string) => ({
			type: 'ranked-dropdown',
			data: { dropdownOptionId: optionId(status, text) },
		});
		await setValue(fixture, entry.id, status.id, option('Contacted'));
		expect(await h.poll()).toBeNull();
		await setValue(fixture, entry.id, status.id, option('Won'));
		const emitted = events(await h.poll());
		expect(emitted).toHaveLength(1);
		expectExample('docs/triggers.md', 'poll-fieldValueChanged', emitted[0]);
	});

	it('docs/triggers.md: a change-log trigger event (Status changed)', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const h = triggerHarness(fixture, {
			listId: byId(TARGET_ACCOUNTS),
			detection: 'changeLog',
			event: 'fieldValueChanged',
			watchedFieldIds: [status.id],
		});
		expect(await h.poll()).toBeNull();
		const [entry] = await fetchAll(fixture, TARGET_ACCOUNTS);
		await setValue(fixture, entry.id, status.id, {
			type: 'ranked-dropdown',
			data: { dropdownOptionId: optionId(status, 'Won') },
		});
		const emitted = events(await h.poll());
		expect(emitted).toHaveLength(1);
		expectExample('docs/triggers.md', 'poll-changeLog-fieldValueChanged', emitted[0]);
	});

	it('docs/triggers.md: Fetch Test Event in snapshot mode, never polled: the latest real change', async () => {
		const status = fieldNamed(fixture, TARGET_ACCOUNTS, 'Status');
		const h = triggerHarness(fixture, {
			listId: byId(TARGET_ACCOUNTS),
			event: 'fieldValueChanged',
			watchedFieldIds: [status.id],
		});
		const [entry] = await fetchAll(fixture, TARGET_ACCOUNTS);
		await setValue(fixture, entry.id, status.id, {
			type: 'ranked-dropdown',
			data: { dropdownOptionId: optionId(status, 'Won') },
		});
		const emitted = events(await h.poll('manual'));
		expectExample('docs/triggers.md', 'manual-snapshot-latestChange', emitted[0]);
	});

	it('docs/triggers.md: a webhook trigger event (a text field updated)', async () => {
		const h = await webhookTrigger(fixture, {
			events: ['field_value.updated'],
			filters: { listId: DEAL_PIPELINE },
		});
		open.push(h);
		await h.activate();
		const text = listField(fixture, DEAL_PIPELINE, 'text');
		const [entry] = await fetchAll(fixture, DEAL_PIPELINE);
		await setValue(fixture, entry.id, text.id, { type: 'text', data: 'Intro call done' });
		await deliveriesSettled(fixture);
		await setValue(fixture, entry.id, text.id, { type: 'text', data: 'Term sheet sent' });
		await deliveriesSettled(fixture);
		const updates = h.executions.flat().filter((e) => e.affinityEvent === 'field_value.updated');
		expect(updates.length).toBeGreaterThanOrEqual(1);
		expectExample('docs/triggers.md', 'webhook-fieldValueChanged', updates[updates.length - 1]);
	});
});

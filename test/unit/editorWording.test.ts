/* What the editor shows of the triggers: names users know, costs in plain words, how to test. */
import type { INodeProperties } from 'n8n-workflow';

import { AffinityV2 } from '../../nodes/AffinityV2/AffinityV2.node';
import { AffinityV2Trigger } from '../../nodes/AffinityV2Trigger/AffinityV2Trigger.node';
import { AffinityV2WebhookTrigger } from '../../nodes/AffinityV2WebhookTrigger/AffinityV2WebhookTrigger.node';

/** Every text a user reads of a description: display names, descriptions, notices, options. */
function texts(properties: INodeProperties[]): string[] {
	const out: string[] = [];
	const visit = (p: Record<string, unknown>) => {
		for (const key of ['displayName', 'name', 'description', 'action'])
			if (typeof p[key] === 'string') out.push(p[key]);
		for (const inner of (p.options ?? p.values ?? []) as Array<Record<string, unknown>>)
			visit(inner);
	};
	for (const p of properties) visit(p as unknown as Record<string, unknown>);
	return out;
}

const notice = (properties: INodeProperties[], name: string) =>
	properties.find((p) => p.name === name && p.type === 'notice')?.displayName ?? '';

describe('webhook trigger', () => {
	const { properties } = new AffinityV2WebhookTrigger().description;
	const events = properties.find((p) => p.name === 'events')?.options as Array<{
		name: string;
		value: string;
	}>;

	it("names Affinity's organization events after companies, keeping Affinity's values", () => {
		expect(events.find((o) => o.value === 'organization.created')?.name).toBe('Company Created');
		expect(events.find((o) => o.value === 'organization.merged')?.name).toBe('Company Merged');
		expect(events.map((o) => o.name).join(' ')).not.toMatch(/organization/i);
		const action = new AffinityV2()
			.getNodeType()
			.description.properties.find((p) => p.name === 'subscriptions')?.options as Array<{
			name: string;
			value: string;
		}>;
		expect(action.find((o) => o.value === 'organization.updated')?.name).toBe('Company Updated');
	});

	it('explains testing and an n8n the internet cannot reach, in two sentences', () => {
		const text = notice(properties, 'notice');
		// n8n 2.x's own words: the button, what it shows while it waits, publishing.
		expect(text).toMatch(/click Execute step/);
		expect(text).toMatch(/"Listening for test event"/);
		expect(text).not.toMatch(/Listen for Test Event/i);
		expect(text).toMatch(/published/);
		expect(text).toMatch(/Test URL/);
		expect(text).toMatch(/localhost.*private address.*\.local/);
		expect(text).toMatch(/WEBHOOK_URL/);
		expect(text).toMatch(/tunnel/);
		expect(text.split(/\.\s/).length).toBe(2);
	});

	it('filters by a list picker, under the name saved workflows use', () => {
		const filters = properties.find((p) => p.name === 'filters')?.options as INodeProperties[];
		const list = filters.find((o) => o.name === 'listId');
		expect(list?.type).toBe('resourceLocator');
		expect(list?.modes?.map((m) => m.name)).toEqual(['list', 'id', 'url']);
	});
});

describe('polling trigger', () => {
	const { properties } = new AffinityV2Trigger().description;

	it('says what a poll costs in plain words', () => {
		expect(notice(properties, 'changeLogNotice')).toMatch(
			/about 2 API calls a poll, whatever the list's size/,
		);
		expect(notice(properties, 'pollingNotice')).toMatch(/about 1 API call per 100 entries/);
	});

	it('keeps saved-state sizes out of tooltips', () => {
		expect(texts(properties).filter((t) => /bytes|saved state/i.test(t))).toEqual([]);
	});
});

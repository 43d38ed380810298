/*
 * The webhook trigger in real n8n against the emulator: activating the workflow creates one
 * Affinity webhook for n8n's production URL, a mutation in the emulator starts one execution
 * with the event, deactivating deletes the webhook.
 */
import { NODE_TYPES, unflatten } from '../../scripts/n8n';
import type { StoredExecution } from '../../scripts/n8n/rest';
import { CREDENTIALS, N8nFixture } from './fixture';

const fixture = new N8nFixture('webhook-trigger');
const WORKFLOW_ID = 'affV2E2eWebhook';
const WEBHOOK_ID = '7b0f3c55-2a44-4d1e-8a3c-1f6e9b2d4c10';
const DEAL_PIPELINE = 101;

interface ApiWebhook {
	id: number;
	url: string;
	status: string;
	subscriptions: string[];
}

const webhooks = async () => (await fixture.api<{ data: ApiWebhook[] }>('/v2/webhooks')).data;

async function eventually<T>(
	read: () => Promise<T>,
	done: (value: T) => boolean,
	what: string,
	timeoutMs = 60_000,
): Promise<T> {
	const until = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (done(value)) return value;
		if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(value)}`);
		await new Promise((r) => setTimeout(r, 500));
	}
}

beforeAll(async () => {
	await fixture.start();
	const { id, name } = CREDENTIALS.admin;
	await fixture.importWorkflows([
		{
			id: WORKFLOW_ID,
			name: 'e2e: webhook trigger',
			nodes: [
				{
					id: `${WORKFLOW_ID}-1`,
					name: 'Affinity events',
					type: NODE_TYPES.webhookTrigger,
					typeVersion: 1,
					position: [0, 0],
					webhookId: WEBHOOK_ID,
					parameters: { events: ['list_entry.created'], filters: { listId: DEAL_PIPELINE } },
					credentials: { affinityV2Api: { id, name } },
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
			pinData: {},
			active: false,
		},
	]);
	await fixture.startServer();
}, 300_000);

afterAll(async () => {
	await fixture.stop();
});

it('activating creates one webhook, a mutation starts one execution, deactivating deletes it', async () => {
	const rest = fixture.rest!;
	expect(await webhooks()).toEqual([]);
	const workflow = await rest.request<{ versionId: string }>(
		'GET',
		`/rest/workflows/${WORKFLOW_ID}`,
	);
	await rest.request('POST', `/rest/workflows/${WORKFLOW_ID}/activate`, {
		versionId: workflow.versionId,
	});

	const [webhook, ...others] = await webhooks();
	expect(others).toEqual([]);
	expect(webhook).toMatchObject({ status: 'active', subscriptions: ['list_entry.created'] });
	expect(webhook.url).toBe(`http://localhost:${fixture.setup.port}/webhook/${WEBHOOK_ID}/webhook`);

	const added = await fixture.emulator.control<{ id: number; entityId: number }>(
		'POST',
		'/list-entries',
		{ listId: DEAL_PIPELINE, name: 'Initech' },
	);
	const executions = await eventually(
		() =>
			rest.request<{ results: Array<{ id: string; status: string }> }>(
				'GET',
				`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }))}`,
			),
		(page) => page.results.length > 0 && page.results.every((e) => e.status === 'success'),
		'executions',
	);
	// Another moment for a redelivery or a second execution to show up, if there were one.
	await new Promise((r) => setTimeout(r, 2000));
	const again = await rest.request<{ results: Array<{ id: string }> }>(
		'GET',
		`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }))}`,
	);
	expect(again.results).toHaveLength(1);
	const execution = await rest.request<StoredExecution>(
		'GET',
		`/rest/executions/${executions.results[0].id}`,
	);
	const data = unflatten(execution.data) as {
		resultData: {
			runData: Record<
				string,
				Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>
			>;
		};
	};
	const items = data.resultData.runData['Affinity events'][0].data.main[0].map((i) => i.json);
	expect(items).toEqual([
		expect.objectContaining({
			event: 'listEntryAdded',
			detectedBy: 'webhook',
			listId: DEAL_PIPELINE,
			listEntryId: added.id,
			entityId: added.entityId,
			entityName: 'Initech',
		}),
	]);

	await rest.request('POST', `/rest/workflows/${WORKFLOW_ID}/deactivate`, {});
	expect(await webhooks()).toEqual([]);
});

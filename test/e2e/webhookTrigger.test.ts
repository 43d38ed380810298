/*
 * The webhook trigger in real n8n against the emulator: activating the workflow creates one
 * Affinity webhook for n8n's production URL, a mutation in the emulator starts one execution
 * with the event, deactivating deletes the webhook; and n8n stopped while events happen gets
 * each of them once after a restart, through the emulator's retries, with still one webhook.
 */
import { NODE_TYPES, unflatten } from '../../scripts/n8n';
import type { StoredExecution } from '../../scripts/n8n/rest';
import { eventually } from '../harness/eventually';
import { CREDENTIALS, N8nFixture } from './fixture';
import { DEAL_PIPELINE } from '../harness/ids';

const fixture = new N8nFixture('webhook-trigger');
const WORKFLOW_ID = 'affV2E2eWebhook';
const WEBHOOK_ID = '7b0f3c55-2a44-4d1e-8a3c-1f6e9b2d4c10';
const NODE_NAME = 'Affinity events';
/** Mutations made while n8n is stopped. */
const WHILE_STOPPED = 5;

interface ApiWebhook {
	id: number;
	url: string;
	status: string;
	subscriptions: string[];
}

interface DeliveryCounts {
	pending: number;
	delivered: number;
	failedAttempts: number;
	disabled: number;
}

const webhooks = async () => (await fixture.api<{ data: ApiWebhook[] }>('/v2/webhooks')).data;
const deliveryCounts = () => fixture.emulator.control<DeliveryCounts>('GET', '/webhook-deliveries');

async function executions(): Promise<Array<{ id: string; status: string }>> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId: WORKFLOW_ID }));
	const page = await fixture.rest!.request<{ results: Array<{ id: string; status: string }> }>(
		'GET',
		`/rest/executions?filter=${filter}&limit=100`,
	);
	return page.results;
}

/** The items the trigger emitted in one execution. */
async function emitted(executionId: string): Promise<Array<Record<string, unknown>>> {
	const execution = await fixture.rest!.request<StoredExecution>(
		'GET',
		`/rest/executions/${executionId}`,
	);
	const data = unflatten(execution.data) as {
		resultData: {
			runData: Record<
				string,
				Array<{ data: { main: Array<Array<{ json: Record<string, unknown> }>> } }>
			>;
		};
	};
	return data.resultData.runData[NODE_NAME][0].data.main[0].map((i) => i.json);
}

async function activate(): Promise<void> {
	const rest = fixture.rest!;
	const workflow = await rest.request<{ versionId: string }>(
		'GET',
		`/rest/workflows/${WORKFLOW_ID}`,
	);
	await rest.request('POST', `/rest/workflows/${WORKFLOW_ID}/activate`, {
		versionId: workflow.versionId,
	});
}

/**
 * n8n 2.x publishes an activation (and a deactivation) through an outbox: the webhook methods
 * run a moment after the REST call returns, so the emulator's webhooks are awaited.
 */
async function webhooksSettleAt(count: number): Promise<ApiWebhook[]> {
	return eventually(`webhooks (want ${count})`, webhooks, (list) => list.length === count).catch(
		async (error: unknown) => {
			const problems = await fixture
				.rest!.request('GET', `/rest/active-workflows/error/${WORKFLOW_ID}`)
				.catch((e: unknown) => e);
			throw new Error(`${String(error)}; activation: ${JSON.stringify(problems)}`);
		},
	);
}

const addEntry = (name: string) =>
	fixture.emulator.control<{ id: number; entityId: number; entityType: string }>(
		'POST',
		'/list-entries',
		{ listId: DEAL_PIPELINE, name },
	);

beforeAll(async () => {
	await fixture.start();
	// Affinity retries for 10 hours with backoff; compressed: retries 0.2 s, 0.6 s, 1.4 s, ...
	// after the first attempt, for up to 10 minutes.
	await fixture.emulator.control('POST', '/settings', {
		webhookRetryBaseMs: 200,
		webhookRetryWindowMs: 600_000,
	});
	const { id, name } = CREDENTIALS.admin;
	await fixture.importWorkflows([
		{
			id: WORKFLOW_ID,
			name: 'e2e: webhook trigger',
			nodes: [
				{
					id: `${WORKFLOW_ID}-1`,
					name: NODE_NAME,
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
	expect(await webhooks()).toEqual([]);
	await activate();
	const [webhook] = await webhooksSettleAt(1);
	expect(webhook).toMatchObject({ status: 'active', subscriptions: ['list_entry.created'] });
	expect(webhook.url).toBe(`http://localhost:${fixture.setup.port}/webhook/${WEBHOOK_ID}/webhook`);

	const added = await addEntry('Initech');
	const [execution] = await eventually(
		'executions',
		executions,
		(list) => list.length > 0 && list.every((e) => e.status === 'success'),
	);
	// Another moment for a redelivery or a second execution to show up, if there were one.
	await new Promise((r) => setTimeout(r, 2000));
	expect(await executions()).toHaveLength(1);
	expect(await deliveryCounts()).toMatchObject({ pending: 0, delivered: 1, failedAttempts: 0 });
	// The polling trigger's listEntryAdded item, plus what a webhook tells.
	expect(await emitted(execution.id)).toEqual([
		{
			event: 'listEntryAdded',
			detectedBy: 'webhook',
			affinityEvent: 'list_entry.created',
			sentAt: expect.any(String),
			listId: DEAL_PIPELINE,
			listEntryId: added.id,
			entityType: added.entityType,
			entityId: added.entityId,
			entityName: 'Initech',
			changes: [],
			createdAt: expect.any(String),
			creatorId: expect.any(Number),
		},
	]);

	await fixture.rest!.request('POST', `/rest/workflows/${WORKFLOW_ID}/deactivate`, {});
	await webhooksSettleAt(0);
});

it('n8n stopped while events happen gets each once after a restart, through the retries', async () => {
	const before = new Set((await executions()).map((e) => e.id));
	await activate();
	const [webhook] = await webhooksSettleAt(1);
	const delivered = (await deliveryCounts()).delivered;

	const stopped = Date.now();
	await fixture.stopServer();
	const added: number[] = [];
	for (let i = 0; i < WHILE_STOPPED; i++) added.push((await addEntry(`Stopped ${i}`)).id);
	// Every first attempt fails while n8n is down.
	await eventually(
		'failed first attempts',
		deliveryCounts,
		(counts) => counts.failedAttempts >= WHILE_STOPPED,
	);
	const restarting = Date.now();
	await fixture.startServer();
	const restarted = Date.now();

	const settled = await eventually(
		'deliveries pending after the restart',
		deliveryCounts,
		(counts) => counts.pending === 0,
		120_000,
	);
	const caughtUp = Date.now();
	expect(settled).toMatchObject({ delivered: delivered + WHILE_STOPPED, disabled: 0 });
	const fresh = await eventually(
		'executions after the restart',
		async () => (await executions()).filter((e) => !before.has(e.id)),
		(list) => list.length >= WHILE_STOPPED && list.every((e) => e.status === 'success'),
	);
	await new Promise((r) => setTimeout(r, 2000));
	expect((await executions()).filter((e) => !before.has(e.id))).toHaveLength(WHILE_STOPPED);
	const events = (await Promise.all(fresh.map((e) => emitted(e.id)))).flat();
	expect(events.map((e) => e.listEntryId).sort()).toEqual([...added].sort());
	expect(events.every((e) => e.event === 'listEntryAdded')).toBe(true);

	// The restart found its webhook (checkExists): the same one, no second one.
	expect(await webhooks()).toEqual([expect.objectContaining({ id: webhook.id, status: 'active' })]);
	console.log(
		`restart proof: ${WHILE_STOPPED} events while stopped, ${settled.failedAttempts} failed attempts in all; ` +
			`stop and mutations ${restarting - stopped} ms, start ${restarted - restarting} ms, ` +
			`all delivered ${caughtUp - restarted} ms after ready`,
	);

	await fixture.rest!.request('POST', `/rest/workflows/${WORKFLOW_ID}/deactivate`, {});
	await webhooksSettleAt(0);
});

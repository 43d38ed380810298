import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, WebhookContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeType,
	type IWebhookData,
	type IWebhookDescription,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { CREDENTIAL_ID, TestCredentialsHelper } from '../../testkit/credentials';
import { additionalData, NodeTypes } from '../../testkit/engine';

/** What the receiver answers after the node ran: as n8n does, or a lost answer (Affinity retries). */
export type Answer = 'normal' | 'fail' | 'drop';

export interface WebhookHarness {
	workflow: Workflow;
	node: INode;
	/** n8n's production URL of the node, as Affinity is told. */
	url: string;
	/** Items of each execution the deliveries started, in the order they started. */
	executions: IDataObject[][];
	/** Every answer sent: status and body. */
	answers: Array<{ status: number; body: unknown }>;
	/** Decides, per request (0-based), how the receiver answers once the node has run. */
	answer: (index: number) => Answer;
	/** What n8n does on activation: checkExists, and create when it says false. */
	activate(): Promise<{ existed: boolean }>;
	/** What n8n does on deactivation: delete. */
	deactivate(): Promise<void>;
	staticData(): IDataObject;
	close(): Promise<void>;
}

/** Response methods n8n's webhook path (express) gives the node; only those the node uses. */
function expressLike(res: ServerResponse) {
	const r = res as ServerResponse & {
		status(code: number): typeof r;
		json(body: unknown): typeof r;
	};
	r.status = (code: number) => {
		res.statusCode = code;
		return r;
	};
	r.json = (body: unknown) => {
		res.setHeader('content-type', 'application/json');
		res.end(JSON.stringify(body));
		return r;
	};
	return r;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const text = Buffer.concat(chunks).toString('utf8');
	try {
		return text ? JSON.parse(text) : {};
	} catch {
		return text;
	}
}

/**
 * A workflow holding one webhook-trigger node, served on a loopback port the way n8n's webhook
 * path runs it: each POST becomes a WebhookContext over the real request and response, the
 * node's webhook() decides, and workflowData starts an "execution" (recorded). Activation and
 * deactivation call webhookMethods with a HookContext, as n8n's ActiveWorkflows does.
 */
export async function webhookHarness(
	triggerType: INodeType,
	parameters: IDataObject,
	credentials: ICredentialDataDecryptedObject,
	options: { webhookId?: string; staticData?: IDataObject; port?: number } = {},
): Promise<WebhookHarness> {
	const helper = new TestCredentialsHelper(credentials);
	const node: INode = {
		id: 'w',
		name: 'Webhook Trigger',
		type: 'test.webhookTrigger',
		typeVersion: 1,
		position: [0, 0],
		webhookId: options.webhookId ?? '3f1c6a2e-0b1d-4f5e-9a77-5c0a4b1e2d90',
		parameters: parameters as INode['parameters'],
		credentials: { affinityV2Api: { id: CREDENTIAL_ID, name: 'Affinity' } },
	};
	const workflow = new Workflow({
		id: 'webhook-workflow',
		name: 'webhook',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: new NodeTypes({ 'test.webhookTrigger': triggerType }),
		staticData: options.staticData ?? {},
		settings: { executionOrder: 'v1' },
	});
	const description = (triggerType.description.webhooks ?? [])[0] as IWebhookDescription;
	let data: IWorkflowExecuteAdditionalData = additionalData(helper);
	const webhookData = (): IWebhookData => ({
		httpMethod: 'POST',
		node: node.name,
		path: String(description.path),
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: data,
		webhookId: node.webhookId,
	});

	let requests = 0;
	const harness = {
		workflow,
		node,
		url: '',
		executions: [] as IDataObject[][],
		answers: [] as Array<{ status: number; body: unknown }>,
		answer: ((): Answer => 'normal') as (index: number) => Answer,
	};

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const index = requests++;
		(req as IncomingMessage & { body?: unknown }).body = await readJson(req);
		const response = expressLike(res);
		const context = new WebhookContext(
			workflow,
			node,
			{
				...data,
				httpRequest: req,
				httpResponse: response,
			} as unknown as IWorkflowExecuteAdditionalData,
			'webhook',
			webhookData(),
			[],
			null,
		);
		let status = 200;
		let body: unknown;
		try {
			const result = await (triggerType.webhook as NonNullable<INodeType['webhook']>).call(context);
			if (result.noWebhookResponse) {
				harness.answers.push({ status: res.statusCode, body: 'sent by the node' });
				return;
			}
			if (result.workflowData) harness.executions.push(result.workflowData[0].map((i) => i.json));
			body = result.webhookResponse ?? { message: 'Workflow was started' };
		} catch (error) {
			status = 500;
			body = { message: (error as Error).message };
		}
		const how = harness.answer(index);
		if (how === 'drop') {
			res.destroy();
			return;
		}
		if (how === 'fail') status = 500;
		harness.answers.push({ status, body });
		response.status(status).json(body);
	}

	const server: Server = createServer((req, res) => void handle(req, res));
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	data = { ...additionalData(helper), webhookBaseUrl: `http://127.0.0.1:${port}/webhook` };

	const hook = () => new HookContext(workflow, node, data, 'trigger', 'activate', webhookData());
	const methods = (triggerType.webhookMethods as NonNullable<INodeType['webhookMethods']>)
		.default as NonNullable<NonNullable<INodeType['webhookMethods']>['default']>;
	harness.url = hook().getNodeWebhookUrl('default') as string;

	return Object.assign(harness, {
		async activate() {
			const existed = await methods.checkExists.call(hook());
			if (!existed) await methods.create.call(hook());
			return { existed };
		},
		async deactivate() {
			await methods.delete.call(hook());
		},
		staticData() {
			return workflow.getStaticData('node', node);
		},
		async close() {
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	});
}

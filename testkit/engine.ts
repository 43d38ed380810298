import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Readable } from 'node:stream';

import { Container } from '@n8n/di';
import {
	BinaryDataConfig,
	BinaryDataService,
	ExecutionLifecycleHooks,
	PollContext,
	WorkflowExecute,
} from 'n8n-core';
import {
	NodeConnectionTypes,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type IBinaryData,
	type IBinaryKeyData,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeData,
	type INodeTypeDescription,
	type INodeTypes,
	type IRun,
	type IWorkflowExecuteAdditionalData,
	type IVersionedNodeType,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { AffinityV2 } from '../nodes/AffinityV2/AffinityV2.node.ts';
import { CREDENTIAL_ID, TestCredentialsHelper } from './credentials';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'affinity-n8n-'));

/** A file of an input item: its bytes (base64), or a number of zero bytes; its name and type. */
export interface InputFile {
	base64?: string;
	zeros?: number;
	fileName?: string;
	mimeType?: string;
}

function zeroStream(total: number): Readable {
	let left = total;
	const chunk = Buffer.alloc(1 << 20);
	return new Readable({
		read() {
			if (left <= 0) return void this.push(null);
			const size = Math.min(left, chunk.length);
			left -= size;
			this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
		},
	});
}

/**
 * Stores binary data on disk from now on in this process (n8n's filesystem mode), as n8n does by
 * default; without it, binary data is kept in the items as base64.
 */
export async function useFilesystemBinaryData(): Promise<{ remove(): Promise<void> }> {
	await Container.get(BinaryDataService).init();
	const folder = Container.get(BinaryDataConfig).localStoragePath;
	return { remove: () => rm(folder, { recursive: true, force: true }) };
}

/** A start node that emits the items it is given as its `items` parameter, with files from `binary`. */
class ItemsSource implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Items',
		name: 'itemsSource',
		group: ['input'],
		version: 1,
		description: 'Emits test items',
		defaults: { name: 'Items' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Items', name: 'items', type: 'json', default: '[]' },
			{ displayName: 'Binary', name: 'binary', type: 'json', default: '[]' },
		],
	};

	async execute(this: import('n8n-workflow').IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string | IDataObject[];
		const items = typeof raw === 'string' ? (JSON.parse(raw) as IDataObject[]) : raw;
		const files = JSON.parse(this.getNodeParameter('binary', 0, '[]') as string) as Array<
			Record<string, InputFile> | undefined
		>;
		const out: INodeExecutionData[] = [];
		for (const [index, json] of items.entries()) {
			const item: INodeExecutionData = { json };
			for (const [field, file] of Object.entries(files[index] ?? {})) {
				// A file of zeros is streamed, so that a large one is stored as n8n stores binary data
				// (on disk in filesystem mode) without being held in memory here.
				const content =
					file.zeros !== undefined
						? zeroStream(file.zeros)
						: Buffer.from(file.base64 ?? '', 'base64');
				item.binary ??= {};
				item.binary[field] = await this.helpers.prepareBinaryData(
					content,
					file.fileName,
					file.mimeType,
				);
			}
			out.push(item);
		}
		return [out];
	}
}

export class NodeTypes implements INodeTypes {
	private readonly types: INodeTypeData = {};

	constructor(extra: Record<string, INodeType | IVersionedNodeType> = {}) {
		const all: Record<string, INodeType | IVersionedNodeType> = {
			'test.itemsSource': new ItemsSource(),
			'test.affinityV2': new AffinityV2(),
			// n8n names the AI-tool variant of a usableAsTool node `<type>Tool`.
			'test.affinityV2Tool': new AffinityV2(),
			...extra,
		};
		for (const [name, type] of Object.entries(all)) this.types[name] = { type, sourcePath: '' };
	}

	getByName(name: string): INodeType | IVersionedNodeType {
		return this.types[name].type;
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.types[name].type, version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

export function additionalData(
	credentialsHelper: TestCredentialsHelper,
): IWorkflowExecuteAdditionalData {
	const url = 'http://127.0.0.1:5678';
	return {
		credentialsHelper,
		executeWorkflow: async () => {
			throw new Error('not supported');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${url}/rest`,
		instanceBaseUrl: url,
		formBaseUrl: `${url}/form`,
		formWaitingBaseUrl: `${url}/form-waiting`,
		formTestBaseUrl: `${url}/form-test`,
		webhookBaseUrl: `${url}/webhook`,
		webhookWaitingBaseUrl: `${url}/webhook-waiting`,
		webhookTestBaseUrl: `${url}/webhook-test`,
		mcpBaseUrl: `${url}/mcp`,
		mcpTestBaseUrl: `${url}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not supported');
		},
		userId: 'test-user',
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface NodeRun {
	/** Output items of the Affinity node (empty when it failed). */
	items: IDataObject[];
	/** The binary data of each output item (undefined where it has none). */
	binary: Array<IBinaryKeyData | undefined>;
	/** pairedItem of each output item. */
	paired: Array<number | undefined>;
	/** The node's error, as n8n records it, when it failed. */
	error?: {
		message: string;
		description?: string | null;
		httpCode?: string | null;
		name?: string;
		context?: IDataObject;
	};
	run: IRun;
}

export interface RunOptions {
	parameters: IDataObject;
	credentials: ICredentialDataDecryptedObject;
	/** Input items (default: one empty item). */
	items?: IDataObject[];
	/** Files of the input items, by item, then by binary field name. */
	binary?: Array<Record<string, InputFile> | undefined>;
	continueOnFail?: boolean;
	mode?: WorkflowExecuteMode;
	/** Run the node as an AI agent's tool (its type ends with "Tool", as n8n names the variant). */
	asTool?: boolean;
	/** The workflow's time zone setting (what this.getTimezone() gives); n8n's default otherwise. */
	timezone?: string;
}

/** Runs Items → Affinity v2 through n8n-core's WorkflowExecute and returns what the node produced. */
export async function runAffinityNode(options: RunOptions): Promise<NodeRun> {
	const helper = new TestCredentialsHelper(options.credentials);
	const nodes: INode[] = [
		{
			id: '1',
			name: 'Items',
			type: 'test.itemsSource',
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				items: JSON.stringify(options.items ?? [{}]),
				binary: JSON.stringify(options.binary ?? []),
			},
		},
		{
			id: '2',
			name: 'Affinity',
			type: options.asTool ? 'test.affinityV2Tool' : 'test.affinityV2',
			typeVersion: 1,
			position: [200, 0],
			parameters: options.parameters as INode['parameters'],
			credentials: { affinityV2Api: { id: CREDENTIAL_ID, name: 'Affinity' } },
			...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		},
	];
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'test',
		nodes,
		connections: {
			Items: { main: [[{ node: 'Affinity', type: NodeConnectionTypes.Main, index: 0 }]] },
		},
		active: false,
		nodeTypes: new NodeTypes(),
		staticData: {},
		settings: {
			executionOrder: 'v1',
			...(options.timezone ? { timezone: options.timezone } : {}),
		},
	});
	const mode = options.mode ?? 'manual';
	const data = additionalData(helper);
	data.hooks = new ExecutionLifecycleHooks(mode, 'test-execution', {
		id: workflow.id,
		name: workflow.name ?? 'test',
		nodes,
		connections: workflow.connectionsBySourceNode,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	const execute = new WorkflowExecute(data, mode);
	const run = await execute.run({ workflow, startNode: workflow.getNode('Items') as INode });
	const task = run.data.resultData.runData.Affinity?.[0];
	const output = task?.data?.main?.[0] ?? [];
	const error = task?.error as NodeRun['error'] | undefined;
	return {
		items: output.map((i) => i.json),
		binary: output.map((i) => i.binary),
		paired: output.map((i) =>
			typeof i.pairedItem === 'object' && !Array.isArray(i.pairedItem)
				? i.pairedItem?.item
				: undefined,
		),
		error: error ?? (run.data.resultData.error as NodeRun['error']),
		run,
	};
}

/** One Affinity node of a chain: its name (for `$('Name')` expressions) and parameters. */
export interface ChainStep {
	name: string;
	parameters: IDataObject;
	continueOnFail?: boolean;
}

export interface ChainRun {
	/** What each node produced, by its name (a node after a failed one did not run: absent). */
	nodes: Record<string, Omit<NodeRun, 'run'>>;
	run: IRun;
}

/**
 * Runs Items → step 1 → step 2 → … through n8n-core's WorkflowExecute, each Affinity node right
 * after the one before, as n8n runs a workflow: a later step reads an earlier one's output with
 * expressions (`={{ $json.id }}`, `={{ $('Create').item.json.id }}`).
 */
export async function runAffinityChain(options: {
	steps: ChainStep[];
	credentials: ICredentialDataDecryptedObject;
	items?: IDataObject[];
	binary?: Array<Record<string, InputFile> | undefined>;
}): Promise<ChainRun> {
	const helper = new TestCredentialsHelper(options.credentials);
	const nodes: INode[] = [
		{
			id: '0',
			name: 'Items',
			type: 'test.itemsSource',
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				items: JSON.stringify(options.items ?? [{}]),
				binary: JSON.stringify(options.binary ?? []),
			},
		},
		...options.steps.map(
			(step, index): INode => ({
				id: String(index + 1),
				name: step.name,
				type: 'test.affinityV2',
				typeVersion: 1,
				position: [200 * (index + 1), 0],
				parameters: step.parameters as INode['parameters'],
				credentials: { affinityV2Api: { id: CREDENTIAL_ID, name: 'Affinity' } },
				...(step.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
			}),
		),
	];
	const connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: 'main'; index: number }>> }
	> = {};
	for (let i = 0; i < nodes.length - 1; i++)
		connections[nodes[i].name] = {
			main: [[{ node: nodes[i + 1].name, type: NodeConnectionTypes.Main, index: 0 }]],
		};
	const workflow = new Workflow({
		id: 'test-chain',
		name: 'chain',
		nodes,
		connections,
		active: false,
		nodeTypes: new NodeTypes(),
		staticData: {},
		settings: { executionOrder: 'v1' },
	});
	const data = additionalData(helper);
	data.hooks = new ExecutionLifecycleHooks('manual', 'test-chain-execution', {
		id: workflow.id,
		name: workflow.name ?? 'chain',
		nodes,
		connections: workflow.connectionsBySourceNode,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	const run = await new WorkflowExecute(data, 'manual').run({
		workflow,
		startNode: workflow.getNode('Items') as INode,
	});
	const results: ChainRun['nodes'] = {};
	for (const step of options.steps) {
		const task = run.data.resultData.runData[step.name]?.[0];
		if (!task) continue;
		const output = task.data?.main?.[0] ?? [];
		results[step.name] = {
			items: output.map((i) => i.json),
			binary: output.map((i) => i.binary),
			paired: output.map((i) =>
				typeof i.pairedItem === 'object' && !Array.isArray(i.pairedItem)
					? i.pairedItem?.item
					: undefined,
			),
			error: task.error as NodeRun['error'] | undefined,
		};
	}
	return { nodes: results, run };
}

export interface PollHarness {
	workflow: Workflow;
	node: INode;
	helper: TestCredentialsHelper;
	/** Runs one poll as n8n does for an active workflow (or a manual "fetch test event"). */
	poll(mode?: 'trigger' | 'manual', pollBudgetMs?: number): Promise<INodeExecutionData[][] | null>;
	staticData(): IDataObject;
}

let pollWorkflows = 0;

/** A workflow holding one poll-trigger node; state persists on it between polls, as in n8n. */
export function pollHarness(
	triggerType: INodeType,
	parameters: IDataObject,
	credentials: ICredentialDataDecryptedObject,
): PollHarness {
	const helper = new TestCredentialsHelper(credentials);
	const node: INode = {
		id: 't',
		name: 'Trigger',
		type: 'test.trigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		credentials: { affinityV2Api: { id: CREDENTIAL_ID, name: 'Affinity' } },
	};
	const workflow = new Workflow({
		// Each harness is a workflow of its own, as each active workflow is in n8n: what the trigger
		// remembers of a node's polls (pollGuard.ts) is by workflow and node.
		id: `poll-workflow-${++pollWorkflows}`,
		name: 'poll',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: new NodeTypes({ 'test.trigger': triggerType }),
		staticData: {},
		settings: { executionOrder: 'v1' },
	});
	const data = additionalData(helper);
	return {
		workflow,
		node,
		helper,
		async poll(mode = 'trigger', pollBudgetMs?: number) {
			const context = new PollContext(
				workflow,
				workflow.getNode('Trigger') as INode,
				data,
				mode,
				mode === 'manual' ? 'manual' : 'activate',
				undefined,
				undefined,
				undefined,
				undefined,
				undefined,
				pollBudgetMs === undefined ? undefined : () => pollBudgetMs,
			);
			return (triggerType.poll as NonNullable<INodeType['poll']>).call(context);
		},
		staticData() {
			return workflow.getStaticData('node', workflow.getNode('Trigger') as INode);
		},
	};
}

/** The bytes of an output file, wherever n8n keeps them (in the item, or on disk). */
export async function binaryBytes(binary: IBinaryData): Promise<Buffer> {
	return Container.get(BinaryDataService).getAsBuffer(binary);
}

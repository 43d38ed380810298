/*
 * Workflows with n8n's AI Agent and our node as its tools: a Manual Trigger, the AI Agent asked a
 * fixed question, the OpenAI Chat Model on an `openAiApi` credential (whose base URL points at
 * the scripted model), and one tool node per Affinity operation.
 */
import { NODE_TYPES } from '../../scripts/n8n';
import { CREDENTIALS } from './fixture';

export const AGENT = 'AI Agent';
export const CHAT_MODEL = 'OpenAI Chat Model';
export const AGENT_TRIGGER = 'Ask';

export const MODEL_CREDENTIAL = { id: 'e2eScriptedModel', name: 'Scripted model (test)' };

/** An `openAiApi` credential for `n8n import:credentials`: the scripted model's base URL, no real key. */
export function modelCredentialExport(baseUrl: string) {
	const now = new Date().toISOString();
	return {
		...MODEL_CREDENTIAL,
		type: 'openAiApi',
		data: { apiKey: 'scripted-model-needs-no-key', url: baseUrl, header: false },
		createdAt: now,
		updatedAt: now,
	};
}

export interface ToolSpec {
	/** The node's name; n8n names the tool after it (spaces become underscores). */
	name: string;
	resource: string;
	operation: string;
	/** What the model reads about the tool: what it does and what it returns. */
	description: string;
	parameters?: Record<string, unknown>;
}

/** The tool nodes the agent tests and the MCP test share: a curated set of read operations. */
export const AFFINITY_TOOLS: ToolSpec[] = [
	{
		name: 'Find lists',
		description:
			'Finds Affinity lists by name. Returns {id, name, type, isPublic, ownerId} for each list.',
		resource: 'list',
		operation: 'getAll',
		parameters: {
			term: "={{ $fromAI('nameContains', 'Part of the list name to look for, e.g. pipeline; empty for every list', 'string') }}",
			returnAll: false,
			limit: 20,
		},
	},
	{
		name: 'Read list entries',
		description:
			'Reads the entries of one Affinity list. Returns {id, entityType, entity {id, name}, fields by column name} for each entry.',
		resource: 'listEntry',
		operation: 'getAll',
		parameters: {
			listId: {
				__rl: true,
				mode: 'id',
				value:
					"={{ $fromAI('listId', 'The numeric ID of the list, as Find lists returns it', 'number') }}",
			},
			returnAll: false,
			limit: "={{ $fromAI('limit', 'How many entries to read, 1 to 50', 'number') }}",
			fieldTypes: ['list'],
			allValues:
				"={{ $fromAI('allValues', 'true to get every value of long multi-value fields, instead of the first 5 and a count', 'boolean', false) }}",
		},
	},
	{
		name: 'Search companies',
		description:
			'Searches Affinity companies by name or domain. Returns {id, name, domain, domains} for each company.',
		resource: 'company',
		operation: 'search',
		parameters: {
			term: "={{ $fromAI('name', 'Part of the company name or domain, e.g. acme', 'string') }}",
			returnAll: false,
			limit: 5,
		},
	},
	{
		name: 'Get company',
		description:
			'Reads one Affinity company by its numeric ID. Returns {id, name, domain, domains, fields by name}.',
		resource: 'company',
		operation: 'get',
		parameters: {
			companyId: {
				__rl: true,
				mode: 'id',
				value:
					"={{ $fromAI('companyId', 'The numeric ID of the company, as Search companies returns it', 'number') }}",
			},
		},
	},
];

export function toolNodes(idPrefix: string, tools: ToolSpec[], y = 240) {
	return tools.map((tool, index) => ({
		id: `${idPrefix}-tool-${index + 1}`,
		name: tool.name,
		type: NODE_TYPES.tool,
		typeVersion: 1,
		position: [index * 200, y],
		parameters: {
			descriptionType: 'manual',
			toolDescription: tool.description,
			resource: tool.resource,
			operation: tool.operation,
			...tool.parameters,
		},
		credentials: { affinityV2Api: { id: CREDENTIALS.admin.id, name: CREDENTIALS.admin.name } },
	}));
}

/** Manual Trigger → AI Agent (asked `question`), the scripted chat model and the tools. */
export function agentWorkflow(id: string, question: string, tools: ToolSpec[] = AFFINITY_TOOLS) {
	const toolConnections = Object.fromEntries(
		tools.map((t) => [t.name, { ai_tool: [[{ node: AGENT, type: 'ai_tool', index: 0 }]] }]),
	);
	return {
		id,
		name: `e2e agent: ${id}`,
		nodes: [
			{
				id: `${id}-trigger`,
				name: AGENT_TRIGGER,
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: `${id}-agent`,
				name: AGENT,
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3.1,
				position: [240, 0],
				parameters: {
					promptType: 'define',
					text: question,
					options: {
						systemMessage: 'You answer questions about our Affinity CRM with the Affinity tools.',
					},
				},
			},
			{
				id: `${id}-model`,
				name: CHAT_MODEL,
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.2,
				position: [0, 240],
				parameters: {
					model: { __rl: true, mode: 'id', value: 'affinity-demo-scripted-model' },
					options: {},
				},
				credentials: { openAiApi: MODEL_CREDENTIAL },
			},
			...toolNodes(id, tools, 480),
		],
		connections: {
			[AGENT_TRIGGER]: { main: [[{ node: AGENT, type: 'main', index: 0 }]] },
			[CHAT_MODEL]: { ai_languageModel: [[{ node: AGENT, type: 'ai_languageModel', index: 0 }]] },
			...toolConnections,
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}

/** Tools that write: find a person by name or email, then log a note about them. */
export const NOTE_TOOLS: ToolSpec[] = [
	{
		name: 'Search people',
		description:
			'Searches Affinity people by first name, last name or email address. Returns {id, firstName, lastName, primaryEmailAddress} for each person.',
		resource: 'person',
		operation: 'search',
		parameters: {
			term: "={{ $fromAI('nameOrEmail', 'Part of the person name or email address, at least 3 characters', 'string') }}",
			returnAll: false,
			limit: 5,
		},
	},
	{
		name: 'Create note',
		description:
			'Logs a note in Affinity about one person. Returns the created note {id, type, content, persons}.',
		resource: 'note',
		operation: 'create',
		parameters: {
			about: 'entities',
			content: "={{ $fromAI('text', 'What the note says, in plain text', 'string') }}",
			persons: {
				person: [
					{
						person: {
							__rl: true,
							mode: 'id',
							value:
								"={{ $fromAI('personId', 'The numeric ID of the person, as Search people returns it', 'number') }}",
						},
					},
				],
			},
		},
	},
];

/** Tools that put a company on a list: find the list, find or create the company, add it. */
export const ADD_TO_LIST_TOOLS: ToolSpec[] = [
	AFFINITY_TOOLS[0],
	{
		name: 'Find or create company',
		description:
			'Finds the Affinity company with this web domain, or creates it when there is none. Returns {id, name, domain, created}.',
		resource: 'company',
		operation: 'findOrCreate',
		parameters: {
			domain: "={{ $fromAI('domain', 'The company web domain, e.g. acme.com', 'string') }}",
			name: "={{ $fromAI('name', 'The company name, used if it has to be created', 'string') }}",
		},
	},
	{
		name: 'Add company to list',
		description:
			'Adds a company to an Affinity company list, unless it is on it already. Returns the entry {id, listId, entityId, entityName, alreadyOnList}.',
		resource: 'listEntry',
		operation: 'add',
		parameters: {
			listId: {
				__rl: true,
				mode: 'id',
				value:
					"={{ $fromAI('listId', 'The numeric ID of the list, as Find lists returns it', 'number') }}",
			},
			entityType: 'company',
			companyId: {
				__rl: true,
				mode: 'id',
				value:
					"={{ $fromAI('companyId', 'The numeric ID of the company, as Find or create company returns it', 'number') }}",
			},
			options: { skipIfAlreadyOnList: true },
		},
	},
];

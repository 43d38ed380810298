/*
 * AI agents in real n8n 2.41.1: the AI Agent node with the OpenAI Chat Model pointed at the
 * scripted model (testkit/models/scripted-model.ts) and the Affinity v2 node as its tools, run by the
 * editor's REST API against the emulator. What n8n offered the model is read from the model's
 * request log; what the tools did, from the emulator's log and the execution.
 */
import fs from 'node:fs';
import path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { n8nImport, packNodeNames, type WorkflowRun } from '../../scripts/n8n';
import { DEMO_KEY, demoModelCredentialExport, sampleWorkflows } from '../../scripts/start';
import { demoScript } from '../../testkit/models/demo-model';
import {
	type ChatRequest,
	type ModelScript,
	quote,
	type ScriptedModel,
	startScriptedModel,
	type TurnContext,
} from '../../testkit/models/scripted-model';
import {
	AGENT,
	AGENT_TRIGGER,
	agentWorkflow,
	ADD_TO_LIST_TOOLS,
	modelCredentialExport,
	NOTE_TOOLS,
} from './agent-workflows';
import { readSeedFacts, type SeedFacts } from './cases';
import { N8nFixture, RESULTS_DIR } from './fixture';

const fixture = new N8nFixture('agents');
const MCP_WORKFLOW_ID = 'affV2SampleMcp';
const SAMPLE_AGENT_ID = 'affV2SampleAgent';
const SAMPLE_CHAT_TRIGGER = 'When chat message received';
/** The sample agent again, asked for a write its tools cannot do. */
const SAMPLE_AGENT_WRITE_ID = 'affV2SampleAgentWrite';
const WRITE_QUESTION = 'Add NewCo to the Deal Pipeline';
let model: ScriptedModel;
let facts: SeedFacts;

const WORKFLOWS = {
	listByName: agentWorkflow('e2eAgentListByName', 'Who is on the Deal Pipeline?'),
	companyByName: agentWorkflow('e2eAgentCompanyByName', 'What do we know about this company?'),
	missingCompany: agentWorkflow('e2eAgentMissingCompany', 'Tell me about company 999999999.'),
	noteAboutPerson: agentWorkflow(
		'e2eAgentNoteAboutPerson',
		'Log that I met this person.',
		NOTE_TOOLS,
	),
	addToPipeline: agentWorkflow(
		'e2eAgentAddToPipeline',
		'Add Acme (acme.com) to my deal pipeline, the Target Accounts list.',
		ADD_TO_LIST_TOOLS,
	),
};

beforeAll(async () => {
	model = await startScriptedModel([{ answer: 'No script set for this test.' }]);
	await fixture.start();
	facts = await readSeedFacts((route) => fixture.api(route));
	await n8nImport(fixture.setup, 'credentials', [modelCredentialExport(model.baseUrl)]);
	const samples = sampleWorkflows(packNodeNames()).load;
	const mcp = samples.filter((w) => w.id === MCP_WORKFLOW_ID);
	// The sample agent as `npm start` imports it, with a chat message pinned on its chat trigger
	// so that a manual run starts without the chat window (a copy for each question).
	const asked = (id: string, chatInput: string) =>
		samples
			.filter((w) => w.id === SAMPLE_AGENT_ID)
			.map((w) => ({
				...w,
				id,
				pinData: {
					[SAMPLE_CHAT_TRIGGER]: [{ json: { sessionId: 'e2e', action: 'sendMessage', chatInput } }],
				},
			}));
	const agent = [
		...asked(SAMPLE_AGENT_ID, 'Who is on the Deal Pipeline?'),
		...asked(SAMPLE_AGENT_WRITE_ID, WRITE_QUESTION),
	];
	await n8nImport(fixture.setup, 'credentials', [demoModelCredentialExport(model.baseUrl)]);
	await fixture.importWorkflows([...Object.values(WORKFLOWS), ...mcp, ...agent]);
	await fixture.startServer();
}, 300_000);

afterAll(async () => {
	await fixture.stop();
	await model?.close();
});

beforeEach(async () => {
	await fixture.resetEmulator();
	model.requests.length = 0;
});

function parseResult(context: TurnContext, index = context.results.length - 1): unknown {
	return JSON.parse(context.results[index].content) as unknown;
}

async function runAgent(
	workflowId: string,
	script: ModelScript,
	trigger = AGENT_TRIGGER,
): Promise<{ run: WorkflowRun; answer: string; requests: ChatRequest[] }> {
	model.script = script;
	const run = await fixture.rest!.runManually(workflowId, trigger);
	fs.writeFileSync(
		path.join(RESULTS_DIR, `agents-${workflowId}.json`),
		JSON.stringify({ run, requests: model.requests }, null, 2),
	);
	const runs = run.data.resultData.runData[AGENT] ?? [];
	const last = runs[runs.length - 1];
	const answer = String(last?.data?.main[0]?.[0]?.json.output ?? '');
	return { run, answer, requests: [...model.requests] };
}

/** The seed's first company, read without leaving a trace in the emulator's request log. */
async function firstCompany(): Promise<{ id: number; name: string }> {
	const { data } = await fixture.api<{ data: Array<{ id: number; name: string }> }>(
		'/v2/companies?limit=1',
	);
	await fixture.emulator.control('DELETE', '/requests');
	return data[0];
}

/** The second tool result the model received, in its last request. */
function secondToolResult(requests: ChatRequest[]): string {
	const tools = requests[requests.length - 1].messages.filter((m) => m.role === 'tool');
	return tools[1].content as string;
}

describe('the AI Agent with Affinity tools, on the scripted model', () => {
	it('offers every operation as a tool with a name, a description and a typed, described schema', async () => {
		const { run, requests } = await runAgent(WORKFLOWS.listByName.id, [
			{ answer: 'Nothing to do.' },
		]);
		expect(run.data.resultData.error).toBeUndefined();
		expect(requests.length).toBeGreaterThanOrEqual(1);
		const tools = (requests[0].tools ?? []).map((t) => t.function);
		expect(tools.map((t) => t.name).sort()).toEqual([
			'Find_lists',
			'Get_company',
			'Read_list_entries',
			'Search_companies',
		]);
		for (const tool of tools) {
			expect(tool.description.length).toBeGreaterThan(30);
			const properties = tool.parameters.properties ?? {};
			expect(Object.keys(properties).length).toBeGreaterThan(0);
			for (const [name, schema] of Object.entries(properties)) {
				expect([name, schema.type]).toEqual([
					name,
					expect.stringMatching(/^(string|number|boolean)$/),
				]);
				expect([name, schema.description?.length ?? 0]).toEqual([name, expect.any(Number)]);
				expect(schema.description!.length).toBeGreaterThan(10);
			}
		}
		const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
		expect(byName.Read_list_entries.parameters.properties?.listId.type).toBe('number');
		expect(byName.Get_company.parameters.properties?.companyId.type).toBe('number');
	});

	it('goes from a list name to its entries: Find lists, then Read list entries with the ID found', async () => {
		const listId = facts.listId('Deal Pipeline');
		const { run, answer, requests } = await runAgent(WORKFLOWS.listByName.id, [
			{ call: { tool: /^Find_lists$/, args: { nameContains: 'Deal Pipeline' } } },
			(context) => {
				const lists = parseResult(context) as Array<{ id: number; name: string }>;
				const found = lists.find((l) => l.name === 'Deal Pipeline');
				return {
					call: { tool: /^Read_list_entries$/, args: { listId: found?.id ?? -1, limit: 3 } },
				};
			},
			(context) => ({ answer: `On the Deal Pipeline: ${quote(context.results[1].content)}` }),
		]);
		expect(run.data.resultData.error).toBeUndefined();
		expect(requests).toHaveLength(3);
		const emulator = (await fixture.requests()).map((r) => `${r.method} ${r.path}`);
		expect(emulator).toEqual(['GET /v2/lists', `GET /v2/lists/${listId}/list-entries`]);
		const entries = JSON.parse(
			requests[2].messages.filter((m) => m.role === 'tool')[1].content as string,
		) as Array<Record<string, unknown>>;
		// Three entries, then the marker: three was the limit the model asked for.
		expect(entries).toHaveLength(4);
		expect(entries[3]).toEqual({
			moreAvailable: true,
			note: expect.stringContaining('more may be available'),
		});
		const truth = facts.entries['Deal Pipeline'].slice(0, 3);
		expect(entries.slice(0, 3).map((e) => e.id)).toEqual(truth.map((e) => e.id));
		expect(answer).toContain('On the Deal Pipeline: ');
		expect(answer).toContain(String(truth[0].entity.name));
	});

	it('cuts long multi-value fields for the model unless it asks for all values; tokens before and after', async () => {
		// Tokens approximated as characters / 4 of the tool result the model read.
		const tokens = (text: string) => Math.ceil(text.length / 4);
		const figures: string[] = [];
		let cut = 0;
		for (const name of Object.keys(facts.entries)) {
			const listId = facts.listId(name);
			const { run, requests } = await runAgent(WORKFLOWS.listByName.id, [
				{ call: { tool: /^Read_list_entries$/, args: { listId, limit: 5 } } },
				{ call: { tool: /^Read_list_entries$/, args: { listId, limit: 5, allValues: true } } },
				{ answer: 'Done.' },
			]);
			expect(run.data.resultData.error).toBeUndefined();
			const [after, before] = requests[requests.length - 1].messages
				.filter((m) => m.role === 'tool')
				.map((m) => m.content as string);
			expect(tokens(after)).toBeLessThanOrEqual(tokens(before));
			const markers = after.match(/and \d+ more \(call again with allValues: true/g) ?? [];
			cut += markers.length;
			expect(before).not.toMatch(/call again with allValues/);
			// Date fields reach the model as calendar dates, never as Affinity's midnight timestamps.
			expect(after).not.toMatch(/T0[78]:00:00(?:\.000)?Z/);
			figures.push(
				`${name}: 5 entries, ${tokens(before)} tokens with every value, ${tokens(after)} cut (${markers.length} fields cut)`,
			);
		}
		console.log(`Agent tool results (tokens ~ characters / 4):\n${figures.join('\n')}`);
		fs.writeFileSync(path.join(RESULTS_DIR, 'agents-tokens.txt'), `${figures.join('\n')}\n`);
		expect(cut).toBeGreaterThan(0);
	});

	it('goes from a company name to the company: Search companies, then Get company with the ID found', async () => {
		const target = await firstCompany();
		const { run, answer, requests } = await runAgent(WORKFLOWS.companyByName.id, [
			{ call: { tool: /^Search_companies$/, args: { name: target.name } } },
			(context) => {
				const found = (parseResult(context) as Array<{ id?: number; name?: string }>).find(
					(c) => c.name === target.name,
				);
				return { call: { tool: /^Get_company$/, args: { companyId: found?.id ?? -1 } } };
			},
			(context) => ({ answer: `Here it is: ${quote(context.results[1].content)}` }),
		]);
		expect(run.data.resultData.error).toBeUndefined();
		expect(requests).toHaveLength(3);
		const emulator = (await fixture.requests()).map((r) => `${r.method} ${r.path} ${r.status}`);
		expect(emulator).toEqual([
			'POST /v2/companies/search 201',
			`GET /v2/companies/${target.id} 200`,
		]);
		// A tool's result reaches the model as the array of its output items.
		const [company] = JSON.parse(secondToolResult(requests)) as Array<Record<string, unknown>>;
		expect(company).toEqual(expect.objectContaining({ id: target.id, name: target.name }));
		// No empty values reach the model.
		expect(JSON.stringify(company)).not.toMatch(/:null|:""|:\[\]|:\{\}/);
		expect(answer).toContain(`"name":${JSON.stringify(target.name)}`);
	});

	it('goes from a person to a note about them: Search people, then Create note with the ID found; the note is written once', async () => {
		const { data } = await fixture.api<{
			data: Array<{ id: number; primaryEmailAddress: string | null }>;
		}>('/v2/persons?limit=50');
		const person = data.find((p) => (p.primaryEmailAddress ?? '').length >= 3)!;
		await fixture.emulator.control('DELETE', '/requests');
		const { run, answer, requests } = await runAgent(WORKFLOWS.noteAboutPerson.id, [
			{ call: { tool: /^Search_people$/, args: { nameOrEmail: person.primaryEmailAddress } } },
			(context) => {
				const found = (parseResult(context) as Array<{ id?: number }>).find(
					(p) => p.id === person.id,
				);
				return {
					call: {
						tool: /^Create_note$/,
						args: { personId: found?.id ?? -1, text: 'Met at the e2e meetup' },
					},
				};
			},
			(context) => ({ answer: `Logged: ${quote(context.results[1].content)}` }),
		]);
		expect(run.data.resultData.error).toBeUndefined();
		const emulator = (await fixture.requests()).map((r) => `${r.method} ${r.path} ${r.status}`);
		expect(emulator[0]).toBe('POST /v2/persons/search 201');
		expect(emulator.filter((r) => r.startsWith('POST /v2/notes'))).toEqual(['POST /v2/notes 201']);
		const [note] = JSON.parse(secondToolResult(requests)) as Array<Record<string, unknown>>;
		expect(note).toEqual(expect.objectContaining({ id: expect.any(Number) }));
		expect(JSON.stringify(note)).toContain('Met at the e2e meetup');
		expect(answer).toContain(`"id":${String(note.id)}`);
	});

	it('"add Acme to my deal pipeline": Find lists, Find or create company, Add company to list; asked twice, one company and one entry', async () => {
		const listId = facts.listId('Target Accounts');
		const script: ModelScript = [
			{ call: { tool: /^Find_lists$/, args: { nameContains: 'Target Accounts' } } },
			{ call: { tool: /^Find_or_create_company$/, args: { domain: 'acme.com', name: 'Acme' } } },
			(context) => {
				const [list] = parseResult(context, 0) as Array<{ id: number }>;
				const [company] = parseResult(context, 1) as Array<{ id: number }>;
				return {
					call: {
						tool: /^Add_company_to_list$/,
						args: { listId: list?.id ?? -1, companyId: company?.id ?? -1 },
					},
				};
			},
			(context) => ({ answer: `Done: ${quote(context.results[2].content)}` }),
		];
		const outcomes: Array<{ company: Record<string, unknown>; entry: Record<string, unknown> }> =
			[];
		for (let i = 0; i < 2; i++) {
			model.requests.length = 0;
			const { run, answer, requests } = await runAgent(WORKFLOWS.addToPipeline.id, script);
			expect(run.data.resultData.error).toBeUndefined();
			expect(requests).toHaveLength(4);
			const results = requests[3].messages.filter((m) => m.role === 'tool');
			const [company] = JSON.parse(results[1].content as string) as Array<Record<string, unknown>>;
			const [entry] = JSON.parse(results[2].content as string) as Array<Record<string, unknown>>;
			expect(answer).toContain(`"alreadyOnList":${i === 0 ? 'false' : 'true'}`);
			outcomes.push({ company, entry });
		}
		const [first, second] = outcomes;
		expect(first.company).toEqual(
			expect.objectContaining({ id: expect.any(Number), domain: 'acme.com', created: true }),
		);
		expect(first.entry).toEqual(
			expect.objectContaining({
				id: expect.any(Number),
				listId,
				entityId: first.company.id,
				alreadyOnList: false,
			}),
		);
		expect(second.company).toEqual(
			expect.objectContaining({ id: first.company.id, created: false }),
		);
		expect(second.entry).toEqual(
			expect.objectContaining({ id: first.entry.id, alreadyOnList: true }),
		);
		// Each write once across both questions (the log is read before the checks below).
		const writes = (await fixture.requests())
			.filter((r) => r.method !== 'GET' && !r.path.endsWith('/search'))
			.map((r) => `${r.method} ${r.path} ${r.status}`);
		expect(writes).toEqual(['POST /organizations 200', `POST /lists/${listId}/list-entries 200`]);
		// The emulator's own answer: Acme's one entry on the list, through API v1 (GET
		// /organizations/{id}), which sees writes at once where v2's reads may lag them.
		const { list_entries: entries } = await fixture.api<{
			list_entries: Array<{ id: number; list_id: number }>;
		}>(`/organizations/${String(first.company.id)}`);
		expect(entries.filter((e) => e.list_id === listId).map((e) => e.id)).toEqual([first.entry.id]);
	});

	it('a company ID that does not exist reaches the model as a readable error it recovers from; the run succeeds', async () => {
		const target = await firstCompany();
		const { run, answer, requests } = await runAgent(WORKFLOWS.missingCompany.id, [
			{ call: { tool: /^Get_company$/, args: { companyId: 999999999 } } },
			// What a model does on "check the ID": look the company up by name instead.
			{ call: { tool: /^Search_companies$/, args: { name: target.name } } },
			(context) => ({ answer: `The tool said: ${context.results[0].content}` }),
		]);
		expect(run.data.resultData.error).toBeUndefined();
		expect(requests).toHaveLength(3);
		const toolMessages = requests[2].messages.filter((m) => m.role === 'tool');
		// n8n hands the model a failed tool's error as an item: [{ error }].
		const [error] = JSON.parse(toolMessages[0].content as string) as Array<{ error: string }>;
		expect(error.error).toMatch(
			/^Company 999999999 not found\. Affinity has no company with ID 999999999, or the key's user cannot see it\. Check the ID\.$/,
		);
		expect(JSON.parse(toolMessages[1].content as string)).toEqual(
			expect.arrayContaining([expect.objectContaining({ id: target.id, name: target.name })]),
		);
		expect(answer).toMatch(/^The tool said: \[\{"error":"Company 999999999 not found/);
		// One API v1 read tells the missing id from a record API v2 does not show yet: no wait.
		expect((await fixture.requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /v2/companies/999999999 404',
			'GET /organizations/999999999 404',
			'POST /v2/companies/search 201',
		]);
	});
});

describe('the sample agent workflow of `npm start`, on its demo model', () => {
	it('answers "Who is on the Deal Pipeline?" from the emulator without any API key', async () => {
		const listId = facts.listId('Deal Pipeline');
		const { run, answer, requests } = await runAgent(
			SAMPLE_AGENT_ID,
			demoScript,
			SAMPLE_CHAT_TRIGGER,
		);
		expect(run.data.resultData.error).toBeUndefined();
		expect(requests).toHaveLength(3);
		expect((await fixture.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/lists',
			`GET /v2/lists/${listId}/list-entries`,
		]);
		expect(answer).toMatch(/^\[Demo model: a script, not an AI\./);
		expect(answer).toContain('The first entries of Deal Pipeline:');
		for (const entry of facts.entries['Deal Pipeline'])
			expect(answer).toContain(`- ${String(entry.entity.name)}`);
	});

	it(`never pretends: "${WRITE_QUESTION}" is answered with what it cannot do and the operation that would`, async () => {
		const { run, answer, requests } = await runAgent(
			SAMPLE_AGENT_WRITE_ID,
			demoScript,
			SAMPLE_CHAT_TRIGGER,
		);
		expect(run.data.resultData.error).toBeUndefined();
		// One model request, no tool call, nothing read or written in Affinity.
		expect(requests).toHaveLength(1);
		expect(await fixture.requests()).toEqual([]);
		expect(answer).toMatch(/^\[Demo model: a script, not an AI\./);
		expect(answer).toMatch(/I cannot do that: nothing was added or changed in Affinity/);
		expect(answer).toContain('List Entry → Add of the Affinity v2 node does it');
		// The tools the sample offers are named as n8n gave them to the model.
		const offered = (requests[0].tools ?? []).map((t) => t.function.name.replace(/_/g, ' '));
		expect(offered.length).toBeGreaterThan(0);
		for (const name of offered) expect(answer).toContain(name);
		for (const entry of facts.entries['Deal Pipeline'])
			expect(answer).not.toContain(`- ${String(entry.entity.name)}`);
	});
});

describe('the MCP sample workflow, used by the official MCP TypeScript SDK client', () => {
	let client: Client;

	beforeAll(async () => {
		const workflow = await fixture.rest!.request<{ versionId: string }>(
			'GET',
			`/rest/workflows/${MCP_WORKFLOW_ID}`,
		);
		await fixture.rest!.request('POST', `/rest/workflows/${MCP_WORKFLOW_ID}/activate`, {
			versionId: workflow.versionId,
		});
		// n8n 2.x publishes an activation through an outbox: the webhook is registered a moment later.
		const deadline = Date.now() + 60_000;
		for (;;) {
			client = new Client({ name: 'affinity-v2-e2e', version: '1.0.0' });
			try {
				await client.connect(
					new StreamableHTTPClientTransport(new URL(`${fixture.server!.url}/mcp/affinity`)),
				);
				break;
			} catch (error) {
				if (Date.now() > deadline || !/not registered/.test(String(error))) {
					const problems = await fixture
						.rest!.request('GET', `/rest/active-workflows/error/${MCP_WORKFLOW_ID}`)
						.catch((e: unknown) => e);
					throw new Error(
						`MCP client could not connect: ${String(error)}; activation: ${JSON.stringify(problems)}`,
					);
				}
				await new Promise((resolve) => setTimeout(resolve, 1000));
			}
		}
	}, 90_000);

	afterAll(async () => {
		await client?.close();
	});

	it('lists the curated Affinity tools with descriptions and typed, described inputs', async () => {
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual([
			'find_lists',
			'get_company',
			'read_list_entries',
			'search_companies',
		]);
		for (const tool of tools) {
			expect(tool.description).toMatch(/Returns|Reads/);
			const properties = (tool.inputSchema.properties ?? {}) as Record<
				string,
				{ type?: string; description?: string }
			>;
			expect(Object.keys(properties).length).toBeGreaterThan(0);
			for (const schema of Object.values(properties)) {
				expect(schema.type).toMatch(/^(string|number)$/);
				expect(schema.description?.length).toBeGreaterThan(10);
			}
		}
	});

	it('calls find_lists and read_list_entries against the emulator', async () => {
		const listId = facts.listId('Deal Pipeline');
		const found = await client.callTool({
			name: 'find_lists',
			arguments: { nameContains: 'Deal Pipeline' },
		});
		expect(found.isError).toBeFalsy();
		const foundText = (found.content as Array<{ type: string; text: string }>)
			.map((c) => c.text)
			.join('');
		expect(foundText).toContain(`"id":${listId}`);
		const read = await client.callTool({
			name: 'read_list_entries',
			arguments: { listId, limit: 2 },
		});
		expect(read.isError).toBeFalsy();
		const readText = (read.content as Array<{ type: string; text: string }>)
			.map((c) => c.text)
			.join('');
		const truth = facts.entries['Deal Pipeline'].slice(0, 2);
		for (const entry of truth) expect(readText).toContain(`"id":${entry.id}`);
		const emulator = (await fixture.requests()).map((r) => `${r.method} ${r.path} ${r.key}`);
		// The sample's credential is npm start's demo key.
		const key = DEMO_KEY.label;
		expect(emulator).toEqual([
			`GET /v2/lists ${key}`,
			`GET /v2/lists/${listId}/list-entries ${key}`,
		]);
	});
});

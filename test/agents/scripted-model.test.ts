/*
 * The scripted model speaks OpenAI's chat-completions protocol as @langchain/openai uses it: tool
 * definitions in, `tool_calls` out, `role: 'tool'` results back in, plain JSON or SSE chunks.
 */
import {
	type ChatRequest,
	type ScriptedModel,
	startScriptedModel,
} from '../../testkit/models/scripted-model';

const TOOLS: ChatRequest['tools'] = [
	{
		type: 'function',
		function: {
			name: 'Find_lists',
			description: 'Finds lists by name',
			parameters: { type: 'object', properties: {} },
		},
	},
	{
		type: 'function',
		function: {
			name: 'Get_company',
			description: 'Reads a company',
			parameters: { type: 'object', properties: {} },
		},
	},
];

let model: ScriptedModel;

beforeAll(async () => {
	model = await startScriptedModel([
		{ call: { tool: /company/i, args: { companyId: 7 } } },
		(context) => ({ answer: `Found: ${context.results[0].content}` }),
	]);
});

afterAll(async () => {
	await model.close();
});

beforeEach(() => {
	model.requests.length = 0;
});

async function post(body: unknown): Promise<Response> {
	return fetch(`${model.baseUrl}/chat/completions`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
}

const question = { role: 'user', content: 'Tell me about company 7' };

it('calls the tool whose name matches, then answers from its result, recording both requests', async () => {
	const first = (await (await post({ model: 'm', messages: [question], tools: TOOLS })).json()) as {
		choices: Array<{
			message: { tool_calls: Array<{ id: string; function: { name: string; arguments: string } }> };
			finish_reason: string;
		}>;
	};
	expect(first.choices[0].finish_reason).toBe('tool_calls');
	const call = first.choices[0].message.tool_calls[0];
	expect([call.function.name, JSON.parse(call.function.arguments)]).toEqual([
		'Get_company',
		{ companyId: 7 },
	]);

	const messages = [
		question,
		{ role: 'assistant', content: null, tool_calls: [{ ...call, type: 'function' }] },
		{ role: 'tool', tool_call_id: call.id, content: '{"name":"Acme"}' },
	];
	const second = (await (await post({ model: 'm', messages, tools: TOOLS })).json()) as {
		choices: Array<{ message: { content: string }; finish_reason: string }>;
	};
	expect(second.choices[0]).toEqual(
		expect.objectContaining({
			finish_reason: 'stop',
			message: expect.objectContaining({ content: 'Found: {"name":"Acme"}' }),
		}),
	);
	expect(model.requests.map((r) => r.messages.length)).toEqual([1, 3]);
	expect(model.requests[0].tools?.map((t) => t.function.name)).toEqual([
		'Find_lists',
		'Get_company',
	]);
});

it('streams the same answer as server-sent events when asked to, ending with [DONE]', async () => {
	const res = await post({
		model: 'm',
		messages: [question],
		tools: TOOLS,
		stream: true,
		stream_options: { include_usage: true },
	});
	expect(res.headers.get('content-type')).toBe('text/event-stream');
	const events = (await res.text())
		.split('\n\n')
		.filter(Boolean)
		.map((e) => e.replace(/^data: /, ''));
	expect(events[events.length - 1]).toBe('[DONE]');
	const chunks = events.slice(0, -1).map(
		(e) =>
			JSON.parse(e) as {
				choices: Array<{
					delta: { tool_calls?: Array<{ index: number; function: { name: string } }> };
					finish_reason: string | null;
				}>;
				usage?: unknown;
			},
	);
	expect(chunks[0].choices[0].delta.tool_calls?.[0]).toEqual(
		expect.objectContaining({
			index: 0,
			function: expect.objectContaining({ name: 'Get_company' }),
		}),
	);
	expect(chunks[1].choices[0].finish_reason).toBe('tool_calls');
	expect(chunks[2].usage).toBeDefined();
});

it('says in plain words when no offered tool matches the script, and lists the models', async () => {
	const res = (await (
		await post({ model: 'm', messages: [question], tools: TOOLS.slice(0, 1) })
	).json()) as { choices: Array<{ message: { content: string } }> };
	expect(res.choices[0].message.content).toBe(
		'Scripted model: no tool matches /company/i; offered: Find_lists',
	);
	const models = (await (await fetch(`${model.baseUrl}/models`)).json()) as {
		data: Array<{ id: string }>;
	};
	expect(models.data.map((m) => m.id)).toEqual(['affinity-demo-scripted-model']);
});

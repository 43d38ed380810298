/*
 * A scripted stand-in for an OpenAI chat model (dev-only, loopback): it speaks the
 * `POST /v1/chat/completions` protocol that @langchain/openai's ChatOpenAI (n8n's "OpenAI Chat
 * Model" node) uses, plain JSON or server-sent events when the request says `stream: true`, with
 * OpenAI's tool-calling format (`tools: [{type: 'function', function: {name, description,
 * parameters}}]` in the request, `message.tool_calls` in the answer, `role: 'tool'` messages with
 * the results). It answers from a script instead of thinking, and records every request, so a test
 * can check what n8n offered the model and what the tools returned.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolDefinition {
	name: string;
	description: string;
	parameters: JsonSchema;
}

export interface JsonSchema {
	type?: string;
	description?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	[key: string]: unknown;
}

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: Array<{
		id: string;
		type: 'function';
		function: { name: string; arguments: string };
	}>;
	tool_call_id?: string;
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: Array<{ type: 'function'; function: ToolDefinition }>;
	tool_choice?: unknown;
	stream?: boolean;
	[key: string]: unknown;
}

/** What the model knows when it picks its next turn. */
export interface TurnContext {
	request: ChatRequest;
	tools: ToolDefinition[];
	/** The text of the last user message (the question). */
	question: string;
	/** The tool results since that question, oldest first: the tool's name and what it returned. */
	results: Array<{ tool: string; content: string }>;
	/** How many tool calls the model has made since the question. */
	step: number;
}

export type ModelTurn =
	| { call: { tool: RegExp | string; args: Record<string, unknown> } }
	| { answer: string };

/** A list of turns played in order (the call turns, then the answer), or a function choosing each turn. */
export type ModelScript =
	| Array<ModelTurn | ((context: TurnContext) => ModelTurn)>
	| ((context: TurnContext) => ModelTurn);

/** The model name to configure in n8n; any name works, this one says what it is. */
export const SCRIPTED_MODEL_NAME = 'affinity-demo-scripted-model';

function text(content: ChatMessage['content']): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => part.text ?? '').join('');
	return '';
}

export function turnContext(request: ChatRequest): TurnContext {
	const messages = request.messages ?? [];
	let lastUser = -1;
	messages.forEach((m, i) => {
		if (m.role === 'user') lastUser = i;
	});
	const since = messages.slice(lastUser + 1);
	const names = new Map<string, string>();
	let step = 0;
	for (const m of since) {
		for (const call of m.tool_calls ?? []) {
			names.set(call.id, call.function.name);
			step++;
		}
	}
	return {
		request,
		tools: (request.tools ?? []).map((t) => t.function),
		question: lastUser >= 0 ? text(messages[lastUser].content) : '',
		results: since
			.filter((m) => m.role === 'tool')
			.map((m) => ({ tool: names.get(m.tool_call_id ?? '') ?? '', content: text(m.content) })),
		step,
	};
}

function pickTurn(script: ModelScript, context: TurnContext): ModelTurn {
	if (typeof script === 'function') return script(context);
	const turn = script[Math.min(context.step, script.length - 1)];
	return typeof turn === 'function' ? turn(context) : turn;
}

/** The answer message for a request, or a plain text saying why the script could not go on. */
export function reply(script: ModelScript, request: ChatRequest): ChatMessage {
	const context = turnContext(request);
	const turn = pickTurn(script, context);
	if ('answer' in turn) return { role: 'assistant', content: turn.answer };
	const pattern = turn.call.tool;
	const tool = context.tools.find((t) =>
		typeof pattern === 'string' ? t.name === pattern : pattern.test(t.name),
	);
	if (!tool) {
		return {
			role: 'assistant',
			content: `Scripted model: no tool matches ${String(pattern)}; offered: ${context.tools.map((t) => t.name).join(', ') || 'none'}`,
		};
	}
	return {
		role: 'assistant',
		content: null,
		tool_calls: [
			{
				id: `call_${context.step + 1}_${tool.name}`.slice(0, 40),
				type: 'function',
				function: { name: tool.name, arguments: JSON.stringify(turn.call.args) },
			},
		],
	};
}

export interface ScriptedModel {
	/** The base URL to give n8n's OpenAI credential (ends with /v1, as OpenAI's does). */
	baseUrl: string;
	port: number;
	/** Every chat-completions request, in order. */
	requests: ChatRequest[];
	script: ModelScript;
	close(): Promise<void>;
}

function completion(message: ChatMessage, model: string) {
	return {
		id: `chatcmpl-scripted-${Date.now()}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model,
		choices: [
			{
				index: 0,
				message,
				logprobs: null,
				finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
			},
		],
		usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
	};
}

function streamChunks(message: ChatMessage, model: string, includeUsage: boolean): unknown[] {
	const base = {
		id: `chatcmpl-scripted-${Date.now()}`,
		object: 'chat.completion.chunk',
		created: Math.floor(Date.now() / 1000),
		model,
	};
	const delta = message.tool_calls
		? {
				role: 'assistant',
				content: null,
				tool_calls: message.tool_calls.map((c, index) => ({ index, ...c })),
			}
		: { role: 'assistant', content: message.content };
	const chunks: unknown[] = [
		{ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: null }] },
		{
			...base,
			choices: [
				{
					index: 0,
					delta: {},
					logprobs: null,
					finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
				},
			],
		},
	];
	if (includeUsage)
		chunks.push({
			...base,
			choices: [],
			usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
		});
	return chunks;
}

/** Starts the scripted model on loopback (an ephemeral port unless one is given). */
export async function startScriptedModel(
	script: ModelScript,
	options: { port?: number } = {},
): Promise<ScriptedModel> {
	const requests: ChatRequest[] = [];
	const model: ScriptedModel = {
		baseUrl: '',
		port: 0,
		requests,
		script,
		close: async () => undefined,
	};
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const path = (req.url ?? '').split('?')[0];
			const send = (status: number, body: unknown) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(body));
			};
			// The editor's model picker and the credential test list the models.
			if (req.method === 'GET' && path.endsWith('/models')) {
				send(200, {
					object: 'list',
					data: [
						{ id: SCRIPTED_MODEL_NAME, object: 'model', created: 0, owned_by: 'affinity-v2-demo' },
					],
				});
				return;
			}
			if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
				send(404, {
					error: {
						message: `The scripted model answers POST /v1/chat/completions, not ${req.method} ${path}`,
						type: 'invalid_request_error',
					},
				});
				return;
			}
			let request: ChatRequest;
			try {
				request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
			} catch {
				send(400, { error: { message: 'The body is not JSON', type: 'invalid_request_error' } });
				return;
			}
			requests.push(request);
			let message: ChatMessage;
			try {
				message = reply(model.script, request);
			} catch (error) {
				message = {
					role: 'assistant',
					content: `Scripted model: the script failed: ${(error as Error).message}`,
				};
			}
			const name = request.model || SCRIPTED_MODEL_NAME;
			if (!request.stream) {
				send(200, completion(message, name));
				return;
			}
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			const includeUsage = Boolean(
				(request.stream_options as { include_usage?: boolean } | undefined)?.include_usage,
			);
			for (const chunk of streamChunks(message, name, includeUsage))
				res.write(`data: ${JSON.stringify(chunk)}\n\n`);
			res.end('data: [DONE]\n\n');
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
	});
	model.port = (server.address() as AddressInfo).port;
	model.baseUrl = `http://127.0.0.1:${model.port}/v1`;
	model.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
	return model;
}

/** Quotes a tool result for an answer, cut to a length a sentence can carry. */
export function quote(content: string, max = 400): string {
	return content.length > max ? `${content.slice(0, max)}…` : content;
}

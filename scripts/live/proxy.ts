import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { request } from 'undici';

/**
 * A recording proxy on loopback between the n8n engine and the target (Affinity or an
 * emulator). The node runs unchanged with the proxy as its Base URL (plain http is allowed on
 * loopback, and the transport sends a `pagination.nextUrl`'s path to its own base URL), so the
 * check sees every raw answer the node got whatever Simplify does with it, counts every call,
 * reads the version each answer declares (x-affinity-api-version) and the monthly quota
 * headers (x-ratelimit-limit-org*), and refuses calls beyond the budget without forwarding them.
 */

export interface Exchange {
	seq: number;
	method: string;
	path: string;
	query: string;
	status: number;
	/** The parsed JSON answer; undefined for an empty or non-JSON body. */
	body?: unknown;
	/** The JSON request body, if any. */
	requestBody?: unknown;
	/** x-affinity-api-version of the answer. */
	version?: string;
	quota?: MonthlyQuota;
	/** The answer's headers, names in lower case (rate-limit names, a redirect's Location). */
	headers?: Record<string, string>;
	/** Whether the answer's body was not JSON (an HTML error page, say). */
	nonJson?: boolean;
	/** Set when the proxy answered itself: the budget was spent, or the target was unreachable. */
	refused?: 'budget' | 'unreachable';
}

/** The account's monthly quota as one answer declared it (absent on unlimited plans). */
export interface MonthlyQuota {
	limit?: number;
	remaining: number;
	reset?: number;
}

/** Refused calls get a 403: the node's transport does not retry it, and nothing was sent. */
export const BUDGET_STATUS = 403;

const HOP_BY_HOP = new Set([
	'connection',
	'keep-alive',
	'transfer-encoding',
	'content-length',
	'content-encoding',
	'host',
	'upgrade',
	'proxy-connection',
]);

function header(headers: Record<string, string | string[] | undefined>, name: string) {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
}

function quotaOf(headers: Record<string, string | string[] | undefined>): MonthlyQuota | undefined {
	const remaining = Number(header(headers, 'x-ratelimit-limit-org-remaining'));
	if (
		!Number.isFinite(remaining) ||
		header(headers, 'x-ratelimit-limit-org-remaining') === undefined
	)
		return undefined;
	const limit = Number(header(headers, 'x-ratelimit-limit-org'));
	const reset = Number(header(headers, 'x-ratelimit-limit-org-reset'));
	return {
		remaining,
		...(Number.isFinite(limit) ? { limit } : {}),
		...(Number.isFinite(reset) ? { reset } : {}),
	};
}

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function parseJson(text: string): unknown {
	if (!text) return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

export class RecordingProxy {
	readonly exchanges: Exchange[] = [];
	/** Calls forwarded to the target (what the account is charged for). */
	forwarded = 0;
	private server?: Server;
	baseUrl = '';

	constructor(
		private readonly target: string,
		public budget: number,
	) {}

	get remaining(): number {
		return Math.max(0, this.budget - this.forwarded);
	}

	async start(): Promise<this> {
		const server = createServer((req, res) => void this.handle(req, res));
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(0, '127.0.0.1', () => resolve());
		});
		this.server = server;
		this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		return this;
	}

	async stop(): Promise<void> {
		const server = this.server;
		if (!server) return;
		await new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		});
		this.server = undefined;
	}

	/** The last monthly quota any answer declared. */
	lastQuota(): MonthlyQuota | undefined {
		for (let i = this.exchanges.length - 1; i >= 0; i--) {
			const quota = this.exchanges[i].quota;
			if (quota) return quota;
		}
		return undefined;
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://proxy');
		const method = (req.method ?? 'GET').toUpperCase();
		const raw = await readBody(req);
		const exchange: Exchange = {
			seq: this.exchanges.length + 1,
			method,
			path: url.pathname,
			query: url.search,
			status: 0,
			requestBody: parseJson(raw.toString('utf8')),
		};
		this.exchanges.push(exchange);
		const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
			res.writeHead(status, { 'content-type': 'application/json', ...headers });
			res.end(typeof body === 'string' ? body : JSON.stringify(body));
		};
		if (this.forwarded >= this.budget) {
			exchange.status = BUDGET_STATUS;
			exchange.refused = 'budget';
			answer(BUDGET_STATUS, {
				errors: [
					{
						code: 'authorization',
						message: `The live check's call budget (${this.budget}) is spent: this call was not sent`,
					},
				],
			});
			return;
		}
		const headers: Record<string, string> = {};
		for (const [name, value] of Object.entries(req.headers)) {
			if (value === undefined || HOP_BY_HOP.has(name)) continue;
			headers[name] = Array.isArray(value) ? value.join(', ') : value;
		}
		// Plain bodies, so that the answer can be read and passed on as it came.
		headers['accept-encoding'] = 'identity';
		this.forwarded++;
		try {
			const upstream = await request(`${this.target}${url.pathname}${url.search}`, {
				method: method as 'GET',
				headers,
				body: raw.length ? raw : undefined,
			});
			const text = await upstream.body.text();
			exchange.status = upstream.statusCode;
			exchange.body = parseJson(text);
			exchange.nonJson = text.trim() !== '' && exchange.body === undefined;
			exchange.version = header(upstream.headers, 'x-affinity-api-version');
			exchange.quota = quotaOf(upstream.headers);
			const passOn: Record<string, string> = {};
			for (const [name, value] of Object.entries(upstream.headers)) {
				if (value === undefined || HOP_BY_HOP.has(name)) continue;
				passOn[name] = Array.isArray(value) ? value.join(', ') : value;
			}
			exchange.headers = passOn;
			res.writeHead(upstream.statusCode, passOn);
			res.end(text);
		} catch (error) {
			exchange.status = 502;
			exchange.refused = 'unreachable';
			answer(502, {
				errors: [
					{
						code: 'server',
						message: `The target could not be reached: ${(error as Error).message}`,
					},
				],
			});
		}
	}
}

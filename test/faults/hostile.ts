import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { request } from 'undici';

/** A request as the stand-in saw it: the key itself is not kept, only whether one came. */
export interface Seen {
	method: string;
	/** Path and query as sent. */
	url: string;
	authorized: boolean;
}

export interface Answer {
	status?: number;
	headers?: Record<string, string>;
	/** Sent as JSON. */
	body?: unknown;
	/** Sent as is, instead of `body` (empty bodies, broken JSON). */
	raw?: string;
}

/**
 * Decides the answer to one request: return an answer, or undefined to pass it on unchanged.
 * `upstream` fetches the real answer (from the emulator behind) for rules that tamper with it.
 */
export type Rule = (
	seen: Seen,
	upstream: () => Promise<Answer>,
) => Answer | undefined | Promise<Answer | undefined>;

/**
 * A stand-in for Affinity that answers badly on purpose: in front of the emulator (every request
 * is passed on unless a rule answers it), or alone (404 unless a rule answers). It keeps every
 * request it got, so a test can prove that nothing went somewhere it should not.
 */
export class HostileServer {
	readonly seen: Seen[] = [];
	private rules: Rule[] = [];
	private server?: Server;

	constructor(private readonly upstream?: string) {}

	async start(): Promise<this> {
		this.server = createServer((req, res) => void this.handle(req, res));
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		return this;
	}

	get port(): number {
		return (this.server!.address() as AddressInfo).port;
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Replaces the rules; the first that answers wins. */
	answer(...rules: Rule[]): void {
		this.rules = rules;
	}

	reset(): void {
		this.rules = [];
		this.seen.length = 0;
	}

	async stop(): Promise<void> {
		this.server?.closeAllConnections();
		await new Promise<void>((resolve) =>
			this.server ? this.server.close(() => resolve()) : resolve(),
		);
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const seen: Seen = {
			method: req.method ?? 'GET',
			url: req.url ?? '/',
			authorized: !!req.headers.authorization,
		};
		this.seen.push(seen);
		const upstream = async (): Promise<Answer> => {
			if (!this.upstream)
				return { status: 404, body: { errors: [{ code: 'not-found', message: 'No upstream' }] } };
			const headers: Record<string, string> = {};
			for (const name of ['authorization', 'content-type', 'x-affinity-api-version']) {
				const value = req.headers[name];
				if (typeof value === 'string') headers[name] = value;
			}
			const answer = await request(this.upstream + seen.url, {
				method: seen.method as 'GET',
				headers,
				body: chunks.length ? Buffer.concat(chunks) : undefined,
			});
			const text = await answer.body.text();
			const passed: Record<string, string> = {};
			for (const [name, value] of Object.entries(answer.headers)) {
				if (name.startsWith('x-ratelimit') || name === 'retry-after') passed[name] = String(value);
			}
			return { status: answer.statusCode, headers: passed, raw: text };
		};
		let reply: Answer | undefined;
		try {
			for (const rule of this.rules) {
				reply = await rule(seen, upstream);
				if (reply) break;
			}
			reply ??= await upstream();
		} catch (error) {
			reply = { status: 599, raw: String(error) };
		}
		const body = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
		res.writeHead(reply.status ?? 200, {
			'content-type': 'application/json',
			...(reply.headers ?? {}),
		});
		res.end(body);
	}
}

/** The JSON of an upstream answer, to tamper with. */
export async function upstreamJson<T = Record<string, unknown>>(
	upstream: () => Promise<Answer>,
): Promise<{ answer: Answer; json: T }> {
	const answer = await upstream();
	return { answer, json: JSON.parse(answer.raw ?? 'null') as T };
}

/** A page of records as the API shapes it. */
export function page(
	data: unknown[],
	nextUrl: string | null,
	totalCount?: number,
): Record<string, unknown> {
	return {
		data,
		pagination: { prevUrl: null, nextUrl, ...(totalCount === undefined ? {} : { totalCount }) },
	};
}

/** Path without query. */
export function pathOf(seen: Seen): string {
	return seen.url.split('?')[0];
}

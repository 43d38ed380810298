import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/**
 * Faults injected through the control API, consumed by the next matching requests in order.
 *
 * - status: answer with that status (and an error body) instead of handling the request; with
 *   `apply: true` the request is handled first (a write is applied) and then the status sent,
 *   which is what makes "the write may or may not have been applied" real.
 * - delay: handle normally but answer after delayMs (longer than a client's timeout, say).
 * - reset: destroy the connection without an answer (apply: true handles it first).
 * - malformed: 200 with a body that is not JSON. truncated: the real body cut in half.
 * - shape: a 200 of the wrong shape: "no-pagination" drops `pagination`, "data-not-array"
 *   turns `data` into an object.
 * - rateLimitHeaders false (with status 429): a 429 without any x-ratelimit-* headers.
 *
 * Hostile answers (a broken server, or a gateway in front of it):
 * - echo: an error answer (status, default 422) that echoes the request's headers, the
 *   Authorization header with the key included; `html: true` as a gateway's HTML page.
 * - huge: an error answer (status, default 422) whose message is `bytes` long (default 2 MB).
 * - trickle: handles the request (a write is applied), then sends its answer one byte every
 *   `intervalMs` (default 1000): never silent, never finished in time.
 * - stall: handles the request (a write is applied), sends its headers with the body's real
 *   Content-Length and the first `bytes` bytes of the body (default 14), then nothing more,
 *   never closing: an answer that stops arriving mid-body.
 * - answer: handles the request (a write is applied), then answers 200 with `value` as JSON
 *   ([], "text", 7, true, null: the wrong JSON types), or `raw` text as it is.
 * - file: answers 200 with `bytes` bytes of a file (application/octet-stream), with its
 *   Content-Length unless `declareLength: false`, one chunk every `intervalMs` if given, and
 *   the `headers` given.
 */
export interface FaultSpec {
	kind:
		| 'status'
		| 'delay'
		| 'reset'
		| 'malformed'
		| 'truncated'
		| 'shape'
		| 'echo'
		| 'huge'
		| 'trickle'
		| 'stall'
		| 'answer'
		| 'file';
	html?: boolean;
	bytes?: number;
	intervalMs?: number;
	value?: unknown;
	raw?: string;
	declareLength?: boolean;
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
	rateLimitHeaders?: boolean;
	delayMs?: number;
	shape?: 'no-pagination' | 'data-not-array';
	apply?: boolean;
	/** How many matching requests it affects (default 1). */
	times?: number;
	/** How many matching requests to let through untouched before it applies (default 0). */
	skip?: number;
	/** Only requests with this method / whose path matches this regular expression. */
	method?: string;
	path?: string;
}

interface ArmedFault extends FaultSpec {
	remaining: number;
	toSkip: number;
	matcher?: RegExp;
}

export class FaultQueue {
	private faults: ArmedFault[] = [];

	add(specs: FaultSpec[]): void {
		for (const spec of specs) {
			this.faults.push({
				...spec,
				remaining: spec.times ?? 1,
				toSkip: spec.skip ?? 0,
				matcher: spec.path ? new RegExp(spec.path) : undefined,
			});
		}
	}

	clear(): void {
		this.faults = [];
	}

	pending(): number {
		return this.faults.reduce((sum, f) => sum + f.remaining, 0);
	}

	/** The fault for this request, if one is armed for it; counts it down. */
	take(method: string, path: string): FaultSpec | undefined {
		const fault = this.faults.find(
			(f) =>
				f.remaining > 0 &&
				(!f.method || f.method.toUpperCase() === method) &&
				(!f.matcher || f.matcher.test(path)),
		);
		if (!fault) return undefined;
		if (fault.toSkip > 0) {
			fault.toSkip--;
			return undefined;
		}
		fault.remaining--;
		if (fault.remaining === 0) this.faults = this.faults.filter((f) => f !== fault);
		return fault;
	}
}

export const STATUS_CODES: Record<number, string> = {
	400: 'bad-request',
	401: 'authentication',
	403: 'authorization',
	404: 'not-found',
	405: 'method-not-allowed',
	422: 'unprocessable-entity',
	429: 'rate-limit',
	500: 'server',
	502: 'server',
	503: 'server',
	504: 'timeout',
};

/** What a hostile fault needs of the request: its headers, and its real answer. */
export interface HostileRequest {
	headers: IncomingHttpHeaders;
	/** Handles the request (a write is applied) and gives the reply it would have had. */
	handled(): Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes a chunk, waiting while the socket's buffer is full; false once the client went away. */
async function write(res: ServerResponse, chunk: Buffer | string): Promise<boolean> {
	if (res.destroyed || res.writableEnded) return false;
	if (res.write(chunk)) return true;
	return await new Promise<boolean>((resolve) => {
		const done = (ok: boolean) => {
			res.off('drain', onDrain);
			res.off('close', onClose);
			resolve(ok);
		};
		const onDrain = () => done(true);
		const onClose = () => done(false);
		res.on('drain', onDrain);
		res.on('close', onClose);
	});
}

/**
 * Answers with a hostile fault (echo, huge, trickle, stall, answer, file); returns the status sent,
 * or undefined when the kind is not one of these.
 */
export async function applyHostileFault(
	fault: FaultSpec,
	req: HostileRequest,
	res: ServerResponse,
): Promise<number | undefined> {
	switch (fault.kind) {
		case 'echo': {
			const status = fault.status ?? 422;
			const headers = req.headers;
			if (fault.html) {
				const rows = Object.entries(headers)
					.map(([name, value]) => `<tr><td>${name}</td><td>${String(value)}</td></tr>`)
					.join('');
				res.writeHead(status, { 'content-type': 'text/html' });
				res.end(
					`<!DOCTYPE html><html><head><title>${status} Bad Gateway</title></head><body><h1>Bad Gateway</h1><table>${rows}</table></body></html>`,
				);
				return status;
			}
			const body = {
				errors: [
					{
						code: STATUS_CODES[status] ?? 'bad-request',
						message: `Request rejected; it was sent with Authorization: ${String(headers.authorization)}`,
					},
				],
				request: { headers },
			};
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
			return status;
		}
		case 'huge': {
			const status = fault.status ?? 422;
			const message = 'x'.repeat(fault.bytes ?? 2_000_000);
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ errors: [{ code: STATUS_CODES[status] ?? 'server', message }] }));
			return status;
		}
		case 'trickle': {
			const reply = await req.handled();
			const text = reply.body === undefined ? '{}' : JSON.stringify(reply.body);
			res.writeHead(reply.status, { 'content-type': 'application/json' });
			for (const character of text) {
				if (!(await write(res, character))) return reply.status;
				await pause(fault.intervalMs ?? 1000);
			}
			res.end();
			return reply.status;
		}
		case 'stall': {
			const reply = await req.handled();
			const text = Buffer.from(reply.body === undefined ? '{}' : JSON.stringify(reply.body));
			res.writeHead(reply.status, {
				'content-type': 'application/json',
				'content-length': String(text.length),
			});
			await write(res, text.subarray(0, Math.min(fault.bytes ?? 14, text.length - 1)));
			// The rest never comes: the connection stays open until the client closes it.
			await new Promise((resolve) => res.once('close', resolve));
			return reply.status;
		}
		case 'answer': {
			await req.handled();
			const text = fault.raw ?? JSON.stringify(fault.value === undefined ? null : fault.value);
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(text);
			return 200;
		}
		case 'file': {
			const total = fault.bytes ?? 1024;
			res.writeHead(200, {
				'content-type': 'application/octet-stream',
				...(fault.declareLength === false ? {} : { 'content-length': String(total) }),
				...(fault.headers ?? {}),
			});
			const chunk = Buffer.alloc(fault.intervalMs ? 1 : 64 * 1024, 0x61);
			for (let sent = 0; sent < total; ) {
				const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
				if (!(await write(res, part))) return 200;
				sent += part.length;
				if (fault.intervalMs) await pause(fault.intervalMs);
			}
			res.end();
			return 200;
		}
		default:
			return undefined;
	}
}

import type { IncomingMessage, ServerResponse } from 'node:http';

/** An API error answer: status plus the `{errors: [{code, message, param?}]}` body. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly param?: string,
	) {
		super(message);
	}

	body(): { errors: Array<{ code: string; message: string; param?: string }> } {
		return {
			errors: [
				{ code: this.code, message: this.message, ...(this.param ? { param: this.param } : {}) },
			],
		};
	}
}

export const badRequest = (message: string, param?: string) =>
	param
		? new ApiError(400, 'validation', message, param)
		: new ApiError(400, 'bad-request', message);
export const notFound = (message: string) => new ApiError(404, 'not-found', message);
export const forbidden = (message: string) => new ApiError(403, 'authorization', message);

/** Query parameters; repeated ones (fieldIds=a&fieldIds=b) are kept as arrays. */
export class Query {
	constructor(readonly params: URLSearchParams) {}

	has(name: string): boolean {
		return this.params.has(name);
	}

	string(name: string): string | undefined {
		const value = this.params.get(name);
		return value === null ? undefined : value;
	}

	list(name: string): string[] {
		// Tolerate the bracket form some clients send (fieldIds[]=a) as the API's parser does not.
		return [...this.params.getAll(name)];
	}

	/** An integer parameter within [min, max], with the API's 400 when it is not. */
	int(name: string, min: number, max: number, fallback: number): number {
		const raw = this.params.get(name);
		if (raw === null || raw === '') return fallback;
		if (!/^-?\d+$/.test(raw)) throw badRequest(`${name} must be an integer`, name);
		const value = Number(raw);
		if (value < min || value > max)
			throw badRequest(`${name} must be between ${min} and ${max}`, name);
		return value;
	}

	bool(name: string, fallback = false): boolean {
		const raw = this.params.get(name);
		if (raw === null || raw === '') return fallback;
		if (raw === 'true') return true;
		if (raw === 'false') return false;
		throw badRequest(`${name} must be true or false`, name);
	}
}

/** Path id within the API's int32 or int64 range, else 400 naming the parameter. */
export function pathId(raw: string, name: string, kind: 'int32' | 'int64'): number {
	const max = kind === 'int32' ? 2147483647 : 9007199254740991;
	if (!/^\d+$/.test(raw)) throw badRequest(`${name} must be an integer`, name);
	const value = Number(raw);
	if (!Number.isSafeInteger(value) || value < 1 || value > max) {
		throw badRequest(`${name} must be between 1 and ${max}`, name);
	}
	return value;
}

/** JSON bodies up to 5 MB; multipart bodies (files) up to 120 MB. */
export const BODY_LIMIT_BYTES = { json: 5_000_000, multipart: 120_000_000 } as const;

export async function readBytes(req: IncomingMessage): Promise<Buffer> {
	const multipart = /^\s*multipart\//i.test(req.headers['content-type'] ?? '');
	const limitBytes = multipart ? BODY_LIMIT_BYTES.multipart : BODY_LIMIT_BYTES.json;
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > limitBytes) throw new ApiError(413, 'bad-request', 'Request body too large');
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

export async function readBody(req: IncomingMessage): Promise<string> {
	return (await readBytes(req)).toString('utf8');
}

export async function readJson(req: IncomingMessage, bytes?: Buffer): Promise<unknown> {
	const text = (bytes ?? (await readBytes(req))).toString('utf8');
	if (text.trim() === '') return undefined;
	const type = req.headers['content-type'] ?? '';
	if (!/application\/json/i.test(type)) {
		throw new ApiError(415, 'unsupported-media-type', 'Content-Type must be application/json');
	}
	try {
		return JSON.parse(text);
	} catch {
		throw badRequest('Request body is not valid JSON');
	}
}

export function sendJson(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	// A file (a signed download link's answer) is sent as it is, with the headers given.
	if (Buffer.isBuffer(body)) {
		res.writeHead(status, { 'content-length': body.length, ...headers });
		res.end(body);
		return;
	}
	const text = body === undefined ? '' : JSON.stringify(body);
	res.writeHead(status, {
		...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
		'content-length': Buffer.byteLength(text),
		...headers,
	});
	res.end(text);
}

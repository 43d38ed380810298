import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { authenticate, DEMO_KEYS, type ApiKey } from './auth';
import { actingUser } from './changeLog';
import type {
	ControlContext,
	EmulatorControl,
	EmulatorServices,
	EmulatorSettings,
	RequestLogEntry,
	RouteContext,
} from './context';
import { createControlRouter } from './control';
import { applyHostileFault, FaultQueue, STATUS_CODES, type FaultSpec } from './faults';
import { ApiError, Query, sendJson } from './http';
import { multipartBoundary, parseMultipart } from './multipart';
import { bodyReader, bodyReaders, Router, type Reply } from './router';
import { registerApi } from './routes';
import { currentSettings, withSettings } from './requestScope';
import { DEFAULT_SHAPE_SETTINGS, readShapeSettingsFrom } from './liveShapes';
import { startFileHost, type FileHost } from './fileHost';
import { RateLimiter, type RateLimitSettings } from './rateLimit';
import { seedStore, type SeedSizes } from './seed';
import type { Store } from './store';
import { requestedVersion, VERSION_HEADER } from './versions';
import {
	DEFAULT_DELIVERY_SETTINGS,
	WebhookDeliveries,
	type DeliveryCounts,
} from './webhookDeliveries';

export type { EmulatorSettings, RequestLogEntry } from './context';

export interface EmulatorOptions {
	port?: number;
	host?: string;
	seed?: number;
	sizes?: Partial<SeedSizes>;
	rateLimit?: Partial<RateLimitSettings>;
	/** Print one line per request to stdout. */
	verbose?: boolean;
	/** Settings over the defaults, kept across resets (live mode: emulator/liveMode.ts). */
	settings?: Partial<EmulatorSettings>;
	/** Called with every API request (v2 and v1) and its answer, in process (tests validate them all). */
	observe?: (exchange: Exchange) => void;
}

/** One API request and the answer it got, as the observer sees it. */
export interface Exchange {
	/** v2 (paths under /v2/, described by the OpenAPI) or v1 (the same host, no prefix); v2 when absent. */
	api?: 'v1' | 'v2';
	method: string;
	path: string;
	query: string;
	/** The parsed JSON body of a write; undefined when there was none or it was not JSON. */
	requestBody?: unknown;
	status: number;
	/** The JSON body answered (undefined for a 204, or when a fault cut the connection). */
	responseBody?: unknown;
	/** Set when an injected fault shaped the answer: not the API's own behaviour. */
	fault?: FaultSpec['kind'];
}

const defaultSettings = (): EmulatorSettings => ({
	mergeDurationMs: 300,
	mergeOutcome: 'success',
	webhookLimit: 3,
	v1RefusedKeys: [],
	answerDelayMs: 0,
	filterTimes: 'whole-second',
	emptyPageEvery: 0,
	v1ReadDelayMs: 0,
	mergedReads: 422,
	companyFilter: 'ignored',
	v1UploadAnswer: 'entity-files',
	fileHost: 'other',
	dateFieldDay: 'pacific',
	...DEFAULT_SHAPE_SETTINGS,
	...DEFAULT_DELIVERY_SETTINGS,
});

/** A request that only reads: a GET, or a POST to a search endpoint. */
const isRead = (method: string, path: string) =>
	method === 'GET' || (method === 'POST' && path.endsWith('/search'));

// Answer shapes (liveShapes.ts) follow the settings of the request being answered.
readShapeSettingsFrom(currentSettings);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A local Affinity API v2: a real HTTP server on loopback over a seeded in-memory account,
 * with the API's auth, paging, validation, errors and rate limits, plus a control API under
 * /_emulator for tests and demos (reset, mutate, faults, rate limits, request log).
 */
export class Emulator implements EmulatorControl, EmulatorServices {
	store: Store;
	readonly limiter = new RateLimiter();
	readonly faults = new FaultQueue();
	readonly keys: ApiKey[] = DEMO_KEYS.map((k) => ({ ...k }));
	readonly requests: RequestLogEntry[] = [];
	settings: EmulatorSettings;
	baseUrl = '';
	private seq = 0;
	private server?: Server;
	/** The second listener serving signed file links (settings.fileHost 'other'). */
	private fileHost?: FileHost;
	private readonly api = new Router<RouteContext>();
	private readonly control: Router<ControlContext>;
	/** Pending timers (merges finishing), cleared on close. */
	readonly timers = new Set<NodeJS.Timeout>();
	private readonly deliveries = new WebhookDeliveries(this);

	constructor(private options: EmulatorOptions = {}) {
		this.store = seedStore({ seed: options.seed, sizes: options.sizes });
		this.settings = { ...defaultSettings(), ...options.settings };
		this.store.events = this.deliveries;
		if (options.rateLimit) this.limiter.configure(options.rateLimit);
		registerApi(this.api);
		this.control = createControlRouter();
	}

	static async start(options: EmulatorOptions = {}): Promise<Emulator> {
		const emulator = new Emulator(options);
		await emulator.listen(options.port ?? 0, options.host ?? '127.0.0.1');
		emulator.fileHost = await startFileHost(
			options.host ?? '127.0.0.1',
			(req, res) => void emulator.handle(req, res),
		);
		return emulator;
	}

	private listen(port: number, host: string): Promise<void> {
		return new Promise((resolve, reject) => {
			const server = createServer((req, res) => void this.handle(req, res));
			server.keepAliveTimeout = 5000;
			server.once('error', reject);
			server.listen(port, host, () => {
				const address = server.address() as AddressInfo;
				this.baseUrl = `http://${host}:${address.port}`;
				this.server = server;
				resolve();
			});
		});
	}

	/** Re-seeds the account and clears faults, log, rate-limit windows and settings. */
	reset(
		options: {
			seed?: number;
			sizes?: Partial<SeedSizes>;
			rateLimit?: Partial<RateLimitSettings>;
		} = {},
	): void {
		this.options = { ...this.options, ...options };
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		this.store = seedStore({ seed: this.options.seed, sizes: this.options.sizes });
		this.faults.clear();
		this.requests.length = 0;
		this.limiter.reset();
		this.limiter.configure({
			limit: 900,
			windowMs: 60_000,
			orgLimit: null,
			...(options.rateLimit ?? {}),
		});
		this.settings = { ...defaultSettings(), ...this.options.settings };
		this.deliveries.reset();
		this.store.events = this.deliveries;
	}

	webhookDeliveryCounts(): DeliveryCounts {
		return this.deliveries.stats();
	}

	deliverWebhookEvent(type: string, body: Record<string, unknown>, sentAt?: number): void {
		this.deliveries.emit(type, body, sentAt);
	}

	later(ms: number, fn: () => void): void {
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			fn();
		}, ms);
		this.timers.add(timer);
	}

	async close(): Promise<void> {
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		await this.fileHost?.close();
		this.fileHost = undefined;
		const server = this.server;
		if (!server) return;
		await new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		});
		this.server = undefined;
	}

	get fileHostPort(): string | undefined {
		return this.fileHost?.hostPort;
	}

	private origin(req: IncomingMessage): string {
		return `http://${req.headers.host ?? this.baseUrl.replace(/^https?:\/\//, '')}`;
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const started = Date.now();
		const url = new URL(req.url ?? '/', 'http://emulator');
		const method = (req.method ?? 'GET').toUpperCase();
		if (url.pathname.startsWith('/_emulator')) {
			await this.handleControl(req, res, method, url);
			return;
		}
		// The server's clock, as the change log's: a server whose clock runs behind says so in
		// its `Date` header too (POST /_emulator/clock).
		res.setHeader('date', new Date(started + this.store.changes.clockOffsetMs).toUTCString());
		const entry: RequestLogEntry = {
			seq: ++this.seq,
			at: new Date(started).toISOString(),
			method,
			path: url.pathname,
			query: url.search,
			status: 0,
			key: null,
			remoteAddress: (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
			durationMs: 0,
		};
		this.requests.push(entry);
		if (this.settings.answerDelayMs > 0) await sleep(this.settings.answerDelayMs);
		const bodies = bodyReaders(req);
		const getBody = bodies.json;
		/** Headers of every answer once known: the version used, the rate-limit windows. */
		let rateHeaders: Record<string, string> = {};
		let requestBody: unknown;
		const finish = (status: number, body: unknown, headers: Record<string, string> = {}) => {
			entry.status = status;
			this.options.observe?.({
				api: url.pathname.startsWith('/v2/') ? 'v2' : 'v1',
				method,
				path: url.pathname,
				query: url.search,
				requestBody,
				status,
				responseBody: body,
				fault: entry.fault,
			});
			entry.durationMs = Date.now() - started;
			if (this.options.verbose)
				console.log(
					`${method} ${url.pathname}${url.search} -> ${status}${entry.fault ? ` (fault: ${entry.fault})` : ''}`,
				);
			if (!res.headersSent && !res.destroyed)
				sendJson(res, status, body, { ...rateHeaders, ...headers });
		};
		try {
			const boundary = multipartBoundary(req.headers['content-type']);
			if (boundary && method === 'POST') {
				requestBody = await bodies.raw().then(
					(bytes) => formSummary(bytes, boundary),
					() => undefined,
				);
				if (requestBody) entry.body = JSON.stringify(requestBody).slice(0, 10_000);
			} else if (method === 'POST' || method === 'PATCH' || method === 'PUT') {
				requestBody = await getBody().catch(() => undefined);
				const text = await captureBody(getBody);
				if (text) entry.body = text.slice(0, 10_000);
			}
			// API v1: the same host, paths without /v2, Basic auth too, no version header.
			const isV1 = !url.pathname.startsWith('/v2/');
			const key = authenticate(
				req.headers.authorization,
				req.socket.remoteAddress,
				this.keys,
				isV1,
			);
			entry.key = key.label;
			if (isV1 && this.settings.v1RefusedKeys.includes(key.label))
				throw new ApiError(401, 'authentication', 'This API key is not accepted by API v1');
			let version = key.defaultVersion;
			if (!isV1) {
				rateHeaders = { [VERSION_HEADER]: key.defaultVersion };
				version = requestedVersion(req.headers[VERSION_HEADER], key.defaultVersion);
				rateHeaders = { [VERSION_HEADER]: version };
			}
			const user = this.store.users.get(key.userId);
			if (!user)
				throw new ApiError(401, 'authentication', 'The user of this API key no longer exists');
			const taken = this.limiter.take(key.key);
			rateHeaders = { ...rateHeaders, ...taken.headers };
			if (!taken.allowed) {
				const monthly = taken.usage.org !== null && taken.usage.org.remaining <= 0;
				throw new ApiError(
					429,
					'rate-limit',
					monthly
						? 'Monthly request limit for the account exceeded'
						: 'Per-minute request limit exceeded; retry after the reset',
				);
			}
			const fault = this.faults.take(method, url.pathname);
			if (fault) entry.fault = fault.kind;
			const run = async (): Promise<Reply> => {
				const { handler, params } = this.api.match(method, url.pathname);
				const ctx: RouteContext = {
					req,
					res,
					method,
					path: url.pathname,
					params,
					query: new Query(url.searchParams),
					origin: this.origin(req),
					key,
					version,
					user,
					// v2 reads do not see v1 writes for settings.v1ReadDelayMs (Store.v2View).
					store: !isV1 && isRead(method, url.pathname) ? this.store.v2View() : this.store,
					emulator: this,
					body: getBody,
					rawBody: bodies.raw,
				};
				// Field changes made by this request are the key's user's (the change log's changer).
				return withSettings(this.settings, () => actingUser.run(user.id, () => handler(ctx)));
			};
			if (fault) {
				const handled = async () => {
					try {
						return await run();
					} catch (error) {
						if (error instanceof ApiError) return { status: error.status, body: error.body() };
						throw error;
					}
				};
				const sent = await applyHostileFault(fault, { headers: req.headers, handled }, res);
				if (sent !== undefined) {
					entry.status = sent;
					return;
				}
				await this.applyFault(fault, run, finish, res, entry);
				return;
			}
			const reply = await run();
			finish(reply.status, reply.body, reply.headers);
		} catch (error) {
			if (error instanceof ApiError) {
				finish(error.status, error.body());
				return;
			}
			console.error('emulator: unexpected error', error);
			finish(500, { errors: [{ code: 'server', message: 'Internal server error' }] });
		}
	}

	private async applyFault(
		fault: FaultSpec,
		run: () => Promise<Reply>,
		finish: (status: number, body: unknown, headers?: Record<string, string>) => void,
		res: ServerResponse,
		entry: RequestLogEntry,
	): Promise<void> {
		const handled = async (): Promise<Reply> => {
			try {
				return await run();
			} catch (error) {
				if (error instanceof ApiError) return { status: error.status, body: error.body() };
				throw error;
			}
		};
		switch (fault.kind) {
			case 'status': {
				if (fault.apply) await handled();
				const status = fault.status ?? 500;
				const body = fault.body ?? {
					errors: [
						{ code: STATUS_CODES[status] ?? 'server', message: `Injected fault: HTTP ${status}` },
					],
				};
				let headers: Record<string, string> = { ...(fault.headers ?? {}) };
				if (status === 429 && fault.rateLimitHeaders !== false) {
					headers = {
						'x-ratelimit-limit-user-remaining': '0',
						'x-ratelimit-limit-user-reset': '1',
						...headers,
					};
				}
				if (fault.rateLimitHeaders === false) {
					// A 429 with no x-ratelimit-* headers at all.
					entry.status = status;
					sendJson(res, status, body, headers);
					return;
				}
				finish(status, body, headers);
				return;
			}
			case 'delay': {
				const reply = await handled();
				await sleep(fault.delayMs ?? 5000);
				finish(reply.status, reply.body, reply.headers);
				return;
			}
			case 'reset': {
				if (fault.apply) await handled();
				entry.status = -1;
				res.socket?.destroy();
				return;
			}
			case 'malformed': {
				entry.status = 200;
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end('{"data": [{"id": 1,, "name": <html>Bad Gateway</html>');
				return;
			}
			case 'truncated': {
				const reply = await handled();
				const text = JSON.stringify(reply.body ?? {});
				entry.status = reply.status;
				res.writeHead(reply.status, { 'content-type': 'application/json' });
				res.end(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
				return;
			}
			case 'shape': {
				const reply = await handled();
				const body = { ...((reply.body as Record<string, unknown>) ?? {}) };
				if (fault.shape === 'data-not-array') body.data = { unexpected: true };
				else delete body.pagination;
				finish(reply.status, body, reply.headers);
				return;
			}
		}
	}

	private async handleControl(
		req: IncomingMessage,
		res: ServerResponse,
		method: string,
		url: URL,
	): Promise<void> {
		try {
			const { handler, params } = this.control.match(method, url.pathname);
			const reply = await handler({
				req,
				params,
				query: new Query(url.searchParams),
				body: bodyReader(req),
				emulator: this,
			});
			sendJson(res, reply.status, reply.body, reply.headers);
		} catch (error) {
			if (error instanceof ApiError) sendJson(res, error.status, error.body());
			else {
				console.error('emulator control: unexpected error', error);
				sendJson(res, 500, { errors: [{ code: 'server', message: String(error) }] });
			}
		}
	}
}

/**
 * A multipart body as the log and the observer show it: each field by name, a text field's
 * value, a file as "name (N bytes, type)"; a repeated name (files[]) as a list.
 */
function formSummary(bytes: Buffer, boundary: string): Record<string, unknown> | undefined {
	let parts;
	try {
		parts = parseMultipart(bytes, boundary);
	} catch {
		return undefined;
	}
	const summary: Record<string, unknown> = {};
	for (const part of parts) {
		const shown =
			part.fileName === undefined
				? part.data.toString('utf8')
				: `${part.fileName} (${part.data.length} bytes, ${part.contentType ?? 'no type'})`;
		const before = summary[part.name];
		summary[part.name] =
			before === undefined ? shown : [...(Array.isArray(before) ? before : [before]), shown];
	}
	return summary;
}

/** Reads a write's body for the log before the handler parses it (the reader caches it). */
async function captureBody(getBody: () => Promise<unknown>): Promise<string | undefined> {
	try {
		const parsed = await getBody();
		return parsed === undefined ? undefined : JSON.stringify(parsed);
	} catch {
		return '<unreadable body>';
	}
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	return Emulator.start(options);
}

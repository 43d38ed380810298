import { request } from 'undici';

import {
	DEMO_KEYS,
	Emulator,
	type EmulatorOptions,
	type FaultSpec,
	type RequestLogEntry,
} from '../../emulator';
import { forgetRateLimits, forgetRecentWrites } from '../../nodes/AffinityV2/transport';

export const ADMIN_KEY = DEMO_KEYS[0].key;
export const MEMBER_KEY = DEMO_KEYS[1].key;
export const RESTRICTED_KEY = DEMO_KEYS[2].key;
export const ALLOWLISTED_KEY = DEMO_KEYS[3].key;
export const ALL_KEYS = DEMO_KEYS.map((k) => k.key);

/**
 * One emulator per test file, on an ephemeral loopback port, driven through its real HTTP
 * control API (as the e2e tests and demos do).
 */
export class EmulatorFixture {
	emulator!: Emulator;

	async start(options: EmulatorOptions = {}): Promise<this> {
		this.emulator = await Emulator.start(options);
		return this;
	}

	get baseUrl(): string {
		return this.emulator.baseUrl;
	}

	credentials(apiKey = ADMIN_KEY, extra: Record<string, string> = {}) {
		return { apiKey, baseUrl: this.baseUrl, apiVersion: '', ipAllowlistNote: '', ...extra };
	}

	async control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const res = await request(`${this.baseUrl}/_emulator${path}`, {
			method: method as 'GET',
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.body.text();
		if (res.statusCode >= 400)
			throw new Error(`control ${method} ${path}: ${res.statusCode} ${text}`);
		return (text ? JSON.parse(text) : undefined) as T;
	}

	/**
	 * Resets data, faults, log and rate limits; also the node's remembered rate-limit budgets and
	 * the writes it remembers (the emulator gives the same ids again).
	 */
	async reset(body: Record<string, unknown> = {}): Promise<void> {
		forgetRateLimits();
		forgetRecentWrites();
		await this.control('POST', '/reset', body);
	}

	async requests(): Promise<RequestLogEntry[]> {
		return this.control<RequestLogEntry[]>('GET', '/requests');
	}

	async clearRequests(): Promise<void> {
		await this.control('DELETE', '/requests');
	}

	async fault(...faults: FaultSpec[]): Promise<void> {
		await this.control('POST', '/faults', { faults });
	}

	/** An API call as a plain client (not through the node). */
	async api<T = unknown>(
		path: string,
		apiKey = ADMIN_KEY,
		init: { method?: string; body?: unknown; localAddress?: string } = {},
	) {
		const res = await request(`${this.baseUrl}${path}`, {
			method: (init.method ?? 'GET') as 'GET',
			headers: {
				authorization: `Bearer ${apiKey}`,
				...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: init.body === undefined ? undefined : JSON.stringify(init.body),
		});
		const text = await res.body.text();
		return {
			status: res.statusCode,
			headers: res.headers,
			body: (text ? JSON.parse(text) : undefined) as T,
		};
	}

	async stop(): Promise<void> {
		await this.emulator?.close();
	}
}

/** Fails if any of the demo keys appears anywhere in what is given (outputs, errors, logs). */
export function expectNoKey(...things: unknown[]): void {
	const text = JSON.stringify(things, (_k, v) =>
		v instanceof Error ? { ...v, message: v.message, stack: v.stack } : v,
	);
	for (const key of ALL_KEYS) {
		if (text.includes(key)) throw new Error(`API key ${key.slice(0, 12)}… leaked into output`);
	}
}

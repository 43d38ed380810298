import './debugLogging';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { LoggerProxy } from 'n8n-workflow';
import TransportStream from 'winston-transport';

import { ALL_KEYS } from '../harness/emulator';

/** Keys the suites use that the emulator does not know: scanned for like the demo keys. */
export const BAD_KEYS = ['affv2-not-a-real-key-0e9d8c7b6a5f'];

/** Every secret to look for: each key, and its random tail alone (a key shown cut short). */
export function secrets(): string[] {
	return [...ALL_KEYS, ...BAD_KEYS].flatMap((key) => [key, key.slice(key.lastIndexOf('-') + 1)]);
}

/**
 * Everything reachable from a value as text: enumerable and non-enumerable own properties
 * (an error's message, stack, cause, context), Maps, Sets, nested errors, with cycles cut.
 */
export function deepText(value: unknown): string {
	const seen = new WeakSet<object>();
	const parts: string[] = [];
	const walk = (v: unknown, depth: number): void => {
		if (v === null || v === undefined) return;
		if (typeof v === 'string') {
			parts.push(v);
			return;
		}
		if (typeof v !== 'object' && typeof v !== 'function') {
			parts.push(String(v));
			return;
		}
		if (typeof v === 'function' || depth > 40 || seen.has(v as object)) return;
		seen.add(v as object);
		if (v instanceof Map) {
			for (const [k, x] of v) {
				walk(k, depth + 1);
				walk(x, depth + 1);
			}
			return;
		}
		if (v instanceof Set) {
			for (const x of v) walk(x, depth + 1);
			return;
		}
		if (ArrayBuffer.isView(v)) {
			parts.push(Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('latin1'));
			return;
		}
		for (const key of [...Object.getOwnPropertyNames(v), ...Object.getOwnPropertySymbols(v)]) {
			parts.push(String(key));
			let x: unknown;
			try {
				x = (v as Record<string | symbol, unknown>)[key];
			} catch {
				continue;
			}
			walk(x, depth + 1);
		}
	};
	walk(value, 0);
	return parts.join('\n');
}

/** Fails naming where a key (or its tail) was found; `things` maps a label to what to scan. */
export function expectNoSecrets(things: Record<string, unknown>): void {
	for (const [where, thing] of Object.entries(things)) {
		const text = deepText(thing);
		for (const secret of secrets()) {
			if (text.includes(secret))
				throw new Error(`An API key (…${secret.slice(-4)}) appears in ${where}`);
		}
	}
}

class Capture extends TransportStream {
	constructor(private readonly sink: LogCapture) {
		super({ level: 'debug' });
	}

	log(info: Record<string | symbol, unknown>, next: () => void): void {
		this.sink.messages.push(`${String(info.level)}: ${String(info.message)}`);
		// Everything the log record holds, metadata and serialized errors included.
		this.sink.lines.push(deepText(info));
		next();
	}
}

/**
 * n8n's own logger (the one node code gets as this.logger, and LoggerProxy, which n8n-core's
 * engine logs through) at debug level, writing into a buffer instead of the console.
 */
export class LogCapture {
	/** Each record as text, everything in it. */
	readonly lines: string[] = [];
	/** Each record as "level: message". */
	readonly messages: string[] = [];

	install(): this {
		const logger = Container.get(Logger);
		const internal = logger.getInternalLogger();
		internal.clear();
		internal.silent = false;
		internal.level = 'debug';
		internal.add(new Capture(this));
		LoggerProxy.init(logger);
		return this;
	}

	clear(): void {
		this.lines.length = 0;
		this.messages.length = 0;
	}
}

/**
 * What one test produced, scanned for keys after the test: node outputs, run data, errors,
 * the captured log lines and the emulator's request log.
 */
export class LeakWatch {
	readonly logs = new LogCapture();
	private seen: Array<[string, unknown]> = [];

	install(): this {
		this.logs.install();
		return this;
	}

	/** Keeps something for the scan after the test; returns it unchanged. */
	watch<T>(label: string, thing: T): T {
		this.seen.push([label, thing]);
		return thing;
	}

	/** Scans what the test produced and starts afresh; `requests` is the emulator's log. */
	async check(requests: unknown): Promise<void> {
		// Winston hands records to its transports through a stream: let it flush.
		await new Promise((resolve) => setImmediate(resolve));
		const things: Record<string, unknown> = {
			'the emulator request log': requests,
			'the log lines': [...this.logs.lines],
		};
		this.seen.forEach(([label, thing], i) => (things[`${label} #${i + 1}`] = thing));
		this.seen = [];
		this.logs.clear();
		expectNoSecrets(things);
	}
}

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import { request } from 'undici';

export const ROOT = join(__dirname, '..');

export interface BenchEmulator {
	baseUrl: string;
	child: ChildProcess;
	control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
	stop(): Promise<void>;
}

/**
 * The emulator in a process of its own, so that what a benchmark measures in this process is
 * the client's work, not the server's.
 */
export async function startEmulatorProcess(args: string[]): Promise<BenchEmulator> {
	const port = 20000 + Math.floor(Math.random() * 20000);
	const child = spawn(
		process.execPath,
		[
			join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
			join(ROOT, 'emulator/cli.ts'),
			'--port',
			String(port),
			...args,
		],
		{
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	let output = '';
	child.stdout?.setEncoding('utf8');
	await new Promise<void>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`emulator did not start: ${output}`)), 120_000);
		child.stdout?.on('data', (chunk: string) => {
			output += chunk;
			if (output.includes('listening on')) {
				clearTimeout(timer);
				resolve();
			}
		});
		child.once('exit', (code) => reject(new Error(`emulator exited with ${code}: ${output}`)));
	});
	const baseUrl = `http://127.0.0.1:${port}`;
	return {
		baseUrl,
		child,
		async control<T>(method: string, path: string, body?: unknown): Promise<T> {
			const res = await request(`${baseUrl}/_emulator${path}`, {
				method: method as 'GET',
				headers: body === undefined ? {} : { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await res.body.text();
			if (res.statusCode >= 400) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
			return (text ? JSON.parse(text) : undefined) as T;
		},
		async stop() {
			if (child.exitCode !== null) return;
			child.kill('SIGTERM');
			await once(child, 'exit');
		},
	};
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function machine(): string {
	return `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export function fmt(ms: number): string {
	return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

/**
 * A bare cursor loop with undici: the baseline every node read is compared with. Given `keep`,
 * the entries are kept there, as a read that returns them must (the garbage collector then
 * moves them instead of dropping them).
 */
export async function bareCursorLoop(
	baseUrl: string,
	apiKey: string,
	firstPath: string,
	keep?: unknown[],
): Promise<{ items: number; pages: number }> {
	let url: string | null = `${baseUrl}${firstPath}`;
	let items = 0;
	let pages = 0;
	while (url) {
		const res = await request(url, {
			headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
		});
		const body = (await res.body.json()) as {
			data: unknown[];
			pagination: { nextUrl: string | null };
		};
		if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
		items += body.data.length;
		pages++;
		url = body.pagination.nextUrl;
		if (keep) for (const entry of body.data) keep.push(entry);
	}
	return { items, pages };
}

/**
 * The same cursor loop through n8n's own outbound HTTP client (`@n8n/backend-network`: what
 * n8n-core's httpRequestWithAuthentication sends with once the credential is added), with the
 * options and the decoding of the node's transport, the entries kept in `keep`. What any node
 * pays before its own work.
 */
export async function n8nClientCursorLoop(
	baseUrl: string,
	apiKey: string,
	firstPath: string,
	keep?: unknown[],
): Promise<{ items: number; pages: number }> {
	const client = Container.get(OutboundHttp).requests();
	const utf8 = new TextDecoder();
	let url: string | null = `${baseUrl}${firstPath}`;
	let items = 0;
	let pages = 0;
	while (url) {
		const res = (await client.request({
			method: 'GET',
			url,
			headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
			encoding: 'arraybuffer',
			disableFollowRedirect: true,
			json: false,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 30_000,
		})) as { statusCode: number; body: Uint8Array };
		if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
		const body = JSON.parse(utf8.decode(res.body)) as {
			data: unknown[];
			pagination: { nextUrl: string | null };
		};
		items += body.data.length;
		pages++;
		url = body.pagination.nextUrl;
		if (keep) for (const entry of body.data) keep.push(entry);
	}
	return { items, pages };
}

/** An endpoint as the API documents it: ids and field ids in a path become placeholders. */
function endpointOf(path: string): string {
	return path
		.split('?')[0]
		.replace(/\/field-\d+/g, '/{fieldId}')
		.replace(/\/\d+(?=\/|$)/g, '/{id}');
}

/** Requests counted by method and endpoint, most first: where a run's calls went. */
export function callsByEndpoint(requests: Array<{ method: string; path: string }>): string {
	const counts = new Map<string, number>();
	for (const r of requests) {
		const key = `${r.method} ${endpointOf(r.path)}`;
		counts.set(key, (counts.get(key) ?? 0) + 1);
	}
	return [...counts]
		.sort((a, b) => b[1] - a[1])
		.map(([endpoint, n]) => `${n} ${endpoint}`)
		.join(', ');
}

/**
 * The fewest calls the rows job can be done in through the API: each create, add and changed
 * row's write (one PATCH a row), and the reads it cannot avoid: the list (its type), its fields
 * (100 a page), the options of each mapped dropdown field, the list's rows (100 a page: which
 * records are on it already), and one search for each domain not on the list (POST
 * /v2/companies/search matches one term, and no company field filters by domain).
 */
export function rowsJobMinimum(job: {
	creates: number;
	adds: number;
	writes: number;
	listFields: number;
	dropdownFields: number;
	listEntries: number;
	lookups: number;
}): { calls: number; text: string } {
	const fieldPages = Math.max(1, Math.ceil(job.listFields / 100));
	const entryPages = Math.max(1, Math.ceil(job.listEntries / 100));
	const reads = 1 + fieldPages + job.dropdownFields + entryPages + job.lookups;
	const calls = job.creates + job.adds + job.writes + reads;
	return {
		calls,
		text:
			`${job.creates} creates + ${job.adds} adds + ${job.writes} writes + reads: the list 1, ` +
			`its ${job.listFields} fields ${fieldPages}, dropdown options ${job.dropdownFields}, ` +
			`its ${job.listEntries} rows ${entryPages}, ${job.lookups} domain searches = ${calls}`,
	};
}

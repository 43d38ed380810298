/*
 * Shared by `npm start`, the e2e tests and the browser test: the pack installed into an n8n
 * user folder, the emulator and real n8n as child processes (each in its own process group, so
 * a stop takes n8n's task runner with it), n8n's CLI, readiness, and its REST API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { CHROMIUM_PATH, PACKAGE_NAME, REPO_ROOT, runtimePaths, type RuntimePaths } from './paths';

export { CHROMIUM_PATH, PACKAGE_NAME, REPO_ROOT };

/** The owner account `npm start` and the tests create (n8n wants 8+ characters, a digit and a capital). */
export const OWNER = {
	email: 'owner@example.com',
	firstName: 'Demo',
	lastName: 'Owner',
	password: 'AffinityV2-demo',
};

/** Node types as n8n names a community package's nodes: `<package>.<node name>`. */
export const NODE_TYPES = {
	action: `${PACKAGE_NAME}.affinityV2`,
	trigger: `${PACKAGE_NAME}.affinityV2Trigger`,
	/** n8n derives an AI-agent tool from a node marked usableAsTool. */
	tool: `${PACKAGE_NAME}.affinityV2Tool`,
} as const;

export const CREDENTIAL_TYPE = 'affinityV2Api';

// ---------------------------------------------------------------------------------------------
// Child processes
// ---------------------------------------------------------------------------------------------

const running = new Set<ManagedProcess>();

/** Last resort when the parent exits without stopping its children (a failed test, an exception). */
process.on('exit', () => {
	for (const child of running) child.killGroup('SIGKILL');
});

/**
 * A child in its own process group: Ctrl-C in the terminal reaches only our script, which then
 * stops the children in order, and a stop signals the whole group (n8n's task runner included).
 */
export class ManagedProcess {
	readonly child: ChildProcess;
	readonly exited: Promise<number | null>;
	private output = '';
	private listeners: Array<(chunk: string) => void> = [];
	private exitCode: number | null | undefined;

	constructor(
		readonly label: string,
		command: string,
		args: string[],
		options: { cwd?: string; env?: NodeJS.ProcessEnv; logFile?: string; echo?: boolean },
	) {
		const log = options.logFile ? fs.createWriteStream(options.logFile, { flags: 'a' }) : undefined;
		this.child = spawn(command, args, {
			cwd: options.cwd ?? REPO_ROOT,
			env: options.env ?? process.env,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		running.add(this);
		const onData = (chunk: Buffer) => {
			const text = chunk.toString();
			// Keep the tail only: enough for an error report, bounded for long runs.
			this.output = (this.output + text).slice(-200_000);
			log?.write(text);
			if (options.echo) process.stdout.write(text);
			for (const listener of this.listeners) listener(text);
		};
		this.child.stdout?.on('data', onData);
		this.child.stderr?.on('data', onData);
		this.exited = new Promise((resolve) => {
			this.child.on('exit', (code) => {
				this.exitCode = code;
				running.delete(this);
				log?.end();
				resolve(code);
			});
			this.child.on('error', (error) => {
				this.output += `\n${error.message}`;
				this.exitCode = -1;
				running.delete(this);
				resolve(-1);
			});
		});
	}

	get pid(): number | undefined {
		return this.child.pid;
	}

	get hasExited(): boolean {
		return this.exitCode !== undefined;
	}

	get logText(): string {
		return this.output;
	}

	/** Resolves with the first output matching the pattern; rejects if the process exits first or time runs out. */
	waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
		return new Promise((resolve, reject) => {
			const found = pattern.exec(this.output);
			if (found) return resolve(found);
			const timer = setTimeout(() => finish(new Error(`${this.label}: no output matching ${pattern} within ${timeoutMs} ms\n${this.tail()}`)), timeoutMs);
			const listener = () => {
				const match = pattern.exec(this.output);
				if (match) finish(undefined, match);
			};
			const finish = (error?: Error, match?: RegExpMatchArray) => {
				clearTimeout(timer);
				this.listeners = this.listeners.filter((l) => l !== listener);
				if (error) reject(error);
				else resolve(match!);
			};
			this.listeners.push(listener);
			void this.exited.then((code) => finish(new Error(`${this.label} exited (code ${code}) before printing ${pattern}\n${this.tail()}`)));
		});
	}

	tail(lines = 40): string {
		return this.output.split('\n').slice(-lines).join('\n');
	}

	killGroup(signal: NodeJS.Signals): void {
		if (!this.child.pid) return;
		try {
			process.kill(-this.child.pid, signal);
		} catch {
			// The group is already gone.
		}
	}

	/** SIGTERM to the group, SIGKILL after the grace period; then SIGKILL any stragglers of the group. */
	async stop(graceMs = 15_000): Promise<void> {
		if (!this.hasExited) {
			this.killGroup('SIGTERM');
			const timer = setTimeout(() => this.killGroup('SIGKILL'), graceMs);
			await this.exited;
			clearTimeout(timer);
		}
		// n8n's task runner or tsx's worker may outlive the group leader for a moment.
		this.killGroup('SIGKILL');
	}
}

/** Stops every child still running, last started first. */
export async function stopAll(): Promise<void> {
	for (const child of [...running].reverse()) await child.stop();
}

/** A free loopback port: the preferred one when it is free, else one the OS picks. */
export async function freePort(preferred?: number): Promise<number> {
	const tryPort = (port: number) =>
		new Promise<number | undefined>((resolve) => {
			const server = net.createServer();
			server.once('error', () => resolve(undefined));
			server.listen(port, '127.0.0.1', () => {
				const address = server.address() as net.AddressInfo;
				server.close(() => resolve(address.port));
			});
		});
	if (preferred) {
		const port = await tryPort(preferred);
		if (port) return port;
	}
	const port = await tryPort(0);
	if (!port) throw new Error('no free loopback port');
	return port;
}

// ---------------------------------------------------------------------------------------------
// The pack in an n8n user folder
// ---------------------------------------------------------------------------------------------

/** What `npm pack` ships: package.json, README, LICENSE and the `files` of package.json (dist/). */
export function installPack(userFolder: string): string {
	const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
		files: string[];
		n8n: { nodes: string[]; credentials: string[] };
	};
	for (const built of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) {
		if (!fs.existsSync(path.join(REPO_ROOT, built))) {
			throw new Error(`${built} is missing: build the pack first (npm run build)`);
		}
	}
	const target = path.join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	for (const entry of ['package.json', 'README.md', 'LICENSE', ...manifest.files]) {
		const from = path.join(REPO_ROOT, entry);
		if (fs.existsSync(from)) fs.cpSync(from, path.join(target, entry), { recursive: true, dereference: true });
	}
	return target;
}

/** The node names (`affinityV2`, ...) the built pack declares, read from its compiled node classes. */
export function packNodeNames(): string[] {
	const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
	return manifest.n8n.nodes.map((file) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(path.join(REPO_ROOT, file)) as Record<string, new () => { description: { name: string } }>;
		const NodeClass = Object.values(exported).find((value) => typeof value === 'function');
		if (!NodeClass) throw new Error(`${file} exports no node class`);
		return new NodeClass().description.name;
	});
}

// ---------------------------------------------------------------------------------------------
// Emulator
// ---------------------------------------------------------------------------------------------

export interface RunningEmulator {
	baseUrl: string;
	process: ManagedProcess;
	control<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
	stop(): Promise<void>;
}

/** The emulator as its own process (`tsx emulator/cli.ts`), seeded, on loopback. */
export async function startEmulator(options: { port?: number; seed?: number; logFile?: string } = {}): Promise<RunningEmulator> {
	const port = options.port ?? (await freePort());
	const child = new ManagedProcess(
		'emulator',
		process.execPath,
		['--import', 'tsx', path.join(REPO_ROOT, 'emulator', 'cli.ts'), '--port', String(port), '--seed', String(options.seed ?? 1)],
		{ logFile: options.logFile },
	);
	const [, baseUrl] = await child.waitForOutput(/listening on (http:\/\/\S+)/, 60_000);
	const control = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
		const res = await fetch(`${baseUrl}/_emulator${route}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		if (!res.ok) throw new Error(`emulator control ${method} ${route}: ${res.status} ${text}`);
		return (text ? JSON.parse(text) : undefined) as T;
	};
	return { baseUrl, process: child, control, stop: () => child.stop(5_000) };
}

// ---------------------------------------------------------------------------------------------
// n8n
// ---------------------------------------------------------------------------------------------

export interface N8nSetup {
	paths: RuntimePaths;
	userFolder: string;
	port: number;
	/** n8n's task broker listens here; the default (5679) would collide between two n8n. */
	brokerPort: number;
	logFile?: string;
}

/** Makes an n8n setup: a user folder with the pack copied in and two free ports. */
export async function prepareN8n(options: { userFolder?: string; port?: number; logFile?: string } = {}): Promise<N8nSetup> {
	const userFolder = options.userFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'affinity-v2-n8n-'));
	fs.mkdirSync(userFolder, { recursive: true });
	installPack(userFolder);
	const port = options.port ?? (await freePort());
	let brokerPort = await freePort(port + 1);
	if (brokerPort === port) brokerPort = await freePort();
	return { paths: runtimePaths(), userFolder, port, brokerPort, logFile: options.logFile };
}

/** The environment that keeps n8n quiet, local and on our ports, with Node 24 first on PATH. */
export function n8nEnv(setup: N8nSetup, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		PATH: `${path.join(setup.paths.nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
		// As n8n's own images run it. Under jest NODE_ENV is "test", where n8n's CLI commands print
		// nothing and never exit; unset, n8n takes itself for a development build.
		NODE_ENV: 'production',
		N8N_USER_FOLDER: setup.userFolder,
		N8N_PORT: String(setup.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: 'localhost',
		N8N_EDITOR_BASE_URL: `http://localhost:${setup.port}`,
		N8N_RUNNERS_BROKER_PORT: String(setup.brokerPort),
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'info',
		...extra,
	};
	// Settings of the caller's own n8n (or of npm) must not leak into ours.
	delete env.N8N_CONFIG_FILES;
	delete env.DB_TYPE;
	return env;
}

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs `n8n <args>` to completion (import, execute...) without blocking the event loop. */
export function n8nCli(setup: N8nSetup, args: string[], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(setup.paths.nodeBin, [setup.paths.n8nBin, ...args], {
			cwd: setup.userFolder,
			env: n8nEnv(setup, options.env),
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
		child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
		const killGroup = () => {
			try {
				process.kill(-child.pid!, 'SIGKILL');
			} catch {
				// already gone
			}
		};
		const onExit = () => killGroup();
		process.on('exit', onExit);
		const timer = setTimeout(() => {
			killGroup();
			reject(new Error(`n8n ${args.join(' ')} timed out after ${options.timeoutMs} ms\n${stdout}\n${stderr}`));
		}, options.timeoutMs ?? 180_000);
		child.on('error', reject);
		child.on('exit', (code) => {
			clearTimeout(timer);
			process.off('exit', onExit);
			// The task runner of `n8n execute` is in the same group; make sure it went with it.
			killGroup();
			if (setup.logFile) fs.appendFileSync(setup.logFile, `\n$ n8n ${args.join(' ')}\n${stdout}${stderr}`);
			resolve({ code, stdout, stderr });
		});
	});
}

/** Writes JSON to a temp file and runs `n8n import:<kind> --input=<file>`; fails loudly. */
export async function n8nImport(setup: N8nSetup, kind: 'credentials' | 'workflow', items: unknown[]): Promise<void> {
	const file = path.join(setup.userFolder, `import-${kind}-${Date.now()}.json`);
	fs.writeFileSync(file, JSON.stringify(items, null, 2));
	try {
		const result = await n8nCli(setup, [`import:${kind}`, `--input=${file}`]);
		if (result.code !== 0) throw new Error(`n8n import:${kind} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
	} finally {
		// Credential imports hold the key in plaintext: do not leave it lying around.
		fs.rmSync(file, { force: true });
	}
}

export interface Execution {
	code: number | null;
	/** The run n8n printed (with --rawOutput on success, in its error log on failure), when it printed one. */
	run?: WorkflowRun;
	stdout: string;
	stderr: string;
}

export interface WorkflowRun {
	status?: string;
	mode?: string;
	data: {
		resultData: {
			runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> }; error?: ExecutionError }>>;
			error?: ExecutionError;
			lastNodeExecuted?: string;
		};
	};
}

export interface ExecutionError {
	message: string;
	description?: string | null;
	httpCode?: string | null;
	node?: { name: string };
	[key: string]: unknown;
}

/**
 * The run JSON in n8n's output: printed with JSON.stringify(run, null, 2), so it spans from a
 * line that is exactly "{" to the next line that is exactly "}" (log lines around it vary).
 */
export function parseRun(output: string): WorkflowRun | undefined {
	const lines = output.split('\n');
	const start = lines.indexOf('{');
	if (start < 0) return undefined;
	const end = lines.indexOf('}', start);
	if (end < 0) return undefined;
	try {
		return JSON.parse(lines.slice(start, end + 1).join('\n')) as WorkflowRun;
	} catch {
		return undefined;
	}
}

/** `n8n execute --id=<id> --rawOutput` (runs in mode "cli"). */
export async function n8nExecute(setup: N8nSetup, workflowId: string): Promise<Execution> {
	const result = await n8nCli(setup, ['execute', `--id=${workflowId}`, '--rawOutput']);
	return { ...result, run: parseRun(result.stdout) ?? parseRun(result.stderr) };
}

/** The items a node output in its first run (output 0); throws with n8n's output if it did not run. */
export function nodeOutput(run: WorkflowRun | undefined, nodeName: string, context = ''): Array<Record<string, unknown>> {
	const runs = run?.data.resultData.runData[nodeName];
	if (!runs?.length) throw new Error(`node "${nodeName}" did not run\n${context.slice(-6000)}`);
	return (runs[0].data?.main[0] ?? []).map((item) => item.json);
}

/**
 * n8n stores and serves execution data in the `flatted` format: a JSON array whose first element
 * is the root, where every string inside an object or array is the index of another element.
 */
export function unflatten(text: string): unknown {
	const table = JSON.parse(text) as unknown[];
	const done = new Map<number, unknown>();
	const resolve = (index: number): unknown => {
		if (done.has(index)) return done.get(index);
		const raw = table[index];
		if (raw === null || typeof raw !== 'object') {
			done.set(index, raw);
			return raw;
		}
		const out: Record<string, unknown> | unknown[] = Array.isArray(raw) ? [] : {};
		done.set(index, out);
		for (const [key, value] of Object.entries(raw)) {
			(out as Record<string, unknown>)[key] = typeof value === 'string' ? resolve(Number(value)) : value;
		}
		return out;
	};
	return resolve(0);
}

export interface RunningN8n {
	url: string;
	process: ManagedProcess;
	stop(): Promise<void>;
}

/** Starts `n8n start` and waits for /healthz/readiness (migrations done, nodes loaded). */
export async function startN8n(setup: N8nSetup, options: { echo?: boolean; timeoutMs?: number } = {}): Promise<RunningN8n> {
	const url = `http://localhost:${setup.port}`;
	const child = new ManagedProcess('n8n', setup.paths.nodeBin, [setup.paths.n8nBin, 'start'], {
		cwd: setup.userFolder,
		env: n8nEnv(setup),
		logFile: setup.logFile,
		echo: options.echo,
	});
	const deadline = Date.now() + (options.timeoutMs ?? 180_000);
	for (;;) {
		if (child.hasExited) throw new Error(`n8n exited before it was ready\n${child.tail(60)}`);
		try {
			const res = await fetch(`http://127.0.0.1:${setup.port}/healthz/readiness`);
			if (res.status === 200) break;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			await child.stop();
			throw new Error(`n8n was not ready within ${options.timeoutMs ?? 180_000} ms\n${child.tail(60)}`);
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	return { url, process: child, stop: () => child.stop(20_000) };
}

// ---------------------------------------------------------------------------------------------
// REST
// ---------------------------------------------------------------------------------------------

export class RestError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		route: string,
	) {
		super(`${route}: HTTP ${status} ${JSON.stringify(body).slice(0, 500)}`);
	}
}

/** n8n's internal REST API with the session cookie a login returns. */
export class N8nRest {
	cookie = '';

	constructor(readonly baseUrl: string) {}

	async request<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		const res = await fetch(`${this.baseUrl}${route}`, {
			method,
			headers: {
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...(this.cookie ? { cookie: this.cookie } : {}),
				// n8n refuses state-changing browser requests without it.
				'browser-id': 'affinity-v2-scripts',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = res.headers.getSetCookie?.() ?? [];
		const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth;
		const text = await res.text();
		let parsed: unknown = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			// not JSON
		}
		if (!res.ok) throw new RestError(res.status, parsed, `${method} ${route}`);
		// Most internal endpoints wrap their answer in { data }.
		return (parsed && typeof parsed === 'object' && 'data' in parsed ? (parsed as { data: T }).data : parsed) as T;
	}

	/** Creates the owner on a new instance; on an instance that has one, does nothing. */
	async ensureOwner(owner = OWNER): Promise<'created' | 'existed'> {
		const settings = await this.request<{ userManagement?: { showSetupOnFirstLoad?: boolean } }>('GET', '/rest/settings');
		if (settings.userManagement?.showSetupOnFirstLoad === false) return 'existed';
		await this.request('POST', '/rest/owner/setup', owner);
		return 'created';
	}

	/**
	 * What the editor's "Execute workflow" does: a manual run from the given trigger (mode
	 * "manual": a polling trigger's poll() is called), then the finished execution.
	 */
	async runManually(workflowId: string, triggerName: string, timeoutMs = 120_000): Promise<WorkflowRun> {
		const started = await this.request<{ executionId?: string; waitingForWebhook?: boolean }>('POST', `/rest/workflows/${workflowId}/run`, {
			triggerToStartFrom: { name: triggerName },
		});
		if (!started.executionId) throw new Error(`manual run of ${workflowId} did not start an execution: ${JSON.stringify(started)}`);
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.request<{ finished?: boolean; status: string; data: string }>('GET', `/rest/executions/${started.executionId}`);
			if (!['new', 'running', 'waiting'].includes(execution.status)) {
				return { status: execution.status, mode: 'manual', data: unflatten(execution.data) as WorkflowRun['data'] };
			}
			if (Date.now() > deadline) throw new Error(`execution ${started.executionId} still ${execution.status} after ${timeoutMs} ms`);
			await new Promise((r) => setTimeout(r, 300));
		}
	}

	async login(owner = OWNER): Promise<void> {
		await this.request('POST', '/rest/login', { emailOrLdapLoginId: owner.email, password: owner.password });
		if (!this.cookie) throw new Error('n8n login returned no n8n-auth cookie');
	}
}

// ---------------------------------------------------------------------------------------------
// Credentials and workflows
// ---------------------------------------------------------------------------------------------

export interface CredentialSpec {
	id: string;
	name: string;
	apiKey: string;
	baseUrl: string;
}

/** An `affinityV2Api` credential as `n8n import:credentials` takes it (n8n encrypts the data on import). */
export function credentialExport(spec: CredentialSpec) {
	const now = new Date().toISOString();
	return {
		id: spec.id,
		name: spec.name,
		type: CREDENTIAL_TYPE,
		data: { apiKey: spec.apiKey, baseUrl: spec.baseUrl, apiVersion: '', ipAllowlistNote: '' },
		createdAt: now,
		updatedAt: now,
	};
}

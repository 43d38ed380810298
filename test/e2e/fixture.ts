/*
 * One real n8n per test file: a temp user folder with the built pack copied in (as n8n installs a
 * community package), the emulator as its own process, credentials and workflows imported with
 * n8n's CLI, and, when a test needs it, `n8n start` with the owner logged in over REST.
 * Everything is stopped in stop(), also when a test failed; n8n's log goes to test-results/.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { RequestLogEntry } from '../../emulator';
import {
	credentialExport,
	type CredentialSpec,
	N8nRest,
	n8nExecute,
	n8nImport,
	type N8nSetup,
	prepareN8n,
	REPO_ROOT,
	type RunningEmulator,
	type RunningN8n,
	startEmulator,
	startN8n,
	stopAll,
} from '../../scripts/n8n';
import {
	DEFAULT_N8N_LINE,
	isProvisioned,
	type N8nLine,
	n8nLine,
	runtimePaths,
} from '../../scripts/paths';
import { DEMO_CREDENTIAL, DEMO_KEY } from '../../scripts/start';
import { ADMIN_KEY, MEMBER_KEY } from '../harness/emulator';

export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');

/** A key the emulator does not know: distinctive, so tests can prove it never appears in output. */
export const BAD_KEY = 'affv2-e2e-wrong-key-5e8a1c3b';

export type CredentialKey = 'admin' | 'member' | 'badKey';

export const CREDENTIALS: Record<CredentialKey, { id: string; name: string; apiKey: string }> = {
	admin: { id: 'e2eCredAdmin', name: 'Affinity emulator (admin)', apiKey: ADMIN_KEY },
	member: { id: 'e2eCredMember', name: 'Affinity emulator (member)', apiKey: MEMBER_KEY },
	badKey: { id: 'e2eCredBadKey', name: 'Affinity emulator (wrong key)', apiKey: BAD_KEY },
};

export class N8nFixture {
	emulator!: RunningEmulator;
	setup!: N8nSetup;
	server?: RunningN8n;
	rest?: N8nRest;

	/** The n8n line under test: AFFINITY_N8N_VERSION's (npm run test:e2e:lts sets 1.123), else 2.41. */
	readonly line: N8nLine = n8nLine();

	constructor(readonly name: string) {}

	async start(): Promise<this> {
		const line = this.line;
		if (!isProvisioned(runtimePaths())) {
			throw new Error(
				`n8n ${line.version} is not installed: run \`npm run provision -- --n8n ${line.line}\` (npm run test:e2e and test:e2e:lts do it first)`,
			);
		}
		fs.mkdirSync(RESULTS_DIR, { recursive: true });
		const prefix = line.line === DEFAULT_N8N_LINE ? this.name : `${this.name}-n8n${line.line}`;
		const logFile = path.join(RESULTS_DIR, `${prefix}-n8n.log`);
		fs.writeFileSync(logFile, '');
		this.emulator = await startEmulator({
			seed: 1,
			logFile: path.join(RESULTS_DIR, `${prefix}-emulator.log`),
		});
		this.setup = await prepareN8n({ logFile });
		await n8nImport(
			this.setup,
			'credentials',
			// Ours, and the one the sample workflows of `npm start` use, with its key (API 2026-09-17).
			[...Object.values(CREDENTIALS), { ...DEMO_CREDENTIAL, apiKey: DEMO_KEY.key }].map((c) =>
				credentialExport({ ...c, baseUrl: this.emulator.baseUrl } satisfies CredentialSpec),
			),
		);
		return this;
	}

	importWorkflows(workflows: unknown[]): Promise<void> {
		return n8nImport(this.setup, 'workflow', workflows);
	}

	execute(workflowId: string) {
		return n8nExecute(this.setup, workflowId);
	}

	/** `n8n start`, then the owner account and a logged-in REST client. */
	async startServer(): Promise<N8nRest> {
		this.server = await startN8n(this.setup);
		this.rest = new N8nRest(this.server.url);
		await this.rest.ensureOwner();
		await this.rest.login();
		return this.rest;
	}

	async stopServer(): Promise<void> {
		await this.server?.stop();
		this.server = undefined;
	}

	/** Emulator data, faults, rate limits and request log back to the seeded state. */
	async resetEmulator(): Promise<void> {
		await this.emulator.control('POST', '/reset', {});
	}

	requests(): Promise<RequestLogEntry[]> {
		return this.emulator.control<RequestLogEntry[]>('GET', '/requests');
	}

	/** The emulator's own answer, read as a plain client with the admin key: the oracle for assertions. */
	async api<T = unknown>(route: string): Promise<T> {
		const res = await fetch(`${this.emulator.baseUrl}${route}`, {
			headers: { authorization: `Bearer ${ADMIN_KEY}` },
		});
		if (!res.ok) throw new Error(`emulator ${route}: ${res.status} ${await res.text()}`);
		return (await res.json()) as T;
	}

	async stop(): Promise<void> {
		await stopAll();
		if (this.setup?.userFolder && !process.env.KEEP_E2E_FOLDERS) {
			fs.rmSync(this.setup.userFolder, { recursive: true, force: true });
		}
	}
}

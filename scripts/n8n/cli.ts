/* n8n's CLI run to completion: imports and headless executions, with the server stopped. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { parseRun, type WorkflowRun } from './runs';
import { n8nEnv, type N8nSetup } from './setup';

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs `n8n <args>` to completion (import, execute...) without blocking the event loop. */
export function n8nCli(
	setup: N8nSetup,
	args: string[],
	options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
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
			reject(
				new Error(
					`n8n ${args.join(' ')} timed out after ${options.timeoutMs} ms\n${stdout}\n${stderr}`,
				),
			);
		}, options.timeoutMs ?? 180_000);
		child.on('error', reject);
		child.on('exit', (code) => {
			clearTimeout(timer);
			process.off('exit', onExit);
			// The task runner of `n8n execute` is in the same group; make sure it went with it.
			killGroup();
			if (setup.logFile) {
				fs.appendFileSync(setup.logFile, `\n$ n8n ${args.join(' ')}\n${stdout}${stderr}`);
			}
			resolve({ code, stdout, stderr });
		});
	});
}

/** Writes JSON to a temp file and runs `n8n import:<kind> --input=<file>`; fails loudly. */
export async function n8nImport(
	setup: N8nSetup,
	kind: 'credentials' | 'workflow',
	items: unknown[],
): Promise<void> {
	const file = path.join(setup.userFolder, `import-${kind}-${Date.now()}.json`);
	fs.writeFileSync(file, JSON.stringify(items, null, 2));
	try {
		const result = await n8nCli(setup, [`import:${kind}`, `--input=${file}`]);
		if (result.code !== 0) {
			throw new Error(
				`n8n import:${kind} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`,
			);
		}
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

/** `n8n execute --id=<id> --rawOutput` (runs in mode "cli"). */
export async function n8nExecute(setup: N8nSetup, workflowId: string): Promise<Execution> {
	const result = await n8nCli(setup, ['execute', `--id=${workflowId}`, '--rawOutput']);
	return { ...result, run: parseRun(result.stdout) ?? parseRun(result.stderr) };
}

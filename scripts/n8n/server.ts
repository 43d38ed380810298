/* `n8n start` as a managed child, ready once its readiness probe answers. */
import { ManagedProcess } from './processes';
import { n8nEnv, type N8nSetup } from './setup';

export interface RunningN8n {
	url: string;
	process: ManagedProcess;
	stop(): Promise<void>;
}

/**
 * Starts `n8n start` and waits for /healthz/readiness (migrations done, nodes loaded) and for
 * its REST API: n8n 1.x is ready a moment before it mounts /rest (GET /rest/settings is 404).
 */
export async function startN8n(
	setup: N8nSetup,
	options: { echo?: boolean; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningN8n> {
	const url = `http://localhost:${setup.port}`;
	const timeoutMs = options.timeoutMs ?? 180_000;
	const child = new ManagedProcess('n8n', setup.paths.nodeBin, [setup.paths.n8nBin, 'start'], {
		cwd: setup.userFolder,
		env: n8nEnv(setup, options.env),
		logFile: setup.logFile,
		echo: options.echo,
	});
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (child.hasExited) throw new Error(`n8n exited before it was ready\n${child.tail(60)}`);
		try {
			// `/healthz` answers before migrations finish; readiness waits for them.
			const res = await fetch(`http://127.0.0.1:${setup.port}/healthz/readiness`);
			if (res.status === 200) {
				const rest = await fetch(`http://127.0.0.1:${setup.port}/rest/settings`);
				await rest.arrayBuffer();
				if (rest.status === 200) break;
			}
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			await child.stop();
			throw new Error(`n8n was not ready within ${timeoutMs} ms\n${child.tail(60)}`);
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	return { url, process: child, stop: () => child.stop(20_000) };
}

/* The emulator as its own process (`tsx emulator/cli.ts`), seeded, on loopback, with its control API. */
import path from 'node:path';

import { REPO_ROOT } from '../paths';
import { freePort, ManagedProcess } from './processes';

export interface RunningEmulator {
	baseUrl: string;
	process: ManagedProcess;
	/** A call to the emulator's control API under `/_emulator` (see emulator/control.ts). */
	control<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
	stop(): Promise<void>;
}

export async function startEmulator(
	options: { port?: number; seed?: number; logFile?: string } = {},
): Promise<RunningEmulator> {
	const port = options.port ?? (await freePort());
	const child = new ManagedProcess(
		'emulator',
		process.execPath,
		[
			'--import',
			'tsx',
			path.join(REPO_ROOT, 'emulator', 'cli.ts'),
			'--port',
			String(port),
			'--seed',
			String(options.seed ?? 1),
		],
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

/*
 * A full garbage collection in another Node process through its inspector (started with
 * --inspect), so that each run's memory is measured from a heap without the previous run's
 * garbage. Needs a global WebSocket (Node 22, or Node 20 with --experimental-websocket).
 */
interface InspectorTarget {
	webSocketDebuggerUrl: string;
}

export async function collectGarbage(inspectPort: number): Promise<void> {
	const res = await fetch(`http://127.0.0.1:${inspectPort}/json/list`);
	const [target] = (await res.json()) as InspectorTarget[];
	if (!target) throw new Error(`no inspector target on port ${inspectPort}`);
	const socket = new WebSocket(target.webSocketDebuggerUrl);
	try {
		await new Promise<void>((resolve, reject) => {
			socket.onopen = () => resolve();
			socket.onerror = () => reject(new Error('inspector connection failed'));
		});
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(
				() => reject(new Error('inspector: no answer to collectGarbage')),
				30_000,
			);
			socket.onmessage = (message) => {
				const answer = JSON.parse(String(message.data)) as { id?: number; error?: unknown };
				if (answer.id !== 1) return;
				clearTimeout(timer);
				if (answer.error) reject(new Error(`inspector: ${JSON.stringify(answer.error)}`));
				else resolve();
			};
			socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
		});
	} finally {
		socket.close();
	}
}

/** A V8 CPU profile (Profiler.stop's `profile`). */
export interface CpuProfile {
	nodes: Array<{
		id: number;
		callFrame: { functionName: string; url: string };
		children?: number[];
	}>;
	samples: number[];
	timeDeltas: number[];
	startTime: number;
	endTime: number;
}

/**
 * Starts V8's sampling profiler in the process behind the inspector (its main thread) and
 * returns the means to stop it and read the profile. One sample every `intervalUs`.
 */
export async function startCpuProfile(
	inspectPort: number,
	intervalUs = 500,
): Promise<{ stop(): Promise<CpuProfile> }> {
	const res = await fetch(`http://127.0.0.1:${inspectPort}/json/list`);
	const [target] = (await res.json()) as InspectorTarget[];
	if (!target) throw new Error(`no inspector target on port ${inspectPort}`);
	const socket = new WebSocket(target.webSocketDebuggerUrl);
	await new Promise<void>((resolve, reject) => {
		socket.onopen = () => resolve();
		socket.onerror = () => reject(new Error('inspector connection failed'));
	});
	let nextId = 1;
	const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
	socket.onmessage = (message) => {
		const answer = JSON.parse(String(message.data)) as {
			id?: number;
			result?: unknown;
			error?: unknown;
		};
		const waiting = answer.id === undefined ? undefined : pending.get(answer.id);
		if (!waiting) return;
		pending.delete(answer.id!);
		if (answer.error) waiting.reject(new Error(`inspector: ${JSON.stringify(answer.error)}`));
		else waiting.resolve(answer.result);
	};
	const send = (method: string, params: Record<string, unknown> = {}) =>
		new Promise<unknown>((resolve, reject) => {
			const id = nextId++;
			pending.set(id, { resolve, reject });
			socket.send(JSON.stringify({ id, method, params }));
		});
	await send('Profiler.enable');
	await send('Profiler.setSamplingInterval', { interval: intervalUs });
	await send('Profiler.start');
	return {
		async stop() {
			try {
				const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
				await send('Profiler.disable');
				return profile;
			} finally {
				socket.close();
			}
		},
	};
}

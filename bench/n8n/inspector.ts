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

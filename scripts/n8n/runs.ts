/* A workflow run as n8n reports it (CLI output or the REST API), and readers for it. */

export interface WorkflowRun {
	status?: string;
	mode?: string;
	data: {
		resultData: {
			runData: Record<
				string,
				Array<{
					data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
					error?: ExecutionError;
				}>
			>;
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

/** The items a node output in its first run (output 0); throws with n8n's output if it did not run. */
export function nodeOutput(
	run: WorkflowRun | undefined,
	nodeName: string,
	context = '',
): Array<Record<string, unknown>> {
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
			(out as Record<string, unknown>)[key] =
				typeof value === 'string' ? resolve(Number(value)) : value;
		}
		return out;
	};
	return resolve(0);
}

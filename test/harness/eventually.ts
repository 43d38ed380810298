/** Polls `read` until `done` holds; throws with the last value after the timeout. */
export async function eventually<T>(
	what: string,
	read: () => Promise<T>,
	done: (value: T) => boolean,
	timeoutMs = 60_000,
	intervalMs = 500,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (done(value)) return value;
		if (Date.now() > deadline)
			throw new Error(`${what}: not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
		await new Promise((r) => setTimeout(r, intervalMs));
	}
}

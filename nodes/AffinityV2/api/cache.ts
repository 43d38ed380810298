/**
 * The one cache of what the API knows, per node run: n8n gives each execution (and each editor
 * request) its own context object, so entries live exactly as long as the run that read them.
 * That object is only the key of its entries, passed as a value (`run`), not as `this`: this is a
 * keyed store, not a building block that uses n8n's context.
 */
const runs = new WeakMap<object, Map<string, Promise<unknown>>>();

/** The value under `key` for this run, loaded once. A failed load is not remembered: the next item may try again. */
export function cachedPerRun<T>(run: object, key: string, load: () => Promise<T>): Promise<T> {
	let cache = runs.get(run);
	if (!cache) runs.set(run, (cache = new Map()));
	let entry = cache.get(key) as Promise<T> | undefined;
	if (!entry) {
		entry = load();
		cache.set(key, entry);
		entry.catch(() => cache?.delete(key));
	}
	return entry;
}

/** Sets `key` for this run to a value known without a read: what the run itself just created. */
export function rememberPerRun<T>(run: object, key: string, value: T): void {
	let cache = runs.get(run);
	if (!cache) runs.set(run, (cache = new Map()));
	cache.set(key, Promise.resolve(value));
}

/** Drops this run's entries whose key starts with `prefix`: what a write made stale. */
export function forgetPerRun(run: object, prefix: string): void {
	const cache = runs.get(run);
	if (!cache) return;
	for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
}

/**
 * The values under `keys` for this run: the keys not loaded yet are loaded together, by one call
 * of `loadMissing` (which may leave a key out: undefined). A failed load is not remembered.
 */
export async function cachedPerRunMany<T>(
	run: object,
	keys: string[],
	loadMissing: (missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T | undefined>> {
	let cache = runs.get(run);
	if (!cache) runs.set(run, (cache = new Map()));
	const missing = [...new Set(keys)].filter((key) => !cache.has(key));
	if (missing.length) {
		const loading = loadMissing(missing);
		for (const key of missing) {
			const entry = loading.then((values) => values.get(key));
			cache.set(key, entry);
			entry.catch(() => cache?.delete(key));
		}
	}
	const out = new Map<string, T | undefined>();
	for (const key of keys) out.set(key, (await cache.get(key)) as T | undefined);
	return out;
}

/**
 * Paging options of the node's own metadata reads (fields, dropdown options, lists): the monthly
 * quota guard of Return All belongs to what the user asked to read. A write that needs a list's
 * fields must not be stopped by it (its advice, "set a Limit", would not apply), and these reads
 * are a few calls a run, cached.
 */
export const METADATA_PAGING = {
	quotaGuard: { enabled: false, reservePercent: 0 },
} as const;

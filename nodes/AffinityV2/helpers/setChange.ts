/**
 * How a write changes a set (a company's people, a person's emails or companies): replace it,
 * or add to or remove from what it holds now. API v1 takes only whole sets, so add and remove
 * need the current set first.
 */
export type SetChangeMode = 'replace' | 'add' | 'remove';

/** The set to send: `values` itself, or the current set with them added or removed, in order. */
export function applySetChange<T extends string | number>(
	current: readonly T[],
	mode: SetChangeMode,
	values: readonly T[],
	same: (a: T, b: T) => boolean = (a, b) => a === b,
): T[] {
	const unique = (items: readonly T[]) =>
		items.filter((item, i) => items.findIndex((other) => same(other, item)) === i);
	if (mode === 'replace') return unique(values);
	if (mode === 'add') return unique([...current, ...values]);
	return unique(current.filter((item) => !values.some((v) => same(v, item))));
}

/** Pure helpers of the merge operations: task ids, listing filters, merge pairs. */

export type MergeKind = 'person' | 'company';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
export const MERGE_STATUSES = ['in-progress', 'success', 'failed'] as const;

/** A merge task id from the id itself or from the task URL that starting a merge returns. */
export function taskIdOf(input: unknown): string | undefined {
	const text = typeof input === 'string' ? input.trim() : '';
	if (/^[0-9a-f-]{36}$/i.test(text) && UUID.test(text)) return text.toLowerCase();
	const fromUrl = /\/tasks\/(?:person|company)-merges\/([0-9a-f-]{36})\/?(?:[?#].*)?$/i.exec(text);
	if (fromUrl && UUID.test(fromUrl[1])) return fromUrl[1].toLowerCase();
	return undefined;
}

/** The filter of GET /v2/{kind}-merges and its tasks: `status=…` and `taskId=…`, joined by `&`. */
export function mergeFilter(conditions: { status?: string; taskId?: string }): string | undefined {
	const parts: string[] = [];
	if (conditions.status) parts.push(`status=${conditions.status}`);
	// A task id is a UUID: letters, digits and dashes, none of which the filter language escapes.
	if (conditions.taskId) parts.push(`taskId=${conditions.taskId}`);
	return parts.length ? parts.join(' & ') : undefined;
}

export function mergePaths(kind: MergeKind): {
	merges: string;
	tasks: string;
	primaryKey: string;
	duplicateKey: string;
} {
	return kind === 'person'
		? {
				merges: '/v2/person-merges',
				tasks: '/v2/tasks/person-merges',
				primaryKey: 'primaryPersonId',
				duplicateKey: 'duplicatePersonId',
			}
		: {
				merges: '/v2/company-merges',
				tasks: '/v2/tasks/company-merges',
				primaryKey: 'primaryCompanyId',
				duplicateKey: 'duplicateCompanyId',
			};
}

/** The same two records in either order: one key, so a pair is submitted once per execution. */
export function pairKey(kind: MergeKind, a: number, b: number): string {
	return `${kind}:${Math.min(a, b)}:${Math.max(a, b)}`;
}

/** Waits between status checks of a running merge: 0.5 s, doubling, at most 5 s. */
export function pollDelays(): () => number {
	let next = 500;
	return () => {
		const current = next;
		next = Math.min(next * 2, 5000);
		return current;
	};
}

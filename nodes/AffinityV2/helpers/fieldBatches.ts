/** Updates of one record's fields sent together (PATCH …/fields, `update-fields`): how they are split and checked. */

/** The batch endpoint (PATCH /v2/lists/{listId}/list-entries/{listEntryId}/fields) takes at most 100 updates per request. */
export const MAX_BATCH_UPDATES = 100;

/**
 * The first field given twice among a batch's updates, with the (1-based) numbers of its
 * updates: Affinity applies the last of duplicate ids in one `update-fields` silently.
 */
export function repeatedField(
	fieldIds: string[],
): { fieldId: string; updates: number[] } | undefined {
	const seen = new Map<string, number[]>();
	for (const [index, id] of fieldIds.entries()) seen.set(id, [...(seen.get(id) ?? []), index + 1]);
	for (const [fieldId, updates] of seen) if (updates.length > 1) return { fieldId, updates };
	return undefined;
}

/** Splits updates into the batches the API accepts, keeping their order. */
export function chunk<T>(items: T[], size = MAX_BATCH_UPDATES): T[][] {
	const chunks: T[][] = [];
	for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
	return chunks;
}

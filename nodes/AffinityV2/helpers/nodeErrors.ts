import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** An error as a node reports it: n8n's own errors as they are, anything else wrapped. */
export function asNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}

/**
 * What a failed run did and did not do, as the node's errors carry it in their context (data,
 * not prose): whether a write may have been applied, what a failed batch applied and did not
 * send, a submitted merge's task, when the rate limit resets, how long a record written a moment
 * ago was waited for. Copied onto the error item that
 * "Continue On Fail" puts in the failed item's place, so that a workflow can branch on it.
 */
export const OUTCOME_KEYS = [
	'writeMayHaveApplied',
	'rateLimitResetAt',
	'failedChunk',
	'chunks',
	'appliedUpdates',
	'notSentUpdates',
	'failedFieldIds',
	'mergeSubmitted',
	'taskId',
	'taskUrl',
	'mergedId',
	'mergedInto',
	'lagWaitedMs',
	// Create or Update: what the failed row did before it failed.
	'entityId',
	'created',
	'listEntryId',
	'addedToList',
	'written',
	// Note → Create / Update: the Markdown constructs converted in the content sent.
	'markdownConverted',
] as const;

export function outcomeOf(error: { context?: IDataObject }): IDataObject {
	const outcome: IDataObject = {};
	for (const key of OUTCOME_KEYS)
		if (error.context?.[key] !== undefined) outcome[key] = error.context[key];
	return outcome;
}

const NAMES_ROW = /^Row \d+\b/;

/**
 * An item's error message naming its row as Map Fields does ("Row 2: …", 1-based), so that
 * every operation says which of several items failed the same way. A message that names its
 * row already is kept.
 */
export function withRow(message: string, itemIndex: number): string {
	return NAMES_ROW.test(message) ? message : `Row ${itemIndex + 1}: ${message}`;
}

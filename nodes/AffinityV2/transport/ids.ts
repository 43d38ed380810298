import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Users and notes have int32 ids; persons, companies, lists, entries, opportunities int64 (the API's path parameter formats). */
export const ID_RANGES = {
	int32: 2147483647,
	int64: 9007199254740991,
} as const;

export type IdKind = keyof typeof ID_RANGES;

/**
 * Checks an id before any request is sent. Accepts numbers and numeric strings (ids often come
 * from expressions as text); refuses anything else with an error that names the parameter.
 */
export function validateId(
	node: INode,
	value: unknown,
	parameter: string,
	kind: IdKind,
	itemIndex?: number,
): number {
	const max = ID_RANGES[kind];
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	const id = /^\d+$/.test(text) ? Number(text) : NaN;
	if (!Number.isSafeInteger(id) || id < 1 || id > max) {
		const empty =
			value === undefined || value === null || (typeof value === 'string' && text === '');
		const shown = empty
			? 'nothing'
			: `"${typeof value === 'object' ? JSON.stringify(value) : String(value)}"`;
		throw new NodeOperationError(node, `Invalid ${parameter}: got ${shown}`, {
			itemIndex,
			description: `${parameter} must be a whole number from 1 to ${max}. Pick it from the list, or check the expression that sets it.`,
		});
	}
	return id;
}

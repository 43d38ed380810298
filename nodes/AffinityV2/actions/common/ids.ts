import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { validateId, type IdKind } from '../../transport';

/**
 * Reads an id parameter, a resource locator (its value, extracted from a URL if given so) or a
 * plain one, and validates it before any request.
 */
export function idParameter(
	this: IExecuteFunctions,
	name: string,
	label: string,
	kind: IdKind,
	itemIndex: number,
): number {
	const raw = this.getNodeParameter(name, itemIndex, undefined, { extractValue: true }) as unknown;
	return validateId(this.getNode(), raw, label, kind, itemIndex);
}

/**
 * In the editor: the list chosen in `listId` (a picker or option list that depends on it), or
 * "Choose a List first" with `why` as the description.
 */
export function chosenListId(ctx: ILoadOptionsFunctions, why: string): number {
	const raw = ctx.getCurrentNodeParameter('listId', { extractValue: true });
	if (raw === undefined || raw === '') {
		throw new NodeOperationError(ctx.getNode(), 'Choose a List first', { description: why });
	}
	return validateId(ctx.getNode(), raw, 'List ID', 'int64');
}

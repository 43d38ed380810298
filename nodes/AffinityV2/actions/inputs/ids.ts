import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

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
 * In the editor: the list chosen in `listId`, for a picker or option list that depends on it;
 * undefined while there is none to read yet (nothing chosen, an expression that cannot be
 * resolved in the editor, `$fromAI`), so that the dependent list stays empty instead of failing.
 * A value that is there but is no id is refused with a readable error.
 */
export function chosenListId(this: ILoadOptionsFunctions): number | undefined {
	let raw: unknown;
	try {
		raw = this.getCurrentNodeParameter('listId', { extractValue: true });
	} catch {
		return undefined;
	}
	if (raw === undefined || raw === null || raw === '') return undefined;
	if (
		typeof raw === 'string' &&
		(raw.startsWith('=') || raw.includes('{{') || raw.includes('$fromAI'))
	)
		return undefined;
	return validateId(this.getNode(), raw, 'List ID', 'int64');
}

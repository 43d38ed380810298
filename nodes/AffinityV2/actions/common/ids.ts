import type { IExecuteFunctions } from 'n8n-workflow';

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

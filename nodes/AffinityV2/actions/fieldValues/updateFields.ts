import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * A name given under Update Fields, trimmed. Affinity needs a name, so an empty one is refused
 * before any request, naming the field (`label`: its display name).
 */
export function changedName(
	this: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
): string {
	const name = String(value ?? '').trim();
	if (!name)
		throw new NodeOperationError(this.getNode(), `${label}: cannot be empty`, {
			itemIndex,
			description: `Give the new ${label.toLowerCase()}, or remove the ${label} field to keep it.`,
		});
	return name;
}

import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { AssociationChange } from '../../helpers/associationChanges';
import { associationIds, associationProperty, type AssociationKind } from './associations';
import { setChangeModeOptions } from './setChanges';

/**
 * "People" / "Companies" of an update whose API replaces the whole set (API v1): leave it,
 * replace it, add to it, remove from it or clear it, with the records picked below. Parameter
 * `<kind>Update` holds the change, `<kind>` the picks (as note updates name them).
 */

const LABELS: Partial<Record<AssociationKind, { label: string; one: string }>> = {
	persons: { label: 'People', one: 'person' },
	companies: { label: 'Companies', one: 'company' },
};

export const changeParameterName = (kind: AssociationKind) => `${kind}Update`;

export function associationChangeProperties(kind: AssociationKind): INodeProperties[] {
	const { label, one } = LABELS[kind] ?? { label: kind, one: kind };
	const name = changeParameterName(kind);
	return [
		{
			displayName: label,
			name,
			type: 'options',
			options: setChangeModeOptions(label.toLowerCase(), 'picked below', one),
			default: 'keep',
		},
		{
			...associationProperty(kind, `The ${label.toLowerCase()} to add, remove or keep`),
			displayOptions: { show: { [name]: ['add', 'remove', 'replace'] } },
		},
	];
}

/** The change asked for and the ids picked for it, checked before any request. */
export function readAssociationChange(
	this: IExecuteFunctions,
	kind: AssociationKind,
	itemIndex: number,
): { change: AssociationChange; ids: number[] } {
	const change = this.getNodeParameter(
		changeParameterName(kind),
		itemIndex,
		'keep',
	) as AssociationChange;
	if (change === 'keep' || change === 'clear') return { change, ids: [] };
	const ids = associationIds.call(this, kind, itemIndex);
	if (!ids.length) {
		const { label } = LABELS[kind] ?? { label: kind };
		throw new NodeOperationError(this.getNode(), `${label}: pick at least one`, {
			itemIndex,
			description: `To leave no ${label.toLowerCase()} associated, choose Remove All; to change nothing, Leave Unchanged.`,
		});
	}
	return { change, ids };
}

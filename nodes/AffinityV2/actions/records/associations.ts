import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ASSOCIATION_LIMIT } from '../../helpers/entities';
import { validateId } from '../../transport';
import { companyLocator, opportunityLocator, personLocator } from '../../pickers/locators';

/**
 * The persons, companies and opportunities a record is about (a note's associations: arrays
 * of `{id}` references, at most 100 each), each picked from its list.
 */

export type AssociationKind = 'persons' | 'companies' | 'opportunities';

export const ASSOCIATION_KINDS: AssociationKind[] = ['persons', 'companies', 'opportunities'];

const KINDS: Record<
	AssociationKind,
	{ label: string; item: string; itemLabel: string; picker: (name: string) => INodeProperties }
> = {
	persons: {
		label: 'People',
		item: 'person',
		itemLabel: 'Person',
		picker: (name) => personLocator({ name }),
	},
	companies: {
		label: 'Companies',
		item: 'company',
		itemLabel: 'Company',
		picker: (name) => companyLocator({ name }),
	},
	opportunities: {
		label: 'Opportunities',
		item: 'opportunity',
		itemLabel: 'Opportunity',
		picker: (name) => opportunityLocator({ name }),
	},
};

/** One picker list for a kind: parameter `persons` holds `{person: [{person: <locator>}]}`. */
export function associationProperty(kind: AssociationKind, description?: string): INodeProperties {
	const { label, item, itemLabel, picker } = KINDS[kind];
	return {
		displayName: label,
		name: kind,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${itemLabel}`,
		default: {},
		description: description ?? `At most ${ASSOCIATION_LIMIT} on one note`,
		options: [{ displayName: itemLabel, name: item, values: [picker(item)] }],
	};
}

/**
 * The ids picked for a kind, checked before any request: whole numbers, no repeats, and with
 * `perNote`, at most the 100 a note takes (v2's note associations: `maxItems` 100). API v1's
 * opportunities and interactions document no such limit.
 */
export function associationIds(
	this: IExecuteFunctions,
	kind: AssociationKind,
	itemIndex: number,
	perNote = false,
): number[] {
	const { label, item, itemLabel } = KINDS[kind];
	const value = this.getNodeParameter(kind, itemIndex, {}) as IDataObject;
	const entries = Array.isArray(value?.[item]) ? (value[item] as IDataObject[]) : [];
	const ids = entries.map((entry, i) => {
		const picked = entry[item] as { value?: unknown; mode?: unknown } | string | number | undefined;
		let raw = picked && typeof picked === 'object' ? picked.value : picked;
		// A picker inside a collection gives its raw value: an Affinity URL keeps the id in its path.
		const fromUrl =
			typeof raw === 'string' ? /\.affinity\.(?:co|com)\/[a-z]+\/(\d+)(?:[/?#]|$)/.exec(raw) : null;
		if (fromUrl) raw = fromUrl[1];
		return validateId(this.getNode(), raw, `${label}: ${itemLabel} ${i + 1}`, 'int64', itemIndex);
	});
	const unique = [...new Set(ids)];
	if (perNote && unique.length > ASSOCIATION_LIMIT) {
		throw new NodeOperationError(
			this.getNode(),
			`${label}: at most ${ASSOCIATION_LIMIT} can be attached; got ${unique.length}`,
			{
				itemIndex,
				description: `Affinity takes at most ${ASSOCIATION_LIMIT} ${label.toLowerCase()} on one note. Attach fewer, or split them over several notes.`,
			},
		);
	}
	return unique;
}

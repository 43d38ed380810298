import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	filterParameters,
	operatorsFor,
	readFilter,
	type FilterTarget,
	type FixedFilterProperty,
} from '../search/filters';
import { idParameter } from '../inputs/ids';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';

/**
 * Who knows whom (GET /v2/companies/{companyId}/relationships, /v2/persons/{personId}/
 * relationships): pairs of persons with their interaction score (0 to 1; 0.7 and more is
 * regular contact), filtered and ordered by score.
 */

const properties: Record<string, FixedFilterProperty> = {
	interactionScore: {
		label: 'Interaction Score',
		operators: ['>', '<', '>=', '<='],
		valueType: 'number',
		collection: false,
		description: 'Strength of the relationship, from 0.0 to 1.0 (0.7 or more: regular contact)',
	},
};

export const relationshipFilter: FilterTarget = {
	properties,
	operators: operatorsFor(properties),
	what: 'relationships',
};

export function relationshipParameters(locator: INodeProperties): INodeProperties[] {
	return [
		locator,
		...filterParameters(relationshipFilter),
		{
			displayName: 'Order',
			name: 'order',
			type: 'options',
			options: [
				{ name: 'Strongest First', value: '-interactionScore' },
				{ name: 'Weakest First', value: 'interactionScore' },
			],
			default: '-interactionScore',
		},
		...recordsOrCount('relationship', 'relationships'),
	];
}

const ENTITIES = {
	company: { path: 'companies', param: 'companyId', label: 'Company ID' },
	person: { path: 'persons', param: 'personId', label: 'Person ID' },
} as const;

export async function readRelationships(
	this: IExecuteFunctions,
	itemIndex: number,
	entity: keyof typeof ENTITIES,
): Promise<IDataObject[]> {
	const { path, param, label } = ENTITIES[entity];
	const id = idParameter.call(this, param, label, 'int64', itemIndex);
	const { filter, keep } = await readFilter.call(this, itemIndex, relationshipFilter);
	const orderBy = this.getNodeParameter('order', itemIndex, '-interactionScore') as string;
	return recordsOrTotal.call(
		this,
		itemIndex,
		{
			method: 'GET',
			path: `/v2/${path}/${id}/relationships`,
			qs: { ...(filter ? { filter } : {}), orderBy },
			subject: `${entity} with ID ${id}`,
			itemIndex,
		},
		1,
		undefined,
		keep,
	);
}

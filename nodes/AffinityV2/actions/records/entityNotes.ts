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
 * The notes of a company, person or opportunity (GET /v2/companies/{companyId}/notes,
 * /v2/persons/{personId}/notes, /v2/opportunities/{opportunityId}/notes): filter on creator and
 * dates, records or the total count.
 */

const TIME = ['>', '<', '>=', '<='];

const properties: Record<string, FixedFilterProperty> = {
	'creator.id': {
		label: 'Creator ID',
		operators: ['='],
		valueType: 'int',
		collection: false,
		description: 'The person ID of who wrote it',
	},
	createdAt: {
		label: 'Created At',
		operators: TIME,
		valueType: 'datetime',
		collection: false,
		description: 'When it was written (ISO 8601)',
	},
	updatedAt: {
		label: 'Updated At',
		operators: TIME,
		valueType: 'datetime',
		collection: false,
		description: 'When it was last edited (ISO 8601)',
	},
};

export const entityNoteFilter: FilterTarget = {
	properties,
	operators: operatorsFor(properties),
	what: 'notes',
};

export function entityNotesParameters(locator: INodeProperties): INodeProperties[] {
	return [locator, ...filterParameters(entityNoteFilter), ...recordsOrCount('note', 'notes')];
}

const ENTITIES = {
	company: { path: 'companies', param: 'companyId', label: 'Company ID', what: 'company' },
	person: { path: 'persons', param: 'personId', label: 'Person ID', what: 'person' },
	opportunity: {
		path: 'opportunities',
		param: 'opportunityId',
		label: 'Opportunity ID',
		what: 'opportunity',
	},
} as const;

export async function readEntityNotes(
	this: IExecuteFunctions,
	itemIndex: number,
	entity: keyof typeof ENTITIES,
): Promise<IDataObject[]> {
	const { path, param, label, what } = ENTITIES[entity];
	const id = idParameter.call(this, param, label, 'int64', itemIndex);
	const { filter, keep } = await readFilter.call(this, itemIndex, entityNoteFilter);
	return recordsOrTotal.call(
		this,
		itemIndex,
		{
			method: 'GET',
			path: `/v2/${path}/${id}/notes`,
			qs: filter ? { filter } : {},
			subject: `${what} with ID ${id}`,
			itemIndex,
		},
		0,
		undefined,
		keep,
	);
}

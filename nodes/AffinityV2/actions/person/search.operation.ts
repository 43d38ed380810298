import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	entitySearchDescription,
	executeEntitySearch,
	type EntitySearch,
} from '../search/entitySearch';
import type { OperationEndpoint } from '../types';

const search: EntitySearch = {
	resource: 'person',
	source: 'persons',
	methods: 'Person',
	matches: 'first names, last names and primary email addresses',
	one: 'person',
	many: 'people',
};

export const description: INodeProperties[] = entitySearchDescription(search);

/** POST /v2/persons/search (BETA): 201 with a PersonPaged. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return executeEntitySearch.call(this, itemIndex, search);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/persons/search', beta: true },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	entitySearchDescription,
	executeEntitySearch,
	type EntitySearch,
} from '../search/entitySearch';
import type { OperationEndpoint } from '../types';

const search: EntitySearch = {
	resource: 'company',
	source: 'companies',
	methods: 'Company',
	matches: 'company names and domains',
	one: 'company',
	many: 'companies',
};

export const description: INodeProperties[] = entitySearchDescription(search);

/** POST /v2/companies/search: 201 with a CompanyPaged. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return executeEntitySearch.call(this, itemIndex, search);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/companies/search' },
];

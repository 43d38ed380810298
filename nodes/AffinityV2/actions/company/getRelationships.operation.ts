import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../common/forOperation';
import { companyLocator } from '../common/locators';
import { readRelationships, relationshipParameters } from '../common/relationships';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation(
	'company',
	'getRelationships',
	relationshipParameters(companyLocator()),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return readRelationships.call(this, itemIndex, 'company');
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}/relationships' },
];

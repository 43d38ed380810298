import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../common/forOperation';
import { personLocator } from '../common/locators';
import { readRelationships, relationshipParameters } from '../common/relationships';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation(
	'person',
	'getRelationships',
	relationshipParameters(personLocator()),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return readRelationships.call(this, itemIndex, 'person');
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}/relationships' },
];

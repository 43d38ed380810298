import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { opportunityLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('opportunity', 'get', [
	opportunityLocator(),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const opportunityId = idParameter.call(
		this,
		'opportunityId',
		'Opportunity ID',
		'int64',
		itemIndex,
	);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/opportunities/${opportunityId}`,
		subject: `opportunity with ID ${opportunityId}`,
		itemIndex,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/opportunities/{opportunityId}' },
];

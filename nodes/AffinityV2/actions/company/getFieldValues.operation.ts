import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldValuesProperties, readFieldValues } from '../common/fieldValueReads';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { companyLocator } from '../common/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('company', 'getFieldValues', [
	companyLocator(),
	...fieldValuesProperties('getCompanyFields', false),
]);

/** GET /v2/companies/{companyId}/fields (BETA): enriched, global and relationship-intelligence fields. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	return readFieldValues.call(
		this,
		{
			path: `/v2/companies/${companyId}/fields`,
			subject: `company with ID ${companyId}`,
			ids: { companyId },
		},
		itemIndex,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}/fields', beta: true },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/companies/{companyId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];

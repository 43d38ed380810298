import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldValueProperties, readFieldValue } from '../common/fieldValueReads';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { companyLocator } from '../common/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('company', 'getFieldValue', [
	companyLocator(),
	...fieldValueProperties('getCompanyFields'),
]);

/** GET /v2/companies/{companyId}/fields/{fieldId} (BETA). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	return readFieldValue.call(
		this,
		{ path: `/v2/companies/${companyId}/fields`, subject: `company ${companyId}` },
		itemIndex,
	);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}/fields/{fieldId}', beta: true },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/companies/{companyId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];

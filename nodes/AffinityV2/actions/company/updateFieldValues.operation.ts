import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	fieldUpdatesFrom,
	fieldUpdatesProperties,
	writeChangedInChunks,
} from '../common/batchWrites';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { companyLocator } from '../common/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('company', 'updateFieldValues', [
	companyLocator(),
	...fieldUpdatesProperties({
		fieldLoadMethod: 'getWritableCompanyFields',
		dependsOn: [],
		columnsMethod: 'getCompanyColumns',
	}),
]);

/** PATCH /v2/companies/{companyId}/fields with `update-fields`, in chunks of 100. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	const writes = await fieldUpdatesFrom.call(this, { kind: 'company' }, itemIndex);
	const written = await writeChangedInChunks.call(
		this,
		writes,
		{
			path: `/v2/companies/${companyId}/fields`,
			subject: `company with ID ${companyId}`,
			checkWith: `Check the current values with Company → Get Field Values (company ${companyId})`,
		},
		itemIndex,
	);
	return { success: true, companyId, ...written };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'PATCH', path: '/v2/companies/{companyId}/fields', beta: true },
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}/fields', beta: true },
];

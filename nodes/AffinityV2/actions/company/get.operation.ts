import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { simplifyEntity } from '../../helpers/simplify';
import type { ApiEntity } from '../../helpers/types';
import { fieldQuery, fieldSelection } from '../common/fields';
import {
	completeEntity,
	completeMultiValuesParameter,
	completesMultiValues,
} from '../common/allValues';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { companyLocator } from '../common/locators';
import { simplifyParameter } from '../common/simplify';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('company', 'get', [
	companyLocator(),
	...fieldSelection('getCompanyFields', false),
	completeMultiValuesParameter,
	simplifyParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	const complete = await completesMultiValues.call(this, itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/companies/${companyId}`,
		qs: fieldQuery.call(this, itemIndex),
		subject: `company with ID ${companyId}`,
		itemIndex,
	});
	const read = body as IDataObject;
	const company = (complete
		? await completeEntity.call(this, read, 'company', itemIndex)
		: read) as unknown as ApiEntity;
	return this.getNodeParameter('simplify', itemIndex, true)
		? simplifyEntity(company)
		: (company as IDataObject);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}' },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/companies/{companyId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];

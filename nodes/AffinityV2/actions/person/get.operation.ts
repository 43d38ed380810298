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
import { personLocator } from '../common/locators';
import { simplifyParameter } from '../common/simplify';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('person', 'get', [
	personLocator(),
	...fieldSelection('getPersonFields', false),
	completeMultiValuesParameter,
	simplifyParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const personId = idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex);
	const complete = await completesMultiValues.call(this, itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/persons/${personId}`,
		qs: fieldQuery.call(this, itemIndex),
		subject: `person with ID ${personId}`,
		itemIndex,
	});
	const read = body as IDataObject;
	const person = (complete
		? await completeEntity.call(this, read, 'person', itemIndex)
		: read) as unknown as ApiEntity;
	return this.getNodeParameter('simplify', itemIndex, true)
		? simplifyEntity(person)
		: (person as IDataObject);
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}' },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/persons/{personId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];

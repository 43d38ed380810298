import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { simplifyEntity } from '../../helpers/simplify';
import type { ApiEntity } from '../../helpers/types';
import { fieldQuery, fieldSelection } from '../fieldValues/fields';
import {
	completeEntity,
	completeMultiValuesParameter,
	completesMultiValues,
} from '../fieldValues/multiValueCompletion';
import { forOperation } from '../inputs/forOperation';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import { simplifyParameter } from '../inputs/simplifyParameters';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('person', 'getAll', [
	...returnAllAndLimit(),
	...fieldSelection('getPersonFields', false),
	completeMultiValuesParameter,
	simplifyParameter,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const max = maxResults.call(this, itemIndex);
	const complete = await completesMultiValues.call(this, itemIndex);
	const { items: read } = await affinityPaginate.call(
		this,
		{ method: 'GET', path: '/v2/persons', qs: fieldQuery.call(this, itemIndex), itemIndex },
		{ max },
	);
	const items: IDataObject[] = [];
	for (const person of read)
		items.push(complete ? await completeEntity.call(this, person, 'person', itemIndex) : person);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? (items as unknown as ApiEntity[]).map(simplifyEntity) : items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/persons' },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/persons/{personId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];

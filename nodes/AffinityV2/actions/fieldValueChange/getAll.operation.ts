import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { workspaceChangeFilter } from '../fieldValues/fieldValueChanges';
import { filterParameters, readFilter } from '../search/filters';
import { forOperation } from '../inputs/forOperation';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('fieldValueChange', 'getAll', [
	...filterParameters(workspaceChangeFilter),
	{
		displayName: 'Order',
		name: 'order',
		type: 'options',
		options: [
			{
				name: 'Oldest First',
				value: 'changedAt',
				description: 'Ascending by time, then by change ID',
			},
			{ name: 'Newest First', value: '-changedAt', description: 'Descending by time' },
		],
		default: 'changedAt',
	},
	...returnAllAndLimit(),
]);

/** GET /v2/field-value-changes: the workspace's change log (only change-tracked fields). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { filter, keep } = await readFilter.call(this, itemIndex, workspaceChangeFilter);
	const order = this.getNodeParameter('order', itemIndex, 'changedAt') as string;
	const qs: IDataObject = {
		...(filter ? { filter } : {}),
		...(order === '-changedAt' ? { orderBy: order } : {}),
	};
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path: '/v2/field-value-changes', qs, itemIndex },
		{ max: maxResults.call(this, itemIndex), keep },
	);
	return items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/field-value-changes', beta: true },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { mergeFilter, mergePaths } from '../../helpers/merges';
import { affinityPaginate } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import { mergeKind, statusFilter, statusOption } from './mergeInputs';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('merge', 'getAllTasks', [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [statusOption],
	},
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const kind = mergeKind.call(this, itemIndex);
	const filter = mergeFilter({ status: statusFilter.call(this, itemIndex) });
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path: mergePaths(kind).tasks, qs: filter ? { filter } : {}, itemIndex },
		{ max: maxResults.call(this, itemIndex) },
	);
	return items.map((task) => ({ entityType: kind, ...task }));
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/tasks/company-merges', beta: true },
	{ api: 'v2', method: 'GET', path: '/v2/tasks/person-merges', beta: true },
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { mergeFilter, mergePaths } from '../../helpers/merges';
import { affinityPaginate } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import { mergeKind, statusFilter, statusOption, taskIdParameter } from './mergeInputs';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('merge', 'getAll', [
	...returnAllAndLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			statusOption,
			{
				displayName: 'Task ID',
				name: 'taskId',
				type: 'string',
				default: '',
				description: 'Only the merges of this task: its ID, or the task URL that Start returned',
			},
		],
	},
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const kind = mergeKind.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const taskId = filters.taskId
		? taskIdParameter.call(this, 'filters.taskId', itemIndex, true)
		: undefined;
	const filter = mergeFilter({ status: statusFilter.call(this, itemIndex), taskId });
	const { items } = await affinityPaginate.call(
		this,
		{ method: 'GET', path: mergePaths(kind).merges, qs: filter ? { filter } : {}, itemIndex },
		{ max: maxResults.call(this, itemIndex) },
	);
	return items.map((merge) => ({ entityType: kind, ...merge }));
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/company-merges', beta: true },
	{ api: 'v2', method: 'GET', path: '/v2/person-merges', beta: true },
];

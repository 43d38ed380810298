import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { mergePaths } from '../../helpers/merges';
import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { mergeKind, taskIdParameter } from './mergeInputs';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('merge', 'getTask', [
	{
		displayName: 'Task ID',
		name: 'taskId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 123e4567-e89b-12d3-a456-426614174000',
		description: 'The task ID, or the task URL that Start returned',
	},
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const kind = mergeKind.call(this, itemIndex);
	const taskId = taskIdParameter.call(this, 'taskId', itemIndex, true) as string;
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `${mergePaths(kind).tasks}/${taskId}`,
		subject: `${kind} merge task ${taskId}`,
		itemIndex,
	});
	return { entityType: kind, ...(body as IDataObject) };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/tasks/company-merges/{taskId}', beta: true },
	{ api: 'v2', method: 'GET', path: '/v2/tasks/person-merges/{taskId}', beta: true },
];

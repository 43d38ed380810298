import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { mergePaths } from '../../helpers/merges';
import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { mergeKind } from './mergeInputs';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('merge', 'get', [
	{
		displayName: 'Merge ID',
		name: 'mergeId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 12345',
		description: 'The ID of the merge (from Get Many, filtered by task)',
	},
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const kind = mergeKind.call(this, itemIndex);
	const mergeId = idParameter.call(this, 'mergeId', 'Merge ID', 'int64', itemIndex);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `${mergePaths(kind).merges}/${mergeId}`,
		subject: `${kind} merge with ID ${mergeId}`,
		itemIndex,
	});
	return { entityType: kind, ...(body as IDataObject) };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/company-merges/{mergeId}', beta: true },
	{ api: 'v2', method: 'GET', path: '/v2/person-merges/{mergeId}', beta: true },
];

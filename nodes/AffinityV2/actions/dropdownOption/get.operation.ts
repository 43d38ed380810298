import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { listFieldParameters, optionPath } from './dropdownOptionInputs';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation(
	'dropdownOption',
	'get',
	listFieldParameters(true),
);

/** GET /v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { path, fieldId, dropdownOptionId } = optionPath.call(this, itemIndex, true);
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path,
		subject: `option ${dropdownOptionId} of field ${fieldId}`,
		itemIndex,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}',
		beta: true,
	},
];

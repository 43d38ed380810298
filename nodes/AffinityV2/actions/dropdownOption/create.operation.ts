import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import {
	listFieldParameters,
	optionBody,
	optionPath,
	optionProperties,
} from './dropdownOptionInputs';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('dropdownOption', 'create', [
	...listFieldParameters(false),
	...optionProperties(false),
]);

/** POST /v2/lists/{listId}/fields/{fieldId}/dropdown-options: 201 with the option. Sent once. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { path, listId, fieldId } = optionPath.call(this, itemIndex, false);
	const body = optionBody.call(this, itemIndex, false);
	const { body: option } = await affinityRequest.call(this, {
		method: 'POST',
		path,
		body,
		subject: `dropdown field ${fieldId} of list ${listId}`,
		itemIndex,
		checkWith: `Check with Dropdown Option → Get Many (list ${listId}, field ${fieldId}) whether "${String(body.text)}" was added`,
	});
	return option as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'POST',
		path: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options',
		beta: true,
	},
];

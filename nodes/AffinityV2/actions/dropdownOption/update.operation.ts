import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import {
	listFieldParameters,
	optionBody,
	optionPath,
	optionProperties,
} from './dropdownOptionInputs';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('dropdownOption', 'update', [
	...listFieldParameters(true),
	...optionProperties(true),
]);

/**
 * POST /v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}: only what is
 * given changes. A win rate is valid on open statuses only: when the update does not set the
 * category, the option is read first to know it. 204, so the output says what was done.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { path, listId, fieldId, dropdownOptionId } = optionPath.call(this, itemIndex, true);
	const subject = `option ${dropdownOptionId} of field ${fieldId} on list ${listId}`;
	let currentCategory: string | undefined;
	const settingWinRate =
		this.getNodeParameter('optionType', itemIndex, 'dropdown') === 'status-dropdown' &&
		Number(this.getNodeParameter('winRate', itemIndex, -1)) !== -1;
	if (settingWinRate && !this.getNodeParameter('statusCategory', itemIndex, '')) {
		const { body: current } = await affinityRequest.call(this, {
			method: 'GET',
			path,
			subject,
			itemIndex,
		});
		currentCategory = String((current as IDataObject).statusCategory ?? '') || undefined;
	}
	const body = optionBody.call(this, itemIndex, true, currentCategory);
	if (!Object.keys(body).length)
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			itemIndex,
			description: 'Give a new text, rank, colour, category or win rate.',
		});
	await affinityRequest.call(this, {
		method: 'POST',
		path,
		body,
		subject,
		itemIndex,
		checkWith: `Check with Dropdown Option → Get (${subject})`,
	});
	return { success: true, listId, fieldId, dropdownOptionId, updated: body };
}

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'POST',
		path: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}',
		beta: true,
	},
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { listFieldParameters, optionPath } from './dropdownOptionInputs';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('dropdownOption', 'delete', [
	...listFieldParameters(true),
	{
		displayName:
			'Deleting an option clears every value set to it, on every entry of the list. The cleared values cannot be recovered.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Clear Every Value Set to It',
		name: 'confirmClearValues',
		type: 'boolean',
		default: false,
		description:
			'Whether you accept that every value set to this option is cleared. The option is not deleted unless this is on.',
	},
]);

/** DELETE /v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}: 204, so the output says what was deleted. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { path, listId, fieldId, dropdownOptionId } = optionPath.call(this, itemIndex, true);
	if (this.getNodeParameter('confirmClearValues', itemIndex, false) !== true) {
		throw new NodeOperationError(
			this.getNode(),
			'Clear Every Value Set to It: turn it on to delete the option',
			{
				itemIndex,
				description:
					'Deleting an option clears every value set to it on every entry of the list; nothing was deleted.',
			},
		);
	}
	await affinityRequest.call(this, {
		method: 'DELETE',
		path,
		subject: `option ${dropdownOptionId} of field ${fieldId} on list ${listId}`,
		itemIndex,
		checkWith: `Check with Dropdown Option → Get Many (list ${listId}, field ${fieldId}) whether the option is gone`,
	});
	return { success: true, listId, fieldId, dropdownOptionId, valuesCleared: true };
}

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'DELETE',
		path: '/v2/lists/{listId}/fields/{fieldId}/dropdown-options/{dropdownOptionId}',
		beta: true,
	},
];

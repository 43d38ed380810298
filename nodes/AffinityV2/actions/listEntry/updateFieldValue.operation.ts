import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../inputs/forOperation';
import { sendFieldWrite, skipUnchangedParameter } from '../fieldValues/unchangedWrites';
import { idParameter } from '../inputs/ids';
import { listEntryLocator, listLocator } from '../../pickers/locators';
import { fieldValueProperties } from '../fieldValues/values';
import { requestFromInputs, resolveFieldWrite } from '../fieldValues/fieldWrites';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('listEntry', 'updateFieldValue', [
	listLocator(),
	listEntryLocator(),
	...fieldValueProperties({
		fieldLoadMethod: 'getWritableListEntryFields',
		dependsOn: ['listId.value'],
		inCollection: false,
	}),
	skipUnchangedParameter(false),
]);

/**
 * POST /v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}: a list field, or a
 * global field of the entry's person or company. 204, so the output is what was written.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const listEntryId = idParameter.call(this, 'listEntryId', 'List Entry ID', 'int64', itemIndex);
	const read = (name: string, fallback: unknown) =>
		this.getNodeParameter(name, itemIndex, fallback);
	const write = await resolveFieldWrite.call(
		this,
		{ kind: 'listEntry', listId },
		requestFromInputs(read),
		itemIndex,
	);
	const outcome = await sendFieldWrite.call(
		this,
		{
			path: `/v2/lists/${listId}/list-entries/${listEntryId}/fields`,
			subject: `list entry with ID ${listEntryId} on list ${listId}`,
			checkWith: `Check the current value with List Entry → Get Field Value (list ${listId}, entry ${listEntryId}, field ${write.fieldId})`,
		},
		write,
		itemIndex,
	);
	return {
		success: true,
		listId,
		listEntryId,
		fieldId: write.fieldId,
		fieldName: write.fieldName,
		value: write.value as unknown as IDataObject,
		...(write.dropdownText !== undefined ? { dropdownText: write.dropdownText } : {}),
		...outcome,
	};
}

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'POST',
		path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}',
	},
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}',
	},
];

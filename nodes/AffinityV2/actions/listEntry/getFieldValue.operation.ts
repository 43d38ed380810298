import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { simplifyField } from '../../helpers/simplify';
import type { ApiField } from '../../helpers/types';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { listEntryLocator, listLocator } from '../common/locators';
import { simplifyParameter } from '../common/simplify';

export const description: INodeProperties[] = forOperation('listEntry', 'getFieldValue', [
	listLocator(),
	listEntryLocator(),
	{
		displayName: 'Field Name or ID',
		name: 'fieldId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getListFields', loadOptionsDependsOn: ['listId.value'] },
		required: true,
		default: '',
		description:
			'The field whose value to get. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		...simplifyParameter,
		description:
			'Whether to return the value unwrapped (dropdown as text, people and companies as ID and name, a date with its calendar date) next to the field\'s ID and name, instead of the raw API shape',
	},
]);

const FIELD_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const listEntryId = idParameter.call(this, 'listEntryId', 'List Entry ID', 'int64', itemIndex);
	const fieldId = String(this.getNodeParameter('fieldId', itemIndex, '') ?? '').trim();
	if (!FIELD_ID.test(fieldId)) {
		throw new NodeOperationError(this.getNode(), `Invalid Field: got ${fieldId ? `"${fieldId}"` : 'nothing'}`, {
			itemIndex,
			description: 'Choose the field from the list, or give a field ID such as field-1234 or affinity-data-location.',
		});
	}
	const { body } = await affinityRequest.call(this, {
		method: 'GET',
		path: `/v2/lists/${listId}/list-entries/${listEntryId}/fields/${encodeURIComponent(fieldId)}`,
		subject: `field ${fieldId} on list entry ${listEntryId} of list ${listId}`,
		itemIndex,
	});
	const field = body as ApiField;
	return this.getNodeParameter('simplify', itemIndex, true) ? simplifyField(field) : (field as unknown as IDataObject);
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { forgetFields } from '../../api/fields';
import { v1FieldId } from '../../helpers/v1/fields';
import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v1', method: 'DELETE', path: '/fields/{field_id}' },
];

export const description: INodeProperties[] = forOperation('field', 'delete', [
	{
		displayName: 'Field ID',
		name: 'fieldId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. field-1234',
		description: 'The ID of the field, as Field → Get Many gives it (field-1234, or 1234)',
	},
	{
		displayName:
			'Deleting a field removes the column from every list and record it is on, with every value it holds on every person, company, opportunity and list entry. This cannot be undone.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
]);

/** DELETE /fields/{field_id} (API v1: v2 cannot delete fields): `{success: true}`. Sent once. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const raw = this.getNodeParameter('fieldId', itemIndex, '') as unknown;
	const id = v1FieldId(raw);
	if (id === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			`Field ID: "${String(raw ?? '')}" is not the ID of a field that can be deleted`,
			{
				itemIndex,
				description:
					'Give a field ID such as field-1234 or 1234 (Field → Get Many lists them). Fields Affinity fills itself (enriched, relationship-intelligence) cannot be deleted.',
			},
		);
	}
	await affinityRequest.call(this, {
		api: 'v1',
		method: 'DELETE',
		path: `/fields/${id}`,
		subject: `field field-${id}`,
		itemIndex,
		checkWith: `Check with Field → Get Many whether field-${id} is still listed`,
	});
	forgetFields.call(this);
	return { success: true, fieldId: `field-${id}` };
}

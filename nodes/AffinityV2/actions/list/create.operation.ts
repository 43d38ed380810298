import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('list', 'create', [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		description: 'At most 255 characters',
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'Companies', value: 'company' },
			{ name: 'Opportunities', value: 'opportunity' },
			{ name: 'People', value: 'person' },
		],
		default: 'company',
		description: 'What the list holds',
	},
	{
		displayName: 'Public',
		name: 'isPublic',
		type: 'boolean',
		default: false,
		description:
			'Whether everyone in the organization sees the list (needs the "Share accessible Lists globally" permission); otherwise only you',
	},
]);

/** POST /v2/lists (ListToBeCreated): 201 with the list; the key's user is its creator and owner. Sent once. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const name = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim();
	if (!name || name.length > 255) {
		throw new NodeOperationError(
			this.getNode(),
			`Name: ${name ? `at most 255 characters; got ${name.length}` : 'required'}`,
			{ itemIndex },
		);
	}
	const { body } = await affinityRequest.call(this, {
		method: 'POST',
		path: '/v2/lists',
		body: {
			name,
			type: this.getNodeParameter('type', itemIndex, 'company') as string,
			isPublic: this.getNodeParameter('isPublic', itemIndex, false) as boolean,
		},
		itemIndex,
		checkWith: `Check with List → Get Many (name "${name}") whether the list was created`,
	});
	return body as IDataObject;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/lists', beta: true },
];

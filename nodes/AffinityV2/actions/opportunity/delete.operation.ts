import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { opportunityLocator } from '../common/locators';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v1', method: 'DELETE', path: '/opportunities/{opportunity_id}' },
];

export const description: INodeProperties[] = forOperation('opportunity', 'delete', [
	opportunityLocator(),
	{
		displayName:
			'Deleting an opportunity also removes its entry from its list and every field value on it. This cannot be undone.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
]);

/** DELETE /opportunities/{opportunity_id} (API v1): `{success: true}`; the output says what was deleted. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const opportunityId = idParameter.call(
		this,
		'opportunityId',
		'Opportunity ID',
		'int64',
		itemIndex,
	);
	await affinityRequest.call(this, {
		api: 'v1',
		method: 'DELETE',
		path: `/opportunities/${opportunityId}`,
		subject: `opportunity with ID ${opportunityId}`,
		itemIndex,
		checkWith: `Check with Opportunity → Get (opportunity ${opportunityId}): a 404 means it was deleted`,
	});
	return { success: true, opportunityId };
}

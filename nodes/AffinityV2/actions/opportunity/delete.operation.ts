import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { editionAllows } from '../../api/edition';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { opportunityLocator } from '../../pickers/locators';

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'DELETE',
		path: '/v2/opportunities/{opportunityId}',
		beta: true,
		since: '2026-09-17',
	},
	{ api: 'v1', method: 'DELETE', path: '/opportunities/{opportunity_id}', before: '2026-09-17' },
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

/**
 * DELETE /v2/opportunities/{opportunityId} (204) on 2026-09-17 and later; before it v2 cannot
 * delete one, so DELETE /opportunities/{opportunity_id} (API v1, `{success: true}`). The output
 * says what was deleted.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const opportunityId = idParameter.call(
		this,
		'opportunityId',
		'Opportunity ID',
		'int64',
		itemIndex,
	);
	const viaV2 = await editionAllows.call(this, '2026-09-17', itemIndex);
	await affinityRequest.call(this, {
		api: viaV2 ? 'v2' : 'v1',
		method: 'DELETE',
		path: viaV2 ? `/v2/opportunities/${opportunityId}` : `/opportunities/${opportunityId}`,
		subject: `opportunity with ID ${opportunityId}`,
		itemIndex,
		checkWith: `Check with Opportunity → Get (opportunity ${opportunityId}): a 404 means it was deleted`,
	});
	return { success: true, opportunityId };
}

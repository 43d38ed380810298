import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { asNodeError } from '../../helpers/nodeErrors';
import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { companyLocator } from '../../pickers/locators';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v1', method: 'DELETE', path: '/organizations/{organization_id}' },
];

export const description: INodeProperties[] = forOperation('company', 'delete', [
	companyLocator(),
	{
		displayName:
			'Deleting a company is permanent: the company, its field values and its list entries are gone. Affinity refuses to delete global companies (from its own dataset); only companies your team created can be deleted.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
]);

/** DELETE /organizations/{organization_id} (API v1): `{success: true}`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	try {
		await affinityRequest.call(this, {
			api: 'v1',
			method: 'DELETE',
			path: `/organizations/${companyId}`,
			subject: `company with ID ${companyId}`,
			itemIndex,
			checkWith: `Check with Company → Get (company ${companyId}): a 404 means it was deleted`,
		});
	} catch (caught) {
		const error = asNodeError(this.getNode(), caught, itemIndex);
		// v1 answers 422 for a global organization ("You also cannot delete a global organization").
		if (error instanceof NodeApiError && error.httpCode === '422') {
			error.description =
				`Affinity refuses to delete company ${companyId} if it is global (part of Affinity's own dataset, "isGlobal": true); only companies your team created can be deleted. ${error.description ?? ''}`.trim();
		}
		throw error;
	}
	return { success: true, companyId, deleted: true };
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { asNodeError } from '../../helpers/nodeErrors';
import { affinityRequest } from '../../transport';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { personLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('person', 'delete', [
	personLocator(),
	{
		displayName:
			'Deleting a person is permanent: the person, their field values and their list entries are gone. Affinity refuses to delete people of your own organization (internal persons).',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
]);

/** DELETE /v2/persons/{personId} (BETA): 204, so the output says what was deleted. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const personId = idParameter.call(this, 'personId', 'Person ID', 'int64', itemIndex);
	try {
		await affinityRequest.call(this, {
			method: 'DELETE',
			path: `/v2/persons/${personId}`,
			subject: `person with ID ${personId}`,
			itemIndex,
			checkWith: `Check with Person → Get (person ${personId}): a 404 means it was deleted`,
		});
	} catch (caught) {
		const error = asNodeError(this.getNode(), caught, itemIndex);
		// The API answers 403 for internal (or inferred internal) persons: say so, not only "no permission".
		if (error instanceof NodeApiError && error.httpCode === '403') {
			error.description =
				`Affinity refuses to delete person ${personId} if they are internal (a member of your organization, or inferred to be one), or if the key's user lacks the permission. ${error.description ?? ''}`.trim();
		}
		throw error;
	}
	return { success: true, personId, deleted: true };
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'DELETE', path: '/v2/persons/{personId}', beta: true },
];

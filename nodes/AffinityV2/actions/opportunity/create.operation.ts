import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listSummary } from '../../api/lists';
import {
	OPPORTUNITY_PARAMETER_NAMES,
	opportunityFromV1,
	type V1Opportunity,
} from '../../helpers/v1/opportunities';
import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { associationIds, associationProperty } from '../records/associations';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { listLocator } from '../../pickers/locators';
import { v1SimplifyParameter } from '../inputs/simplifyParameters';
import { withAssociationNames } from '../records/associationNames';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/lists/{listId}' },
	{ api: 'v1', method: 'POST', path: '/opportunities' },
];

export const description: INodeProperties[] = forOperation('opportunity', 'create', [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Acme — Series A',
	},
	listLocator('An opportunity list: the opportunity lives on it, as its one entry'),
	associationProperty('persons', 'People associated with the opportunity'),
	associationProperty('companies', 'Companies associated with the opportunity'),
	v1SimplifyParameter,
]);

/**
 * POST /opportunities (API v1: v2 cannot create opportunities) with name, list_id, person_ids
 * and organization_ids; the answer has the opportunity and its list entry. The list is read
 * first (GET /v2/lists/{listId}, once per run) so that a person or company list is refused
 * before anything is written. Sent once.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const node = this.getNode();
	const name = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim();
	if (!name)
		throw new NodeOperationError(node, 'Name: required', {
			itemIndex,
			description: 'Give the opportunity a name.',
		});
	const listId = idParameter.call(this, 'listId', 'List ID', 'int64', itemIndex);
	const personIds = associationIds.call(this, 'persons', itemIndex);
	const companyIds = associationIds.call(this, 'companies', itemIndex);
	const list = await listSummary.call(this, listId, itemIndex);
	if (list.type !== 'opportunity') {
		throw new NodeOperationError(
			node,
			`List: "${list.name}" (ID ${listId}) is a ${list.type || 'non-opportunity'} list; an opportunity is created on an opportunity list`,
			{
				itemIndex,
				description:
					'Pick an opportunity list (a pipeline of deals). To put a company or a person on a list, use List Entry → Add.',
			},
		);
	}
	const body: IDataObject = { name, list_id: listId };
	if (personIds.length) body.person_ids = personIds;
	if (companyIds.length) body.organization_ids = companyIds;
	const { body: created } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'POST',
		path: '/opportunities',
		body,
		subject: `list with ID ${listId}`,
		itemIndex,
		parameterNames: OPPORTUNITY_PARAMETER_NAMES,
		checkWith: `Check with Opportunity → Get Many or List Entry → Get Many (list ${listId}) whether an opportunity named "${name}" was created`,
		expect: 'record',
	});
	if (!this.getNodeParameter('simplify', itemIndex, true)) return created as IDataObject;
	return await withAssociationNames.call(
		this,
		opportunityFromV1(created as V1Opportunity, {
			listName: list.name,
			personIds,
			companyIds,
		}),
		itemIndex,
	);
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { applySetChange } from '../../helpers/setChange';
import { companyFromV1, type V1Organization } from '../../helpers/v1/companies';
import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { companyLocator } from '../../pickers/locators';
import {
	COMPANY_PEOPLE,
	idListParser,
	readSetChange,
	setChangeParameters,
} from '../records/setChanges';
import { showsAfter, v2Keys } from '../records/recordShows';
import { simplifyParameter } from '../inputs/simplifyParameters';
import { changedName } from '../fieldValues/updateFields';
import { domainParameter, readV1Record, shownOrganization } from '../records/v1Records';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v1', method: 'GET', path: '/organizations/{organization_id}' },
	{ api: 'v1', method: 'PUT', path: '/organizations/{organization_id}' },
];

export const description: INodeProperties[] = forOperation('company', 'update', [
	companyLocator(),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Name', name: 'name', type: 'string', default: '' },
			{
				displayName: 'Domain',
				name: 'domain',
				type: 'string',
				default: '',
				placeholder: 'e.g. acme.com',
			},
		],
	},
	...setChangeParameters(COMPANY_PEOPLE),
	{
		displayName:
			'The name and domain of a global company (from Affinity’s own dataset) cannot be changed. Adding or removing people reads the company first; a change made by someone else in between is overwritten.',
		name: 'updateNotice',
		type: 'notice',
		default: '',
	},
	simplifyParameter,
]);

/**
 * PUT /organizations/{organization_id} (API v1): only what is given changes, but `person_ids`
 * replaces the whole set, so Add and Remove read the company first (GET /organizations/{id}).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const companyId = idParameter.call(this, 'companyId', 'Company ID', 'int64', itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.name !== undefined) body.name = changedName.call(this, fields.name, 'Name', itemIndex);
	if (fields.domain !== undefined)
		body.domain = domainParameter.call(this, fields.domain, 'Domain', itemIndex);
	const people = (readSetChange<number>).call(
		this,
		COMPANY_PEOPLE,
		itemIndex,
		idListParser.call(this, itemIndex),
	);
	if (!Object.keys(body).length && !people)
		throw new NodeOperationError(this.getNode(), 'Nothing to update', {
			itemIndex,
			description: 'Add a Name or Domain under Update Fields, or change People.',
		});
	if (people) {
		const current =
			people.mode === 'replace'
				? []
				: (((await readV1Record.call(this, 'organizations', companyId, itemIndex)).person_ids as
						| number[]
						| undefined) ?? []);
		body.person_ids = applySetChange(current, people.mode, people.values);
	}
	const { body: updated } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'PUT',
		path: `/organizations/${companyId}`,
		body,
		subject: `company with ID ${companyId}`,
		itemIndex,
		parameterNames: { name: 'Name', domain: 'Domain', person_ids: 'People' },
		checkWith: `Check with Company → Get (company ${companyId}) whether it changed`,
		shows: showsAfter(companyFromV1, v2Keys(body, { name: 'name', domain: 'domain' })),
	});
	return shownOrganization.call(this, updated as V1Organization, itemIndex);
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { simplifyEntity } from '../../helpers/simplify';
import type { ApiEntity } from '../../helpers/types';
import type { V1Organization } from '../../helpers/v1/companies';
import { affinityPaginate, affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../common/forOperation';
import { simplifyParameter } from '../common/simplify';
import { domainParameter, shownOrganization } from '../common/v1Records';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/companies/search' },
	{ api: 'v1', method: 'POST', path: '/organizations' },
];

export const description: INodeProperties[] = forOperation('company', 'findOrCreate', [
	{
		displayName: 'Domain',
		name: 'domain',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. acme.com',
		description: 'The company’s web domain: the company whose primary domain it is is returned',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: 'The name of the company if it has to be created; the domain when empty',
	},
	simplifyParameter,
]);

/**
 * Finds the company whose primary domain is the given one (POST /v2/companies/search: the term
 * is matched against names and primary domains; the exact domain is picked from the matches),
 * and creates it with POST /organizations (API v1) only when there is none. `created` says which.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const domain = domainParameter.call(
		this,
		this.getNodeParameter('domain', itemIndex, ''),
		'Domain',
		itemIndex,
	);
	const name = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim() || domain;
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	let found: ApiEntity | undefined;
	await affinityPaginate.call(
		this,
		{
			method: 'POST',
			path: '/v2/companies/search',
			body: { search: { term: domain } },
			idempotent: true,
			itemIndex,
		},
		{
			onPage: (page) => {
				found = (page.data as ApiEntity[]).find(
					(c) => typeof c.domain === 'string' && c.domain.toLowerCase() === domain,
				);
				return found === undefined;
			},
		},
	);
	if (found) {
		return { ...(simplify ? simplifyEntity(found) : (found as IDataObject)), created: false };
	}
	const { body: created } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'POST',
		path: '/organizations',
		body: { name, domain },
		itemIndex,
		parameterNames: { name: 'Name', domain: 'Domain' },
		checkWith: `Check with Company → Search ("${domain}") whether it was created`,
	});
	return { ...shownOrganization.call(this, created as V1Organization, itemIndex), created: true };
}

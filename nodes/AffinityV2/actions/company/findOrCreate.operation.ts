import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { simplifyEntity } from '../../helpers/simplify';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { companyFoundOrCreated } from '../records/findOrCreate';
import { simplifyParameter } from '../inputs/simplifyParameters';
import { domainParameter, shownOrganization } from '../records/v1Records';

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
		description:
			'The company’s web domain: the company whose primary domain it is is returned. Items of one execution with the same domain create it once; a company another execution created moments before may not be found yet (Affinity’s search catches up within seconds).',
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
 * Items of one run with the same domain give one search and at most one create: a later one
 * returns the first's company with `created: false` and `createdEarlierInRun: true` (a v2
 * search right after a v1 create may not find the new company yet).
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
	const { value, earlier } = await companyFoundOrCreated.call(
		this,
		{ domain, name, nameParameter: 'Name' },
		itemIndex,
	);
	if (value.found) {
		return {
			...(simplify ? simplifyEntity(value.found) : (value.found as IDataObject)),
			created: false,
			createdEarlierInRun: false,
		};
	}
	return {
		...shownOrganization.call(this, value.created!, itemIndex),
		created: !earlier,
		createdEarlierInRun: earlier,
	};
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { V1Organization } from '../../helpers/v1/companies';
import { toStringList } from '../../helpers/stringList';
import { affinityRequest } from '../../transport';
import type { OperationEndpoint } from '../types';
import { forOperation } from '../inputs/forOperation';
import { idListParser } from '../records/setChanges';
import { simplifyParameter } from '../inputs/simplifyParameters';
import { domainParameter, shownOrganization } from '../records/v1Records';

export const endpoint: OperationEndpoint[] = [
	{ api: 'v1', method: 'POST', path: '/organizations' },
];

export const description: INodeProperties[] = forOperation('company', 'create', [
	{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '' },
	{
		displayName: 'Domain',
		name: 'domain',
		type: 'string',
		default: '',
		placeholder: 'e.g. acme.com',
		description: 'The company’s web domain; Affinity links people with emails at it',
	},
	{
		displayName: 'People',
		name: 'personIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. 5000001, 5000002',
		description: 'IDs of people who work there, comma-separated (or an expression giving an array)',
	},
	simplifyParameter,
]);

/** POST /organizations (API v1; v2 cannot create companies): the new company. Sent once. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const name = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim();
	if (!name) throw new NodeOperationError(this.getNode(), 'Name: required', { itemIndex });
	const domainRaw = String(this.getNodeParameter('domain', itemIndex, '') ?? '').trim();
	const parse = idListParser.call(this, itemIndex);
	const personIds = toStringList(this.getNodeParameter('personIds', itemIndex, '')).map((v, i) =>
		parse(v, `People (${i + 1})`),
	);
	const body: IDataObject = { name };
	if (domainRaw) body.domain = domainParameter.call(this, domainRaw, 'Domain', itemIndex);
	if (personIds.length) body.person_ids = [...new Set(personIds)];
	const { body: created } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'POST',
		path: '/organizations',
		body,
		itemIndex,
		parameterNames: { name: 'Name', domain: 'Domain', person_ids: 'People' },
		checkWith: `Check with Company → Search ("${(body.domain as string) ?? name}") whether it was created`,
	});
	return shownOrganization.call(this, created as V1Organization, itemIndex);
}

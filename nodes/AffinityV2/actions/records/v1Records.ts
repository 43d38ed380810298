import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { normalizeDomain } from '../../helpers/domains';
import { simplifyEntity } from '../../helpers/simplify';
import { companyFromV1, type V1Organization } from '../../helpers/v1/companies';
import { personFromV1, type V1Person } from '../../helpers/v1/persons';
import { affinityRequest } from '../../transport';

/**
 * Companies and persons as API v1 answers them, shown as the pack shows v2's: simplified
 * (v2 names, the name first), or Affinity's raw answer when Simplify is off.
 */
export function shownOrganization(
	this: IExecuteFunctions,
	organization: V1Organization,
	itemIndex: number,
): IDataObject {
	return this.getNodeParameter('simplify', itemIndex, true)
		? simplifyEntity(companyFromV1(organization))
		: (organization as IDataObject);
}

export function shownPerson(
	this: IExecuteFunctions,
	person: V1Person,
	itemIndex: number,
): IDataObject {
	return this.getNodeParameter('simplify', itemIndex, true)
		? simplifyEntity(personFromV1(person))
		: (person as IDataObject);
}

/** GET /organizations/{organization_id} or /persons/{person_id} (API v1): the current record. */
export async function readV1Record(
	this: IExecuteFunctions,
	kind: 'organizations' | 'persons',
	id: number,
	itemIndex: number,
): Promise<IDataObject> {
	const { body } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'GET',
		path: `/${kind}/${id}`,
		subject: `${kind === 'persons' ? 'person' : 'company'} with ID ${id}`,
		itemIndex,
	});
	return body as IDataObject;
}

/** A domain parameter, normalized (https://Acme.co/ → acme.co), or an error naming it. */
export function domainParameter(
	this: IExecuteFunctions,
	raw: unknown,
	label: string,
	itemIndex: number,
): string {
	const domain = normalizeDomain(String(raw ?? ''));
	if (!domain)
		throw new NodeOperationError(
			this.getNode(),
			`${label}: "${String(raw ?? '')}" is not a domain`,
			{
				itemIndex,
				description: 'Give the company’s web domain, such as acme.com.',
			},
		);
	return domain;
}

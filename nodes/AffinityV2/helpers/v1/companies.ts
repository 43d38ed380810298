import type { ApiEntity } from '../types';

/** API v1's Organization resource (https://api-docs.affinity.co/#the-organization-resource). */
export interface V1Organization {
	id: number;
	name: string;
	domain?: string | null;
	domains?: string[];
	global?: boolean;
	person_ids?: number[];
	opportunity_ids?: number[];
	[key: string]: unknown;
}

/**
 * A v1 organization in v2's Company shape (id, name, domain, domains, isGlobal), with the ids of
 * its people as `personIds` (v2's Company has none). Keys v1 left out stay out.
 */
export function companyFromV1(organization: V1Organization): ApiEntity {
	const company: ApiEntity = { id: organization.id, name: organization.name };
	if (organization.domain !== undefined) company.domain = organization.domain;
	if (organization.domains !== undefined) company.domains = organization.domains;
	if (organization.global !== undefined) company.isGlobal = organization.global;
	if (organization.person_ids !== undefined) company.personIds = organization.person_ids;
	if (organization.opportunity_ids !== undefined)
		company.opportunityIds = organization.opportunity_ids;
	return company;
}

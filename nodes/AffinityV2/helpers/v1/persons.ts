import type { ApiEntity } from '../types';

/** API v1's Person resource (https://api-docs.affinity.co/#the-person-resource). */
export interface V1Person {
	id: number;
	/** 0 external, 1 internal (a user of the team). */
	type?: number;
	first_name: string;
	last_name?: string | null;
	primary_email?: string | null;
	emails?: string[];
	organization_ids?: number[];
	[key: string]: unknown;
}

/**
 * A v1 person in v2's Person shape (id, firstName, lastName, primaryEmailAddress,
 * emailAddresses, type internal or external), with its organizations as `companyIds`.
 */
export function personFromV1(person: V1Person): ApiEntity {
	const out: ApiEntity = { id: person.id, firstName: person.first_name };
	if (person.last_name !== undefined) out.lastName = person.last_name;
	if (person.primary_email !== undefined) out.primaryEmailAddress = person.primary_email;
	if (person.emails !== undefined) out.emailAddresses = person.emails;
	if (person.type !== undefined) out.type = person.type === 1 ? 'internal' : 'external';
	if (person.organization_ids !== undefined) out.companyIds = person.organization_ids;
	return out;
}

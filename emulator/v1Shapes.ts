import type { Company, Person } from './model';

/**
 * API v1's summaries of a person and an organization, as its resources embed them (a
 * reminder's owner, a list entry's entity in a webhook body): snake_case, `type` 0 external,
 * 1 internal.
 */
export function v1PersonSummary(person: Person): Record<string, unknown> {
	return {
		id: person.id,
		type: person.type === 'internal' ? 1 : 0,
		first_name: person.firstName,
		last_name: person.lastName,
		primary_email: person.primaryEmailAddress,
		emails: person.emailAddresses,
	};
}

export function v1OrganizationSummary(company: Company): Record<string, unknown> {
	return {
		id: company.id,
		name: company.name,
		domain: company.domain,
		domains: company.domains,
		crunchbase_uuid: null,
		global: company.isGlobal,
	};
}

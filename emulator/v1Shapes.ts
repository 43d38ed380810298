import type { Company, ListEntry, Opportunity, Person } from './model';

/**
 * API v1's shapes of the records the emulator serves (https://api-docs.affinity.co: the Person,
 * Organization and List Entry resources): snake_case, integer ids, entity types 0 person,
 * 1 organization, 8 opportunity. The v1 routes answer with them and webhook deliveries carry them.
 */

export const V1_ENTITY_TYPE = { person: 0, company: 1, opportunity: 8 } as const;

/** What the shapes read of the account. */
export interface V1Records {
	persons: Map<number, Person>;
	companies: Map<number, Company>;
	opportunities: Map<number, Opportunity>;
	organizationIdsOf(person: Person): number[];
	personIdsOf(companyId: number): number[];
}

/** The Person resource (without list_entries, which only GET /persons/{id} adds). */
export function v1Person(records: V1Records, person: Person): Record<string, unknown> {
	return { ...v1PersonSummary(person), organization_ids: records.organizationIdsOf(person) };
}

/** The Organization resource (without list_entries, which only GET /organizations/{id} adds). */
export function v1Organization(records: V1Records, company: Company): Record<string, unknown> {
	return {
		id: company.id,
		name: company.name,
		domain: company.domain,
		domains: company.domains,
		global: company.isGlobal,
		person_ids: records.personIdsOf(company.id),
	};
}

/** A list entry as a record's `list_entries` lists it: no entity. */
export function v1EntryOfRecord(entry: ListEntry): Record<string, unknown> {
	return {
		id: entry.id,
		list_id: entry.listId,
		creator_id: entry.creatorId,
		entity_id: entry.entityId,
		created_at: entry.createdAt,
	};
}

/**
 * The List Entry resource with its entity (person: names and emails; organization: name and
 * domains; opportunity: name) and entity_type, as the list_entry.* webhook bodies show it.
 */
export function v1ListEntry(records: V1Records, entry: ListEntry): Record<string, unknown> {
	let entity: Record<string, unknown> = { id: entry.entityId };
	if (entry.entityType === 'person') {
		const p = records.persons.get(entry.entityId);
		if (p)
			entity = {
				id: p.id,
				type: p.type === 'internal' ? 1 : 0,
				first_name: p.firstName,
				last_name: p.lastName,
				primary_email: p.primaryEmailAddress,
				emails: p.emailAddresses,
			};
	} else if (entry.entityType === 'company') {
		const c = records.companies.get(entry.entityId);
		if (c) entity = { id: c.id, name: c.name, domain: c.domain, domains: c.domains };
	} else {
		const o = records.opportunities.get(entry.entityId);
		if (o) entity = { id: o.id, name: o.name };
	}
	return {
		...v1EntryOfRecord(entry),
		entity_type: V1_ENTITY_TYPE[entry.entityType],
		entity,
	};
}

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

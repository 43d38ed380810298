import type { Company, DropdownOption, FieldDef, ListEntry, Opportunity, Person } from './model';
import { shapeSettings, shownDomain, shownDomains, shownEmail, shownEmails } from './liveShapes';

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

/**
 * The Organization resource (without list_entries, which only GET /organizations/{id} adds):
 * live it also carries `crunchbase_uuid` (null), on GET, POST and PUT answers alike.
 */
export function v1Organization(records: V1Records, company: Company): Record<string, unknown> {
	return { ...v1OrganizationSummary(company), person_ids: records.personIdsOf(company.id) };
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
		if (p) entity = v1PersonSummary(p);
	} else if (entry.entityType === 'company') {
		// Live: {id, name, domain, domains, crunchbase_uuid, global}.
		const c = records.companies.get(entry.entityId);
		if (c) entity = v1OrganizationSummary(c);
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
		primary_email: shownEmail(person.id, person.primaryEmailAddress),
		emails: shownEmails(person.id, person.emailAddresses),
	};
}

export function v1OrganizationSummary(company: Company): Record<string, unknown> {
	return {
		id: company.id,
		name: company.name,
		domain: shownDomain(company.id, company.domain),
		domains: shownDomains(company.id, company.domains),
		crunchbase_uuid: null,
		global: company.isGlobal,
	};
}

/** v2's option colours (dropdownOptions.RankedDropdownOption.color) in the order of v1's codes 0–6. */
const V1_COLORS = ['white', 'gray', 'blue', 'green', 'purple', 'orange', 'red'] as const;

/**
 * A dropdown option as v1 answers it (The Field Resource, dropdown_options): integer `rank` and
 * `color`. A plain dropdown's options are rank 0, colour 0; a ranked dropdown's are ranked from 1
 * (v2 ranks from 0) with colour codes 0–6.
 */
export function v1DropdownOption(field: FieldDef, option: DropdownOption): Record<string, unknown> {
	if (field.valueType !== 'ranked-dropdown')
		return { id: option.id, text: option.text, rank: 0, color: 0 };
	const index = (field.dropdownOptions ?? []).indexOf(option);
	const color = V1_COLORS.indexOf((option.color ?? 'white') as (typeof V1_COLORS)[number]);
	return {
		id: option.id,
		text: option.text,
		rank: (option.rank ?? Math.max(0, index)) + 1,
		color: Math.max(0, color),
	};
}

const pacificParts = new Intl.DateTimeFormat('en-US', {
	timeZone: 'America/Los_Angeles',
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
	hour: '2-digit',
	minute: '2-digit',
	second: '2-digit',
	hourCycle: 'h23',
});

/** An instant as `2020-04-27T15:35:43.383000-07:00`: Pacific wall time, microseconds, offset. */
export function pacificOffsetTime(iso: string): string {
	const time = Date.parse(iso);
	if (Number.isNaN(time)) return iso;
	const part = Object.fromEntries(
		pacificParts.formatToParts(time).map((p) => [p.type, p.value]),
	) as Record<string, string>;
	const wall = Date.UTC(
		+part.year,
		+part.month - 1,
		+part.day,
		+part.hour,
		+part.minute,
		+part.second,
	);
	const offsetMinutes = Math.round((wall - Math.floor(time / 1000) * 1000) / 60_000);
	const sign = offsetMinutes < 0 ? '-' : '+';
	const abs = Math.abs(offsetMinutes);
	const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
	const micros = String(((time % 1000) + 1000) % 1000).padStart(3, '0') + '000';
	return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}.${micros}${offset}`;
}

const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A v1 answer with its timestamps as the setting v1Timestamps asks: 'utc' (as stored,
 * `2026-10-08T12:53:13.339Z`, as v1 entity files answer) or 'pacific-offset' (every timestamp
 * with a Pacific offset and microseconds, as v1 field value changes answer).
 */
export function v1Timestamps(body: unknown): unknown {
	if (shapeSettings().v1Timestamps !== 'pacific-offset') return body;
	const walk = (value: unknown): unknown => {
		if (typeof value === 'string')
			return UTC_TIMESTAMP.test(value) ? pacificOffsetTime(value) : value;
		if (Array.isArray(value)) return value.map(walk);
		if (value && typeof value === 'object')
			return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
		return value;
	};
	return walk(body);
}

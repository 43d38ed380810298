import type { IDataObject } from 'n8n-workflow';

import { v1Time } from './times';

/**
 * API v1's Opportunity (id, name, person_ids, organization_ids, list_entries: at most one) in
 * the pack's v2 names: the v2 Opportunity (id, name, listId, listName where known), the ids of
 * its people and companies, and its list entry as v2's ListEntry names it.
 */

export interface V1ListEntry {
	id: number;
	creator_id?: number | null;
	list_id: number;
	entity_id: number;
	entity_type?: number;
	created_at?: string;
}

export interface V1Opportunity {
	id: number;
	name: string;
	person_ids?: number[];
	organization_ids?: number[];
	list_entries?: V1ListEntry[];
}

/** v1's body parameters (Create / Update an Opportunity) by the node's names, for the API's 422s. */
export const OPPORTUNITY_PARAMETER_NAMES = {
	name: 'Name',
	list_id: 'List',
	person_ids: 'People',
	organization_ids: 'Companies',
};

const ENTITY_TYPES: Record<number, string> = { 0: 'person', 1: 'company', 8: 'opportunity' };

/** A v1 list entry as the pack's v2 list entries name it (id, listId, entityId, createdAt…). */
export function listEntryFromV1(entry: V1ListEntry): IDataObject {
	return {
		id: entry.id,
		listId: entry.list_id,
		type: ENTITY_TYPES[entry.entity_type ?? 8] ?? null,
		entityId: entry.entity_id,
		creatorId: entry.creator_id ?? null,
		createdAt: v1Time(entry.created_at),
	};
}

/**
 * The opportunity in v2 names. `known` fills what v1 leaves out: the list's name, and the
 * people and companies sent when the answer omits them (v1's create answer may).
 */
export function opportunityFromV1(
	opportunity: V1Opportunity,
	known: { listName?: string; personIds?: number[]; companyIds?: number[] } = {},
): IDataObject {
	const entry = opportunity.list_entries?.[0];
	const out: IDataObject = { id: opportunity.id, name: opportunity.name };
	out.listId = entry?.list_id ?? null;
	if (known.listName !== undefined) out.listName = known.listName;
	out.personIds = opportunity.person_ids ?? known.personIds ?? [];
	out.companyIds = opportunity.organization_ids ?? known.companyIds ?? [];
	out.listEntry = entry ? listEntryFromV1(entry) : null;
	return out;
}

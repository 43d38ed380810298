import type { ApiListEntry } from '../types';
import { companyFromV1, type V1Organization } from './companies';
import { personFromV1, type V1Person } from './persons';
import { v1Time } from './times';

/** API v1's List Entry resource (https://api-docs.affinity.co/#the-list-entry-resource). */
export interface V1ListEntry {
	id: number;
	list_id: number;
	creator_id: number | null;
	entity_id: number;
	/** 0 person, 1 organization, 8 opportunity (in webhook bodies and some answers). */
	entity_type?: number;
	created_at: string;
	entity?: Record<string, unknown>;
}

const ENTITY_TYPES: Record<number, ApiListEntry['type']> = {
	0: 'person',
	1: 'company',
	8: 'opportunity',
};

/**
 * A v1 list entry in v2's ListEntryWithEntity shape (id, type, listId, createdAt, creatorId,
 * entity as a v2 Company or Person). `listType` is the list's type, used when v1 does not say
 * the entity type.
 */
export function listEntryFromV1(entry: V1ListEntry, listType: ApiListEntry['type']): ApiListEntry {
	const type = ENTITY_TYPES[entry.entity_type ?? -1] ?? listType;
	const given = entry.entity && typeof entry.entity === 'object' ? entry.entity : {};
	const raw = { ...given, id: entry.entity_id };
	const entity =
		type === 'person'
			? personFromV1(raw as unknown as V1Person)
			: companyFromV1(raw as unknown as V1Organization);
	return {
		id: entry.id,
		type,
		listId: entry.list_id,
		createdAt: v1Time(entry.created_at) as string,
		creatorId: entry.creator_id,
		entity,
	};
}

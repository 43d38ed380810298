import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { asNodeError } from '../../helpers/nodeErrors';
import type { ApiListEntry } from '../../helpers/types';
import type { V1ListEntry } from '../../helpers/v1/listEntries';
import { affinityPaginate, affinityRequest } from '../../transport';
import { editionAllows } from '../../api/edition';

/**
 * A company or a person on a company or person list, for List Entry → Add and Create or Update:
 * finding the record's entry on the list and adding the record to it.
 */

export type ListedKind = 'company' | 'person';

const PLURAL: Record<ListedKind, string> = { company: 'companies', person: 'persons' };

/**
 * The record's entry on the list, as GET /v2/{companies|persons}/{id}/list-entries gives it (with
 * its list's fields), or undefined when it is not on the list. The record is often one an
 * earlier node has just created (Company → Find or Create): the transport reads it again while
 * API v2 does not show it yet (transport/recordLag.ts).
 */
export async function recordEntryOnList(
	this: IExecuteFunctions,
	kind: ListedKind,
	entityId: number,
	listId: number,
	itemIndex: number,
): Promise<(IDataObject & { id: number; listId: number; fields?: IDataObject[] }) | undefined> {
	type Entry = IDataObject & { id: number; listId: number; fields?: IDataObject[] };
	let found: Entry | undefined;
	try {
		await affinityPaginate.call(
			this,
			{
				method: 'GET',
				path: `/v2/${PLURAL[kind]}/${entityId}/list-entries`,
				subject: `${kind} with ID ${entityId}`,
				itemIndex,
			},
			{
				onPage: (page) => {
					found = (page.data as Entry[]).find((e) => e.listId === listId);
					return found === undefined;
				},
			},
		);
		return found;
	} catch (error) {
		throw asNodeError(this.getNode(), error, itemIndex);
	}
}

/** What adding sent and got: v2's entry on 2026-09-17 and later, v1's before it. */
export type AddedEntry =
	| { viaV2: true; entry: ApiListEntry }
	| { viaV2: false; entry: V1ListEntry };

/**
 * Adds the record to the list: POST /v2/lists/{listId}/list-entries (`ListEntryToBeCreated`,
 * 201 `ListEntryWithEntity`) on 2026-09-17 and later; before it v2 cannot add an entry, so
 * POST /lists/{list_id}/list-entries (API v1). `parameter` names the record's parameter in
 * Affinity's validation errors.
 */
export async function addRecordToList(
	this: IExecuteFunctions,
	add: {
		kind: ListedKind;
		entityId: number;
		listId: number;
		creatorId?: number;
		parameter?: string;
	},
	itemIndex: number,
): Promise<AddedEntry> {
	const { kind, entityId, listId, creatorId } = add;
	const parameter = add.parameter ?? (kind === 'person' ? 'Person' : 'Company');
	const checkWith = `Check with ${kind === 'person' ? 'Person' : 'Company'} → Get List Entries (${kind} ${entityId}) whether it is on list ${listId}`;
	if (await editionAllows.call(this, '2026-09-17', itemIndex)) {
		const body: IDataObject = { entity: { id: entityId } };
		if (creatorId !== undefined) body.creatorId = creatorId;
		const { body: created } = await affinityRequest.call(this, {
			method: 'POST',
			path: `/v2/lists/${listId}/list-entries`,
			body,
			subject: `list with ID ${listId}`,
			itemIndex,
			parameterNames: { entity: parameter, 'entity.id': parameter, creatorId: 'Created By' },
			checkWith,
			expect: 'record',
		});
		return { viaV2: true, entry: created as ApiListEntry };
	}
	const body: IDataObject = { entity_id: entityId };
	if (creatorId !== undefined) body.creator_id = creatorId;
	const { body: created } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'POST',
		path: `/lists/${listId}/list-entries`,
		body,
		subject: `list with ID ${listId}`,
		itemIndex,
		parameterNames: { entity_id: parameter, creator_id: 'Created By' },
		checkWith,
	});
	return { viaV2: false, entry: created as V1ListEntry };
}

import { forbidden, notFound, pathId } from '../../http';
import type { ListEntry } from '../../model';
import type { RouteContext } from '../../context';
import type { Router } from '../../router';
import { ID_START } from '../../seed';
import { v1ListEntry } from '../../v1Shapes';
import { holdFromV2, unprocessable, v1Body, v1Id } from './common';

/**
 * API v1 List Entries (https://api-docs.affinity.co/#list-entries): get, create and delete. A
 * person or company list may hold one entity several times; an opportunity list takes no
 * entries here (opportunities are created with POST /opportunities): 422. Deleting an entry
 * deletes its list-specific values, and on an opportunity list the opportunity too. Both are
 * told to webhooks (list_entry.created / .deleted).
 */
function listOf(ctx: RouteContext) {
	const listId = pathId(ctx.params.listId, 'list_id', 'int64');
	const list = ctx.store.lists.get(listId);
	if (!list) throw notFound(`List ${listId} not found`);
	if (!ctx.store.canSeeList(list, ctx.user.id))
		throw forbidden(`You do not have access to list ${listId}`);
	return list;
}

export function register(router: Router): void {
	router.post('/lists/:listId/list-entries', async (ctx) => {
		const list = listOf(ctx);
		const body = v1Body(await ctx.body(), ['entity_id', 'creator_id']);
		if (body.entity_id === undefined) throw unprocessable('entity_id is required', 'entity_id');
		const entityId = v1Id(body.entity_id, 'entity_id');
		if (list.type === 'opportunity')
			throw unprocessable(
				`List ${list.id} is an opportunity list: opportunities cannot be created using this endpoint; use POST /opportunities`,
				'entity_id',
			);
		if (!ctx.store.entityExists(list.type, entityId))
			throw unprocessable(
				`entity_id: there is no ${list.type === 'company' ? 'organization' : 'person'} ${entityId} for this ${list.type} list`,
				'entity_id',
			);
		let creatorId: number = ctx.user.id;
		if (body.creator_id !== undefined) {
			const personId = v1Id(body.creator_id, 'creator_id');
			const user = [...ctx.store.users.values()].find(
				(u) => u.personId === personId && u.status === 'active',
			);
			if (!user)
				throw unprocessable(
					`creator_id: person ${personId} is not a person who can access Affinity`,
					'creator_id',
				);
			creatorId = user.id;
		}
		const entry: ListEntry = {
			id: ctx.store.nextId('listEntry', ID_START.listEntry + 10_000_000),
			listId: list.id,
			entityType: list.type,
			entityId,
			createdAt: new Date().toISOString(),
			creatorId,
			values: new Map(),
		};
		holdFromV2(ctx, 'entry', entry.id);
		ctx.store.addEntry(entry);
		return { status: 200, body: v1ListEntry(ctx.store, entry) };
	});

	// "Get a Specific List Entry": v1 sees a write at once (v2 reads may lag it).
	router.get('/lists/:listId/list-entries/:listEntryId', (ctx) => {
		const list = listOf(ctx);
		const entryId = pathId(ctx.params.listEntryId, 'list_entry_id', 'int64');
		const entry = ctx.store.entries.get(entryId);
		if (!entry || entry.listId !== list.id)
			throw notFound(`List entry ${entryId} not found on list ${list.id}`);
		return { status: 200, body: v1ListEntry(ctx.store, entry) };
	});

	router.delete('/lists/:listId/list-entries/:listEntryId', (ctx) => {
		const list = listOf(ctx);
		const entryId = pathId(ctx.params.listEntryId, 'list_entry_id', 'int64');
		const entry = ctx.store.entries.get(entryId);
		if (!entry || entry.listId !== list.id)
			throw notFound(`List entry ${entryId} not found on list ${list.id}`);
		holdFromV2(ctx, 'entry', entry.id);
		if (entry.entityType === 'opportunity') holdFromV2(ctx, 'opportunity', entry.entityId);
		ctx.store.removeEntry(entry.id);
		if (entry.entityType === 'opportunity') ctx.store.opportunities.delete(entry.entityId);
		ctx.store.touch();
		return { status: 200, body: { success: true } };
	});
}

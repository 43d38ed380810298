import { notFound, pathId } from '../http';
import type { Router } from '../router';
import { listFieldUniverse, renderListEntry } from '../serialize';
import { definingValues, ok, paged, requirePermission, selectFields, visibleList } from './common';

const ENTRY_FIELD_TYPES = ['enriched', 'global', 'list', 'relationship-intelligence'] as const;

export function register(router: Router): void {
	router.get('/v2/lists/:listId/list-entries', (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
		const defining = ['fieldIds', 'fieldTypes'];
		const fields = selectFields(definingValues(ctx, defining), listFieldUniverse(ctx.store, list.id, list.type), [...ENTRY_FIELD_TYPES]) ?? [];
		const entries = ctx.store.entriesByList.get(list.id) ?? [];
		return paged(ctx, entries, (e) => e.id, (e) => renderListEntry(ctx.store, e, fields, ctx), { defining });
	});

	router.get('/v2/lists/:listId/list-entries/:listEntryId', (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		const entryId = pathId(ctx.params.listEntryId, 'listEntryId', 'int64');
		const entry = ctx.store.entries.get(entryId);
		if (!entry || entry.listId !== list.id) throw notFound(`List entry ${entryId} not found on list ${list.id}`);
		const values = { fieldIds: ctx.query.list('fieldIds'), fieldTypes: ctx.query.list('fieldTypes') };
		const fields = selectFields(values, listFieldUniverse(ctx.store, list.id, list.type), [...ENTRY_FIELD_TYPES]) ?? [];
		return ok(renderListEntry(ctx.store, entry, fields, ctx));
	});
}

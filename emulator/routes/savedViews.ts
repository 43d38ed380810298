import type { RouteContext } from '../context';
import { badRequest, notFound, pathId } from '../http';
import type { List, SavedView } from '../model';
import type { Router } from '../router';
import { listFieldUniverse, renderListEntry } from '../serialize';
import { ok, paged, requirePermission, visibleList } from './common';

function renderView(view: SavedView): Record<string, unknown> {
	return { id: view.id, name: view.name, type: view.type, createdAt: view.createdAt };
}

function viewOf(ctx: RouteContext, list: List): SavedView {
	const viewId = pathId(ctx.params.viewId, 'viewId', 'int64');
	const view = ctx.store.savedViews.get(viewId);
	if (!view || view.listId !== list.id)
		throw notFound(`Saved view ${viewId} not found on list ${list.id}`);
	return view;
}

export function register(router: Router): void {
	router.get('/v2/lists/:listId/saved-views', (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		const views = ctx.store
			.sortedIds(ctx.store.savedViews)
			.map((id) => ctx.store.savedViews.get(id) as SavedView)
			.filter((v) => v.listId === list.id);
		return paged(ctx, views, (v) => v.id, renderView);
	});

	router.get('/v2/lists/:listId/saved-views/:viewId', (ctx) =>
		ok(renderView(viewOf(ctx, visibleList(ctx, ctx.params.listId)))),
	);

	// The view's filters apply, its sorts do not; only its columns come back; sheet views only.
	router.get('/v2/lists/:listId/saved-views/:viewId/list-entries', (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
		const view = viewOf(ctx, list);
		if (view.type !== 'sheet')
			throw badRequest(
				`Saved view ${view.id} is a ${view.type} view; only sheet-type saved views are supported`,
			);
		const universe = listFieldUniverse(ctx.store, list.id, list.type);
		const fields = universe.filter((f) => view.fieldIds.includes(f.id));
		return paged(
			ctx,
			ctx.store.viewEntries(view),
			(e) => e.id,
			(e) => renderListEntry(ctx.store, e, fields, ctx),
		);
	});
}

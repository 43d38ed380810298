import type { List } from '../model';
import type { Router } from '../router';
import { listFieldUniverse } from '../serialize';
import { definingValues, ok, paged, visibleList } from './common';
import { fieldMetadataPage } from './support';

export function renderList(list: List, withType: boolean): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: list.id,
		name: list.name,
		isPublic: list.isPublic,
		ownerId: list.ownerId,
		creatorId: list.creatorId,
		createdAt: list.createdAt,
	};
	if (withType) out.type = list.type;
	return out;
}

export function register(router: Router): void {
	router.get('/v2/lists', (ctx) => {
		const term = definingValues(ctx, ['term']).term?.[0]?.toLowerCase();
		const lists = ctx.store
			.sortedIds(ctx.store.lists)
			.map((id) => ctx.store.lists.get(id) as List)
			.filter((l) => ctx.store.canSeeList(l, ctx.user.id))
			.filter((l) => !term || l.name.toLowerCase().includes(term));
		return paged(
			ctx,
			lists,
			(l) => l.id,
			(l) => renderList(l, true),
			{ defining: ['term'] },
		);
	});

	router.get('/v2/lists/:listId', (ctx) =>
		ok(renderList(visibleList(ctx, ctx.params.listId), true)),
	);

	router.get('/v2/lists/:listId/fields', (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		return fieldMetadataPage(ctx, listFieldUniverse(ctx.store, list.id, list.type));
	});
}

import { badRequest } from '../http';
import type { List } from '../model';
import type { Router } from '../router';
import { objectOf, oneOf, required, text } from './bodies';
import { requirePermission } from './common';
import { renderList } from './lists';

/** POST /v2/lists (ListToBeCreated): 201 with the ListWithType; a public list needs "Share accessible Lists globally". */
export function register(router: Router): void {
	router.post('/v2/lists', async (ctx) => {
		const body = objectOf(await ctx.body(), ['name', 'type', 'isPublic'], '');
		const name = text(required(body, 'name'), 'name', { min: 1, max: 255 });
		const type = oneOf(
			required(body, 'type'),
			['company', 'opportunity', 'person'] as const,
			'type',
		);
		if (body.isPublic !== undefined && typeof body.isPublic !== 'boolean')
			throw badRequest('isPublic must be true or false', 'isPublic');
		const isPublic = body.isPublic === true;
		if (isPublic)
			requirePermission(ctx.user.permissions.shareListsGlobally, 'Share accessible Lists globally');
		const list: List = {
			id: ctx.store.nextId('list', 101),
			name,
			type,
			isPublic,
			ownerId: ctx.user.id,
			creatorId: ctx.user.id,
			createdAt: new Date().toISOString(),
			sharedWith: [],
			fields: [],
		};
		ctx.store.addList(list);
		return { status: 201, body: renderList(list, true) };
	});
}

import type { RouteContext } from '../context';
import { forbidden, notFound, pathId } from '../http';
import type { Opportunity } from '../model';
import type { Router } from '../router';
import { renderOpportunity } from '../serialize';
import { definingValues, ok, paged, requirePermission } from './common';

/** Whether the caller can see the list an opportunity lives on (an opportunity is on one list). */
export function canSeeOpportunity(ctx: RouteContext, opportunity: Opportunity): boolean {
	const list = ctx.store.lists.get(opportunity.listId);
	return list !== undefined && ctx.store.canSeeList(list, ctx.user.id);
}

export function register(router: Router): void {
	router.get('/v2/opportunities', (ctx) => {
		requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
		const defining = ['ids'];
		const values = definingValues(ctx, defining);
		let ids = ctx.store.sortedIds(ctx.store.opportunities);
		if (values.ids?.length) {
			const wanted = new Set(values.ids.map((raw) => pathId(raw, 'ids', 'int64')));
			ids = ids.filter((id) => wanted.has(id));
		}
		const opportunities = ids
			.map((id) => ctx.store.opportunities.get(id) as Opportunity)
			.filter((o) => canSeeOpportunity(ctx, o));
		return paged(
			ctx,
			opportunities,
			(o) => o.id,
			(o) => renderOpportunity(ctx.store, o, ctx),
			{ defining },
		);
	});

	router.get('/v2/opportunities/:opportunityId', (ctx) => {
		requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
		const opportunityId = pathId(ctx.params.opportunityId, 'opportunityId', 'int64');
		const opportunity = ctx.store.opportunities.get(opportunityId);
		if (!opportunity) throw notFound(`Opportunity ${opportunityId} not found`);
		// The OpenAPI description gives this endpoint a 403: an opportunity on a list the caller
		// cannot see exists, but is forbidden (as the list itself is).
		if (!canSeeOpportunity(ctx, opportunity))
			throw forbidden(`You do not have access to opportunity ${opportunityId}`);
		return ok(renderOpportunity(ctx.store, opportunity, ctx));
	});
}

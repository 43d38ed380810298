import type { RouteContext } from '../context';
import { forbidden, notFound, pathId } from '../http';
import type { Opportunity } from '../model';
import type { Router } from '../router';
import { objectOf, text } from './bodies';
import { requirePermission } from './common';
import { canSeeOpportunity } from './opportunities';
import { entryOf, renderV1Opportunity } from './v1/opportunities';

/**
 * POST and DELETE /v2/opportunities/{opportunityId} (BETA, 2026-09-17): update the name
 * (OpportunityToBeUpdated, only what is given changes) and delete, 204 each. Both need "Export
 * data from Lists" and manage access: an opportunity on a list the caller cannot see, or a
 * restricted one the caller may not manage, is 403. They change the store v1's PUT and DELETE
 * /opportunities/{opportunity_id} change, with the same webhooks (opportunity.updated,
 * opportunity.deleted and list_entry.deleted); a delete removes the opportunity's list entry
 * with its values.
 */

function manageableOpportunity(ctx: RouteContext): Opportunity {
	requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
	const opportunityId = pathId(ctx.params.opportunityId, 'opportunityId', 'int64');
	const opportunity = ctx.store.opportunities.get(opportunityId);
	if (!opportunity) throw notFound(`Opportunity ${opportunityId} not found`);
	if (!canSeeOpportunity(ctx, opportunity))
		throw forbidden(`You do not have access to opportunity ${opportunityId}`);
	if (opportunity.restrictedTo && !opportunity.restrictedTo.includes(ctx.user.id))
		throw forbidden(`You cannot manage the restricted opportunity ${opportunityId}`);
	return opportunity;
}

export function register(router: Router): void {
	router.post('/v2/opportunities/:opportunityId', async (ctx) => {
		const opportunity = manageableOpportunity(ctx);
		const body = objectOf(await ctx.body(), ['name'], '');
		if (body.name === undefined) return { status: 204 };
		opportunity.name = text(body.name, 'name', { min: 1, max: 255 });
		ctx.store.touch();
		const rendered = renderV1Opportunity(ctx, opportunity);
		ctx.store.announce('opportunity.updated', () => rendered);
		return { status: 204 };
	});

	router.delete('/v2/opportunities/:opportunityId', (ctx) => {
		const opportunity = manageableOpportunity(ctx);
		const rendered = renderV1Opportunity(ctx, opportunity);
		const entry = entryOf(ctx, opportunity);
		if (entry) ctx.store.removeEntry(entry.id);
		ctx.store.opportunities.delete(opportunity.id);
		ctx.store.touch();
		ctx.store.announce('opportunity.deleted', () => rendered);
		return { status: 204 };
	});
}

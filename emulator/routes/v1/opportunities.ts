import { forbidden } from '../../http';
import type { ListEntry, Opportunity } from '../../model';
import type { RouteContext } from '../../context';
import type { Router } from '../../router';
import { ID_START } from '../../seed';
import { canSeeOpportunity } from '../opportunities';
import { holdFromV2, unprocessable, V1_ENTITY_TYPE } from './common';
import { given, payloadOf, v1Ids, v1Integer, v1PathRecord, v1Required, v1Text } from './payload';

/**
 * API v1 opportunities (POST /opportunities, GET, PUT and DELETE /opportunities/{opportunity_id})
 * on the store v2 reads: an opportunity lives on one opportunity list with one list entry, so a
 * create adds both (v2 lists it and its entry) and a delete removes both with the entry's values.
 * Webhooks: opportunity.created / updated / deleted, and list_entry.created / deleted.
 */

export function entryOf(ctx: RouteContext, opportunity: Opportunity): ListEntry | undefined {
	return ctx.store.entriesByList
		.get(opportunity.listId)
		?.find((e) => e.entityType === 'opportunity' && e.entityId === opportunity.id);
}

export function v1ListEntry(entry: ListEntry): Record<string, unknown> {
	return {
		id: entry.id,
		creator_id: entry.creatorId,
		list_id: entry.listId,
		entity_id: entry.entityId,
		entity_type: V1_ENTITY_TYPE[entry.entityType],
		created_at: entry.createdAt,
	};
}

/** The Opportunity resource; `list_entries` is empty when the caller cannot see the list. */
export function renderV1Opportunity(
	ctx: RouteContext,
	opportunity: Opportunity,
): Record<string, unknown> {
	const entry = canSeeOpportunity(ctx, opportunity) ? entryOf(ctx, opportunity) : undefined;
	return {
		id: opportunity.id,
		name: opportunity.name,
		person_ids: [...(opportunity.personIds ?? [])],
		organization_ids: [...(opportunity.companyIds ?? [])],
		list_entries: entry ? [v1ListEntry(entry)] : [],
	};
}

function opportunityOf(ctx: RouteContext): Opportunity {
	const opportunity = v1PathRecord(
		ctx.params.opportunityId,
		'opportunity_id',
		ctx.store.opportunities,
		'Opportunity',
	);
	if (!canSeeOpportunity(ctx, opportunity))
		throw forbidden(`You do not have access to opportunity ${opportunity.id}`);
	if (opportunity.restrictedTo && !opportunity.restrictedTo.includes(ctx.user.id))
		throw forbidden(`You cannot manage the restricted opportunity ${opportunity.id}`);
	return opportunity;
}

export function register(router: Router): void {
	router.post('/opportunities', async (ctx) => {
		const body = payloadOf(await ctx.body(), ['name', 'list_id', 'person_ids', 'organization_ids']);
		const name = v1Text(v1Required(body, 'name'), 'name', true);
		const listId = v1Integer(v1Required(body, 'list_id'), 'list_id');
		const list = ctx.store.lists.get(listId);
		if (!list || !ctx.store.canSeeList(list, ctx.user.id))
			throw unprocessable(`List ${listId} does not exist or you cannot see it`, 'list_id');
		if (list.type !== 'opportunity')
			throw unprocessable(
				`List ${listId} is a ${list.type} list; an opportunity needs a list of type opportunity`,
				'list_id',
			);
		const personIds = given(body, 'person_ids')
			? v1Ids(ctx.store, 'person', body.person_ids, 'person_ids')
			: [];
		const companyIds = given(body, 'organization_ids')
			? v1Ids(ctx.store, 'company', body.organization_ids, 'organization_ids')
			: [];
		const opportunity: Opportunity = {
			id: ctx.store.nextId('opportunity', ID_START.opportunity),
			name,
			listId,
			personIds,
			companyIds,
		};
		holdFromV2(ctx, 'opportunity', opportunity.id);
		ctx.store.opportunities.set(opportunity.id, opportunity);
		const rendered = renderV1Opportunity(ctx, opportunity);
		ctx.store.announce('opportunity.created', () => rendered);
		const entry: ListEntry = {
			id: ctx.store.nextId('listEntry', ID_START.listEntry),
			listId,
			entityType: 'opportunity',
			entityId: opportunity.id,
			createdAt: new Date().toISOString(),
			creatorId: ctx.user.id,
			values: new Map(),
		};
		holdFromV2(ctx, 'entry', entry.id);
		ctx.store.addEntry(entry);
		return { status: 200, body: renderV1Opportunity(ctx, opportunity) };
	});

	router.get('/opportunities/:opportunityId', (ctx) => {
		const opportunity = v1PathRecord(
			ctx.params.opportunityId,
			'opportunity_id',
			ctx.store.opportunities,
			'Opportunity',
		);
		if (!canSeeOpportunity(ctx, opportunity))
			throw forbidden(`You do not have access to opportunity ${opportunity.id}`);
		return { status: 200, body: renderV1Opportunity(ctx, opportunity) };
	});

	router.put('/opportunities/:opportunityId', async (ctx) => {
		const opportunity = opportunityOf(ctx);
		const body = payloadOf(await ctx.body(), ['name', 'person_ids', 'organization_ids']);
		const name = given(body, 'name') ? v1Text(body.name, 'name', true) : undefined;
		const personIds = given(body, 'person_ids')
			? v1Ids(ctx.store, 'person', body.person_ids, 'person_ids')
			: undefined;
		const companyIds = given(body, 'organization_ids')
			? v1Ids(ctx.store, 'company', body.organization_ids, 'organization_ids')
			: undefined;
		// Everything is checked before anything changes: a refused update changes nothing.
		holdFromV2(ctx, 'opportunity', opportunity.id);
		if (name !== undefined) opportunity.name = name;
		if (personIds) opportunity.personIds = personIds;
		if (companyIds) opportunity.companyIds = companyIds;
		ctx.store.touch();
		const rendered = renderV1Opportunity(ctx, opportunity);
		ctx.store.announce('opportunity.updated', () => rendered);
		return { status: 200, body: rendered };
	});

	router.delete('/opportunities/:opportunityId', (ctx) => {
		const opportunity = opportunityOf(ctx);
		const rendered = renderV1Opportunity(ctx, opportunity);
		const entry = entryOf(ctx, opportunity);
		holdFromV2(ctx, 'opportunity', opportunity.id);
		if (entry) holdFromV2(ctx, 'entry', entry.id);
		// v1: "This will also delete all the field values, if any, associated with the opportunity."
		if (entry) ctx.store.removeEntry(entry.id);
		ctx.store.opportunities.delete(opportunity.id);
		ctx.store.touch();
		ctx.store.announce('opportunity.deleted', () => rendered);
		return { status: 200, body: { success: true } };
	});
}

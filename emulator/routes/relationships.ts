import { compileFilter, parseFilter, type FilterProperties } from '../filter';
import { badRequest, notFound, pathId } from '../http';
import type { InferredTarget, Relationship } from '../model';
import type { RouteContext } from '../context';
import type { Router } from '../router';
import type { Store } from '../store';
import { definingValues, paged } from './common';
import { boolValue, enumValues, filterFrom } from './support';

/**
 * Relationships (GET /v2/companies/{companyId}/relationships, /v2/persons/{personId}/
 * relationships; RelationshipsPaged) and inferred connections (GET /v2/inferred-connections/
 * coworkers, /investor-executive-connections, BETA; *ConnectionGroupsPaged).
 */

const RELATIONSHIP_FILTER: FilterProperties<Relationship> = {
	interactionScore: {
		kind: 'number',
		operators: ['>', '<', '>=', '<='],
		get: (r) => r.interactionScore,
	},
};

function relationshipPerson(store: Store, id: number): Record<string, unknown> {
	const person = store.persons.get(id);
	return {
		id,
		firstName: person?.firstName ?? null,
		lastName: person?.lastName ?? null,
		primaryEmailAddress: person?.primaryEmailAddress ?? null,
	};
}

function renderRelationship(store: Store, r: Relationship): Record<string, unknown> {
	return {
		person1: relationshipPerson(store, r.personIds[0]),
		person2: relationshipPerson(store, r.personIds[1]),
		interactionScore: r.interactionScore,
		linkedIn: r.linkedInConnectedOn ? { connectedOn: r.linkedInConnectedOn } : null,
	};
}

/** A page of relationships: `filter` on interactionScore, `orderBy` (default -interactionScore), 20 a page. */
function relationshipsPage(ctx: RouteContext, relationships: Relationship[]) {
	const defining = ['filter', 'orderBy', 'totalCount'];
	const values = definingValues(ctx, defining);
	const orderBy = enumValues(values.orderBy, ['interactionScore', '-interactionScore'], 'orderBy');
	if (orderBy.size > 1)
		throw badRequest('orderBy takes one of interactionScore, -interactionScore', 'orderBy');
	const ascending = orderBy.has('interactionScore');
	const test = filterFrom(values.filter?.[0], RELATIONSHIP_FILTER);
	const sorted = relationships
		.filter((r) => !test || test(r))
		.sort(
			(a, b) =>
				(ascending
					? a.interactionScore - b.interactionScore
					: b.interactionScore - a.interactionScore) ||
				a.personIds[0] - b.personIds[0] ||
				a.personIds[1] - b.personIds[1],
		);
	const position = new Map(sorted.map((r, i) => [r, i + 1]));
	return paged(
		ctx,
		sorted,
		(r) => position.get(r) as number,
		(r) => renderRelationship(ctx.store, r),
		{
			defining,
			totalCount: boolValue(values, 'totalCount'),
			defaultLimit: 20,
		},
	);
}

function companyRef(store: Store, id: number): Record<string, unknown> {
	const company = store.companies.get(id);
	return { id, name: company?.name ?? null, domain: company?.domain ?? null };
}

function renderGroup(store: Store, target: InferredTarget): Record<string, unknown> {
	return {
		target: {
			fullName: target.fullName,
			title: target.title,
			linkedinUrl: target.linkedinUrl,
			currentCompany: companyRef(store, target.currentCompanyId),
		},
		connections: target.connections.slice(0, 50).map((c) => {
			const source = relationshipPerson(store, c.sourcePersonId);
			if (target.kind === 'coworker') {
				return {
					source,
					inference: {
						sharedEmployer: companyRef(store, c.sharedEmployerId),
						overlapStartDate: c.startDate,
						overlapEndDate: c.endDate,
					},
				};
			}
			const firm = c.investingFirmId === null ? null : companyRef(store, c.investingFirmId);
			const portfolio = companyRef(store, c.sharedEmployerId);
			return {
				source,
				inference: { investingFirm: firm, portfolioCompany: portfolio },
				dealContext: {
					fundingEvent: {
						date: c.endDate,
						series: c.series,
						amount: c.amount,
						currencyCode: c.amount === null ? null : 'USD',
					},
					investor: {
						title: 'Partner',
						startDate: c.startDate,
						endDate: null,
						company: firm ?? portfolio,
					},
					executive: {
						title: target.title,
						startDate: c.startDate,
						endDate: c.endDate,
						company: portfolio,
					},
				},
			};
		}),
	};
}

/** The one company `target.currentCompany.id = <id>` names; anything else is a 400. */
function currentCompanyOf(raw: string | undefined): number {
	if (raw === undefined || raw.trim() === '')
		throw badRequest('filter is required: target.currentCompany.id=<company id>', 'filter');
	compileFilter(raw, {
		'target.currentCompany.id': { kind: 'reference', operators: ['='], get: () => undefined },
	});
	const node = parseFilter(raw);
	if (node.kind !== 'compare' || node.operand.kind !== 'scalar')
		throw badRequest(
			'filter must name exactly one company: target.currentCompany.id=<company id>',
			'filter',
		);
	return Number(node.operand.text);
}

export function register(router: Router): void {
	router.get('/v2/companies/:companyId/relationships', (ctx) => {
		const companyId = pathId(ctx.params.companyId, 'companyId', 'int64');
		if (!ctx.store.companies.has(companyId)) throw notFound(`Company ${companyId} not found`);
		return relationshipsPage(
			ctx,
			ctx.store.relationships.filter((r) => r.companyIds.includes(companyId)),
		);
	});

	router.get('/v2/persons/:personId/relationships', (ctx) => {
		const personId = pathId(ctx.params.personId, 'personId', 'int64');
		if (!ctx.store.persons.has(personId)) throw notFound(`Person ${personId} not found`);
		return relationshipsPage(
			ctx,
			ctx.store.relationships.filter((r) => r.personIds.includes(personId)),
		);
	});

	for (const [path, kind] of [
		['/v2/inferred-connections/coworkers', 'coworker'],
		['/v2/inferred-connections/investor-executive-connections', 'investor-executive'],
	] as const) {
		router.get(path, (ctx) => {
			const defining = ['filter', 'totalCount'];
			const values = definingValues(ctx, defining);
			const companyId = currentCompanyOf(values.filter?.[0]);
			if (!ctx.store.companies.has(companyId)) throw notFound(`Company ${companyId} not found`);
			const targets = ctx.store.inferredTargets
				.filter((t) => t.kind === kind && t.currentCompanyId === companyId)
				.sort((a, b) => b.connections[0].strength - a.connections[0].strength);
			const position = new Map(targets.map((t, i) => [t, i + 1]));
			return paged(
				ctx,
				targets,
				(t) => position.get(t) as number,
				(t) => renderGroup(ctx.store, t),
				{
					defining,
					totalCount: boolValue(values, 'totalCount'),
					defaultLimit: 20,
					maxLimit: 50,
				},
			);
		});
	}
}

import type { FilterProperties } from '../filter';
import { notFound, pathId } from '../http';
import type { Note } from '../model';
import type { RouteContext } from '../context';
import type { Router } from '../router';
import { definingValues, paged } from './common';
import { renderList } from './lists';
import { canSeeNote, renderNote } from './notes';
import { canSeeOpportunity } from './opportunities';
import { boolValue, filterFrom, visibleListsOf } from './support';

/**
 * The notes of a company, person or opportunity (GET /v2/companies/{companyId}/notes,
 * /v2/persons/{personId}/notes, /v2/opportunities/{opportunityId}/notes; notes.NotesPaged) and a
 * person's lists (GET /v2/persons/{personId}/lists; ListPaged). A company's notes are those
 * attached to it and those attached to the persons who work there (their current
 * organizations); replies are not notes of an entity.
 */

const TIME_OPERATORS = ['>', '<', '>=', '<='] as const;

const ENTITY_NOTE_FILTER: FilterProperties<Note> = {
	'creator.id': { kind: 'reference', operators: ['='], get: (n) => n.creatorPersonId },
	createdAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (n) => n.createdAt },
	updatedAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (n) => n.updatedAt },
};

const CURRENT_ORGANIZATIONS = 'affinity-data-current-organization';

function worksAt(ctx: RouteContext, personId: number, companyId: number): boolean {
	const data = ctx.store.persons.get(personId)?.values.get(CURRENT_ORGANIZATIONS)?.data;
	return (
		Array.isArray(data) && (data as Array<{ id?: number }>).some((ref) => ref?.id === companyId)
	);
}

function notesPage(ctx: RouteContext, belongs: (note: Note) => boolean) {
	const defining = ['filter', 'totalCount'];
	const values = definingValues(ctx, defining);
	const test = filterFrom(values.filter?.[0], ENTITY_NOTE_FILTER);
	const notes = ctx.store
		.sortedIds(ctx.store.notes)
		.map((id) => ctx.store.notes.get(id) as Note)
		.filter(
			(n) => n.parentId === undefined && belongs(n) && canSeeNote(ctx, n) && (!test || test(n)),
		);
	return paged(
		ctx,
		notes,
		(n) => n.id,
		(n) => renderNote(ctx, n),
		{
			defining,
			totalCount: boolValue(values, 'totalCount'),
			minLimit: 0,
			defaultLimit: 20,
		},
	);
}

export function register(router: Router): void {
	router.get('/v2/companies/:companyId/notes', (ctx) => {
		const companyId = pathId(ctx.params.companyId, 'companyId', 'int64');
		if (!ctx.store.companies.has(companyId)) throw notFound(`Company ${companyId} not found`);
		return notesPage(
			ctx,
			(n) =>
				n.companyIds.includes(companyId) || n.personIds.some((p) => worksAt(ctx, p, companyId)),
		);
	});

	router.get('/v2/persons/:personId/notes', (ctx) => {
		const personId = pathId(ctx.params.personId, 'personId', 'int64');
		if (!ctx.store.persons.has(personId)) throw notFound(`Person ${personId} not found`);
		return notesPage(ctx, (n) => n.personIds.includes(personId));
	});

	router.get('/v2/opportunities/:opportunityId/notes', (ctx) => {
		const opportunityId = pathId(ctx.params.opportunityId, 'opportunityId', 'int64');
		const opportunity = ctx.store.opportunities.get(opportunityId);
		if (!opportunity || !canSeeOpportunity(ctx, opportunity))
			throw notFound(`Opportunity ${opportunityId} not found`);
		return notesPage(ctx, (n) => n.opportunityIds.includes(opportunityId));
	});

	router.get('/v2/persons/:personId/lists', (ctx) => {
		const personId = pathId(ctx.params.personId, 'personId', 'int64');
		if (!ctx.store.persons.has(personId)) throw notFound(`Person ${personId} not found`);
		return paged(
			ctx,
			visibleListsOf(ctx, 'person', personId),
			(l) => l.id,
			(l) => renderList(l, false),
		);
	});
}

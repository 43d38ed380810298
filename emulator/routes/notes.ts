import type { RouteContext } from '../context';
import type { FilterProperties } from '../filter';
import { notFound, pathId } from '../http';
import type { Note, Opportunity } from '../model';
import type { Router } from '../router';
import { ASSOCIATION_LIMIT, companyData, personData, renderOpportunity } from '../serialize';
import type { Store } from '../store';
import { definingValues, ok, paged } from './common';
import { canSeeOpportunity } from './opportunities';
import { boolValue, enumValues, filterFrom } from './support';
import { isAtLeast } from '../versions';

/**
 * Notes (GET /v2/notes, /v2/notes/{noteId}, /v2/notes/{noteId}/replies and the entity notes
 * pages; shapes per the OpenAPI notes.* schemas). Visibility follows the note's
 * sharing (a reply's follows its root note): notes the caller cannot access are left out of every
 * page, and direct access answers 404, because the OpenAPI description gives the note endpoints
 * no 403 response (400 and 404 only); a 404 also does not reveal that the note exists.
 */

const NOTE_INCLUDES = [
	'companiesPreview',
	'personsPreview',
	'opportunitiesPreview',
	'repliesCount',
] as const;
const REPLY_TYPES = new Set<Note['type']>(['user-reply', 'ai-notetaker-reply']);
/** Page sizes of the note endpoints: 0..100, default 20 (the note endpoints' `limit` parameter). */
const NOTE_PAGING = { minLimit: 0, defaultLimit: 20 };

const isReply = (note: Note) => REPLY_TYPES.has(note.type);

/** The root note a note belongs to (itself for a root note). */
function rootOf(store: Store, note: Note): Note {
	return note.parentId !== undefined ? (store.notes.get(note.parentId) ?? note) : note;
}

export function canSeeNote(ctx: RouteContext, note: Note): boolean {
	return ctx.store.canSeeNote(rootOf(ctx.store, note), ctx.user.id);
}

function noteOf(ctx: RouteContext): Note {
	const noteId = pathId(ctx.params.noteId, 'noteId', 'int32');
	const note = ctx.store.notes.get(noteId);
	if (!note || !canSeeNote(ctx, note)) throw notFound(`Note ${noteId} not found`);
	return note;
}

function person(store: Store, id: number): Record<string, unknown> {
	return personData(store.persons.get(id), id);
}

function repliesOf(store: Store, note: Note): Note[] {
	if (isReply(note)) return [];
	return store
		.sortedIds(store.notes)
		.map((id) => store.notes.get(id) as Note)
		.filter((n) => n.parentId === note.id);
}

const byId = (a: number, b: number) => a - b;

function attachedOpportunities(ctx: RouteContext, note: Note): Opportunity[] {
	return [...note.opportunityIds]
		.sort(byId)
		.map((id) => ctx.store.opportunities.get(id))
		.filter((o): o is Opportunity => o !== undefined && canSeeOpportunity(ctx, o));
}

function preview<T>(
	items: T[],
	render: (item: T) => unknown,
): { data: unknown[]; totalCount: number } {
	return { data: items.slice(0, ASSOCIATION_LIMIT).map(render), totalCount: items.length };
}

/** A note in the API's shape (notes.Note): the variant by `type`, plus what `includes` asks for. */
export function renderNote(
	ctx: RouteContext,
	note: Note,
	includes: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
	const { store } = ctx;
	const out: Record<string, unknown> = {
		id: note.id,
		type: note.type,
		content: { html: note.html },
		creator: person(store, note.creatorPersonId),
		// Mention ids are the note's id and the mention's place in it: stable and unique.
		mentions: note.mentionedPersonIds.slice(0, 100).map((personId, i) => ({
			id: note.id * 100 + i + 1,
			type: 'person',
			person: person(store, personId),
		})),
		createdAt: note.createdAt,
		updatedAt: note.updatedAt,
	};
	if (note.parentId !== undefined) out.parent = { id: note.parentId };
	if (note.type === 'interaction' && note.interaction)
		out.interaction = { id: note.interaction.id, type: note.interaction.type };
	if (note.type === 'ai-notetaker' || note.type === 'ai-notetaker-reply') {
		// From 2026-09-17 null once the transcript is deleted (DELETE /v2/transcripts/{transcriptId});
		// 2026-07-15 declares an integer.
		if (note.transcriptId !== undefined)
			out.transcriptId =
				isAtLeast(ctx.version, '2026-09-17') && !store.transcripts.has(note.transcriptId)
					? null
					: note.transcriptId;
		if (note.interaction?.type === 'meeting')
			out.interaction = { id: note.interaction.id, type: 'meeting' };
	}
	if (!isReply(note)) {
		const owner = store.users.get(note.ownerUserId);
		out.permissions = {
			sharingType: note.sharingType,
			owner: person(store, owner?.personId ?? note.creatorPersonId),
		};
		if (includes.has('companiesPreview'))
			out.companiesPreview = preview([...note.companyIds].sort(byId), (id) =>
				companyData(store.companies.get(id), id),
			);
		if (includes.has('personsPreview'))
			out.personsPreview = preview([...note.personIds].sort(byId), (id) => person(store, id));
		if (includes.has('opportunitiesPreview'))
			out.opportunitiesPreview = preview(attachedOpportunities(ctx, note), (o) =>
				renderOpportunity(ctx.store, o, ctx),
			);
		if (includes.has('repliesCount')) out.repliesCount = repliesOf(store, note).length;
	}
	return out;
}

const TIME_OPERATORS = ['>', '<', '>=', '<='] as const;

/** Filter properties and operators exactly as the OpenAPI description lists them. */
const NOTE_FILTER: FilterProperties<Note> = {
	id: { kind: 'reference', operators: ['='], get: (n) => n.id },
	'creator.id': { kind: 'reference', operators: ['='], get: (n) => n.creatorPersonId },
	createdAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (n) => n.createdAt },
	updatedAt: { kind: 'datetime', operators: TIME_OPERATORS, get: (n) => n.updatedAt },
};
/** Replies filter on the same properties but id. */
const REPLY_FILTER: FilterProperties<Note> = {
	'creator.id': NOTE_FILTER['creator.id'],
	createdAt: NOTE_FILTER.createdAt,
	updatedAt: NOTE_FILTER.updatedAt,
};

export function register(router: Router): void {
	router.get('/v2/notes', (ctx) => {
		const defining = ['filter', 'includes', 'totalCount'];
		const values = definingValues(ctx, defining);
		const includes = enumValues(values.includes, NOTE_INCLUDES, 'includes');
		const test = filterFrom(values.filter?.[0], NOTE_FILTER);
		const notes = ctx.store
			.sortedIds(ctx.store.notes)
			.map((id) => ctx.store.notes.get(id) as Note)
			.filter((n) => !isReply(n) && canSeeNote(ctx, n) && (!test || test(n)));
		return paged(
			ctx,
			notes,
			(n) => n.id,
			(n) => renderNote(ctx, n, includes),
			{ defining, totalCount: boolValue(values, 'totalCount'), ...NOTE_PAGING },
		);
	});

	router.get('/v2/notes/:noteId', (ctx) => {
		const note = noteOf(ctx);
		return ok(
			renderNote(ctx, note, enumValues(ctx.query.list('includes'), NOTE_INCLUDES, 'includes')),
		);
	});

	router.get('/v2/notes/:noteId/replies', (ctx) => {
		const note = noteOf(ctx);
		const defining = ['filter', 'totalCount'];
		const values = definingValues(ctx, defining);
		const test = filterFrom(values.filter?.[0], REPLY_FILTER);
		const replies = repliesOf(ctx.store, note).filter((r) => !test || test(r));
		return paged(
			ctx,
			replies,
			(r) => r.id,
			(r) => renderNote(ctx, r),
			{ defining, totalCount: boolValue(values, 'totalCount'), ...NOTE_PAGING },
		);
	});

	router.get('/v2/notes/:noteId/attached-companies', (ctx) => {
		const note = noteOf(ctx);
		const values = definingValues(ctx, ['totalCount']);
		const ids = [...note.companyIds].sort(byId);
		return paged(
			ctx,
			ids,
			(id) => id,
			(id) => companyData(ctx.store.companies.get(id), id),
			{
				defining: ['totalCount'],
				totalCount: boolValue(values, 'totalCount'),
				...NOTE_PAGING,
			},
		);
	});

	router.get('/v2/notes/:noteId/attached-persons', (ctx) => {
		const note = noteOf(ctx);
		const values = definingValues(ctx, ['totalCount']);
		const ids = [...note.personIds].sort(byId);
		return paged(
			ctx,
			ids,
			(id) => id,
			(id) => person(ctx.store, id),
			{ defining: ['totalCount'], totalCount: boolValue(values, 'totalCount'), ...NOTE_PAGING },
		);
	});

	router.get('/v2/notes/:noteId/attached-opportunities', (ctx) => {
		const note = noteOf(ctx);
		const values = definingValues(ctx, ['totalCount']);
		return paged(
			ctx,
			attachedOpportunities(ctx, note),
			(o) => o.id,
			(o) => renderOpportunity(ctx.store, o, ctx),
			{
				defining: ['totalCount'],
				totalCount: boolValue(values, 'totalCount'),
				...NOTE_PAGING,
			},
		);
	});
}

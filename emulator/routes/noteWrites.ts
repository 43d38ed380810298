import { badRequest, forbidden, notFound, pathId } from '../http';
import type { InteractionData, Note } from '../model';
import { normalizeNoteHtml, refusedNoteHtml } from '../noteHtml';
import type { RouteContext } from '../context';
import type { Router } from '../router';
import type { Store } from '../store';
import {
	dateTime,
	isObject,
	integer,
	objectOf,
	oneOf,
	reference,
	references,
	required,
	type Body,
} from './bodies';
import { canSeeNote, renderNote } from './notes';

/**
 * Note writes (POST /v2/notes, POST /v2/notes/{noteId}, DELETE /v2/notes/{noteId}; bodies
 * notes.NoteToBeCreated and notes.NoteToBeUpdated). A note the caller cannot see is 404, as on
 * the reads; one it can see but not write is 403: only its creator (or owner) may update it,
 * only its creator may delete it.
 */

const ASSOCIATIONS = ['persons', 'companies', 'opportunities'] as const;
const KIND = { persons: 'person', companies: 'company', opportunities: 'opportunity' } as const;
const REPLY_TYPES = new Set<Note['type']>(['user-reply', 'ai-notetaker-reply']);
const INTERACTION_TYPES = ['meeting', 'call', 'chat-message'] as const;

function contentHtml(value: unknown, param: string): string {
	const content = objectOf(value, ['html'], param, 'content {"html": ...}');
	const html = required(content, 'html', param);
	if (typeof html !== 'string' || html.trim() === '')
		throw badRequest('content.html must be a non-empty string', `${param}.html`);
	const refused = refusedNoteHtml(html);
	if (refused) throw badRequest(refused, `${param}.html`);
	return normalizeNoteHtml(html);
}

/** A meeting, call or chat message of the account (interactions.Meeting, .Call, .ChatMessage). */
function interactionOf(
	store: Store,
	type: InteractionData['type'],
	id: number,
): InteractionData | undefined {
	const found = store.interactions.get(id);
	if (!found || found.type !== type) return undefined;
	return { type, id, participantPersonIds: found.personIds };
}

function creatorOf(ctx: RouteContext, body: Body): number {
	if (body.creator === undefined) return ctx.user.personId;
	const personId = reference(body.creator, 'creator');
	const person = ctx.store.persons.get(personId);
	const user = [...ctx.store.users.values()].find((u) => u.personId === personId);
	if (!person || person.type !== 'internal' || user?.status !== 'active') {
		throw badRequest(
			`Person ${personId} is not an active internal person of your organization`,
			'creator.id',
		);
	}
	return personId;
}

function mayWrite(ctx: RouteContext, note: Note): boolean {
	return note.creatorPersonId === ctx.user.personId || note.ownerUserId === ctx.user.id;
}

function visibleNote(ctx: RouteContext): Note {
	const noteId = pathId(ctx.params.noteId, 'noteId', 'int32');
	const note = ctx.store.notes.get(noteId);
	if (!note || !canSeeNote(ctx, note)) throw notFound(`Note ${noteId} not found`);
	return note;
}

function create(ctx: RouteContext, raw: unknown): Note {
	if (!isObject(raw)) throw badRequest('Expected a JSON object', 'body');
	const type = oneOf(
		required(raw, 'type'),
		['entities', 'interaction', 'user-reply'] as const,
		'type',
	);
	const allowed = [
		'type',
		'content',
		'creator',
		'createdAt',
		...(type === 'user-reply' ? ['parent'] : ASSOCIATIONS),
		...(type === 'interaction' ? ['interaction'] : []),
	];
	const body = objectOf(raw, allowed, '');
	const html = contentHtml(required(body, 'content'), 'content');
	const creatorPersonId = creatorOf(ctx, body);
	const createdAt =
		body.createdAt === undefined ? new Date().toISOString() : dateTime(body.createdAt, 'createdAt');
	const ids = { persons: [] as number[], companies: [] as number[], opportunities: [] as number[] };
	for (const key of ASSOCIATIONS)
		if (body[key] !== undefined) ids[key] = references(ctx.store, KIND[key], body[key], key);
	const note: Note = {
		id: 0,
		type,
		html,
		creatorPersonId,
		mentionedPersonIds: [],
		createdAt,
		updatedAt: null,
		personIds: ids.persons,
		companyIds: ids.companies,
		opportunityIds: ids.opportunities,
		sharingType: 'public',
		visibleTo: [],
		ownerUserId: ctx.user.id,
	};
	if (type === 'entities' && !ASSOCIATIONS.some((key) => ids[key].length)) {
		throw badRequest(
			'A note of type entities needs at least one of persons, companies or opportunities',
			'persons',
		);
	}
	if (type === 'interaction') {
		const ref = objectOf(required(body, 'interaction'), ['type', 'id'], 'interaction');
		const kind = oneOf(required(ref, 'type', 'interaction'), INTERACTION_TYPES, 'interaction.type');
		const id = integer(required(ref, 'id', 'interaction'), 'interaction.id');
		const interaction = interactionOf(ctx.store, kind, id);
		if (!interaction)
			throw notFound(
				`${kind === 'chat-message' ? 'Chat message' : kind === 'call' ? 'Call' : 'Meeting'} ${id} not found`,
			);
		note.interaction = interaction;
	}
	if (type === 'user-reply') {
		const parentId = reference(required(body, 'parent'), 'parent');
		if (parentId > 2147483647)
			throw badRequest('parent.id must be an integer between 1 and 2147483647', 'parent.id');
		const parent = ctx.store.notes.get(parentId);
		if (!parent || !canSeeNote(ctx, parent)) throw notFound(`Note ${parentId} not found`);
		if (REPLY_TYPES.has(parent.type))
			throw badRequest(`Note ${parentId} is a reply; replies are made to root notes`, 'parent.id');
		Object.assign(note, {
			parentId,
			sharingType: parent.sharingType,
			visibleTo: parent.visibleTo,
			ownerUserId: parent.ownerUserId,
		});
	}
	return note;
}

export function register(router: Router): void {
	router.post('/v2/notes', async (ctx) => {
		const note = create(ctx, await ctx.body());
		note.id = ctx.store.nextId('note', 400_001);
		ctx.store.notes.set(note.id, note);
		ctx.store.touch();
		return { status: 201, body: renderNote(ctx, note) };
	});

	router.post('/v2/notes/:noteId', async (ctx) => {
		const note = visibleNote(ctx);
		const body = objectOf(await ctx.body(), ['content', ...ASSOCIATIONS], '');
		if (!mayWrite(ctx, note)) throw forbidden(`You do not have write access to note ${note.id}`);
		const reply = REPLY_TYPES.has(note.type);
		for (const key of ASSOCIATIONS) {
			if (body[key] !== undefined && reply)
				throw badRequest(`Note ${note.id} is a reply; replies have no ${key}`, key);
		}
		const html = body.content === undefined ? undefined : contentHtml(body.content, 'content');
		if (html !== undefined && note.mentionedPersonIds.length) {
			throw badRequest(
				`Note ${note.id} contains mentions; its content cannot be updated through the API`,
				'content',
			);
		}
		const ids: Partial<Record<(typeof ASSOCIATIONS)[number], number[]>> = {};
		for (const key of ASSOCIATIONS)
			if (body[key] !== undefined) ids[key] = references(ctx.store, KIND[key], body[key], key);
		// Everything checked: apply (omitted: unchanged, []: cleared, a list: replaces).
		if (html !== undefined) note.html = html;
		if (ids.persons) note.personIds = ids.persons;
		if (ids.companies) note.companyIds = ids.companies;
		if (ids.opportunities) note.opportunityIds = ids.opportunities;
		note.updatedAt = new Date().toISOString();
		ctx.store.touch();
		return { status: 204 };
	});

	router.delete('/v2/notes/:noteId', (ctx) => {
		const note = visibleNote(ctx);
		if (note.creatorPersonId !== ctx.user.personId)
			throw forbidden(`Only the creator of note ${note.id} can delete it`);
		ctx.store.notes.delete(note.id);
		// A root note takes its replies with it.
		for (const other of [...ctx.store.notes.values()])
			if (other.parentId === note.id) ctx.store.notes.delete(other.id);
		ctx.store.touch();
		return { status: 204 };
	});
}

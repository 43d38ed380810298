import type { RouteContext } from '../../context';
import { notFound } from '../../http';
import type { Interaction, Note } from '../../model';
import type { Router } from '../../router';
import type { Store } from '../../store';
import { holdFromV2, unprocessable } from './common';

/**
 * API v1 interactions (POST /interactions, GET, PUT and DELETE /interactions/{id}): meetings, calls
 * and chat messages logged by hand, on the same store as v2's GET /v2/meetings, /v2/calls and
 * /v2/chat-messages. An interaction's content is a note on it (the answer's `notes`), which
 * v2's note reads show. Types: 0 meeting, 1 call, 2 chat message, 3 email (read only).
 */

const TYPES: Array<Interaction['type']> = ['meeting', 'call', 'chat-message', 'email'];
const WRITABLE = [0, 1, 2];

type Body = Record<string, unknown>;

function objectBody(raw: unknown, allowed: string[]): Body {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw))
		throw unprocessable('The body must be a JSON object');
	for (const key of Object.keys(raw))
		if (!allowed.includes(key)) throw unprocessable(`Unknown parameter "${key}"`, key);
	return raw as Body;
}

function typeCode(value: unknown, param: string): number {
	if (value === undefined || value === null || value === '')
		throw unprocessable(`${param} is required`, param);
	const code = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
	if (typeof code !== 'number' || !TYPES[code])
		throw unprocessable(
			`${param} must be 0 (meeting), 1 (call), 2 (chat message) or 3 (email)`,
			param,
		);
	return code;
}

function writableType(value: unknown): number {
	const code = typeCode(value, 'type');
	if (!WRITABLE.includes(code))
		throw unprocessable(
			'Only meetings (type 0), calls (type 1) and chat messages (type 2) can be created or updated',
			'type',
		);
	return code;
}

function personIds(store: Store, value: unknown, mustHaveInternal: boolean): number[] {
	if (!Array.isArray(value) || value.length === 0)
		throw unprocessable('person_ids must be a non-empty array of person IDs', 'person_ids');
	const ids = value.map((id) => {
		if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
			throw unprocessable('person_ids must hold whole numbers', 'person_ids');
		if (!store.persons.has(id)) throw unprocessable(`Person ${id} not found`, 'person_ids');
		return id;
	});
	// Live, POST /interactions refuses a set without a team member or without a contact.
	if (mustHaveInternal && !ids.some((id) => store.persons.get(id)?.type === 'internal'))
		throw unprocessable(
			'At least one internal person (a member of your team) must be among person_ids',
			'person_ids',
		);
	if (mustHaveInternal && !ids.some((id) => store.persons.get(id)?.type !== 'internal'))
		throw unprocessable(
			'At least one external person (not a member of your team) must be among person_ids',
			'person_ids',
		);
	return [...new Set(ids)];
}

function isoDate(value: unknown): string {
	const time = typeof value === 'string' ? Date.parse(value) : NaN;
	if (Number.isNaN(time) || !/T\d{2}:\d{2}/.test(String(value)))
		throw unprocessable('date must be an ISO 8601 date-time', 'date');
	return new Date(time).toISOString();
}

function content(value: unknown): string {
	if (typeof value !== 'string' || value.trim() === '')
		throw unprocessable('content must be non-empty text', 'content');
	return value;
}

const escapeHtml = (text: string) =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function notesOf(store: Store, i: Interaction): Note[] {
	return [...store.notes.values()].filter(
		(n) => n.interaction?.id === i.id && n.interaction.type === i.type,
	);
}

function v1Person(store: Store, id: number): Record<string, unknown> {
	const person = store.persons.get(id);
	return {
		id,
		type: person?.type === 'internal' ? 1 : 0,
		first_name: person?.firstName ?? null,
		last_name: person?.lastName ?? null,
		primary_email: person?.primaryEmailAddress ?? null,
		emails: person?.emailAddresses ?? [],
	};
}

/** The Interactions Resource: the meeting/call form or the chat message form. */
export function renderV1Interaction(store: Store, i: Interaction): Record<string, unknown> {
	const common = {
		id: i.id,
		type: TYPES.indexOf(i.type),
		date: i.time,
		manual_creator_id: i.creatorPersonId,
		persons: i.personIds.map((id) => v1Person(store, id)),
		notes: notesOf(store, i).map((n) => n.id),
	};
	if (i.type === 'chat-message')
		return { ...common, direction: i.direction === 'received' ? 1 : 0 };
	return {
		...common,
		attendees: i.personIds
			.map((id) => store.persons.get(id)?.primaryEmailAddress)
			.filter((email): email is string => !!email),
		start_time: i.time,
		end_time: i.endTime,
		updated_at: i.updatedAt,
		title: i.title,
	};
}

function found(ctx: RouteContext, code: number): Interaction {
	const id = /^\d+$/.test(ctx.params.id) ? Number(ctx.params.id) : NaN;
	const interaction = ctx.store.interactions.get(id);
	if (!interaction || interaction.type !== TYPES[code])
		throw notFound(`Interaction ${ctx.params.id} of type ${code} not found`);
	return interaction;
}

function contentNote(ctx: RouteContext, i: Interaction, text: string): Note {
	const now = new Date().toISOString();
	return {
		id: ctx.store.nextId('note', 400_001),
		type: 'interaction',
		html: `<p>${escapeHtml(text)}</p>`,
		creatorPersonId: ctx.user.personId,
		mentionedPersonIds: [],
		createdAt: now,
		updatedAt: null,
		personIds: [...i.personIds],
		companyIds: [],
		opportunityIds: [],
		sharingType: 'public',
		visibleTo: [],
		ownerUserId: ctx.user.id,
		interaction: { type: i.type, id: i.id, participantPersonIds: [...i.personIds] },
	};
}

export function register(router: Router): void {
	router.post('/interactions', async (ctx) => {
		const body = objectBody(await ctx.body(), [
			'type',
			'person_ids',
			'content',
			'direction',
			'date',
		]);
		const code = writableType(body.type);
		const persons = personIds(ctx.store, body.person_ids, true);
		const text = content(body.content);
		if (body.date === undefined) throw unprocessable('date is required', 'date');
		const time = isoDate(body.date);
		if (body.direction !== undefined && (code !== 2 || ![0, 1].includes(body.direction as number)))
			throw unprocessable(
				'direction is 0 (sent) or 1 (received), for chat messages only',
				'direction',
			);
		const type = TYPES[code];
		const interaction: Interaction = {
			id: ctx.store.nextId('interaction', 1_000_001),
			type,
			time,
			endTime: null,
			title: type === 'chat-message' ? null : 'Manually logged event',
			personIds: persons,
			ccPersonIds: [],
			creatorPersonId: ctx.user.personId,
			organizerPersonId: null,
			loggingType: 'manual',
			direction: body.direction === 1 ? 'received' : 'sent',
			allDay: false,
			createdAt: new Date().toISOString(),
			updatedAt: null,
		};
		const note = contentNote(ctx, interaction, text);
		holdFromV2(ctx, 'interaction', interaction.id);
		holdFromV2(ctx, 'note', note.id);
		ctx.store.interactions.set(interaction.id, interaction);
		ctx.store.notes.set(note.id, note);
		ctx.store.touch();
		return { status: 200, body: renderV1Interaction(ctx.store, interaction) };
	});

	router.put('/interactions/:id', async (ctx) => {
		const body = objectBody(await ctx.body(), ['type', 'person_ids', 'content', 'date']);
		const interaction = found(ctx, writableType(body.type));
		const persons = personIds(ctx.store, body.person_ids, false);
		const text = body.content === undefined ? undefined : content(body.content);
		const time = body.date === undefined ? undefined : isoDate(body.date);
		const note = notesOf(ctx.store, interaction)[0];
		if (text !== undefined && note?.mentionedPersonIds.length)
			throw unprocessable(
				'Updating the content of an interaction whose content mentions people is not supported',
				'content',
			);
		holdFromV2(ctx, 'interaction', interaction.id);
		holdFromV2(ctx, 'note', ...notesOf(ctx.store, interaction).map((n) => n.id));
		interaction.personIds = persons;
		if (time) interaction.time = time;
		interaction.updatedAt = new Date().toISOString();
		if (text !== undefined && note) {
			note.html = `<p>${escapeHtml(text)}</p>`;
			note.updatedAt = interaction.updatedAt;
		} else if (text !== undefined) {
			const added = contentNote(ctx, interaction, text);
			holdFromV2(ctx, 'note', added.id);
			ctx.store.notes.set(added.id, added);
		}
		ctx.store.touch();
		return { status: 200, body: renderV1Interaction(ctx.store, interaction) };
	});

	// "Get a Specific Interaction" (`type` required): v1 sees a write at once (v2 reads may lag it).
	router.get('/interactions/:id', (ctx) => ({
		status: 200,
		body: renderV1Interaction(ctx.store, found(ctx, typeCode(ctx.query.string('type'), 'type'))),
	}));

	router.delete('/interactions/:id', (ctx) => {
		const interaction = found(ctx, typeCode(ctx.query.string('type'), 'type'));
		holdFromV2(ctx, 'interaction', interaction.id);
		holdFromV2(ctx, 'note', ...notesOf(ctx.store, interaction).map((n) => n.id));
		for (const note of notesOf(ctx.store, interaction)) ctx.store.notes.delete(note.id);
		ctx.store.interactions.delete(interaction.id);
		ctx.store.touch();
		return { status: 200, body: { success: true } };
	});
}

import { notFound, pathId } from '../../http';
import type { Note } from '../../model';
import type { Router } from '../../router';
import { canSeeNote } from '../notes';

/**
 * API v1 GET /notes/{note_id} ("Get a Specific Note"), on the store v2's note reads use. v1 sees
 * a write at once, where v2 reads may lag it (settings.v1ReadDelayMs).
 */

const INTERACTION_TYPES = ['meeting', 'call', 'chat-message', 'email'] as const;

/** The Note resource: `person_ids` is the union of the associated and the interaction's persons. */
export function renderV1Note(note: Note): Record<string, unknown> {
	const interactionPersonIds = note.interaction?.participantPersonIds ?? [];
	const interactionType = note.interaction ? INTERACTION_TYPES.indexOf(note.interaction.type) : -1;
	return {
		id: note.id,
		creator_id: note.creatorPersonId,
		person_ids: [...new Set([...note.personIds, ...interactionPersonIds])],
		associated_person_ids: note.interaction ? [] : [...note.personIds],
		interaction_person_ids: [...interactionPersonIds],
		interaction_id: note.interaction?.id ?? null,
		interaction_type: interactionType >= 0 ? interactionType : null,
		is_meeting: interactionType === 0 || interactionType === 1,
		mentioned_person_ids: [...note.mentionedPersonIds],
		organization_ids: [...note.companyIds],
		opportunity_ids: [...note.opportunityIds],
		parent_id: note.parentId ?? null,
		content: note.html ?? '',
		// 2: HTML (every note is kept as HTML here); 3: an AI meeting summary.
		type: note.type.startsWith('ai-notetaker') ? 3 : 2,
		created_at: note.createdAt,
		updated_at: note.updatedAt,
	};
}

export function register(router: Router): void {
	router.get('/notes/:noteId', (ctx) => {
		const id = pathId(ctx.params.noteId, 'note_id', 'int64');
		const note = ctx.store.notes.get(id);
		if (!note || !canSeeNote(ctx, note)) throw notFound(`Note ${id} not found`);
		return { status: 200, body: renderV1Note(note) };
	});
}

import { forbidden, notFound, pathId } from '../http';
import type { Router } from '../router';
import { canSeeNote } from './notes';

/**
 * DELETE /v2/transcripts/{transcriptId} (BETA, 2026-09-17; 204): only the creator of the
 * transcript's AI notetaker note may delete it (403); one the caller cannot see is 404, as its
 * reads are. The note is kept; from 2026-09-17 on its `transcriptId` reads null.
 */
export function register(router: Router): void {
	router.delete('/v2/transcripts/:transcriptId', (ctx) => {
		const transcriptId = pathId(ctx.params.transcriptId, 'transcriptId', 'int32');
		const transcript = ctx.store.transcripts.get(transcriptId);
		const note = transcript && ctx.store.notes.get(transcript.noteId);
		if (!transcript || !note || !canSeeNote(ctx, note))
			throw notFound(`Transcript ${transcriptId} not found`);
		if (note.creatorPersonId !== ctx.user.personId)
			throw forbidden(
				`Only the creator of note ${note.id} can delete its transcript ${transcriptId}`,
			);
		ctx.store.transcripts.delete(transcriptId);
		ctx.store.touch();
		return { status: 204 };
	});
}

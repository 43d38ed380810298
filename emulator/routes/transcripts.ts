import type { RouteContext } from '../context';
import type { FilterProperties } from '../filter';
import { notFound, pathId } from '../http';
import type { Note, Transcript } from '../model';
import type { Router } from '../router';
import { ASSOCIATION_LIMIT } from '../serialize';
import { definingValues, ok, paged } from './common';
import { canSeeNote, renderNote } from './notes';
import { boolValue, filterFrom } from './support';

/**
 * Transcripts (BETA; shapes per the OpenAPI transcripts.* schemas). A transcript is visible when
 * its AI notetaker note is; others are left out of the list and are 404 by id (the OpenAPI gives
 * these endpoints no 403).
 */

const TRANSCRIPT_PAGING = { minLimit: 0, defaultLimit: 20 };

const TRANSCRIPT_FILTER: FilterProperties<Transcript> = {
	id: { kind: 'reference', operators: ['='], get: (t) => t.id },
	createdAt: { kind: 'datetime', operators: ['>', '<', '>=', '<='], get: (t) => t.createdAt },
};

function noteOfTranscript(ctx: RouteContext, transcript: Transcript): Note | undefined {
	return ctx.store.notes.get(transcript.noteId);
}

function canSeeTranscript(ctx: RouteContext, transcript: Transcript): boolean {
	const note = noteOfTranscript(ctx, transcript);
	return note !== undefined && canSeeNote(ctx, note);
}

function transcriptOf(ctx: RouteContext): Transcript {
	const transcriptId = pathId(ctx.params.transcriptId, 'transcriptId', 'int32');
	const transcript = ctx.store.transcripts.get(transcriptId);
	if (!transcript || !canSeeTranscript(ctx, transcript))
		throw notFound(`Transcript ${transcriptId} not found`);
	return transcript;
}

/** transcripts.BaseTranscript: metadata and the note, without fragments. */
function renderTranscript(ctx: RouteContext, transcript: Transcript): Record<string, unknown> {
	return {
		id: transcript.id,
		languageCode: transcript.languageCode,
		createdAt: transcript.createdAt,
		note: renderNote(ctx, noteOfTranscript(ctx, transcript) as Note),
	};
}

export function register(router: Router): void {
	router.get('/v2/transcripts', (ctx) => {
		const defining = ['filter', 'totalCount'];
		const values = definingValues(ctx, defining);
		const test = filterFrom(values.filter?.[0], TRANSCRIPT_FILTER);
		const transcripts = ctx.store
			.sortedIds(ctx.store.transcripts)
			.map((id) => ctx.store.transcripts.get(id) as Transcript)
			.filter((t) => canSeeTranscript(ctx, t) && (!test || test(t)));
		return paged(
			ctx,
			transcripts,
			(t) => t.id,
			(t) => renderTranscript(ctx, t),
			{
				defining,
				totalCount: boolValue(values, 'totalCount'),
				...TRANSCRIPT_PAGING,
			},
		);
	});

	// One transcript with the first 100 fragments and their total (transcripts.Transcript).
	router.get('/v2/transcripts/:transcriptId', (ctx) => {
		const transcript = transcriptOf(ctx);
		return ok({
			...renderTranscript(ctx, transcript),
			fragmentsPreview: {
				data: transcript.fragments.slice(0, ASSOCIATION_LIMIT),
				totalCount: transcript.fragments.length,
			},
		});
	});

	router.get('/v2/transcripts/:transcriptId/fragments', (ctx) => {
		const transcript = transcriptOf(ctx);
		const values = definingValues(ctx, ['totalCount']);
		const positions = transcript.fragments.map((fragment, i) => ({ fragment, key: i + 1 }));
		return paged(
			ctx,
			positions,
			(p) => p.key,
			(p) => ({ ...p.fragment }),
			{
				defining: ['totalCount'],
				totalCount: boolValue(values, 'totalCount'),
				...TRANSCRIPT_PAGING,
			},
		);
	});
}

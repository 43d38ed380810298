import type { RouteContext } from '../context';
import type { FilterProperties } from '../filter';
import { ApiError, forbidden, notFound, pathId } from '../http';
import type { StoredFile } from '../model';
import type { Router } from '../router';
import { definingValues, ok, paged } from './common';
import { canSeeOpportunity } from './opportunities';
import { boolValue, filterFrom } from './support';
import { signedDownloadUrl } from './v1/entityFiles';

/**
 * Files (BETA, 2026-09-17: GET /v2/files, GET /v2/files/{fileId}; files.FileSummary,
 * files.File): the same records API v1 uploads (POST /entity-files) and downloads, and POST
 * /v2/files/search finds. Newest first (`createdAt` descending, then id). A file attached to an
 * opportunity on a list the caller cannot see is left out of the list and 403 by id.
 * `downloadUrl` is the signed link v1's download redirects to (60 seconds, no key).
 */

/** When a file without a recorded upload time was uploaded (the v1 Entity File's created_at). */
const SEEDED_UPLOAD_TIME = '2026-01-01T00:00:00.000Z';

const createdAt = (file: StoredFile) => file.createdAt ?? SEEDED_UPLOAD_TIME;

const FILE_FILTER: FilterProperties<StoredFile> = {
	createdAt: { kind: 'datetime', operators: ['>', '<', '>=', '<='], get: createdAt },
	'creator.id': { kind: 'reference', operators: ['='], get: (f) => f.uploaderId ?? null },
};

function sizeOf(file: StoredFile): number {
	return file.content?.length ?? Buffer.byteLength(file.pages.join('\n\n'), 'utf8');
}

function canSeeFile(ctx: RouteContext, file: StoredFile): boolean {
	if (!file.opportunityId) return true;
	const opportunity = ctx.store.opportunities.get(file.opportunityId);
	return !opportunity || canSeeOpportunity(ctx, opportunity);
}

/** files.FileSummary: the file without its link. */
function renderFileSummary(file: StoredFile): Record<string, unknown> {
	return {
		id: file.id,
		name: file.name,
		size: sizeOf(file),
		type: file.contentType ?? null,
		creator: file.uploaderId === undefined ? null : { id: file.uploaderId },
		createdAt: createdAt(file),
		updatedAt: null,
	};
}

function newestFirst(a: StoredFile, b: StoredFile): number {
	return Date.parse(createdAt(b)) - Date.parse(createdAt(a)) || b.id - a.id;
}

export function register(router: Router): void {
	router.get('/v2/files', (ctx) => {
		const defining = ['filter', 'totalCount'];
		const values = definingValues(ctx, defining);
		const test = filterFrom(values.filter?.[0], FILE_FILTER);
		const sorted = [...ctx.store.files.values()].sort(newestFirst);
		// Keys follow the order, so a cursor pages on in it.
		const position = new Map(sorted.map((f, i) => [f, i + 1]));
		const files = sorted.filter((f) => canSeeFile(ctx, f) && (!test || test(f)));
		return paged(ctx, files, (f) => position.get(f) as number, renderFileSummary, {
			defining,
			totalCount: boolValue(values, 'totalCount'),
		});
	});

	router.get('/v2/files/:fileId', (ctx) => {
		// POST /v2/files/search exists, for POST only.
		if (ctx.params.fileId === 'search')
			throw new ApiError(
				405,
				'method-not-allowed',
				`Method ${ctx.method} is not allowed for ${ctx.path}`,
			);
		const fileId = pathId(ctx.params.fileId, 'fileId', 'int32');
		const file = ctx.store.files.get(fileId);
		if (!file) throw notFound(`File ${fileId} not found`);
		if (!canSeeFile(ctx, file)) throw forbidden(`You do not have access to file ${fileId}`);
		return ok({ ...renderFileSummary(file), downloadUrl: signedDownloadUrl(ctx, file) });
	});
}

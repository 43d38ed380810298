import { randomBytes } from 'node:crypto';

import type { ControlContext, RouteContext } from '../../context';
import { ApiError, notFound } from '../../http';
import type { StoredFile } from '../../model';
import { multipartBoundary, parseMultipart, type FormPart } from '../../multipart';
import type { Router } from '../../router';
import type { Store } from '../../store';
import { holdFromV2, unprocessable } from './common';

/**
 * API v1 entity files (POST /entity-files, GET /entity-files, GET /entity-files/{entity_file_id},
 * GET /entity-files/download/{entity_file_id}) on the same store as v2's POST /v2/files/search,
 * which finds an uploaded text file by its words. Uploads are multipart/form-data with `file` or
 * `files[]` and one of person_id, organization_id, opportunity_id. A download answers with a
 * redirect to a signed link (served under /_emulator/file-storage, as a storage host would):
 * the link refuses a request that carries an Authorization header, as signed URLs do.
 */

const ENTITY_PARAMS = ['person_id', 'organization_id', 'opportunity_id'] as const;
const FILE_PARAMS = ['file', 'files[]', 'files'];

/** Signed download links of each store (reset with it): token → file id and expiry. */
const links = new WeakMap<Store, Map<string, { fileId: number; expiresAt: number }>>();
const LINK_LIFETIME_MS = 60_000;

function linksOf(store: Store) {
	let map = links.get(store);
	if (!map) links.set(store, (map = new Map()));
	return map;
}

/** The bytes of a file: as uploaded, or a seeded file's text. */
function bytesOf(file: StoredFile): Buffer {
	return file.content ?? Buffer.from(file.pages.join('\n\n'), 'utf8');
}

/** The Entity File Resource. */
export function renderEntityFile(file: StoredFile): Record<string, unknown> {
	return {
		id: file.id,
		name: file.name,
		size: bytesOf(file).length,
		person_id: file.personId ?? null,
		organization_id: file.companyId,
		opportunity_id: file.opportunityId ?? null,
		created_at: file.createdAt ?? '2026-01-01T00:00:00.000Z',
		uploader_id: file.uploaderId ?? 1,
	};
}

/** Text a keyword search can read: the bytes when they are UTF-8 text, else nothing. */
function searchableText(data: Buffer): string[] {
	const text = data.toString('utf8');
	return !text.includes('\u0000') && Buffer.from(text, 'utf8').equals(data) ? [text] : [];
}

function entityOf(store: Store, fields: Map<string, string>): Partial<StoredFile> {
	const given = ENTITY_PARAMS.filter((p) => fields.has(p));
	if (given.length !== 1)
		throw unprocessable(
			'Files must be attached to a single entity: give exactly one of person_id, organization_id and opportunity_id',
			given[1] ?? 'person_id',
		);
	const [param] = given;
	const raw = fields.get(param) ?? '';
	const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
	if (!Number.isSafeInteger(id) || id < 1) throw unprocessable(`${param} must be an ID`, param);
	const kind =
		param === 'person_id' ? 'person' : param === 'organization_id' ? 'company' : 'opportunity';
	if (!store.entityExists(kind, id))
		throw unprocessable(
			`No ${param === 'organization_id' ? 'organization' : kind} with ID ${id}`,
			param,
		);
	return {
		personId: kind === 'person' ? id : null,
		companyId: kind === 'company' ? id : null,
		opportunityId: kind === 'opportunity' ? id : null,
	};
}

function filesOf(parts: FormPart[]): FormPart[] {
	const files = parts.filter((p) => FILE_PARAMS.includes(p.name));
	if (files.some((p) => p.fileName === undefined))
		throw unprocessable('file and files[] must be files (with a filename)', files[0].name);
	if (parts.filter((p) => p.name === 'file').length > 1)
		throw unprocessable('file takes a single file; send several as files[]', 'file');
	if (!files.length)
		throw unprocessable(
			'At least one file must be uploaded using the file or files parameters',
			'file',
		);
	return files;
}

function visibleFile(store: Store, raw: string): StoredFile {
	const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
	const file = store.files.get(id);
	if (!file) throw notFound(`Entity file ${raw} not found`);
	return file;
}

/** A v1 integer query parameter (an entity id, page_size), or 422 naming it. */
function v1Int(raw: string, param: string, max = Number.MAX_SAFE_INTEGER): number {
	const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
	if (!Number.isSafeInteger(value) || value < 1 || value > max)
		throw unprocessable(`${param} must be an integer between 1 and ${max}`, param);
	return value;
}

const uploadTime = (file: StoredFile) => Date.parse(renderEntityFile(file).created_at as string);

/** GET /entity-files's page size: "Default is the maximum value of 500". */
const MAX_PAGE_SIZE = 500;

interface PageToken {
	params: Record<string, number>;
	page_size: number;
	offset: number;
}

/** An opaque page token (base64 JSON, as the documented tokens are): the query it pages and where. */
const encodeToken = (token: PageToken) => Buffer.from(JSON.stringify(token)).toString('base64');

function decodeToken(raw: string): PageToken {
	try {
		const token = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as PageToken;
		if (
			token &&
			typeof token.params === 'object' &&
			Number.isSafeInteger(token.page_size) &&
			Number.isSafeInteger(token.offset) &&
			token.offset >= 0
		)
			return token;
	} catch {
		// Not a token: refused below.
	}
	throw unprocessable('Invalid page_token variable', 'page_token');
}

/**
 * GET /entity-files: the entity files of the organization, optionally only those of a person,
 * an organization or an opportunity; `{entity_files, next_page_token}`, oldest first (as the
 * documented example lists them), page_size
 * at most 500 (its default). Every request of a read must carry the same parameters but
 * page_token, else 422 "Invalid page_token variable"; the last page's token is null.
 */
function listEntityFiles(ctx: RouteContext) {
	for (const name of ctx.query.params.keys())
		if (![...ENTITY_PARAMS, 'page_size', 'page_token'].includes(name))
			throw unprocessable(`Unknown parameter "${name}"`, name);
	const params: Record<string, number> = {};
	for (const param of ENTITY_PARAMS) {
		const raw = ctx.query.string(param);
		if (raw !== undefined) params[param] = v1Int(raw, param);
	}
	const sizeRaw = ctx.query.string('page_size');
	const pageSize = sizeRaw ? v1Int(sizeRaw, 'page_size', MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
	const tokenRaw = ctx.query.string('page_token');
	let offset = 0;
	if (tokenRaw) {
		const token = decodeToken(tokenRaw);
		if (JSON.stringify(token.params) !== JSON.stringify(params) || token.page_size !== pageSize)
			throw unprocessable('Invalid page_token variable', 'page_token');
		offset = token.offset;
	}
	const matches = [...ctx.store.files.values()]
		.filter(
			(f) =>
				(params.person_id === undefined || f.personId === params.person_id) &&
				(params.organization_id === undefined || f.companyId === params.organization_id) &&
				(params.opportunity_id === undefined || f.opportunityId === params.opportunity_id),
		)
		.sort((a, b) => uploadTime(a) - uploadTime(b) || a.id - b.id);
	const page = matches.slice(offset, offset + pageSize);
	const next = offset + pageSize < matches.length;
	return {
		status: 200,
		body: {
			entity_files: page.map(renderEntityFile),
			next_page_token: next
				? encodeToken({ params, page_size: pageSize, offset: offset + pageSize })
				: null,
		},
	};
}

export function register(router: Router): void {
	router.get('/entity-files', listEntityFiles);

	router.post('/entity-files', async (ctx) => {
		const boundary = multipartBoundary(ctx.req.headers['content-type']);
		if (!boundary) throw unprocessable('Send the files as multipart/form-data', 'file');
		let parts: FormPart[];
		try {
			parts = parseMultipart(await ctx.rawBody(), boundary);
		} catch (error) {
			throw unprocessable(`The multipart body is malformed: ${(error as Error).message}`);
		}
		for (const part of parts)
			if (![...ENTITY_PARAMS, ...FILE_PARAMS].includes(part.name))
				throw unprocessable(`Unknown parameter "${part.name}"`, part.name);
		const fields = new Map(
			parts.filter((p) => p.fileName === undefined).map((p) => [p.name, p.data.toString('utf8')]),
		);
		const entity = entityOf(ctx.store, fields);
		const files = filesOf(parts);
		const createdAt = new Date().toISOString();
		const uploaded: StoredFile[] = [];
		for (const part of files) {
			const file: StoredFile = {
				id: ctx.store.nextId('entityFile', 10_001),
				name: part.fileName as string,
				companyId: null,
				...entity,
				pages: searchableText(part.data),
				paged: false,
				content: part.data,
				contentType: part.contentType ?? 'application/octet-stream',
				uploaderId: ctx.user.personId,
				createdAt,
			};
			holdFromV2(ctx, 'file', file.id);
			ctx.store.files.set(file.id, file);
			uploaded.push(file);
			if (ctx.store.webhooks.size) ctx.store.announce('file.created', () => renderEntityFile(file));
		}
		ctx.store.touch();
		// Live, the answer lists each uploaded file (Entity File resources); older answers were
		// only {"success": true}, which `v1UploadAnswer: 'success-only'` gives.
		if (ctx.emulator.settings.v1UploadAnswer === 'success-only')
			return { status: 200, body: { success: true } };
		return {
			status: 200,
			body: { success: true, entity_files: uploaded.map(renderEntityFile) },
		};
	});

	router.get('/entity-files/:id', (ctx) => ({
		status: 200,
		body: renderEntityFile(visibleFile(ctx.store, ctx.params.id)),
	}));

	router.get('/entity-files/download/:id', (ctx) => {
		const file = visibleFile(ctx.store, ctx.params.id);
		return { status: 302, headers: { location: signedDownloadUrl(ctx, file) } };
	});
}

/**
 * A signed link to a file's bytes, valid for 60 seconds: where v1's download redirects to, and
 * v2's `files.File.downloadUrl` (GET /v2/files/{fileId}).
 */
export function signedDownloadUrl(ctx: RouteContext, file: StoredFile): string {
	const token = randomBytes(16).toString('hex');
	// The account's own links (a v2 read may see the store through a view: Store.v2View).
	linksOf(ctx.emulator.store).set(token, {
		fileId: file.id,
		expiresAt: Date.now() + LINK_LIFETIME_MS,
	});
	return `${storageOrigin(ctx)}/_emulator/file-storage/${token}?signature=${token}`;
}

/**
 * Where signed links point: live, another host than the API's (presigned storage URLs), here
 * the emulator's file host; with `fileHost: 'same'`, the API's own origin.
 */
function storageOrigin(ctx: RouteContext): string {
	const hostPort = ctx.emulator.fileHostPort;
	if (ctx.emulator.settings.fileHost === 'same' || !hostPort) return ctx.origin;
	// A file host bound to every address is reached by the name the client used for the API.
	const reached = new URL(ctx.origin).hostname;
	return `http://${hostPort.replace(/^(0\.0\.0\.0|\[::\])(?=:)/, reached)}`;
}

/** Content-Disposition with the name as ASCII and as UTF-8 (RFC 6266 filename*). */
function disposition(name: string): string {
	const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
	return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The storage host behind the signed links: no API key, the token is the permission. */
export function registerFileStorage(router: Router<ControlContext>): void {
	router.get('/_emulator/file-storage/:token', (ctx) => {
		if (ctx.req.headers.authorization)
			throw new ApiError(
				400,
				'bad-request',
				'A signed download link takes no Authorization header (only one auth mechanism allowed)',
			);
		const link = linksOf(ctx.emulator.store).get(ctx.params.token);
		const file =
			link && link.expiresAt > Date.now() ? ctx.emulator.store.files.get(link.fileId) : undefined;
		if (!file)
			throw new ApiError(403, 'authorization', 'The download link is invalid or has expired');
		return {
			status: 200,
			body: bytesOf(file),
			headers: {
				'content-type': file.contentType ?? 'application/octet-stream',
				'content-disposition': disposition(file.name),
			},
		};
	});
}

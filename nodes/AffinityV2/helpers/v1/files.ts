/**
 * API v1 entity files (The Entity File Resource) in the pack's names: camelCase, the entity it
 * is attached to as `entityType` and `entityId`. And what a download says of its file.
 */
import type { IDataObject } from 'n8n-workflow';

import { v1Time } from './times';

/**
 * The largest file the node uploads: Affinity states 100 MB per file for its own uploads; the
 * API documents no figure. Checked before anything is sent.
 */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export type FileEntityType = 'person' | 'company' | 'opportunity';

/** The v1 form field naming the entity a file is attached to. */
export const V1_FILE_ENTITY_PARAM: Record<FileEntityType, string> = {
	person: 'person_id',
	company: 'organization_id',
	opportunity: 'opportunity_id',
};

const idOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** A v1 entity file as the node outputs it. */
export function entityFileFromV1(raw: IDataObject): IDataObject {
	const [entityType, entityId] =
		idOrNull(raw.person_id) !== null
			? ['person', raw.person_id]
			: idOrNull(raw.organization_id) !== null
				? ['company', raw.organization_id]
				: idOrNull(raw.opportunity_id) !== null
					? ['opportunity', raw.opportunity_id]
					: [null, null];
	const size = Number(raw.size);
	return {
		id: raw.id,
		name: raw.name ?? null,
		size: Number.isFinite(size) ? size : null,
		entityType,
		entityId,
		uploaderId: raw.uploader_id ?? null,
		createdAt: v1Time(raw.created_at),
	};
}

/**
 * A v1 entity file in v2's names (files.FileSummary, as GET /v2/files gives it): `id`, `name`,
 * `size`, `type` (v1 does not tell it: null), `creator` (`{id}` of the uploader, or null),
 * `createdAt` (ISO 8601 UTC), `updatedAt` (v1 does not tell it: null).
 */
export function fileSummaryFromV1(raw: IDataObject): IDataObject {
	const size = Number(raw.size);
	const uploader = idOrNull(raw.uploader_id);
	return {
		id: raw.id,
		name: raw.name ?? null,
		size: raw.size !== null && raw.size !== undefined && Number.isFinite(size) ? size : null,
		type: null,
		creator: uploader === null ? null : { id: uploader },
		createdAt: v1Time(raw.created_at),
		updatedAt: null,
	};
}

export interface UploadedFile {
	name: string;
	mimeType: string;
	size: number;
}

/**
 * What was uploaded, with the ids Affinity gave. v1 POST /entity-files answers
 * `{success: true, entity_files: [{id, name, size, …}]}`; older answers were only
 * `{success: true}`, and then each id is null and `note` says where to find them. The answer's
 * files are matched to the uploaded ones by position when it lists as many, else by name.
 */
export function uploadedFiles(
	answer: unknown,
	sent: UploadedFile[],
): { files: IDataObject[]; note?: string } {
	const listed =
		answer && typeof answer === 'object' && Array.isArray((answer as IDataObject).entity_files)
			? ((answer as IDataObject).entity_files as unknown[]).filter(
					(f): f is IDataObject =>
						!!f && typeof f === 'object' && typeof (f as IDataObject).id === 'number',
				)
			: [];
	const unused = [...listed];
	const files = sent.map((file, index) => {
		const match =
			listed.length === sent.length ? listed[index] : unused.find((f) => f.name === file.name);
		if (match) unused.splice(unused.indexOf(match), 1);
		const v1 = match ? entityFileFromV1(match) : undefined;
		return {
			id: v1 ? v1.id : null,
			name: file.name,
			mimeType: file.mimeType,
			size: file.size,
			...(v1 ? { uploaderId: v1.uploaderId, createdAt: v1.createdAt } : {}),
		};
	});
	if (files.every((f) => f.id !== null)) return { files };
	return {
		files,
		note: 'Affinity did not return the ID of every uploaded file. Find them with File → Search (by a word of the file, in the whole account or one company).',
	};
}

/** The file name a Content-Disposition gives: `filename*` (RFC 6266, UTF-8) before `filename`. */
export function fileNameFromDisposition(header: string | undefined): string | undefined {
	if (!header) return undefined;
	const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
	if (extended) {
		try {
			return decodeURIComponent(extended[2].trim());
		} catch {
			// A malformed escape: fall back to the plain parameter.
		}
	}
	const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
	const name = plain ? (plain[1] ?? plain[2]).trim() : '';
	return name || undefined;
}

/** A MIME type without its parameters, or undefined for none or a generic one. */
export function mimeTypeOf(header: string | undefined): string | undefined {
	const type = header?.split(';')[0].trim().toLowerCase();
	return type && type !== 'application/octet-stream' ? type : undefined;
}

/** "12.5 MB": sizes in messages. */
export function shownSize(bytes: number): string {
	if (bytes < 1024) return `${bytes} bytes`;
	const units = ['KB', 'MB', 'GB'];
	let value = bytes / 1024;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	return `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * What the node accepts from an answer and keeps of it, in one place: an answer is read only
 * up to a size, within an overall deadline, and what an error carries is bounded, whatever the
 * server (or a gateway in front of it) sends.
 */
import { MAX_UPLOAD_BYTES } from '../helpers/v1/files';

/** The most File → Download reads: as large as v1 POST /entity-files accepts an upload. */
export const MAX_DOWNLOAD_BYTES = MAX_UPLOAD_BYTES;

export const ANSWER_LIMITS = {
	/** The message a person reads (error.message), in characters. */
	messageMaxChars: 1000,
	/** An error's description (the advice under the message), in characters. */
	descriptionMaxChars: 2000,
	/** What an error keeps of the answer for debugging (its errors list), as JSON text. */
	keptBodyMaxChars: 16 * 1024,
	/** Of an error answer's `errors`, how many are kept. */
	keptErrors: 20,
	/** A JSON answer of a success: larger ones are not read (a page is a few hundred KB). */
	jsonMaxBytes: 64 * 1024 * 1024,
	/** An error answer (4xx, 5xx): larger ones are not read, only their status is told. */
	errorBodyMaxBytes: 1024 * 1024,
	/** A downloaded file. */
	fileMaxBytes: MAX_DOWNLOAD_BYTES,
	/**
	 * The overall deadline of a file's download (its signed link): the request's timeout, but
	 * at least this long, since 100 MB takes minutes on a slow link.
	 */
	fileMinDeadlineMs: 5 * 60 * 1000,
} as const;

/** "2.0 MB", "1,024 bytes": sizes as messages show them. */
export function sizeText(bytes: number): string {
	if (bytes < 1024 * 1024) return `${bytes.toLocaleString('en-US')} bytes`;
	return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * multipart/form-data bodies (RFC 7578), as API v1's POST /entity-files takes them: text
 * fields and files, each a part. Built here so that the node needs nothing beyond n8n-workflow.
 */
import { randomString } from 'n8n-workflow';

export interface FormField {
	name: string;
	value: string;
}

export interface FormFile {
	name: string;
	fileName: string;
	mimeType: string;
	data: Buffer;
}

export type FormPart = FormField | FormFile;

const CRLF = '\r\n';

/**
 * A name or file name inside a quoted header parameter: quotes and line breaks percent-encoded
 * as browsers send them (RFC 7578 §4.2), other characters as UTF-8.
 */
function quoted(text: string): string {
	return `"${text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

function partHead(part: FormPart): string {
	const disposition = `Content-Disposition: form-data; name=${quoted(part.name)}`;
	if (!('data' in part)) return `${disposition}${CRLF}${CRLF}`;
	return `${disposition}; filename=${quoted(part.fileName)}${CRLF}Content-Type: ${part.mimeType}${CRLF}${CRLF}`;
}

/** A boundary found in none of the parts, so no part can end early. */
function freshBoundary(parts: FormPart[]): string {
	for (;;) {
		const boundary = `----AffinityN8nFormBoundary${randomString(24)}`;
		const clash = parts.some((part) =>
			'data' in part ? part.data.includes(boundary) : part.value.includes(boundary),
		);
		if (!clash) return boundary;
	}
}

/** The body and its Content-Type (with the boundary). */
export function multipartBody(parts: FormPart[]): { body: Buffer; contentType: string } {
	const boundary = freshBoundary(parts);
	const chunks: Buffer[] = [];
	for (const part of parts) {
		chunks.push(Buffer.from(`--${boundary}${CRLF}${partHead(part)}`, 'utf8'));
		chunks.push('data' in part ? part.data : Buffer.from(part.value, 'utf8'));
		chunks.push(Buffer.from(CRLF, 'utf8'));
	}
	chunks.push(Buffer.from(`--${boundary}--${CRLF}`, 'utf8'));
	return {
		body: Buffer.concat(chunks),
		contentType: `multipart/form-data; boundary=${boundary}`,
	};
}

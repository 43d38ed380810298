/**
 * File answers (API v1 GET /entity-files/download/{entity_file_id}): "the download location of
 * entity files is provided via a redirect". The redirect goes to a signed URL (a storage host):
 * it is followed here without the credential, so the API key never leaves for another host.
 */
import type { IHttpRequestOptions, INode, RequestHelperFunctions } from 'n8n-workflow';

import { LOOPBACK_HTTP } from './baseUrl';
import { beforeDeadline, discard, readBody } from './body';
import { transportError, type FailureContext } from './errors';
import { ANSWER_LIMITS, sizeText } from './limits';
import { describeNetworkFailure, errorCode } from './networkErrors';

export interface FileAnswer {
	statusCode: number;
	body: Buffer;
	headers: Record<string, unknown>;
}

/** A header's value by its name in any case (n8n gives them lower-cased, a proxy may not). */
export function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
	const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
	const value = key === undefined ? undefined : headers[key];
	if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

/**
 * Where a redirect points, resolved against the URL that answered: https, or plain http on
 * loopback only (as for the Base URL); nothing else is fetched.
 */
export function signedFileUrl(
	location: string,
	from: string,
): { url: string } | { refused: string } {
	let url: URL;
	try {
		url = new URL(location, from);
	} catch {
		return { refused: 'it is not a URL' };
	}
	if (url.username || url.password) return { refused: 'it holds user info (@)' };
	if (url.protocol === 'https:') return { url: url.toString() };
	if (url.protocol === 'http:' && LOOPBACK_HTTP.test(url.origin)) return { url: url.toString() };
	return { refused: 'it is neither https nor a loopback address' };
}

const asBuffer = (body: Uint8Array | string | undefined): Buffer =>
	Buffer.isBuffer(body)
		? body
		: body instanceof Uint8Array
			? Buffer.from(body.buffer, body.byteOffset, body.byteLength)
			: Buffer.from(typeof body === 'string' ? body : '', 'utf8');

/** The Content-Length an answer declares, when it declares one. */
export function declaredLength(headers: Record<string, unknown>): number | undefined {
	const raw = headerValue(headers, 'content-length');
	const value = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
	return Number.isFinite(value) && value >= 0 ? value : undefined;
}

export interface FileLimits {
	/** The client's timeout (silence). */
	timeoutMs: number;
	/** The overall deadline of the download, the signed link's fetch included. */
	deadline: AbortSignal;
	deadlineMs: number;
	/** The size the file's record (GET /entity-files/{id}) gives: no more bytes are read. */
	recordSize?: number;
	failure: FailureContext;
}

/**
 * The file's bytes, read within the limits: refused unread when the answer declares more than
 * the most the node downloads (or than the file's record says), and stopped the moment more
 * arrived, so that memory never holds more than that.
 */
async function fileBytes(
	node: INode,
	answer: { body: unknown; headers: Record<string, unknown> },
	limits: FileLimits,
): Promise<Buffer> {
	const max = ANSWER_LIMITS.fileMaxBytes;
	const record = limits.recordSize;
	const limit = record !== undefined && record < max ? record : max;
	const read = await readBody(answer.body, limit, limits.deadline, declaredLength(answer.headers));
	if (read.ok) return asBuffer(read.bytes);
	if (read.reason === 'deadline') {
		throw transportError(
			node,
			`The download did not complete within ${limits.deadlineMs / 1000} s`,
			limits.failure,
			'The file kept arriving too slowly. Try again; if it persists, raise Request Options → Timeout.',
		);
	}
	if (read.reason === 'failed') {
		throw transportError(
			node,
			`${describeNetworkFailure(errorCode(read.error) ?? 'ECONNRESET')} while the file was arriving`,
			limits.failure,
			'Nothing was kept. Run the operation again.',
		);
	}
	const size = read.declared !== undefined ? ` (${sizeText(read.declared)})` : '';
	if (limit < max) {
		throw transportError(
			node,
			`The download is larger than the file's record says (${sizeText(limit)})${size}: it was stopped`,
			limits.failure,
			'Nothing was kept. Try again; if it persists, the file or its record is damaged.',
		);
	}
	throw transportError(
		node,
		`The file is larger than ${sizeText(max)}${size}, the most File → Download reads: it was not downloaded`,
		limits.failure,
		'Download it in Affinity itself; uploads through the API are limited to the same size.',
	);
}

/**
 * The file of a successful answer: its body, or for a redirect the body of the signed URL,
 * fetched with n8n's plain request helper (no credential, no API headers).
 */
export async function fileAnswer(
	this: { helpers: Pick<RequestHelperFunctions, 'httpRequest'> },
	node: INode,
	response: { statusCode: number; body: unknown; headers: Record<string, unknown> },
	from: string,
	limits: FileLimits,
): Promise<FileAnswer> {
	const { failure } = limits;
	if (response.statusCode < 300) {
		return {
			statusCode: response.statusCode,
			body: await fileBytes(node, response, limits),
			headers: response.headers,
		};
	}
	// The redirect's own body is not needed.
	discard(response.body);
	const location = headerValue(response.headers, 'location');
	const target = location ? signedFileUrl(location, from) : { refused: 'no Location was given' };
	if ('refused' in target) {
		throw transportError(
			node,
			`Affinity redirected the download to a link the node does not follow: ${target.refused}`,
			failure,
			'Nothing was fetched from that link. Try again; if it persists, check that the Base URL points at the Affinity API.',
		);
	}
	const options: IHttpRequestOptions = {
		method: 'GET',
		url: target.url,
		encoding: 'stream',
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: limits.timeoutMs,
	};
	let signed: { statusCode: number; body: unknown; headers: Record<string, unknown> };
	try {
		signed = await beforeDeadline(
			this.helpers.httpRequest(options) as Promise<{
				statusCode: number;
				body: unknown;
				headers: Record<string, unknown>;
			}>,
			limits.deadline,
		);
	} catch (error) {
		const code = errorCode(error) ?? 'EUNKNOWN';
		throw transportError(
			node,
			code === 'EDEADLINE'
				? `The download did not complete within ${limits.deadlineMs / 1000} s`
				: `${describeNetworkFailure(code)} while fetching the file from its download link`,
			failure,
			'The download link is valid for a short time only: run the operation again.',
		);
	}
	if (signed.statusCode >= 300) {
		discard(signed.body);
		throw transportError(
			node,
			`The file's download link answered ${signed.statusCode}`,
			failure,
			'The download link is valid for a short time only: run the operation again.',
		);
	}
	return {
		statusCode: signed.statusCode,
		body: await fileBytes(node, signed, limits),
		headers: signed.headers,
	};
}

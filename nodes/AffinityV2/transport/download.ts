/**
 * File answers (API v1 GET /entity-files/download/{entity_file_id}): "the download location of
 * entity files is provided via a redirect". The redirect goes to a signed URL (a storage host):
 * it is followed here without the credential, so the API key never leaves for another host.
 */
import type { IHttpRequestOptions, INode, RequestHelperFunctions } from 'n8n-workflow';

import { LOOPBACK_HTTP } from './baseUrl';
import { transportError, type FailureContext } from './errors';
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

const asBuffer = (body: unknown): Buffer =>
	Buffer.isBuffer(body)
		? body
		: body instanceof ArrayBuffer
			? Buffer.from(body)
			: Buffer.from(typeof body === 'string' ? body : '', 'utf8');

/**
 * The file of a successful answer: its body, or for a redirect the body of the signed URL,
 * fetched with n8n's plain request helper (no credential, no API headers).
 */
export async function fileAnswer(
	ctx: { helpers: Pick<RequestHelperFunctions, 'httpRequest'> },
	node: INode,
	response: { statusCode: number; body: unknown; headers: Record<string, unknown> },
	from: string,
	timeoutMs: number,
	failure: FailureContext,
): Promise<FileAnswer> {
	if (response.statusCode < 300) {
		return {
			statusCode: response.statusCode,
			body: asBuffer(response.body),
			headers: response.headers,
		};
	}
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
		encoding: 'arraybuffer',
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: timeoutMs,
	};
	let signed: { statusCode: number; body: unknown; headers: Record<string, unknown> };
	try {
		signed = await ctx.helpers.httpRequest(options);
	} catch (error) {
		throw transportError(
			node,
			`${describeNetworkFailure(errorCode(error) ?? 'EUNKNOWN')} while fetching the file from its download link`,
			failure,
			'The download link is valid for a short time only: run the operation again.',
		);
	}
	if (signed.statusCode >= 300) {
		throw transportError(
			node,
			`The file's download link answered ${signed.statusCode}`,
			failure,
			'The download link is valid for a short time only: run the operation again.',
		);
	}
	return { statusCode: signed.statusCode, body: asBuffer(signed.body), headers: signed.headers };
}

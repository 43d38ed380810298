import type { IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { httpError, monthlyQuotaError, transportError, type FailureContext } from './errors';
import {
	paceBeforeRequest,
	rateLimitWaitMs,
	readOrgQuota,
	readRateLimitHeaders,
	recordRateLimit,
	windowWaitedFor,
	type OrgQuota,
} from './rateLimit';
import {
	beforeDeadline,
	deadlinePassed,
	failedWith,
	parseBody,
	readBody,
	type BodyRead,
} from './body';
import { shapeProblem, UNEXPECTED_SHAPE, v1WriteProblem, type Expected } from './shape';
import { declaredLength, fileAnswer, headerValue } from './download';
import { ANSWER_LIMITS, sizeText } from './limits';
import { redactValue, scrubError } from './redact';
import { multipartBody } from './multipart';
import {
	connection,
	itemTimeoutMs,
	CREDENTIAL_TYPE,
	type AffinityContext,
	type Connection,
} from './connection';
import { describeNetworkFailure, errorCode, shown } from './networkErrors';
import { followRecords } from './recordLag';
import { requestUrl } from './urls';

import type { AffinityRequest, AffinityResponse } from './requestTypes';
import { backoff, NEVER_SENT, RETRY_POLICY, RETRYABLE_STATUS } from './retryPolicy';

export { CREDENTIAL_TYPE, type AffinityContext } from './connection';
export type { AffinityRequest, AffinityResponse } from './requestTypes';
export { RETRY_POLICY } from './retryPolicy';

/** Selects the v2 edition of a request; every v2 answer names the edition used in it. */
const VERSION_HEADER = 'x-affinity-api-version';

/**
 * The one function that talks HTTP to Affinity. Paces itself on the rate-limit headers,
 * retries what is safe to retry and turns every failure into a NodeApiError that says what to
 * do. A POST or PATCH is sent again only after a 429 (which the API did not process) or a
 * connection that was refused before anything was sent.
 */
export async function affinityRequest<T = unknown>(
	this: AffinityContext,
	request: AffinityRequest,
): Promise<AffinityResponse<T>> {
	const conn = await connection.call(this, request.itemIndex);
	const once = (sent: AffinityRequest) =>
		send.call<AffinityContext, [AffinityRequest, Connection], Promise<AffinityResponse<T>>>(
			this,
			sent,
			conn,
		);
	try {
		// A record written a moment ago (by the node before, say) may lag in API v2's reads.
		return await (followRecords<AffinityResponse<T>>).call(this, conn.budgetKey, request, {
			send: () => once(request),
			exists: async (path) => {
				try {
					await once({ api: 'v1', method: 'GET', path, itemIndex: request.itemIndex });
					return true;
				} catch {
					return false;
				}
			},
		});
	} catch (error) {
		// Whatever the server sent back (an echoed Authorization header, megabytes of errors),
		// what the error shows and keeps holds no key and is bounded.
		throw scrubError(error, conn.secrets);
	}
}

/** "with an HTML page" when an answer that is not JSON is a web page (a gateway's, say). */
function answerNote(headers: Record<string, unknown>, text: string): string {
	const type = headerValue(headers, 'content-type') ?? '';
	if (/html/i.test(type) || /^\s*<(!doctype|html|head|body)/i.test(text.slice(0, 200)))
		return ' with an HTML page (Affinity, or a gateway in front of it)';
	return text.trim() ? ' with a body that is not JSON' : '';
}

async function send<T>(
	this: AffinityContext,
	request: AffinityRequest,
	conn: Connection,
): Promise<AffinityResponse<T>> {
	const node: INode = this.getNode();
	const isRead = request.idempotent ?? request.method === 'GET';
	const configuredMs = request.timeoutMs ?? itemTimeoutMs.call(this, conn, request.itemIndex);
	const timeoutMs = configuredMs ?? RETRY_POLICY.defaultTimeoutMs;
	const api = request.api ?? 'v2';
	const failure: FailureContext = {
		api,
		method: request.method,
		path: request.path.split('?')[0],
		subject: request.subject,
		itemIndex: request.itemIndex,
		checkWith: request.checkWith,
		parameterNames: request.parameterNames,
	};
	const isFile = request.answer === 'file';
	// Each attempt has this long to be answered in full, not only between two bytes. A file
	// gets minutes unless Request Options → Timeout says otherwise.
	const deadlineMs =
		isFile && configuredMs === undefined
			? Math.max(timeoutMs, ANSWER_LIMITS.fileMinDeadlineMs)
			: timeoutMs;
	const headers: IDataObject = { Accept: isFile ? '*/*' : 'application/json' };
	// The version header selects a v2 edition; v1 has none, so it is not sent there.
	if (conn.apiVersion && api === 'v2') headers['X-Affinity-Api-Version'] = conn.apiVersion;
	const form = request.form ? multipartBody(request.form) : undefined;
	if (form) headers['Content-Type'] = form.contentType;
	else if (request.body !== undefined) headers['Content-Type'] = 'application/json';

	// A path (a nextUrl's, a picker's page token) that could take the key elsewhere is refused.
	const target = requestUrl(conn.baseUrl, request.path, api);
	if ('refused' in target) {
		throw transportError(
			node,
			`Refused to follow a link that is not a path under the Base URL: ${target.refused}`,
			{ ...failure, path: shown(request.path) },
			'Nothing was sent: the link came from an answer and would have carried the API key elsewhere. Check that the Base URL points at the Affinity API.',
		);
	}
	const { url } = target;
	// Reads (GETs, and searches sent with POST) answer with one object: a record or a page.
	const expected: Expected = request.expect ?? (isRead ? 'record' : 'any');

	let readFailures = 0;
	let rateLimited = 0;
	for (;;) {
		await paceBeforeRequest(conn.budgetKey);
		const options: IHttpRequestOptions = {
			method: request.method,
			url,
			qs: request.qs,
			arrayFormat: 'repeat',
			headers: { ...headers },
			body: request.body,
			// The raw bytes as a stream, read here (readBody) within a size and a deadline, and
			// decoded here (parseBody): a malformed or truncated body is told apart from a valid
			// one, and a file's bytes are kept as they are.
			encoding: 'stream',
			// n8n would send the key along a redirect to another host: no answer is followed (a
			// file's signed link is fetched by the download, without the key).
			disableFollowRedirect: true,
			json: false,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: timeoutMs,
		};
		if (form) options.body = form.body;
		else if (request.body !== undefined) options.body = JSON.stringify(request.body);

		const deadline = AbortSignal.timeout(deadlineMs);
		let response: { statusCode: number; body: unknown; headers: Record<string, unknown> };
		let read: BodyRead | undefined;
		try {
			response = await beforeDeadline(
				this.helpers.httpRequestWithAuthentication.call(
					this,
					CREDENTIAL_TYPE,
					options,
					conn.credential,
				) as Promise<{ statusCode: number; body: unknown; headers: Record<string, unknown> }>,
				deadline,
			);
			const status = response.statusCode;
			// A file (or its redirect) is read by fileAnswer below, within the same deadline.
			if (!isFile || status < 200 || status >= 400) {
				const limit = status >= 400 ? ANSWER_LIMITS.errorBodyMaxBytes : ANSWER_LIMITS.jsonMaxBytes;
				read = await readBody(
					response.body,
					limit,
					deadline,
					declaredLength(response.headers ?? {}),
				);
				if (!read.ok && read.reason === 'deadline') throw deadlinePassed();
				if (!read.ok && read.reason === 'failed') throw failedWith(read.error);
			}
		} catch (error) {
			const code = errorCode(error) ?? 'EUNKNOWN';
			// The execution was canceled (axios says ERR_CANCELED): nothing to retry. A new error,
			// not the client's: that one holds the request's headers, so the key.
			if (code === 'ECANCELED' || code === 'ERR_CANCELED') {
				throw transportError(
					node,
					'The request to Affinity was canceled',
					{ ...failure, writeMayHaveApplied: !isRead },
					'The execution was canceled.',
				);
			}
			const safeToRetry = isRead || NEVER_SENT.has(code);
			if (safeToRetry && readFailures < RETRY_POLICY.readRetries) {
				await sleep(backoff(readFailures++));
				continue;
			}
			if (code === 'EDEADLINE') {
				throw transportError(
					node,
					describeNetworkFailure('ETIMEDOUT'),
					{ ...failure, writeMayHaveApplied: !isRead },
					`The answer was not complete within ${deadlineMs / 1000} s: each request must be answered in full within the timeout (Request Options → Timeout), even while data keeps arriving. Try again; if it persists, raise the timeout.`,
				);
			}
			throw transportError(node, describeNetworkFailure(code), {
				...failure,
				writeMayHaveApplied: !isRead && !NEVER_SENT.has(code),
			});
		}

		const responseHeaders = response.headers ?? {};
		recordRateLimit(conn.budgetKey, readRateLimitHeaders(responseHeaders));
		const answeredVersion = api === 'v2' ? headerValue(responseHeaders, VERSION_HEADER) : undefined;
		if (answeredVersion && /^\d{4}-\d{2}-\d{2}$/.test(answeredVersion.trim()))
			conn.answeredVersion = answeredVersion.trim();
		const status = response.statusCode;
		if (read === undefined) {
			const file = await fileAnswer.call(this, node, response, url, {
				timeoutMs,
				deadline,
				deadlineMs,
				recordSize: request.maxBytes,
				failure,
			});
			// Its name and type (Content-Disposition, Content-Type) become the item's.
			return { ...file, headers: redactValue(file.headers, conn.secrets) } as AffinityResponse<T>;
		}
		// n8n would send the key along a redirect, so none is followed: Affinity's API answers
		// JSON, and a file's signed link is fetched above without the key.
		if (status >= 300 && status < 400) {
			throw transportError(
				node,
				`Affinity answered with a redirect (${status}), which the node does not follow with the API key`,
				{ ...failure, writeMayHaveApplied: !isRead },
				'Check that the Base URL in the credential points at the Affinity API itself, not at a page that moved.',
			);
		}
		// Too large to read (the deadline and a failed read were thrown above): not retried, it
		// would be as large again.
		if (!read.ok && read.reason === 'too-large') {
			const note = ` with a body of more than ${sizeText(read.limit)}, which the node did not read`;
			if (status >= 400) {
				throw httpError(node, status, undefined, {
					...failure,
					answerNote: note,
					writeMayHaveApplied: !isRead && status >= 500,
				});
			}
			throw transportError(
				node,
				`Affinity answered${note}`,
				{ ...failure, writeMayHaveApplied: !isRead },
				'No Affinity answer is that large: check that the Base URL points at the Affinity API.',
			);
		}
		// An error answer to a file request is JSON like any other, received as bytes.
		const parsed = parseBody(read.ok ? read.bytes : undefined, conn.secrets);

		if (status === 429) {
			const { waitMs, resetAt, monthly } = rateLimitWaitMs(responseHeaders);
			if (monthly) throw monthlyQuotaError(node, readOrgQuota(conn.budgetKey), failure);
			// A reset further off than the node waits cannot come within the retries: say when it is.
			const resetTooFar =
				resetAt !== undefined && resetAt.getTime() - Date.now() > RETRY_POLICY.rateLimitMaxWaitMs;
			if (!resetTooFar && rateLimited < RETRY_POLICY.rateLimitRetries) {
				const wait = Math.min(waitMs ?? backoff(rateLimited + 1), RETRY_POLICY.rateLimitMaxWaitMs);
				rateLimited++;
				await sleep(wait);
				windowWaitedFor(conn.budgetKey);
				continue;
			}
			throw httpError(node, 429, parsed.ok ? parsed.value : undefined, {
				...failure,
				rateLimit: { resetAt, retried: rateLimited },
			});
		}

		if (RETRYABLE_STATUS.has(status) || !parsed.ok) {
			if (isRead && readFailures < RETRY_POLICY.readRetries) {
				await sleep(backoff(readFailures++));
				continue;
			}
			if (status >= 400) {
				throw httpError(node, status, parsed.ok ? parsed.value : undefined, {
					...failure,
					answerNote: parsed.ok ? undefined : answerNote(responseHeaders, parsed.text),
					writeMayHaveApplied: !isRead && status >= 500,
				});
			}
			throw transportError(node, 'Affinity answered with a body that is not valid JSON', {
				...failure,
				writeMayHaveApplied: !isRead,
			});
		}

		if (status >= 400) {
			throw httpError(node, status, parsed.value, {
				...failure,
				writeMayHaveApplied: !isRead && status >= 500,
			});
		}
		const problem =
			shapeProblem(parsed.value, expected, failure.path) ??
			(api === 'v1' && !isRead
				? v1WriteProblem(parsed.value, request.method, failure.path)
				: undefined);
		if (problem) {
			throw transportError(
				node,
				`${UNEXPECTED_SHAPE}: ${problem}`,
				{ ...failure, writeMayHaveApplied: !isRead },
				isRead
					? 'This is not an answer the Affinity API gives; check that the Base URL points at the Affinity API.'
					: 'This is not the answer Affinity documents for this write, so no item was made from it; check that the Base URL points at the Affinity API.',
			);
		}
		return {
			statusCode: status,
			body: parsed.value as T,
			headers: redactValue(responseHeaders, conn.secrets),
		};
	}
}

/**
 * The API v2 version of this run: the credential's API Version, or (the key's default chosen)
 * the version the last v2 answer named, undefined before any such answer.
 */
export async function apiVersionOf(
	this: AffinityContext,
	itemIndex?: number,
): Promise<{ chosen?: string; answered?: string }> {
	const conn = await connection.call(this, itemIndex);
	return { chosen: conn.apiVersion, answered: conn.answeredVersion };
}

/**
 * The account's monthly quota as the last answer to this credential told it (calls left,
 * limit, reset), or undefined when no answer carried the x-ratelimit-limit-org* headers yet.
 */
export async function orgQuota(this: AffinityContext): Promise<OrgQuota | undefined> {
	return readOrgQuota((await connection.call(this)).budgetKey);
}

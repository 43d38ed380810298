import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { ANSWER_LIMITS } from './limits';
import { MAX_WAIT_MS, type OrgQuota } from './rateLimit';
import { bounded } from './redact';
import {
	mergedRecordAdvice,
	mergedRecordIn,
	mergedRecordMessage,
	type MergedRecord,
} from '../helpers/mergedRecords';

export interface ApiErrorEntry {
	code?: string;
	message?: string;
	param?: string;
}

/**
 * The node's names of API parameters: a map ({ids: 'Field Names or IDs'}), or a function for
 * parameters the API numbers ("updates[20].value" of a batch is the user's "Update 121").
 */
export type ParameterNames = Record<string, string> | ((param: string) => string | undefined);

export interface FailureContext {
	/** v1 or v2: v1 error bodies have their own forms, and messages say which API answered. */
	api?: 'v1' | 'v2';
	method: string;
	/** Path without query, e.g. /v2/companies/12: safe to show, never holds the key. */
	path: string;
	/** What the request was about, for 404s: "company 12", "list entry 5 on list 3". */
	subject?: string;
	itemIndex?: number;
	/** True when a write may have reached the server before the failure. */
	writeMayHaveApplied?: boolean;
	/** How to see whether such a write was applied: the read that shows it ("Check with ..."). */
	checkWith?: string;
	/** The node's names of API parameters that the user knows by another name. */
	parameterNames?: ParameterNames;
	/** For a 429 given up on: when the window resets (as its headers said) and how often it was retried. */
	rateLimit?: { resetAt?: Date; retried: number };
	/** What the answer's body was when it could not be read as JSON: "with an HTML page". */
	answerNote?: string;
}

/**
 * The errors of an error body. v2 answers `{errors: [{code, message, param?}]}` (ErrorResponse).
 * v1's documentation names status codes but shows no body, so v1's are read in the forms such
 * APIs use: the same, `errors` as strings, `{message}` / `{error}`, or a map of parameter names to
 * messages (`{name: ["can't be blank"]}`), where the parameter is named.
 */
export function apiErrors(body: unknown): ApiErrorEntry[] {
	if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
	const record = body as Record<string, unknown>;
	if (Array.isArray(record.errors)) {
		return record.errors.flatMap((e): ApiErrorEntry[] => {
			if (typeof e === 'string') return [{ message: e }];
			return e && typeof e === 'object' ? [e as ApiErrorEntry] : [];
		});
	}
	if (record.errors && typeof record.errors === 'object') return parameterMessages(record.errors);
	for (const key of ['message', 'error']) {
		if (typeof record[key] === 'string') return [{ message: record[key] as string }];
	}
	return parameterMessages(record);
}

/** `{name: ["can't be blank"], domain: "is taken"}` as entries naming each parameter. */
function parameterMessages(map: object): ApiErrorEntry[] {
	return Object.entries(map).flatMap(([param, value]): ApiErrorEntry[] => {
		const messages = (Array.isArray(value) ? value : [value]).filter(
			(m): m is string => typeof m === 'string',
		);
		return messages.map((message) => ({ param, message: `${param} ${message}` }));
	});
}

/**
 * The errors an error keeps, bounded: a server can send megabytes of them, and what is kept
 * goes into the execution data and n8n's log.
 */
function keptErrors(errors: ApiErrorEntry[]): ApiErrorEntry[] {
	const max = ANSWER_LIMITS.messageMaxChars;
	const kept: ApiErrorEntry[] = [];
	let size = 0;
	for (const e of errors.slice(0, ANSWER_LIMITS.keptErrors)) {
		const entry: ApiErrorEntry = {};
		if (typeof e.code === 'string') entry.code = bounded(e.code, 100);
		if (typeof e.message === 'string') entry.message = bounded(e.message, max);
		if (typeof e.param === 'string') entry.param = bounded(e.param, 200);
		size += JSON.stringify(entry).length;
		if (size > ANSWER_LIMITS.keptBodyMaxChars) break;
		kept.push(entry);
	}
	return kept;
}

function describe(status: number, errors: ApiErrorEntry[], failure: FailureContext): string {
	const params = errors.map((e) => e.param).filter((p): p is string => !!p);
	// Named as the user knows them where the API's name differs ("ids" is "Field Names or IDs").
	const names = failure.parameterNames;
	const named = params.map((p) => {
		const name = typeof names === 'function' ? names(p) : names?.[p];
		return name ? `"${name}" (sent as "${p}")` : `"${p}"`;
	});
	switch (status) {
		case 400:
		case 422:
			return params.length
				? `Affinity refused the value of ${named.join(', ')}. Correct that parameter and run again.`
				: 'Affinity refused the request. Check the parameters named in the message.';
		case 401:
			if (failure.api === 'v1')
				return 'Affinity did not accept the API key on API v1, which this operation calls where API v2 has no equivalent. Check the API key in the "Affinity V2 API" credential. If operations that use API v2 work with it, the key is refused on API v1 only: ask your Affinity admin whether the key may use API v1, or create a new key in Affinity under Settings → Manage Apps.';
			return 'Affinity did not accept the API key. Check the API key in the "Affinity V2 API" credential, or create a new key in Affinity under Settings → Manage Apps.';
		case 403:
			return "The key's user lacks the permission for this, or cannot see this record, or the key has an IP allowlist that does not include this n8n server's public IP address (see the credential's IP allowlist note).";
		case 404:
			return failure.subject
				? `Affinity has no ${failure.subject}, or the key's user cannot see it. Check the ID.`
				: "Affinity has no such record, or the key's user cannot see it. Check the IDs.";
		case 405:
			return `Affinity does not allow ${failure.method} on ${failure.path}.`;
		case 429:
			return rateLimitAdvice(failure.rateLimit);
		default:
			if (status < 500) return `Affinity answered ${status}.`;
			// Writes are never retried (only reads are), so a write's message must not say so.
			return failure.writeMayHaveApplied
				? `Affinity had a server error (HTTP ${status}) while handling the write.`
				: 'Affinity had a server error that did not go away after retries. Try again later.';
	}
}

/** A UTC time as messages show it: 2026-03-10 14:05:09 UTC. */
function utcTime(date: Date): string {
	return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function rateLimitAdvice(rateLimit: FailureContext['rateLimit']): string {
	const after = 'Affinity did not process the request. Run again';
	const lower = 'or lower how often this workflow runs.';
	if (!rateLimit?.resetAt)
		return `The Affinity rate limit stayed exhausted after the retries the node allows. ${after} later, ${lower}`;
	const when = utcTime(rateLimit.resetAt);
	return rateLimit.retried > 0
		? `The Affinity rate limit stayed exhausted after ${rateLimit.retried} retries; Affinity said it resets at ${when}. ${after} after that time, ${lower}`
		: `The Affinity rate limit is exhausted until ${when}, longer than the node waits (${MAX_WAIT_MS / 1000} s at most), so it was not retried. ${after} after that time, ${lower}`;
}

const WRITE_UNKNOWN =
	' The write may or may not have been applied: it was not sent again, to avoid applying it twice. Read the record to check before running again.';

function writeUnknown(failure: FailureContext): string {
	if (!failure.checkWith) return WRITE_UNKNOWN;
	return ` The write may or may not have been applied: it was not sent again, to avoid applying it twice. ${failure.checkWith} before running again.`;
}

/**
 * The node parameter that holds the id a 404 names, by the record kind Affinity's message
 * starts with ("List 999999 not found": the List parameter). Only kinds whose parameter has
 * this name wherever the node takes them.
 */
const PARAMETER_OF_KIND: Record<string, string> = {
	list: 'List',
	'saved view': 'Saved View',
};

/**
 * A 404 message that names the parameter: "List: list 999999 was not found", or
 * undefined when Affinity's message does not say which record of a known kind is missing.
 */
export function notFoundMessage(apiMessage: string): string | undefined {
	const match = /^([A-Za-z]+(?: [a-z]+)?) (\S+) not found$/.exec(apiMessage.trim());
	if (!match) return undefined;
	const kind = match[1].toLowerCase();
	const parameter = PARAMETER_OF_KIND[kind];
	if (!parameter) return undefined;
	return `${parameter}: ${kind} ${match[2]} was not found`;
}

/** Builds the node error for an HTTP error answer. Nothing of the request (headers, key) is included. */
export function httpError(
	node: INode,
	status: number,
	body: unknown,
	failure: FailureContext,
): NodeApiError {
	const all = apiErrors(body);
	const errors = keptErrors(all);
	const apiMessage = bounded(
		all
			.map((e) => e.message)
			.filter(Boolean)
			.join('; '),
		ANSWER_LIMITS.messageMaxChars,
	);
	// A read of a merged-away company or person: not bad input, the record has a new id.
	const merged = status === 422 ? mergedRecordIn(errors.map((e) => e.message)) : undefined;
	const message = merged
		? mergedRecordMessage(merged)
		: (status === 404 ? notFoundMessage(apiMessage) : undefined) ||
			apiMessage ||
			`Affinity answered ${status} to ${failure.method} ${failure.path}${failure.answerNote ?? ''}`;
	let description = merged ? mergedRecordAdvice(merged) : describe(status, errors, failure);
	if (failure.writeMayHaveApplied) description += writeUnknown(failure);
	const response: JsonObject = {
		httpCode: String(status),
		method: failure.method,
		path: failure.path,
	};
	if (errors.length) response.errors = errors as unknown as JsonObject[];
	return markOutcome(
		new NodeApiError(node, response, {
			message,
			description,
			httpCode: String(status),
			itemIndex: failure.itemIndex,
		}),
		failure,
		merged,
	);
}

/**
 * The outcome of the request travels as data on the error (its context), not only as prose,
 * so that a caller can tell a write of unknown outcome from one that surely failed.
 */
function markOutcome(
	error: NodeApiError,
	failure: FailureContext,
	merged?: MergedRecord,
): NodeApiError {
	error.context.writeMayHaveApplied = failure.writeMayHaveApplied === true;
	if (merged) {
		error.context.mergedId = merged.mergedId;
		error.context.mergedInto = merged.mergedInto;
	}
	if (failure.rateLimit?.resetAt)
		error.context.rateLimitResetAt = failure.rateLimit.resetAt.toISOString();
	return error;
}

/** True when the error is the transport's and says a write may have reached Affinity. */
export function writeMayHaveApplied(error: unknown): boolean {
	return error instanceof NodeApiError && error.context?.writeMayHaveApplied === true;
}

/**
 * A 429 because the account's monthly quota (x-ratelimit-limit-org-remaining 0) is used up:
 * waiting minutes cannot help, so the run fails at once and says when the quota resets.
 */
export function monthlyQuotaError(
	node: INode,
	quota: OrgQuota | undefined,
	failure: FailureContext,
): NodeApiError {
	const limit = quota?.limit !== undefined ? ` of ${quota.limit} calls` : '';
	const reset = quota?.resetAt
		? `It resets on ${quota.resetAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
		: 'Affinity did not say when it resets.';
	return markOutcome(
		new NodeApiError(
			node,
			{ httpCode: '429', method: failure.method, path: failure.path },
			{
				message: `The monthly Affinity API quota${limit} of this account is used up (${failure.method} ${failure.path})`,
				description: `${reset} Until then every call is refused; the node did not wait or retry. Lower how often workflows call Affinity, or ask Affinity for a higher quota.`,
				httpCode: '429',
				itemIndex: failure.itemIndex,
			},
		),
		failure,
	);
}

/** A failure without a usable HTTP answer: network error, timeout, malformed or unexpected body. */
export function transportError(
	node: INode,
	what: string,
	failure: FailureContext,
	hint = 'Try again; if it persists, check that the Base URL in the credential points at the Affinity API.',
): NodeApiError {
	const description = failure.writeMayHaveApplied ? hint + writeUnknown(failure) : hint;
	return markOutcome(
		new NodeApiError(
			node,
			{ method: failure.method, path: failure.path, reason: what },
			{
				message: `${what} (${failure.method} ${failure.path})`,
				description,
				itemIndex: failure.itemIndex,
			},
		),
		failure,
	);
}

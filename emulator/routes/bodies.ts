import { badRequest } from '../http';
import type { EntityKind } from '../model';
import type { Store } from '../store';

/**
 * Reading JSON request bodies as the API's `*ToBeCreated` / `*ToBeUpdated` schemas describe
 * them: `additionalProperties: false`, required properties, types, ranges and `maxItems`.
 * Every refusal is the API's 400 `validation` error naming the property (`param`).
 */

export type Body = Record<string, unknown>;

export const MAX_REFERENCES = 100;
const MAX_INT64 = 9007199254740991;

export function isObject(value: unknown): value is Body {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** An object with only the allowed properties; `at` prefixes the params of errors. */
export function objectOf(
	value: unknown,
	allowed: readonly string[],
	at: string,
	what = 'a JSON object',
): Body {
	if (!isObject(value)) throw badRequest(`Expected ${what}`, at || 'body');
	for (const key of Object.keys(value)) {
		if (!allowed.includes(key))
			throw badRequest(`Unknown property "${key}"`, at ? `${at}.${key}` : key);
	}
	return value;
}

export function required(body: Body, key: string, at = ''): unknown {
	if (!(key in body) || body[key] === undefined)
		throw badRequest(`Missing required property "${key}"`, at ? `${at}.${key}` : key);
	return body[key];
}

export function integer(value: unknown, param: string, min = 1, max = MAX_INT64): number {
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
		throw badRequest(`${param} must be an integer between ${min} and ${max}`, param);
	}
	return value;
}

export function text(
	value: unknown,
	param: string,
	options: { min?: number; max?: number; nullable?: boolean } = {},
): string {
	if (typeof value !== 'string') throw badRequest(`${param} must be a string`, param);
	if (options.min !== undefined && value.length < options.min)
		throw badRequest(`${param} must be at least ${options.min} characters`, param);
	if (options.max !== undefined && value.length > options.max)
		throw badRequest(`${param} must be at most ${options.max} characters`, param);
	return value;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], param: string): T {
	if (typeof value !== 'string' || !allowed.includes(value as T))
		throw badRequest(`${param} must be one of ${allowed.join(', ')}`, param);
	return value as T;
}

/** RFC 3339 date-time (format: date-time), returned in ISO form. */
export function dateTime(value: unknown, param: string): string {
	if (
		typeof value !== 'string' ||
		!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(value) ||
		Number.isNaN(Date.parse(value))
	) {
		throw badRequest(`${param} must be a date-time such as 2026-07-15T09:00:00Z`, param);
	}
	return new Date(value).toISOString();
}

export function email(value: unknown, param: string): string {
	if (typeof value !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
		throw badRequest(`${param} must be an email address`, param);
	return value;
}

/** `{id}` (PersonReference, CompanyReference, ...). */
export function reference(value: unknown, param: string): number {
	const ref = objectOf(value, ['id'], param, 'a reference {"id": ...}');
	return integer(required(ref, 'id', param), `${param}.id`);
}

/** An array of `{id}` references to existing records of a kind, at most 100, without repeats. */
export function references(
	store: Store,
	kind: EntityKind,
	value: unknown,
	param: string,
): number[] {
	if (!Array.isArray(value)) throw badRequest(`${param} must be an array`, param);
	if (value.length > MAX_REFERENCES)
		throw badRequest(
			`${param} may hold at most ${MAX_REFERENCES} items; got ${value.length}`,
			param,
		);
	const ids = value.map((item, i) => {
		const id = reference(item, `${param}[${i}]`);
		if (!store.entityExists(kind, id))
			throw badRequest(
				`${kind === 'person' ? 'Person' : kind === 'company' ? 'Company' : 'Opportunity'} ${id} not found`,
				`${param}[${i}].id`,
			);
		return id;
	});
	return [...new Set(ids)];
}

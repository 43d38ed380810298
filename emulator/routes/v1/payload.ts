import { notFound, pathId } from '../../http';
import type { EntityKind } from '../../model';
import type { Store } from '../../store';
import { isObject, type Body } from '../bodies';
import { unprocessable } from './common';

/**
 * Reading API v1 payloads: snake_case keys, integer ids and codes. v1 documents no error body
 * and answers malformed or impossible parameters with 422, so each refusal is a 422 naming the
 * parameter; an id in the path that names nothing is a 404.
 */

export function payloadOf(value: unknown, allowed: readonly string[]): Body {
	if (value === undefined) return {};
	if (!isObject(value)) throw unprocessable('The payload must be a JSON object');
	for (const key of Object.keys(value))
		if (!allowed.includes(key)) throw unprocessable(`Unknown parameter "${key}"`, key);
	return value;
}

export function given(body: Body, key: string): boolean {
	return body[key] !== undefined && body[key] !== null;
}

export function v1Required(body: Body, key: string): unknown {
	if (!given(body, key)) throw unprocessable(`${key} is required`, key);
	return body[key];
}

export function v1Integer(value: unknown, param: string, min = 1): number {
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
		throw unprocessable(`${param} must be an integer of at least ${min}`, param);
	return value;
}

export function v1Code<T extends number>(value: unknown, codes: readonly T[], param: string): T {
	if (typeof value !== 'number' || !codes.includes(value as T))
		throw unprocessable(`${param} must be one of ${codes.join(', ')}`, param);
	return value as T;
}

export function v1Text(value: unknown, param: string, nonEmpty = false): string {
	if (typeof value !== 'string') throw unprocessable(`${param} must be a string`, param);
	if (nonEmpty && value.trim() === '') throw unprocessable(`${param} can't be blank`, param);
	return value;
}

export function v1Boolean(value: unknown, param: string): boolean {
	if (typeof value !== 'boolean') throw unprocessable(`${param} must be true or false`, param);
	return value;
}

const KIND_LABEL: Record<EntityKind, string> = {
	person: 'Person',
	company: 'Organization',
	opportunity: 'Opportunity',
};

/** An array of ids of existing records (person_ids, organization_ids), without repeats. */
export function v1Ids(store: Store, kind: EntityKind, value: unknown, param: string): number[] {
	if (!Array.isArray(value)) throw unprocessable(`${param} must be an array of integers`, param);
	const ids = value.map((item) => v1Integer(item, param));
	for (const id of ids)
		if (!store.entityExists(kind, id))
			throw unprocessable(`${KIND_LABEL[kind]} ${id} does not exist`, param);
	return [...new Set(ids)];
}

/** A path id, or the 404 of a record that does not exist. */
export function v1PathRecord<T>(
	raw: string,
	param: string,
	records: Map<number, T>,
	label: string,
): T {
	const id = pathId(raw, param, 'int64');
	const record = records.get(id);
	if (!record) throw notFound(`${label} ${id} not found`);
	return record;
}

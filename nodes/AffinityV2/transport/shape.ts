/**
 * The shapes an answer must have before anything reads it: one record (a JSON object), or a
 * page (`data` array with a `pagination` object, as every paged Affinity endpoint returns)
 * whose items are records with an id (or, where the API gives its records none, objects). Anything else is refused with one clear message, never
 * turned into items.
 */

/** What a request expects back: `record` (one JSON object), `page`, or `any` (writes, 204s). */
export type Expected = 'record' | 'page' | 'any';

export const UNEXPECTED_SHAPE = 'Affinity answered with an unexpected shape';

export function describeValue(value: unknown): string {
	if (value === undefined) return 'an empty body';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	return `a ${typeof value}`;
}

/** True for a JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A record of a page: an object with a number id or a non-empty text id (field ids are text). */
function isEntity(value: unknown): boolean {
	if (!isObject(value)) return false;
	const { id } = value;
	return (typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && id !== '');
}

/**
 * Paged endpoints whose records have no id in the API description: their records need only be
 * objects. GET /v2/transcripts/{transcriptId}/fragments, GET /v2/{companies|persons}/{id}/
 * relationships, GET /v2/inferred-connections/*.
 */
const RECORDS_WITHOUT_ID = [
	/^\/v2\/transcripts\/[^/]+\/fragments$/,
	/^\/v2\/(companies|persons)\/[^/]+\/relationships$/,
	/^\/v2\/inferred-connections\//,
];

/**
 * Pages of one field's values (2026-09-17: GET …/fields/{fieldId}/values, FieldValuesPaged):
 * their items are the values themselves, text of a filterable-text-multi as much as a location
 * or a person; only a missing value (null) is no item.
 */
const VALUES_PAGES = /\/fields\/[^/]+\/values$/;

function itemProblem(data: unknown[], path: string): string | undefined {
	if (VALUES_PAGES.test(path)) {
		const missing = data.findIndex((item) => item === null || item === undefined);
		return missing < 0 ? undefined : `item ${missing} of "data" is null, not a value`;
	}
	const withoutId = RECORDS_WITHOUT_ID.some((pattern) => pattern.test(path));
	const index = data.findIndex((item) => (withoutId ? !isObject(item) : !isEntity(item)));
	if (index < 0) return undefined;
	const item = data[index];
	const what = isObject(item) ? 'an object without an id' : describeValue(item);
	return `item ${index} of "data" is ${what}, not a record`;
}

/** Why a page-shaped body is not a page of records; undefined when it is one. */
export function pageProblem(body: unknown, path: string): string | undefined {
	// Without a pagination object there is no telling whether more pages exist: treating it as
	// the last page would drop data silently, so it is refused like any unexpected shape.
	if (!isObject(body) || !Array.isArray(body.data) || !isObject(body.pagination)) {
		return 'no "data" array with "pagination"';
	}
	return itemProblem(body.data, path);
}

/**
 * Why a successful answer does not have the expected shape; undefined when it has. A record
 * answer that is itself a page (a picker reading one page through a plain GET) has its items
 * checked as a page's are.
 */
export function shapeProblem(body: unknown, expected: Expected, path: string): string | undefined {
	if (expected === 'any') return undefined;
	if (expected === 'page') return pageProblem(body, path);
	if (!isObject(body)) return `${describeValue(body)} where one record is due`;
	if (Array.isArray(body.data) && isObject(body.pagination)) return itemProblem(body.data, path);
	return undefined;
}

/**
 * Why a successful answer to an API v1 write is not what v1 documents; undefined when it is.
 * v1 answers a create or an update with the record (an object with its number id), a delete
 * with `{"success": true}`, and POST /entity-files with `{"success": true}` (live also with
 * `entity_files`). Anything else (`[]`, a string, a number, `true`, `null`, `{}`) is not made
 * into an item: the write may or may not have been applied.
 */
export function v1WriteProblem(body: unknown, method: string, path: string): string | undefined {
	const succeeded = isObject(body) && body.success === true;
	if (method === 'DELETE' || path === '/entity-files') {
		return succeeded ? undefined : `${describeV1(body)} where v1 answers {"success": true}`;
	}
	if (isObject(body) && typeof body.id === 'number' && Number.isFinite(body.id)) return undefined;
	return `${describeV1(body)} where v1 answers the record with its id`;
}

function describeV1(body: unknown): string {
	if (isObject(body))
		return Object.keys(body).length ? 'an object without an id' : 'an empty object';
	if (typeof body === 'boolean') return `${String(body)}`;
	return describeValue(body);
}

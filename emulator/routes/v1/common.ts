import { ApiError } from '../../http';
import type { LaggedKind, Store } from '../../store';
import { v1EntryOfRecord } from '../../v1Shapes';

/**
 * v1 answers malformed or logically impossible parameters with 422 Unprocessable Entity (its
 * documented error codes); the body keeps the emulator's error form, naming the parameter.
 */
export const unprocessable = (message: string, param?: string) =>
	new ApiError(422, 'validation', message, param);

export { V1_ENTITY_TYPE } from '../../v1Shapes';

/**
 * Before a v1 write changes or creates these records: live, v2 reads see v1 writes late, so for
 * settings.v1ReadDelayMs v2 keeps reading them as they are now (v1 reads see the write at once).
 */
export function holdFromV2(
	ctx: { store: Store; emulator: { settings: { v1ReadDelayMs: number } } },
	kind: LaggedKind,
	...ids: Array<number | string>
): void {
	const delayMs = Number(ctx.emulator.settings.v1ReadDelayMs) || 0;
	for (const id of ids) ctx.store.holdFromV2(kind, id, delayMs);
}

/** The list entries of a record (held with it when a v1 delete removes them). */
export function entryIdsOf(store: Store, kind: 'company' | 'person', id: number): number[] {
	const ids: number[] = [];
	for (const entry of store.entries.values())
		if (entry.entityType === kind && entry.entityId === id) ids.push(entry.id);
	return ids;
}

/** A JSON object body with only the documented payload parameters, else 422 naming the first other. */
export function v1Body(raw: unknown, allowed: readonly string[]): Record<string, unknown> {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw))
		throw unprocessable('The body must be a JSON object');
	for (const key of Object.keys(raw))
		if (!allowed.includes(key)) throw unprocessable(`Unknown parameter "${key}"`, key);
	return raw as Record<string, unknown>;
}

/** A string parameter; `min` 1 refuses a blank one. */
export function v1Text(value: unknown, param: string, min = 0): string {
	if (typeof value !== 'string') throw unprocessable(`${param} must be a string`, param);
	if (value.trim().length < min) throw unprocessable(`${param} can't be blank`, param);
	return value.trim();
}

/** An integer id parameter. */
export function v1Id(value: unknown, param: string): number {
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
		throw unprocessable(`${param} must be a positive integer`, param);
	return value;
}

/** An array of ids that must each name an existing record (`exists`). */
export function v1Ids(
	value: unknown,
	param: string,
	exists: (id: number) => boolean,
	what: string,
): number[] {
	if (!Array.isArray(value)) throw unprocessable(`${param} must be an array of integers`, param);
	const ids = value.map((v) => v1Id(v, param));
	const missing = ids.find((id) => !exists(id));
	if (missing !== undefined) throw unprocessable(`${param}: there is no ${what} ${missing}`, param);
	return [...new Set(ids)];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An array of email addresses. */
export function v1Emails(value: unknown, param: string): string[] {
	if (!Array.isArray(value)) throw unprocessable(`${param} must be an array of strings`, param);
	return [
		...new Set(
			value.map((v) => {
				if (typeof v !== 'string' || !EMAIL.test(v.trim()))
					throw unprocessable(`${param}: "${String(v)}" is not an email address`, param);
				return v.trim().toLowerCase();
			}),
		),
	];
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** A domain name (acme.co), or null. */
export function v1Domain(value: unknown, param: string): string | null {
	if (value === null) return null;
	const text = v1Text(value, param).toLowerCase();
	if (!DOMAIN.test(text)) throw unprocessable(`${param}: "${text}" is not a domain name`, param);
	return text;
}

/**
 * A person's or an organization's `list_entries` (GET /persons/{id}, /organizations/{id}): its
 * entries on the lists the caller can see, oldest first.
 */
export function v1ListEntriesOf(
	store: Store,
	userId: number,
	entityType: 'person' | 'company',
	entityId: number,
): Array<Record<string, unknown>> {
	return [...store.entries.values()]
		.filter((e) => e.entityType === entityType && e.entityId === entityId)
		.filter((e) => {
			const list = store.lists.get(e.listId);
			return !!list && store.canSeeList(list, userId);
		})
		.sort((a, b) => a.id - b.id)
		.map(v1EntryOfRecord);
}

import type { RouteContext } from '../context';
import { compileFilter, type FilterProperties } from '../filter';
import { fieldCapabilities } from '../fieldRules';
import { badRequest } from '../http';
import type { EntityKind, FieldDef, List, ListEntry } from '../model';
import type { Reply } from '../router';
import { listFieldUniverse, renderField, renderFieldMetadata } from '../serialize';
import type { Store } from '../store';
import { definingValues, paged } from './common';

/** Values of an array parameter that must come from `allowed`; anything else is a 400 naming it. */
export function enumValues(
	values: string[] | undefined,
	allowed: readonly string[],
	param: string,
): Set<string> {
	for (const value of values ?? []) {
		if (!allowed.includes(value))
			throw badRequest(`${param} must be one of ${allowed.join(', ')}; got "${value}"`, param);
	}
	return new Set(values ?? []);
}

/** A boolean parameter as kept in the defining values (so it survives the cursor). */
export function boolValue(values: Record<string, string[]>, name: string): boolean {
	const raw = values[name]?.[0];
	if (raw === undefined || raw === '') return false;
	if (raw === 'true') return true;
	if (raw === 'false') return false;
	throw badRequest(`${name} must be true or false`, name);
}

/** The predicate of a `filter` value (none, or only spaces: everything passes). */
export function filterFrom<R>(
	raw: string | undefined,
	properties: FilterProperties<R>,
	param = 'filter',
): ((record: R) => boolean) | undefined {
	if (raw === undefined || raw.trim() === '') return undefined;
	return compileFilter(raw, properties, param);
}

const FIELD_INCLUDES = ['filterability', 'sortability'] as const;

const FIELD_NAME_FILTER: FilterProperties<FieldDef> = {
	name: { kind: 'text', operators: ['=', '=~'], get: (field) => field.name },
};

/**
 * A page of field metadata (GET /v2/persons/fields, /v2/companies/fields, /v2/lists/{id}/fields):
 * `filter` on `name` (`=`, `=~`), `includes` filterability / sortability, in the account's order.
 */
export function fieldMetadataPage(ctx: RouteContext, fields: FieldDef[]): Reply {
	const defining = ['filter', 'includes'];
	const values = definingValues(ctx, defining);
	const includes = enumValues(values.includes, FIELD_INCLUDES, 'includes');
	const test = filterFrom(values.filter?.[0], FIELD_NAME_FILTER);
	const position = new Map(fields.map((f, i) => [f, i + 1]));
	const items = test ? fields.filter(test) : fields;
	return paged(
		ctx,
		items,
		(f) => position.get(f) as number,
		(f) => ({ ...renderFieldMetadata(f), ...fieldCapabilities(f, includes, ctx.version) }),
		{ defining },
	);
}

const entityIndex = new WeakMap<Store, { version: number; byEntity: Map<string, ListEntry[]> }>();

/**
 * The entries of one person, company or opportunity across all lists, sorted by id. Built once
 * per store version (every change bumps it), so reading one entity's entries never scans a
 * 100,000-entry list per request.
 */
export function entriesOfEntity(store: Store, kind: EntityKind, id: number): ListEntry[] {
	let cached = entityIndex.get(store);
	if (!cached || cached.version !== store.version) {
		const byEntity = new Map<string, ListEntry[]>();
		for (const entries of store.entriesByList.values()) {
			for (const entry of entries) {
				const key = `${entry.entityType}:${entry.entityId}`;
				const bucket = byEntity.get(key);
				if (bucket) bucket.push(entry);
				else byEntity.set(key, [entry]);
			}
		}
		for (const bucket of byEntity.values()) bucket.sort((a, b) => a.id - b.id);
		cached = { version: store.version, byEntity };
		entityIndex.set(store, cached);
	}
	return cached.byEntity.get(`${kind}:${id}`) ?? [];
}

/** An entity's entries on lists the caller can see. */
export function visibleEntriesOf(ctx: RouteContext, kind: EntityKind, id: number): ListEntry[] {
	return entriesOfEntity(ctx.store, kind, id).filter((e) => {
		const list = ctx.store.lists.get(e.listId);
		return list !== undefined && ctx.store.canSeeList(list, ctx.user.id);
	});
}

/** The lists (ascending id) an entity is on, among those the caller can see. */
export function visibleListsOf(ctx: RouteContext, kind: EntityKind, id: number): List[] {
	const ids = [...new Set(visibleEntriesOf(ctx, kind, id).map((e) => e.listId))].sort(
		(a, b) => a - b,
	);
	return ids.map((listId) => ctx.store.lists.get(listId) as List);
}

/**
 * A list entry as a person's or company's list-entries page shows it (GET
 * /v2/companies/{companyId}/list-entries: ListEntryWithEntity plus the list it belongs to):
 * list metadata and comprehensive field data, the entity's fields and the list's.
 */
export function renderEntityEntry(store: Store, entry: ListEntry): Record<string, unknown> {
	const list = store.lists.get(entry.listId);
	const fields = listFieldUniverse(store, entry.listId, entry.entityType);
	return {
		id: entry.id,
		listId: entry.listId,
		listName: list?.name ?? '',
		createdAt: entry.createdAt,
		creatorId: entry.creatorId,
		fields: fields.map((f) => renderField(store, f, store.entryValue(entry, f), entry)),
	};
}

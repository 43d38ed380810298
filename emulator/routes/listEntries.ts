import type { RouteContext } from '../context';
import { badRequest, notFound, pathId } from '../http';
import type { ListEntry } from '../model';
import { decodeCursor, encodeCursor } from '../pagination';
import type { Reply, Router } from '../router';
import { listFieldUniverse, renderListEntry } from '../serialize';
import { definingValues, ok, paged, requirePermission, selectFields, visibleList } from './common';
import { boolValue } from './support';

const ENTRY_FIELD_TYPES = ['enriched', 'global', 'list', 'relationship-intelligence'] as const;

/** Sorts the list-entry search accepts here: the date an entry was added (SearchSort `created-at`). */
const ENTRY_SORTS = new Set(['created-at']);

interface EntrySort {
	sign: 1 | -1;
}

/**
 * The search body (SearchCriteria): `sorts` on `created-at` only. Filters and a search term
 * are part of the API but not of this emulator; they are refused rather than ignored, so that
 * a test never passes on a filter that was not applied.
 */
function entrySearchBody(raw: unknown): EntrySort[] {
	if (raw === undefined || raw === null) return [];
	if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('The body must be a SearchCriteria object');
	const body = raw as Record<string, unknown>;
	for (const key of Object.keys(body)) {
		if (key === 'sorts') continue;
		if (key === 'filters' || key === 'search') throw badRequest(`The emulator does not support "${key}" on the list-entry search`, key);
		throw badRequest(`Unknown property "${key}"`, key);
	}
	if (body.sorts === undefined) return [];
	if (!Array.isArray(body.sorts) || body.sorts.length < 1 || body.sorts.length > 5) throw badRequest('sorts takes 1 to 5 items', 'sorts');
	return body.sorts.map((sort: unknown) => {
		const { fieldId, direction } = (sort ?? {}) as { fieldId?: unknown; direction?: unknown };
		if (typeof fieldId !== 'string' || !ENTRY_SORTS.has(fieldId)) throw badRequest(`Field "${String(fieldId)}" is not sortable here`, 'sorts');
		if (direction !== undefined && direction !== 'asc' && direction !== 'desc') throw badRequest('direction is asc or desc', 'sorts');
		return { sign: direction === 'desc' ? -1 : 1 };
	});
}

/**
 * POST /v2/lists/{listId}/list-entries/search (BETA): the list's entries, sorted by the date
 * added when asked, 201 with a ListEntryWithEntityPaged (`totalCount` on request). The cursor
 * carries the body and the query, and points at the last entry of the page by id and position.
 */
async function searchEntries(ctx: RouteContext): Promise<Reply> {
	const list = visibleList(ctx, ctx.params.listId);
	requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
	const limit = ctx.query.int('limit', 1, 100, 100);
	const rawCursor = ctx.query.string('cursor');
	const cursor = rawCursor ? (decodeCursor(rawCursor, ctx.path) as ReturnType<typeof decodeCursor> & { i?: number }) : undefined;
	let values: Record<string, string[]>;
	let raw: unknown;
	if (cursor) {
		values = cursor.q;
		raw = JSON.parse(values.body?.[0] ?? 'null');
	} else {
		raw = await ctx.body();
		values = { body: [JSON.stringify(raw ?? null)] };
		for (const name of ['fieldIds', 'fieldTypes', 'totalCount']) {
			const all = ctx.query.list(name);
			if (all.length) values[name] = all;
		}
	}
	const sorts = entrySearchBody(raw);
	const fields = selectFields(values, listFieldUniverse(ctx.store, list.id, list.type), [...ENTRY_FIELD_TYPES]) ?? [];
	const entries: ListEntry[] = [...(ctx.store.entriesByList.get(list.id) ?? [])];
	if (sorts.length) {
		const { sign } = sorts[0];
		entries.sort((a, b) => (a.createdAt < b.createdAt ? -sign : a.createdAt > b.createdAt ? sign : sign * (a.id - b.id)));
	}
	let start = 0;
	if (cursor?.d === 'n') {
		const at = entries.findIndex((e) => e.id === cursor.k);
		start = Math.min(entries.length, at >= 0 ? at + 1 : (cursor.i ?? 0));
	}
	const end = Math.min(entries.length, start + limit);
	const slice = entries.slice(start, end);
	const url = (entry: ListEntry, i: number) =>
		`${ctx.origin}${ctx.path}?cursor=${encodeCursor({ d: 'n', k: entry.id, q: values, p: ctx.path, i } as Parameters<typeof encodeCursor>[0])}&limit=${limit}`;
	const pagination: Record<string, unknown> = {
		prevUrl: null,
		nextUrl: end < entries.length && slice.length ? url(slice[slice.length - 1], end) : null,
	};
	if (boolValue(values, 'totalCount')) pagination.totalCount = entries.length;
	return { status: 201, body: { data: slice.map((e) => renderListEntry(ctx.store, e, fields, ctx)), pagination } };
}

export function register(router: Router): void {
	router.post('/v2/lists/:listId/list-entries/search', searchEntries);

	router.get('/v2/lists/:listId/list-entries', (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
		const defining = ['fieldIds', 'fieldTypes'];
		const fields = selectFields(definingValues(ctx, defining), listFieldUniverse(ctx.store, list.id, list.type), [...ENTRY_FIELD_TYPES]) ?? [];
		const entries = ctx.store.entriesByList.get(list.id) ?? [];
		return paged(ctx, entries, (e) => e.id, (e) => renderListEntry(ctx.store, e, fields, ctx), { defining });
	});

	router.get('/v2/lists/:listId/list-entries/:listEntryId', (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		const entryId = pathId(ctx.params.listEntryId, 'listEntryId', 'int64');
		const entry = ctx.store.entries.get(entryId);
		if (!entry || entry.listId !== list.id) throw notFound(`List entry ${entryId} not found on list ${list.id}`);
		const values = { fieldIds: ctx.query.list('fieldIds'), fieldTypes: ctx.query.list('fieldTypes') };
		const fields = selectFields(values, listFieldUniverse(ctx.store, list.id, list.type), [...ENTRY_FIELD_TYPES]) ?? [];
		return ok(renderListEntry(ctx.store, entry, fields, ctx));
	});
}

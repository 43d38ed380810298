import type { RouteContext } from '../context';
import { ApiError, notFound, pathId } from '../http';
import type { FieldDef, ListEntry } from '../model';
import type { Reply, Router } from '../router';
import { searchPage, type Searchable } from '../search';
import { isRedactedFor, listFieldUniverse, renderListEntry } from '../serialize';
import { definingValues, ok, paged, requirePermission, selectFields, visibleList } from './common';

const ENTRY_FIELD_TYPES = ['enriched', 'global', 'list', 'relationship-intelligence'] as const;

/** A list entry as a search sees it: its list values and its entity's values under one id. */
interface EntryRecord extends Searchable {
	entry: ListEntry;
}

/**
 * POST /v2/lists/{listId}/list-entries/search. The term always matches the entity's name and
 * primary identifier: company name and primary domain, person names and primary email address,
 * opportunity name (not of an opportunity the viewer may not see).
 */
async function search(ctx: RouteContext): Promise<Reply> {
	const list = visibleList(ctx, ctx.params.listId);
	requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
	const universe = listFieldUniverse(ctx.store, list.id, list.type);
	const byId = new Map<string, FieldDef>(universe.map((f) => [f.id, f]));
	const record = (entry: ListEntry): EntryRecord => ({
		id: entry.id,
		entry,
		values: {
			get: (fieldId) => {
				const field = byId.get(fieldId);
				return field ? ctx.store.entryValue(entry, field) : undefined;
			},
		},
	});
	const identity = ({ entry }: EntryRecord): Array<string | null> => {
		if (entry.entityType === 'company') {
			const company = ctx.store.companies.get(entry.entityId);
			return company ? [company.name, company.domain] : [];
		}
		if (entry.entityType === 'person') {
			const person = ctx.store.persons.get(entry.entityId);
			return person ? [person.firstName, person.lastName, person.primaryEmailAddress] : [];
		}
		const opportunity = ctx.store.opportunities.get(entry.entityId);
		return opportunity && !isRedactedFor(opportunity, ctx) ? [opportunity.name] : [];
	};
	return searchPage<EntryRecord>(ctx, {
		universe,
		fieldTypes: [...ENTRY_FIELD_TYPES],
		records: () => (ctx.store.entriesByList.get(list.id) ?? []).map(record),
		identity,
		// When the entry was added to the list (the edition's example sorts by `created-at`).
		identitySorts: { 'created-at': (r) => r.entry.createdAt },
		render: (r, fields) => renderListEntry(ctx.store, r.entry, fields ?? [], ctx),
	});
}

export function register(router: Router): void {
	router.get('/v2/lists/:listId/list-entries', (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
		const defining = ['fieldIds', 'fieldTypes'];
		const fields =
			selectFields(
				definingValues(ctx, defining),
				listFieldUniverse(ctx.store, list.id, list.type),
				[...ENTRY_FIELD_TYPES],
			) ?? [];
		const entries = ctx.store.entriesByList.get(list.id) ?? [];
		return paged(
			ctx,
			entries,
			(e) => e.id,
			(e) => renderListEntry(ctx.store, e, fields, ctx),
			{ defining },
		);
	});

	router.post('/v2/lists/:listId/list-entries/search', search);

	router.get('/v2/lists/:listId/list-entries/:listEntryId', (ctx) => {
		// The search endpoint exists, for POST only.
		if (ctx.params.listEntryId === 'search')
			throw new ApiError(
				405,
				'method-not-allowed',
				`Method ${ctx.method} is not allowed for ${ctx.path}`,
			);
		const list = visibleList(ctx, ctx.params.listId);
		const entryId = pathId(ctx.params.listEntryId, 'listEntryId', 'int64');
		const entry = ctx.store.entries.get(entryId);
		if (!entry || entry.listId !== list.id)
			throw notFound(`List entry ${entryId} not found on list ${list.id}`);
		const values = {
			fieldIds: ctx.query.list('fieldIds'),
			fieldTypes: ctx.query.list('fieldTypes'),
		};
		const fields =
			selectFields(values, listFieldUniverse(ctx.store, list.id, list.type), [
				...ENTRY_FIELD_TYPES,
			]) ?? [];
		return ok(renderListEntry(ctx.store, entry, fields, ctx));
	});
}

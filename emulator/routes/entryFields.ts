import type { RouteContext } from '../context';
import { badRequest, notFound, pathId } from '../http';
import type { FieldDef, List, ListEntry } from '../model';
import type { Router } from '../router';
import {
	isRedactedFor,
	listFieldUniverse,
	renderField,
	renderHiddenField,
	RESTRICTED_OPPORTUNITIES_SINCE,
} from '../serialize';
import { isAtLeast } from '../versions';
import { definingValues, ok, paged, requirePermission, visibleList } from './common';
import { enumValues } from './support';

const FIELD_TYPES = ['enriched', 'global', 'list', 'relationship-intelligence'] as const;

export function entryOf(ctx: RouteContext): { list: List; entry: ListEntry } {
	const list = visibleList(ctx, ctx.params.listId);
	requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
	const entryId = pathId(ctx.params.listEntryId, 'listEntryId', 'int64');
	const entry = ctx.store.entries.get(entryId);
	if (!entry || entry.listId !== list.id)
		throw notFound(`List entry ${entryId} not found on list ${list.id}`);
	return { list, entry };
}

/**
 * An entry field as the caller may see it: from 2026-07-15, the fields of a restricted
 * opportunity the caller cannot manage come back `hidden`, without data.
 */
function renderEntryField(
	ctx: RouteContext,
	entry: ListEntry,
	field: FieldDef,
): Record<string, unknown> {
	if (hidesFieldsOf(ctx, entry)) return renderHiddenField(field);
	return renderField(ctx.store, field, ctx.store.entryValue(entry, field), entry);
}

export function hidesFieldsOf(ctx: RouteContext, entry: ListEntry): boolean {
	if (entry.entityType !== 'opportunity' || !isAtLeast(ctx.version, RESTRICTED_OPPORTUNITIES_SINCE))
		return false;
	return isRedactedFor(ctx.store.opportunities.get(entry.entityId), ctx);
}

export function register(router: Router): void {
	// Every field of the entry by default (the entity's and the list's); `ids` and `types` narrow it.
	router.get('/v2/lists/:listId/list-entries/:listEntryId/fields', (ctx) => {
		const { list, entry } = entryOf(ctx);
		const defining = ['ids', 'types'];
		const values = definingValues(ctx, defining);
		const universe = listFieldUniverse(ctx.store, list.id, list.type);
		const types = enumValues(values.types, FIELD_TYPES, 'types');
		for (const id of values.ids ?? []) {
			if (!universe.some((f) => f.id === id))
				throw badRequest(`Field "${id}" does not exist on list ${list.id}`, 'ids');
		}
		const ids = new Set(values.ids ?? []);
		const positions = new Map(universe.map((f, i) => [f, i + 1]));
		const fields = universe.filter(
			(f: FieldDef) => (!ids.size || ids.has(f.id)) && (!types.size || types.has(f.type)),
		);
		return paged(
			ctx,
			fields,
			(f) => positions.get(f) as number,
			(f) => renderEntryField(ctx, entry, f),
			{
				defining,
				defaultLimit: 20,
			},
		);
	});

	router.get('/v2/lists/:listId/list-entries/:listEntryId/fields/:fieldId', (ctx) => {
		const { list, entry } = entryOf(ctx);
		const field = listFieldUniverse(ctx.store, list.id, list.type).find(
			(f) => f.id === ctx.params.fieldId,
		);
		if (!field) throw notFound(`Field "${ctx.params.fieldId}" not found on list ${list.id}`);
		return ok(renderEntryField(ctx, entry, field));
	});
}

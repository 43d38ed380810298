import type { RouteContext } from '../context';
import { badRequest, forbidden, notFound, pathId } from '../http';
import type { Company, FieldDef, ListEntry, Person, StoredValue } from '../model';
import { inEdition } from '../editionFields';
import type { Reply, Router } from '../router';
import type { Store } from '../store';
import { parseWrittenValue } from '../values';
import { ok, paged, requirePermission, visibleList } from './common';
import { renderDropdownOption } from './dropdownOptions';
import { hidesFieldsOf } from './entryFields';

/**
 * Field value writes: one value on a person, one on a list entry, and the batch
 * `update-fields` operation on a list entry (at most 100 updates, all validated before any is
 * applied). Writes persist: later reads show them. 204 for single writes, 200 for the batch.
 */

const MAX_UPDATES = 100;

function isObject(value: unknown): value is Record<string, unknown> {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** A field the request names but that is not one of this record's: 404 if it exists nowhere. */
export function notApplicable(store: Store, fieldId: string, where: string, param: string): never {
	// A field of a value type the edition does not have is unknown there.
	const field = store.fields.get(fieldId);
	if (!field || !inEdition(field)) throw notFound(`Field ${fieldId} not found`);
	throw badRequest(`Field ${fieldId} is not a field of ${where}`, param);
}

export type Target = { values: Map<string, StoredValue> };

/** The field and the record holding its value for a list entry: list fields on the entry, others on its entity. */
function entryField(
	store: Store,
	entry: ListEntry,
	fieldId: string,
): { field: FieldDef; target: Target } | undefined {
	const list = store.lists.get(entry.listId);
	const own = list?.fields.find((f) => f.id === fieldId);
	if (own) return { field: own, target: entry };
	if (entry.entityType === 'opportunity') return undefined;
	const field = store.entityField(entry.entityType, fieldId);
	if (!field) return undefined;
	const entity: Person | Company | undefined =
		entry.entityType === 'person'
			? store.persons.get(entry.entityId)
			: store.companies.get(entry.entityId);
	return entity ? { field, target: entity } : undefined;
}

function entryOf(ctx: RouteContext): ListEntry {
	const list = visibleList(ctx, ctx.params.listId);
	requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
	const entryId = pathId(ctx.params.listEntryId, 'listEntryId', 'int64');
	const entry = ctx.store.entries.get(entryId);
	if (!entry || entry.listId !== list.id)
		throw notFound(`List entry ${entryId} not found on list ${list.id}`);
	// From 2026-07-15, writes to the fields of a restricted opportunity the caller cannot manage are refused.
	if (hidesFieldsOf(ctx, entry))
		throw forbidden(`You cannot manage the restricted opportunity ${entry.entityId}`);
	return entry;
}

/** Writing a person's or company's own fields needs "Edit Global Field Values" (403 without it). */
export function requireEditGlobalFields(ctx: RouteContext): void {
	requirePermission(ctx.user.permissions.editGlobalFieldValues, 'Edit Global Field Values');
}

export async function valueOfBody(ctx: RouteContext): Promise<unknown> {
	const body = await ctx.body();
	if (!isObject(body))
		throw badRequest(
			'The body must be a JSON object {"value": {"type": ..., "data": ...}}',
			'value',
		);
	for (const key of Object.keys(body))
		if (key !== 'value') throw badRequest(`Unknown property "${key}"`, key);
	if (!('value' in body)) throw badRequest('Missing "value"', 'value');
	return body.value;
}

/**
 * The batch `update-fields` operation (ListEntryBatchOperationRequest and its company and
 * person twins): at most 100 updates, every one validated before any is applied, so a refused
 * batch changes nothing. `find` gives a field and where its value lives, or why it cannot.
 */
export async function applyBatch(
	ctx: RouteContext,
	find: (fieldId: string) => { field: FieldDef; target: Target } | string,
	/** The list entry written through, for the change log. */
	via?: ListEntry,
): Promise<Reply> {
	const body = await ctx.body();
	if (!isObject(body))
		throw badRequest(
			'The body must be a JSON object {"operation": "update-fields", "updates": [...]}',
			'operation',
		);
	if (body.operation !== 'update-fields')
		throw badRequest('operation must be "update-fields"', 'operation');
	for (const key of Object.keys(body))
		if (key !== 'operation' && key !== 'updates')
			throw badRequest(`Unknown property "${key}"`, key);
	if (!Array.isArray(body.updates)) throw badRequest('updates must be an array', 'updates');
	if (body.updates.length > MAX_UPDATES)
		throw badRequest(
			`At most ${MAX_UPDATES} updates are allowed in one request; got ${body.updates.length}`,
			'updates',
		);
	const planned = body.updates.map((update: unknown, i: number) => {
		const at = `updates[${i}]`;
		if (!isObject(update))
			throw badRequest('Each update must be an object {"id": ..., "value": ...}', at);
		for (const key of Object.keys(update))
			if (key !== 'id' && key !== 'value')
				throw badRequest(`Unknown property "${key}"`, `${at}.${key}`);
		if (typeof update.id !== 'string' || update.id === '')
			throw badRequest('Missing field id', `${at}.id`);
		const found = find(update.id);
		if (typeof found === 'string') throw badRequest(found, `${at}.id`);
		if (!('value' in update))
			throw badRequest('Missing value (use {"type": ..., "data": null} to clear)', `${at}.value`);
		return {
			...found,
			stored: parseWrittenValue(ctx.store, found.field, update.value, `${at}.value`, `${at}.id`),
		};
	});
	for (const { target, field, stored } of planned)
		ctx.store.setValue(target, field.id, stored, via);
	return ok({ operation: 'update-fields' });
}

export function register(router: Router): void {
	router.post('/v2/persons/:personId/fields/:fieldId', async (ctx) => {
		const personId = pathId(ctx.params.personId, 'personId', 'int64');
		const person = ctx.store.persons.get(personId);
		if (!person) throw notFound(`Person ${personId} not found`);
		requireEditGlobalFields(ctx);
		const fieldId = ctx.params.fieldId;
		const field =
			ctx.store.entityField('person', fieldId) ??
			notApplicable(ctx.store, fieldId, 'persons', 'fieldId');
		const stored = parseWrittenValue(ctx.store, field, await valueOfBody(ctx), 'value');
		ctx.store.setValue(person, field.id, stored);
		return { status: 204 };
	});

	router.post('/v2/lists/:listId/list-entries/:listEntryId/fields/:fieldId', async (ctx) => {
		const entry = entryOf(ctx);
		const fieldId = ctx.params.fieldId;
		const found =
			entryField(ctx.store, entry, fieldId) ??
			notApplicable(ctx.store, fieldId, `list ${entry.listId}`, 'fieldId');
		const stored = parseWrittenValue(ctx.store, found.field, await valueOfBody(ctx), 'value');
		ctx.store.setValue(found.target, found.field.id, stored, entry);
		return { status: 204 };
	});

	router.patch('/v2/lists/:listId/list-entries/:listEntryId/fields', async (ctx) => {
		const entry = entryOf(ctx);
		return applyBatch(
			ctx,
			(fieldId) => {
				const found = entryField(ctx.store, entry, fieldId);
				if (found) return found;
				return ctx.store.fields.has(fieldId)
					? `Field ${fieldId} is not a field of list ${entry.listId}`
					: `Field ${fieldId} not found`;
			},
			entry,
		);
	});

	// Dropdown options of a field (BETA in the API: developer.affinity.co, "Get dropdown options
	// for a List / Person / Company Field"): what the node's option pickers and name lookups use.
	const options = (ctx: RouteContext, field: FieldDef) => {
		if (!['dropdown', 'dropdown-multi', 'ranked-dropdown'].includes(field.valueType)) {
			throw badRequest(
				`Field ${field.id} is a ${field.valueType} field, not a dropdown field`,
				'fieldId',
			);
		}
		const list = field.dropdownOptions ?? [];
		return paged(
			ctx,
			list,
			(o) => list.indexOf(o) + 1,
			(option) => renderDropdownOption(field, option),
		);
	};

	router.get('/v2/lists/:listId/fields/:fieldId/dropdown-options', (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		const fieldId = ctx.params.fieldId;
		const field =
			list.fields.find((f) => f.id === fieldId) ??
			(list.type === 'opportunity' ? undefined : ctx.store.entityField(list.type, fieldId)) ??
			notApplicable(ctx.store, fieldId, `list ${list.id}`, 'fieldId');
		return options(ctx, field);
	});
	for (const kind of ['person', 'company'] as const) {
		router.get(
			`/v2/${kind === 'person' ? 'persons' : 'companies'}/fields/:fieldId/dropdown-options`,
			(ctx) => {
				const fieldId = ctx.params.fieldId;
				const field =
					ctx.store.entityField(kind, fieldId) ??
					notApplicable(ctx.store, fieldId, kind === 'person' ? 'persons' : 'companies', 'fieldId');
				return options(ctx, field);
			},
		);
	}
}

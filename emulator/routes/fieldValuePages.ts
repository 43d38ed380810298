import type { RouteContext } from '../context';
import { exposedEntityFields } from '../fieldRules';
import { badRequest, forbidden, notFound } from '../http';
import type { FieldDef, ListEntry, StoredValue } from '../model';
import type { Router } from '../router';
import { listFieldUniverse, renderValue } from '../serialize';
import type { Store } from '../store';
import { paged } from './common';
import { recordOf } from './entityFieldValues';
import { entryOf, hidesFieldsOf } from './entryFields';

/**
 * Every value of one field, a page at a time (BETA, 2026-09-17; FieldValuesPaged): GET
 * /v2/companies/{companyId}/fields/{fieldId}/values, /v2/persons/{personId}/…, and
 * /v2/lists/{listId}/list-entries/{listEntryId}/fields/{fieldId}/values. Where the other reads
 * cut a multi-value at 100 and give its `totalCount`, this pages through all of them (limit
 * 1..100, default 100), in stored order. A single value is a page of one (none: empty). Only
 * the value types FieldValuesPaged maps have pages; any other (number, number-multi, text,
 * datetime, interaction, formula, note, reminder…) is a 400 naming fieldId. The fields of a
 * restricted opportunity the caller cannot manage are 403, as writes to them are.
 */

/** The value types FieldValuesPaged's discriminator maps (CompaniesValuePaged, …). */
const PAGED_TYPES: ReadonlySet<string> = new Set([
	'company',
	'company-multi',
	'dropdown',
	'dropdown-multi',
	'filterable-text',
	'filterable-text-multi',
	'list-multi',
	'location',
	'location-multi',
	'person',
	'person-multi',
	'ranked-dropdown',
]);

function valuesPage(
	ctx: RouteContext,
	field: FieldDef,
	stored: StoredValue | undefined,
	entry?: ListEntry,
): ReturnType<typeof paged> {
	if (!PAGED_TYPES.has(field.valueType))
		throw badRequest(
			`Field ${field.id} holds ${field.valueType} values, which have no values pages`,
			'fieldId',
		);
	const data = stored?.data;
	const multi = field.valueType.endsWith('-multi');
	const items: unknown[] =
		data === null || data === undefined ? [] : multi && Array.isArray(data) ? data : [data];
	const store: Store = ctx.store;
	// Each item in the form the field's value gives it (names resolved as they are now).
	const render = (item: unknown): unknown => {
		const one = renderValue(
			store,
			field,
			{ type: field.valueType, data: multi ? [item] : item } as StoredValue,
			entry,
		).data;
		return multi && Array.isArray(one) ? one[0] : one;
	};
	const positions = items.map((item, i) => ({ item, key: i + 1 }));
	const reply = paged(
		ctx,
		positions,
		(p) => p.key,
		(p) => render(p.item),
	);
	return { ...reply, body: { ...(reply.body as object), type: field.valueType } };
}

function registerEntity(router: Router, kind: 'company' | 'person'): void {
	const base = kind === 'company' ? '/v2/companies/:companyId' : '/v2/persons/:personId';
	router.get(`${base}/fields/:fieldId/values`, (ctx) => {
		const record = recordOf(ctx, kind);
		const field = exposedEntityFields(ctx.store, kind).find((f) => f.id === ctx.params.fieldId);
		if (!field)
			throw notFound(
				`Field "${ctx.params.fieldId}" not found on ${kind === 'company' ? 'companies' : 'persons'}`,
			);
		return valuesPage(ctx, field, record.values.get(field.id));
	});
}

export function register(router: Router): void {
	registerEntity(router, 'company');
	registerEntity(router, 'person');
	router.get('/v2/lists/:listId/list-entries/:listEntryId/fields/:fieldId/values', (ctx) => {
		const { list, entry } = entryOf(ctx);
		const field = listFieldUniverse(ctx.store, list.id, list.type).find(
			(f) => f.id === ctx.params.fieldId,
		);
		if (!field) throw notFound(`Field "${ctx.params.fieldId}" not found on list ${list.id}`);
		if (hidesFieldsOf(ctx, entry))
			throw forbidden(`You cannot see the fields of list entry ${entry.id}`);
		return valuesPage(ctx, field, ctx.store.entryValue(entry, field), entry);
	});
}

import { notFound } from '../../http';
import type { EntityKind, FieldDef, ValueType } from '../../model';
import type { Router } from '../../router';
import { ID_START } from '../../seed';
import type { Store } from '../../store';
import { v1DropdownOption } from '../../v1Shapes';
import { holdFromV2, unprocessable, V1_ENTITY_TYPE } from './common';
import { given, payloadOf, v1Boolean, v1Code, v1Integer, v1Required, v1Text } from './payload';

/**
 * API v1 fields (POST /fields, DELETE /fields/{field_id}) on the store v2 reads: a v1 field id
 * N is v2's `field-N`. A created global field is among v2's person or company fields, a
 * list-specific one among its list's fields. Deleting a field deletes every value it holds.
 * Webhooks: field.created, field.deleted.
 */

/** v1's field value types (The Field Resource): the code and the v2 value type, single and multiple. */
const VALUE_TYPES: Record<number, { single: ValueType; multiple?: ValueType }> = {
	0: { single: 'person', multiple: 'person-multi' },
	1: { single: 'company', multiple: 'company-multi' },
	2: { single: 'dropdown', multiple: 'dropdown-multi' },
	3: { single: 'number', multiple: 'number-multi' },
	4: { single: 'datetime' },
	5: { single: 'location', multiple: 'location-multi' },
	6: { single: 'text' },
	7: { single: 'ranked-dropdown' },
};

const ENTITY_KINDS: Record<number, EntityKind> = { 0: 'person', 1: 'company', 8: 'opportunity' };

export function v1ValueTypeCode(valueType: ValueType): number {
	// 10: Filterable Text (fields only Affinity's enrichment fills; POST /fields cannot make them).
	if (valueType === 'filterable-text' || valueType === 'filterable-text-multi') return 10;
	const code = Object.entries(VALUE_TYPES).find(
		([, t]) => t.single === valueType || t.multiple === valueType,
	)?.[0];
	return code === undefined ? 6 : Number(code);
}

/** The Field resource. */
export function renderV1Field(field: FieldDef): Record<string, unknown> {
	return {
		id: Number(field.id.replace(/^field-/, '')),
		name: field.name,
		list_id: field.type === 'list' ? (field.listId ?? null) : null,
		enrichment_source: field.enrichmentSource ?? 'none',
		value_type: v1ValueTypeCode(field.valueType),
		allows_multiple: field.valueType.endsWith('-multi'),
		track_changes: field.changeTracked ?? true,
		dropdown_options: (field.dropdownOptions ?? []).map((o) => v1DropdownOption(field, o)),
	};
}

function v1FieldOf(store: Store, raw: string): FieldDef {
	// v1 field ids are integers; enriched and relationship-intelligence fields have none.
	const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
	const field = Number.isSafeInteger(id) ? store.fields.get(`field-${id}`) : undefined;
	if (!field) throw notFound(`Field ${raw} not found`);
	return field;
}

export function register(router: Router): void {
	router.post('/fields', async (ctx) => {
		const body = payloadOf(await ctx.body(), [
			'name',
			'entity_type',
			'value_type',
			'list_id',
			'allows_multiple',
			'is_list_specific',
			'is_required',
		]);
		const name = v1Text(v1Required(body, 'name'), 'name', true);
		const kind = ENTITY_KINDS[v1Code(v1Required(body, 'entity_type'), [0, 1, 8], 'entity_type')];
		const code = v1Code(v1Required(body, 'value_type'), [0, 1, 2, 3, 4, 5, 6, 7], 'value_type');
		const multiple = given(body, 'allows_multiple')
			? v1Boolean(body.allows_multiple, 'allows_multiple')
			: false;
		const listSpecific = given(body, 'is_list_specific')
			? v1Boolean(body.is_list_specific, 'is_list_specific')
			: given(body, 'list_id');
		if (given(body, 'is_required')) v1Boolean(body.is_required, 'is_required');
		let listId: number | undefined;
		if (listSpecific) {
			listId = v1Integer(v1Required(body, 'list_id'), 'list_id');
			const list = ctx.store.lists.get(listId);
			if (!list || !ctx.store.canSeeList(list, ctx.user.id))
				throw unprocessable(`List ${listId} does not exist or you cannot see it`, 'list_id');
			if (list.type !== kind)
				throw unprocessable(
					`List ${listId} is a list of type ${V1_ENTITY_TYPE[list.type]} (${list.type}); entity_type must match it`,
					'entity_type',
				);
		} else if (given(body, 'list_id'))
			throw unprocessable('list_id is only given with is_list_specific true', 'list_id');
		else if (kind === 'opportunity')
			throw unprocessable(
				'Opportunities have no global fields: give the list_id of an opportunity list',
				'entity_type',
			);
		const types = VALUE_TYPES[code];
		// The v2 value types (FieldMetadata.valueType) have no multi-value dates, texts or ranked dropdowns.
		if (multiple && !types.multiple)
			throw unprocessable(
				`A field of value type ${code} holds one value; allows_multiple must be false`,
				'allows_multiple',
			);
		const field: FieldDef = {
			id: `field-${ctx.store.nextId('field', ID_START.field)}`,
			name,
			type: listId === undefined ? 'global' : 'list',
			valueType: multiple ? (types.multiple as ValueType) : types.single,
			enrichmentSource: null,
			createdAt: new Date().toISOString(),
			entityKind: kind,
			listId,
			readOnly: false,
			dropdownOptions: code === 2 || code === 7 ? [] : undefined,
		};
		holdFromV2(ctx, 'field', field.id);
		ctx.store.addField(field);
		const rendered = renderV1Field(field);
		ctx.store.announce('field.created', () => rendered);
		return { status: 200, body: rendered };
	});

	router.delete('/fields/:fieldId', (ctx) => {
		const field = v1FieldOf(ctx.store, ctx.params.fieldId);
		if (field.type === 'enriched' || field.type === 'relationship-intelligence')
			throw unprocessable(
				`Field ${ctx.params.fieldId} is filled by Affinity (${field.type}) and cannot be deleted`,
			);
		if (field.listId !== undefined) {
			const list = ctx.store.lists.get(field.listId);
			if (!list || !ctx.store.canSeeList(list, ctx.user.id))
				throw notFound(`Field ${ctx.params.fieldId} not found`);
		}
		const rendered = renderV1Field(field);
		holdFromV2(ctx, 'field', field.id);
		ctx.store.removeField(field.id);
		ctx.store.announce('field.deleted', () => rendered);
		return { status: 200, body: { success: true } };
	});
}

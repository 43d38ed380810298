import { badRequest, notFound, pathId } from '../http';
import type { DropdownOption, FieldDef, List, StatusCategory, StoredValue } from '../model';
import type { RouteContext } from '../context';
import type { Router } from '../router';
import type { Store } from '../store';
import { integer, isObject, objectOf, oneOf, required, text } from './bodies';
import { ok, visibleList } from './common';

/**
 * The options of a list's dropdown fields: GET, POST (create), POST …/{dropdownOptionId}
 * (update), DELETE (schemas dropdownOptions.*). The option kind follows the field: `dropdown`
 * for dropdown and dropdown-multi fields, `ranked-dropdown` for ranked ones, `status-dropdown`
 * for status fields. Deleting an option clears every value set to it.
 */

const COLORS = ['white', 'gray', 'blue', 'green', 'purple', 'orange', 'red'] as const;
const STATUS_CATEGORIES = ['open', 'won', 'lost', 'on-hold'] as const;

export type OptionKind = 'dropdown' | 'ranked-dropdown' | 'status-dropdown';

export function optionKind(field: FieldDef): OptionKind {
	if (field.statusDropdown) return 'status-dropdown';
	return field.valueType === 'ranked-dropdown' ? 'ranked-dropdown' : 'dropdown';
}

/** An option in the API's shape (DropdownOption: its variant by the field's kind). */
export function renderDropdownOption(
	field: FieldDef,
	option: DropdownOption,
): Record<string, unknown> {
	const kind = optionKind(field);
	if (kind === 'dropdown') return { type: kind, id: option.id, text: option.text };
	const ranked = {
		type: kind,
		id: option.id,
		text: option.text,
		rank: option.rank ?? 0,
		color: option.color ?? null,
	};
	if (kind === 'ranked-dropdown') return ranked;
	return {
		...ranked,
		statusCategory: option.statusCategory ?? 'open',
		winRate:
			option.statusCategory === 'open' || !option.statusCategory ? (option.winRate ?? null) : null,
	};
}

function listDropdownField(ctx: RouteContext): { list: List; field: FieldDef } {
	const list = visibleList(ctx, ctx.params.listId);
	const fieldId = ctx.params.fieldId;
	const field = list.fields.find((f) => f.id === fieldId);
	if (!field) {
		if (ctx.store.fields.has(fieldId))
			throw badRequest(
				`Field ${fieldId} is not a field of list ${list.id}; options are managed on list fields`,
				'fieldId',
			);
		throw notFound(`Field ${fieldId} not found`);
	}
	if (!['dropdown', 'dropdown-multi', 'ranked-dropdown'].includes(field.valueType)) {
		throw badRequest(
			`Field ${fieldId} is a ${field.valueType} field, not a dropdown field`,
			'fieldId',
		);
	}
	return { list, field };
}

function optionOf(ctx: RouteContext, field: FieldDef): DropdownOption {
	const optionId = pathId(ctx.params.dropdownOptionId, 'dropdownOptionId', 'int64');
	const option = field.dropdownOptions?.find((o) => o.id === optionId);
	if (!option) throw notFound(`Dropdown option ${optionId} not found on field ${field.id}`);
	return option;
}

/** Puts an option at its rank (0 first) and renumbers the field's ranks 0..n-1. */
function placeAtRank(field: FieldDef, option: DropdownOption, rank: number): void {
	const options = (field.dropdownOptions ?? []).filter((o) => o !== option);
	options.splice(Math.min(rank, options.length), 0, option);
	options.forEach((o, i) => (o.rank = i));
	field.dropdownOptions = options;
}

/** The properties each kind takes, on create (with `type`) and on update. */
const PROPERTIES: Record<OptionKind, string[]> = {
	dropdown: ['text'],
	'ranked-dropdown': ['text', 'rank', 'color'],
	'status-dropdown': ['text', 'rank', 'color', 'statusCategory', 'winRate'],
};

/** Checks a create or update body against the field's kind; returns the changes to apply. */
function readOption(
	field: FieldDef,
	raw: unknown,
	creating: boolean,
	current?: DropdownOption,
): Partial<DropdownOption> {
	const kind = optionKind(field);
	if (!isObject(raw)) throw badRequest('Expected a JSON object', 'body');
	if (creating && required(raw, 'type') !== kind)
		throw badRequest(`Field ${field.id} takes options of type ${kind}`, 'type');
	const body = objectOf(raw, creating ? ['type', ...PROPERTIES[kind]] : PROPERTIES[kind], '');
	const changes: Partial<DropdownOption> = {};
	const needs = (key: string) => (creating ? required(body, key) : body[key]);
	const textValue = needs('text');
	if (textValue !== undefined) changes.text = text(textValue, 'text', { min: 1, max: 255 });
	if (kind !== 'dropdown') {
		const rank = needs('rank');
		if (rank !== undefined) changes.rank = integer(rank, 'rank', 0, 2147483647);
		const color = needs('color');
		if (color !== undefined) changes.color = oneOf(color, COLORS, 'color');
	}
	if (kind === 'status-dropdown') {
		const category = needs('statusCategory');
		if (category !== undefined)
			changes.statusCategory = oneOf(
				category,
				STATUS_CATEGORIES,
				'statusCategory',
			) as StatusCategory;
		const resulting = changes.statusCategory ?? current?.statusCategory ?? 'open';
		if (body.winRate !== undefined) {
			const winRate = integer(body.winRate, 'winRate', 0, 100);
			if (resulting !== 'open')
				throw badRequest(
					`winRate is only valid on options whose statusCategory is open; this one is ${resulting}`,
					'winRate',
				);
			changes.winRate = winRate;
		} else if (resulting !== 'open') changes.winRate = null;
	}
	return changes;
}

/** Clears every value of the field set to the option (list field values live on entries). */
function clearValuesOf(store: Store, field: FieldDef, optionId: number): number {
	let cleared = 0;
	for (const entry of store.entriesByList.get(field.listId ?? -1) ?? []) {
		const value = entry.values.get(field.id);
		if (!value || value.data === null) continue;
		if (Array.isArray(value.data)) {
			const kept = (value.data as Array<{ dropdownOptionId: number }>).filter(
				(o) => o.dropdownOptionId !== optionId,
			);
			if (kept.length === value.data.length) continue;
			store.setValue(
				entry,
				field.id,
				kept.length ? ({ type: value.type, data: kept } as StoredValue) : null,
			);
			cleared++;
		} else if ((value.data as { dropdownOptionId?: number }).dropdownOptionId === optionId) {
			store.setValue(entry, field.id, null);
			cleared++;
		}
	}
	return cleared;
}

export function register(router: Router): void {
	const optionPath = '/v2/lists/:listId/fields/:fieldId/dropdown-options';

	router.get(`${optionPath}/:dropdownOptionId`, (ctx) => {
		const { field } = listDropdownField(ctx);
		return ok(renderDropdownOption(field, optionOf(ctx, field)));
	});

	router.post(optionPath, async (ctx) => {
		const { field } = listDropdownField(ctx);
		const changes = readOption(field, await ctx.body(), true);
		const option: DropdownOption = {
			id: ctx.store.nextId('dropdownOption', 9001),
			text: changes.text as string,
		};
		if (optionKind(field) !== 'dropdown') option.color = changes.color ?? null;
		if (optionKind(field) === 'status-dropdown')
			Object.assign(option, {
				statusCategory: changes.statusCategory,
				winRate: changes.winRate ?? null,
			});
		if (optionKind(field) === 'dropdown')
			field.dropdownOptions = [...(field.dropdownOptions ?? []), option];
		else placeAtRank(field, option, changes.rank ?? 0);
		ctx.store.touch();
		return { status: 201, body: renderDropdownOption(field, option) };
	});

	router.post(`${optionPath}/:dropdownOptionId`, async (ctx) => {
		const { field } = listDropdownField(ctx);
		const option = optionOf(ctx, field);
		const { rank, ...changes } = readOption(field, await ctx.body(), false, option);
		Object.assign(option, changes);
		if (rank !== undefined) placeAtRank(field, option, rank);
		ctx.store.touch();
		return { status: 204 };
	});

	router.delete(`${optionPath}/:dropdownOptionId`, (ctx) => {
		const { field } = listDropdownField(ctx);
		const option = optionOf(ctx, field);
		clearValuesOf(ctx.store, field, option.id);
		field.dropdownOptions = (field.dropdownOptions ?? []).filter((o) => o !== option);
		if (optionKind(field) !== 'dropdown') field.dropdownOptions.forEach((o, i) => (o.rank = i));
		ctx.store.touch();
		return { status: 204 };
	});
}

import { type DropdownChoice } from '../helpers/valueTypes';
import type { FieldMetadata } from '../helpers/types';
import { affinityPaginate, type AffinityContext } from '../transport';
import { cachedPerRun, METADATA_PAGING } from './cache';
import type { FieldScope } from './fields';
import { listSummary } from './lists';

/**
 * The options of a dropdown field, from the (BETA) dropdown-options endpoint of its kind: a list
 * field's under its list, a global field's under its entity (a list entry's entity is the list's type).
 */
export async function dropdownOptionsOf(
	ctx: AffinityContext,
	scope: FieldScope,
	field: FieldMetadata,
	itemIndex?: number,
): Promise<DropdownChoice[]> {
	let path: string;
	if (scope.kind !== 'listEntry')
		path = `/v2/${scope.kind === 'person' ? 'persons' : 'companies'}/fields/${encodeURIComponent(field.id)}/dropdown-options`;
	else if (field.type === 'list')
		path = `/v2/lists/${scope.listId}/fields/${encodeURIComponent(field.id)}/dropdown-options`;
	else {
		const kind = (await listSummary(ctx, scope.listId, itemIndex)).type;
		path = `/v2/${kind === 'person' ? 'persons' : 'companies'}/fields/${encodeURIComponent(field.id)}/dropdown-options`;
	}
	return optionsAt(ctx, path, field, itemIndex);
}

/** The options of a company or person field (GET /v2/{companies|persons}/fields/{fieldId}/dropdown-options). */
export function entityDropdownOptions(
	ctx: AffinityContext,
	entity: 'companies' | 'persons',
	field: FieldMetadata,
	itemIndex?: number,
): Promise<DropdownChoice[]> {
	return optionsAt(
		ctx,
		`/v2/${entity}/fields/${encodeURIComponent(field.id)}/dropdown-options`,
		field,
		itemIndex,
	);
}

function optionsAt(
	ctx: AffinityContext,
	path: string,
	field: FieldMetadata,
	itemIndex?: number,
): Promise<DropdownChoice[]> {
	return cachedPerRun(ctx, `dropdown ${path}`, async () => {
		const { items } = await affinityPaginate.call(
			ctx,
			{
				method: 'GET',
				path,
				subject: `dropdown field ${field.id}`,
				itemIndex,
			},
			METADATA_PAGING,
		);
		return (items as Array<{ id: number; text: string }>).map((o) => ({ id: o.id, text: o.text }));
	});
}

import { type DropdownChoice } from '../helpers/valueTypes';
import type { FieldMetadata } from '../helpers/types';
import { affinityPaginate, type AffinityContext } from '../transport';
import { cachedPerRun, METADATA_PAGING } from './cache';
import type { FieldScope } from './fields';
import { listSummary } from './lists';

/**
 * Where the (BETA) options of a dropdown field are read: a list field's under its list
 * (GET /v2/lists/{listId}/fields/{fieldId}/dropdown-options), a global field's under its entity
 * (GET /v2/{companies|persons}/fields/{fieldId}/dropdown-options; a list entry's entity is the
 * list's type). The edition has no endpoint for an opportunity list's non-list fields: the list's is used.
 */
export async function dropdownOptionsPath(
	this: AffinityContext,
	scope: FieldScope,
	field: FieldMetadata,
	itemIndex?: number,
): Promise<string> {
	const fieldId = encodeURIComponent(field.id);
	if (scope.kind !== 'listEntry')
		return `/v2/${scope.kind === 'person' ? 'persons' : 'companies'}/fields/${fieldId}/dropdown-options`;
	const listPath = `/v2/lists/${scope.listId}/fields/${fieldId}/dropdown-options`;
	if (field.type === 'list') return listPath;
	const kind = (await listSummary.call(this, scope.listId, itemIndex)).type;
	if (kind !== 'person' && kind !== 'company') return listPath;
	return `/v2/${kind === 'person' ? 'persons' : 'companies'}/fields/${fieldId}/dropdown-options`;
}

/** The options of a dropdown field, from the endpoint of its kind (dropdownOptionsPath). */
export async function dropdownOptionsOf(
	this: AffinityContext,
	scope: FieldScope,
	field: FieldMetadata,
	itemIndex?: number,
): Promise<DropdownChoice[]> {
	return optionsAt.call(
		this,
		await dropdownOptionsPath.call(this, scope, field, itemIndex),
		field,
		itemIndex,
	);
}

/** The options of a company or person field (GET /v2/{companies|persons}/fields/{fieldId}/dropdown-options). */
export function entityDropdownOptions(
	this: AffinityContext,
	entity: 'companies' | 'persons',
	field: FieldMetadata,
	itemIndex?: number,
): Promise<DropdownChoice[]> {
	return optionsAt.call(
		this,
		`/v2/${entity}/fields/${encodeURIComponent(field.id)}/dropdown-options`,
		field,
		itemIndex,
	);
}

function optionsAt(
	this: AffinityContext,
	path: string,
	field: FieldMetadata,
	itemIndex?: number,
): Promise<DropdownChoice[]> {
	return cachedPerRun(this, `dropdown ${path}`, async () => {
		const { items } = await affinityPaginate.call(
			this,
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

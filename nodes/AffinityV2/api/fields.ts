import type { IDataObject } from 'n8n-workflow';

import type { FieldMetadata } from '../helpers/types';
import { affinityPaginate, type AffinityContext } from '../transport';
import { cachedPerRun, forgetPerRun, METADATA_PAGING } from './cache';

/** Whose fields: GET /v2/companies/fields, /v2/persons/fields or /v2/lists/{listId}/fields. */
export type FieldSource = 'companies' | 'persons' | { listId: number };

export interface FieldsOptions {
	/** The `includes` query parameter (filterability, sortability). */
	includes?: string[];
	itemIndex?: number;
	/** Names the record in a 404 ("list with ID 5"). */
	subject?: string;
}

function fieldsPath(source: FieldSource): string {
	return typeof source === 'string' ? `/v2/${source}/fields` : `/v2/lists/${source.listId}/fields`;
}

/** The field metadata of an entity or a list (every page), read once per run. */
export async function fieldsOf(
	this: AffinityContext,
	source: FieldSource,
	options: FieldsOptions = {},
): Promise<FieldMetadata[]> {
	const path = fieldsPath(source);
	const includes = options.includes ?? [];
	const qs: IDataObject | undefined = includes.length ? { includes } : undefined;
	return cachedPerRun(this, `fields ${path} ${includes.join(',')}`, async () => {
		const { items } = await affinityPaginate.call(
			this,
			{
				method: 'GET',
				path,
				qs,
				subject: options.subject,
				itemIndex: options.itemIndex,
			},
			METADATA_PAGING,
		);
		return items as unknown as FieldMetadata[];
	});
}

/**
 * Forgets the field lists this run has read: after a field is created or deleted (v1 POST
 * /fields, DELETE /fields/{field_id}) a later item of the run must not see the list before it.
 */
export function forgetFields(this: AffinityContext): void {
	forgetPerRun(this, 'fields ');
}

/** Where a written field lives: a person's or a company's own fields, or a list's (list fields and its entity's). */
export type FieldScope =
	| { kind: 'person' }
	| { kind: 'company' }
	| { kind: 'listEntry'; listId: number };

export function scopeLabel(scope: FieldScope): string {
	return scope.kind === 'listEntry' ? `the fields of list ${scope.listId}` : `${scope.kind} fields`;
}

/** The fields a write in this scope may name. */
export function fieldsInScope(
	this: AffinityContext,
	scope: FieldScope,
	itemIndex?: number,
): Promise<FieldMetadata[]> {
	if (scope.kind === 'listEntry')
		return fieldsOf.call(
			this,
			{ listId: scope.listId },
			{ itemIndex, subject: `list with ID ${scope.listId}` },
		);
	return fieldsOf.call(this, scope.kind === 'person' ? 'persons' : 'companies', { itemIndex });
}

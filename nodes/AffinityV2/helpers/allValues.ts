import { valuesLeftOut } from './entities';
import type { FieldValue } from './types';

/**
 * Which multi-values can be read whole. The reads of records and list entries answer at most
 * 100 values of a field and its `totalCount`; from 2026-09-17 on, GET …/fields/{fieldId}/values
 * (FieldValuesPaged, BETA) pages through all of them. Pure.
 */

/**
 * The multi-value types FieldValuesPaged pages (CompaniesValuePaged, DropdownsValuePaged,
 * ListsValuePaged, LocationsValuePaged, PersonsValuePaged, TextsValuePaged): number-multi has
 * no values pages and stays cut.
 */
export const PAGED_MULTI_TYPES: ReadonlySet<string> = new Set([
	'company-multi',
	'dropdown-multi',
	'filterable-text-multi',
	'list-multi',
	'location-multi',
	'person-multi',
]);

/** Whether a value was cut (`totalCount` > the values returned) and its values pages exist. */
export function completable(value: FieldValue | null | undefined): boolean {
	return (
		!!value &&
		typeof value === 'object' &&
		PAGED_MULTI_TYPES.has(String(value.type)) &&
		valuesLeftOut(value) > 0
	);
}

/** The values pages of one field of a record: `fieldsPath` is the record's `…/fields`. */
export function valuesPath(fieldsPath: string, fieldId: string): string {
	return `${fieldsPath}/${encodeURIComponent(fieldId)}/values`;
}

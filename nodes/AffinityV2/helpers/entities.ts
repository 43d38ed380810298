/**
 * Facts about Affinity records that the action node and the triggers share, one copy each.
 */
import { displayText } from './text';

/**
 * Association arrays (persons and companies of a `*-multi` value, a note's previews) are cut at
 * 100 items by the API: an array of that length may hold more than it shows.
 */
export const ASSOCIATION_LIMIT = 100;

/** Whether an association array is at the API's cut-off, so that it may hold more than shown. */
export function atAssociationLimit(count: number): boolean {
	return count >= ASSOCIATION_LIMIT;
}

/**
 * The name a company, opportunity (`name`) or person (`firstName lastName`) is shown by.
 * Missing and empty name parts are left out; a record with no name at all gives ''.
 */
export function entityDisplayName(entity: unknown): string {
	if (entity === null || typeof entity !== 'object') return '';
	const record = entity as { name?: unknown; firstName?: unknown; lastName?: unknown };
	if (typeof record.name === 'string') return record.name;
	// Real answers are looser than described: a name part may come as a number or an object.
	if (record.name !== null && record.name !== undefined) return displayText(record.name);
	return [record.firstName, record.lastName]
		.map(displayText)
		.filter((part) => part !== '')
		.join(' ');
}

/**
 * How many values of a multi-value a read left out: multi-value reads stop at 100 values and
 * carry `totalCount` (CompaniesValue, PersonsValue, TextsValue… in FieldValue) when the field
 * holds more. 0 when the value is complete or says nothing.
 */
export function valuesLeftOut(value: unknown): number {
	if (!value || typeof value !== 'object') return 0;
	const { data, totalCount } = value as { data?: unknown; totalCount?: unknown };
	if (typeof totalCount !== 'number' || !Number.isFinite(totalCount)) return 0;
	const shown = Array.isArray(data) ? data.length : 0;
	return totalCount > shown ? Math.floor(totalCount - shown) : 0;
}

/** "and 150 more": what a shown multi-value says of the values a read left out. */
export function moreText(count: number): string {
	return `and ${count} more`;
}

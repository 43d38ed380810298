/**
 * Facts about Affinity records that the action node and the triggers share, one copy each.
 */

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
	return [record.firstName, record.lastName]
		.filter((part) => typeof part === 'string' && part !== '')
		.join(' ');
}

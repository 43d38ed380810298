import { answerVersion } from './liveShapes';
import type { FieldDef, ValueType } from './model';
import { EDITION_2026_09_17, isAtLeast, type ApiVersion } from './versions';

/** Value types 2026-09-17 added (FieldMetadata.valueType: note, reminder, list-multi). */
export const VALUE_TYPES_SINCE_2026_09_17: ReadonlySet<ValueType> = new Set([
	'note',
	'reminder',
	'list-multi',
]);

/**
 * Whether the edition being answered knows the field's value type: a field of a value type
 * 2026-09-17 added does not exist for older editions (nor for API v1, which has no edition).
 */
export function inEdition(field: FieldDef, version = answerVersion()): boolean {
	return (
		!VALUE_TYPES_SINCE_2026_09_17.has(field.valueType) ||
		(!!version && isAtLeast(version as ApiVersion, EDITION_2026_09_17))
	);
}

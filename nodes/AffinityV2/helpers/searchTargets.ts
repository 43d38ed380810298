/**
 * The ways a field can be filtered or sorted in a search (its FieldFilterability and
 * FieldSortability: the field itself, or each of its attributes), and the option value that
 * names one in the editor (`fieldId` or `fieldId|attributeId`).
 */
import type { FieldMetadata, FilterableOperator } from './types';

/** One way to filter: a field, or one attribute of it, with its operators. */
export interface SearchTarget {
	fieldId: string;
	attributeId?: string;
	/** "Last Email › Date of Activity". */
	label: string;
	/** The field's value type as a ValueFilter names it (a datetime field filters as `date`). */
	valueType: string;
	operators: FilterableOperator[];
}

/** A target's option value: `fieldId` or `fieldId|attributeId`. */
export function searchTargetKey(target: Pick<SearchTarget, 'fieldId' | 'attributeId'>): string {
	return target.attributeId ? `${target.fieldId}|${target.attributeId}` : target.fieldId;
}

export function parseSearchTargetKey(key: string): { fieldId: string; attributeId?: string } {
	const at = key.lastIndexOf('|');
	return at > 0 ? { fieldId: key.slice(0, at), attributeId: key.slice(at + 1) } : { fieldId: key };
}

/** Every way a field can be filtered (FieldFilterability): itself, or each of its attributes. */
export function searchTargetsOf(field: FieldMetadata): SearchTarget[] {
	const filterability = field.filterability;
	if (!filterability) return [];
	if (filterability.filterableFieldType === 'attribute-on-field') {
		return filterability.attributes.map((attribute) => ({
			fieldId: field.id,
			attributeId: attribute.id,
			label: `${field.name} › ${attribute.name}`,
			valueType: attribute.valueType,
			operators: attribute.operators,
		}));
	}
	return [
		{
			fieldId: field.id,
			label: field.name,
			valueType: field.valueType === 'datetime' ? 'date' : field.valueType,
			operators: filterability.operators,
		},
	];
}

/** Every way to sort by a field (FieldSortability): itself, or each of its attributes. */
export function sortTargetsOf(
	field: FieldMetadata,
): Array<{ fieldId: string; attributeId?: string; label: string }> {
	const sortability = field.sortability;
	if (!sortability) return [];
	if (sortability.sortableFieldType === 'attribute-on-field') {
		return sortability.attributes.map((a) => ({
			fieldId: field.id,
			attributeId: a.id,
			label: `${field.name} › ${a.name}`,
		}));
	}
	return [{ fieldId: field.id, label: field.name }];
}

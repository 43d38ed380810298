import type { FilterProperty } from '../helpers/filterBuilder';
import type { FieldMetadata } from '../helpers/types';
import type { AffinityContext } from '../transport';
import { fieldsOf } from './fields';

const TEXT_OPERATORS = ['=', '!=', '=^', '=$', '=~', '= *', '!= *', '= ""'];

export type CompanyFilterProperty = FilterProperty & { label: string; field?: FieldMetadata };

/** Company properties that are not fields: filterable on GET /v2/companies and the search. */
export const COMPANY_BUILTIN_FILTER_PROPERTIES: Record<string, FilterProperty & { label: string }> = {
	id: { label: 'ID', operators: ['=', '!=', '>', '>=', '<', '<='], valueType: 'int', collection: false },
	name: { label: 'Name', operators: TEXT_OPERATORS, valueType: 'text', collection: false },
	domain: { label: 'Domain', operators: TEXT_OPERATORS, valueType: 'text', collection: false },
};

/** What a filter value on this field must be: people and companies are compared by ID. */
function valueTypeOf(field: FieldMetadata): FilterProperty['valueType'] {
	switch (field.valueType) {
		case 'number':
		case 'number-multi':
			return 'number';
		case 'datetime':
			return 'datetime';
		case 'person':
		case 'person-multi':
		case 'company':
		case 'company-multi':
			return 'int';
		default:
			return 'text';
	}
}

/**
 * Every property a company filter may use: id, name, domain and the company fields whose
 * `filterability` (GET /v2/companies/fields?includes=filterability) lists operators.
 */
export async function companyFilterProperties(ctx: AffinityContext, itemIndex?: number): Promise<Record<string, CompanyFilterProperty>> {
	const properties: Record<string, CompanyFilterProperty> = { ...COMPANY_BUILTIN_FILTER_PROPERTIES };
	for (const field of await fieldsOf(ctx, 'companies', { includes: ['filterability'], itemIndex })) {
		if (!field.filterability) continue;
		properties[field.id] = {
			label: field.name,
			operators: field.filterability.operators,
			valueType: valueTypeOf(field),
			collection: field.valueType.endsWith('-multi'),
			field,
		};
	}
	return properties;
}

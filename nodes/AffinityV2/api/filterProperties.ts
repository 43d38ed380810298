import type { FilterProperty } from '../helpers/filterBuilder';
import type { FieldMetadata } from '../helpers/types';
import type { AffinityContext } from '../transport';
import { fieldsOf } from './fields';

const TEXT_OPERATORS = ['=', '!=', '=^', '=$', '=~', '= *', '!= *', '= ""'];

export type CompanyFilterProperty = FilterProperty & { label: string; field?: FieldMetadata };

/** Company properties that are not fields: filterable on GET /v2/companies and the search. */
export const COMPANY_BUILTIN_FILTER_PROPERTIES: Record<string, FilterProperty & { label: string }> =
	{
		id: {
			label: 'ID',
			operators: ['=', '!=', '>', '>=', '<', '<='],
			valueType: 'int',
			collection: false,
		},
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
 * The filter-language operators (`filter` of GET /v2/companies) a field's search operators
 * (FieldFilterability) stand for; exact match and (not) null apply to every type.
 */
const LANGUAGE_OPERATORS: Record<string, string[]> = {
	contains: ['=~'],
	'starts-with': ['=^'],
	'ends-with': ['=$'],
	'is-empty': ['!= *'],
	'is-not-empty': ['= *'],
	'is-greater-than': ['>'],
	'is-greater-than-or-equal-to': ['>='],
	'is-less-than': ['<'],
	'is-less-than-or-equal-to': ['<='],
	'is-after': ['>'],
	'is-on-or-after': ['>='],
	'is-before': ['<'],
	'is-on-or-before': ['<='],
	'has-all-of': ['=~'],
};
const ALWAYS = ['=', '!=', '= *', '!= *'];

function languageOperators(field: FieldMetadata): string[] | undefined {
	const filterability = field.filterability;
	// Attribute filters (interaction dates) and locations have no filter-language form.
	if (
		!filterability ||
		filterability.filterableFieldType !== 'field-only' ||
		field.valueType.startsWith('location')
	)
		return undefined;
	const symbols = new Set(ALWAYS);
	for (const operator of filterability.operators)
		for (const symbol of LANGUAGE_OPERATORS[operator.id] ?? []) symbols.add(symbol);
	if (field.valueType === 'text') symbols.add('= ""');
	if (field.valueType.endsWith('-multi')) symbols.add('=[]');
	return [...symbols];
}

/**
 * Every property a company filter may use: id, name, domain and the company fields whose
 * `filterability` (GET /v2/companies/fields?includes=filterability) has a filter-language form.
 */
export async function companyFilterProperties(
	this: AffinityContext,
	itemIndex?: number,
): Promise<Record<string, CompanyFilterProperty>> {
	const properties: Record<string, CompanyFilterProperty> = {
		...COMPANY_BUILTIN_FILTER_PROPERTIES,
	};
	for (const field of await fieldsOf.call(this, 'companies', {
		includes: ['filterability'],
		itemIndex,
	})) {
		const operators = languageOperators(field);
		if (!operators) continue;
		properties[field.id] = {
			label: field.name,
			operators,
			valueType: valueTypeOf(field),
			collection: field.valueType.endsWith('-multi'),
			field,
		};
	}
	return properties;
}

import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { FILTER_OPERATORS, operatorAllowed, type FilterOperator } from '../helpers/filterBuilder';
import { companyFilterProperties, fieldMetadata } from './fieldMetadata';

function operatorList(tokens: readonly string[] | undefined, collection?: boolean): string {
	if (!tokens) return '';
	const names = (Object.keys(FILTER_OPERATORS) as FilterOperator[])
		.filter((op) => operatorAllowed(op, tokens, collection))
		.map((op) => FILTER_OPERATORS[op].label);
	return names.join(', ');
}

/** Option lists of the read operations (filter properties, sort fields). */
export const readLoadOptions = {
	/** id, name, domain and every company field Affinity says can be filtered on, with its operators. */
	async getCompanyFilterProperties(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const properties = await companyFilterProperties(this);
		return Object.entries(properties)
			.map(([id, p]) => ({
				name: p.field ? `${p.label} (${p.field.valueType})` : p.label,
				value: id,
				description: `${p.field ? `${p.field.type} field ${id}. ` : ''}Operators: ${operatorList(p.operators, p.collection)}`,
			}))
			.sort((a, b) => a.name.localeCompare(b.name));
	},

	/** Company fields Affinity says can be sorted on (POST /v2/companies/search). */
	async getCompanySortFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const fields = await fieldMetadata(this, '/v2/companies/fields', ['sortability']);
		const sortable = fields
			.filter((f) => !!f.sortability)
			.map((f) => ({ name: `${f.name} (${f.valueType})`, value: f.id, description: `${f.type} field ${f.id}` }))
			.sort((a, b) => a.name.localeCompare(b.name));
		// The company name is sortable too, though it is not a field.
		return [{ name: 'Company Name', value: 'name', description: "The company's name" }, ...sortable];
	},
};

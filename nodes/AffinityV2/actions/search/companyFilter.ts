import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	COMPANY_BUILTIN_FILTER_PROPERTIES,
	companyFilterProperties,
} from '../../api/filterProperties';
import { FILTER_OPERATORS, type FilterOperator } from '../../helpers/filterBuilder';
import { toStringList } from '../../helpers/stringList';
import { readFilter, type FilterTarget, type ReadFilter } from './filters';

/** The company filter of GET /v2/companies (`filter`, in the filter language). */
export const companyFilterTarget: FilterTarget = {
	loadOptionsMethod: 'getCompanyFilterProperties',
	operators: Object.keys(FILTER_OPERATORS) as FilterOperator[],
	what: 'companies',
};

/**
 * The company filter of one item. Conditions on id, name and domain are checked locally;
 * conditions on fields are checked against the fields' filterability, read once per run and
 * only when a condition uses a field. GET /v2/companies may answer without applying `filter`
 * (live, it ignores it): the conditions are always checked on the companies too (`keep`).
 */
export async function readCompanyFilter(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<ReadFilter> {
	return readFilter.call(
		this,
		itemIndex,
		companyFilterTarget,
		async (used) => {
			if (used.every((p) => p in COMPANY_BUILTIN_FILTER_PROPERTIES))
				return COMPANY_BUILTIN_FILTER_PROPERTIES;
			return companyFilterProperties.call(this, itemIndex);
		},
		true,
	);
}

/**
 * The fields a company check needs that the query does not ask for: the conditions' field ids
 * (not id, name, domain) missing from `fieldIds`. Only the caller's `fieldTypes` may hold them
 * too, so they are asked by id whenever `fieldIds` lacks them.
 */
export function fieldsForCheck(qs: IDataObject, properties: string[]): string[] {
	const asked = new Set(toStringList(qs.fieldIds));
	return properties.filter((p) => !(p in COMPANY_BUILTIN_FILTER_PROPERTIES) && !asked.has(p));
}

/**
 * A company as the caller asked for it: the fields read only for the check are taken out again
 * (a field of a type the caller asked for stays), and `fields` goes when none was asked.
 */
export function withoutCheckFields(
	company: IDataObject,
	checkOnly: string[],
	askedTypes: string[],
	askedAny: boolean,
): IDataObject {
	if (!Array.isArray(company.fields)) return company;
	if (!askedAny) {
		const rest = { ...company };
		delete rest.fields;
		return rest;
	}
	const drop = new Set(checkOnly);
	const fields = (company.fields as IDataObject[]).filter(
		(f) => !drop.has(String(f.id)) || askedTypes.includes(String(f.type)),
	);
	return { ...company, fields };
}

import type { IExecuteFunctions } from 'n8n-workflow';

import {
	COMPANY_BUILTIN_FILTER_PROPERTIES,
	companyFilterProperties,
} from '../../api/filterProperties';
import { FILTER_OPERATORS, type FilterOperator } from '../../helpers/filterBuilder';
import { readFilter, type FilterTarget } from './filters';

/** The company filter of GET /v2/companies (`filter`, in the filter language). */
export const companyFilterTarget: FilterTarget = {
	loadOptionsMethod: 'getCompanyFilterProperties',
	operators: Object.keys(FILTER_OPERATORS) as FilterOperator[],
	what: 'companies',
};

/**
 * The company filter of one item. Conditions on id, name and domain are checked locally;
 * conditions on fields are checked against the fields' filterability, read once per run and
 * only when a condition uses a field.
 */
export async function readCompanyFilter(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<string | undefined> {
	return readFilter.call(this, itemIndex, companyFilterTarget, async (used) => {
		if (used.every((p) => p in COMPANY_BUILTIN_FILTER_PROPERTIES))
			return COMPANY_BUILTIN_FILTER_PROPERTIES;
		return companyFilterProperties(this, itemIndex);
	});
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { affinityPaginate } from '../../transport';
import { simplifyEntity } from '../../helpers/simplify';
import type { ApiEntity } from '../../helpers/types';
import { fieldQuery, fieldSelection } from '../fieldValues/fields';
import { filterParameters } from '../search/filters';
import {
	completeEntity,
	completeMultiValuesParameter,
	completesMultiValues,
} from '../fieldValues/multiValueCompletion';
import { forOperation } from '../inputs/forOperation';
import { maxResults, returnAllAndLimit } from '../inputs/paging';
import { simplifyParameter } from '../inputs/simplifyParameters';
import { toStringList } from '../../helpers/stringList';
import {
	companyFilterTarget,
	fieldsForCheck,
	readCompanyFilter,
	withoutCheckFields,
} from '../search/companyFilter';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation('company', 'getAll', [
	...returnAllAndLimit(),
	...filterParameters(companyFilterTarget),
	{
		displayName:
			'Affinity may not apply this filter (live, GET /v2/companies ignores it): the node then reads every company (one call per 100) and keeps those that match, until the Limit is reached. Conditions and a raw expression are both checked here. For large accounts, Company → Search filters on the server.',
		name: 'filterCostNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { filterMode: ['conditions', 'raw'] } },
	},
	...fieldSelection('getCompanyFields', false),
	completeMultiValuesParameter,
	simplifyParameter,
]);

/** A 400 about the `filter` parameter itself (unknown to this API version, say). */
function refusesFilter(error: unknown): boolean {
	if (!(error instanceof NodeApiError) || String(error.httpCode) !== '400') return false;
	const errors =
		(error.errorResponse as { errors?: Array<{ param?: string }> } | undefined)?.errors ?? [];
	// "Unknown query parameter: filter", not a complaint about the expression in it.
	const unknownParameter =
		/\b(unknown|unrecognized|unexpected|unsupported|not (allowed|supported|permitted|accepted))\b[^.]*\bparameter\b|\bparameter\b[^.]*\b(unknown|unrecognized|unexpected|unsupported|not (allowed|supported|permitted|accepted))\b/i;
	return (
		unknownParameter.test(error.message) &&
		(errors.some((e) => e.param === 'filter') || /\bfilter\b/i.test(error.message))
	);
}

/** The refusal of `filter`, said plainly, pointing to the search that filters server-side. */
function filterRefused(
	this: IExecuteFunctions,
	error: Error,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(
		this.getNode(),
		`Affinity refused the filter parameter of GET /v2/companies: ${error.message}`,
		{
			itemIndex,
			description:
				'The API version in use does not take a filter on Get Many companies (the 2026-07-15 description lists none). Use Company → Search instead: its conditions are filtered by Affinity.',
		},
	);
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const max = maxResults.call(this, itemIndex);
	const qs = fieldQuery.call(this, itemIndex);
	const askedTypes = toStringList(qs.fieldTypes);
	const askedAny = qs.fieldIds !== undefined || askedTypes.length > 0;
	const { filter, keep, properties } = await readCompanyFilter.call(this, itemIndex);
	const complete = await completesMultiValues.call(this, itemIndex);
	if (filter) qs.filter = filter;
	// The conditions are checked on each company: the fields they use are read with it.
	const checkOnly = keep ? fieldsForCheck(qs, properties) : [];
	if (checkOnly.length) qs.fieldIds = [...toStringList(qs.fieldIds), ...checkOnly];
	const { items: read } = await affinityPaginate
		.call(this, { method: 'GET', path: '/v2/companies', qs, itemIndex }, { max, keep })
		.catch((error: unknown) =>
			Promise.reject(
				filter && refusesFilter(error)
					? filterRefused.call(this, error as Error, itemIndex)
					: error,
			),
		);
	const asked = checkOnly.length
		? read.map((company) => withoutCheckFields(company, checkOnly, askedTypes, askedAny))
		: read;
	const items: IDataObject[] = [];
	for (const company of asked)
		items.push(complete ? await completeEntity.call(this, company, 'company', itemIndex) : company);
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	return simplify ? (items as unknown as ApiEntity[]).map(simplifyEntity) : items;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/companies' },
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/companies/{companyId}/fields/{fieldId}/values',
		beta: true,
		since: '2026-09-17',
	},
];

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityPaginate, affinityRequest, type AffinityRequest } from '../../transport';

/** Return All / Limit; the limit is not capped at 100: the paginator fetches pages. */
export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** The limit to pass to the paginator: undefined for Return All. */
export function maxResults(this: IExecuteFunctions, itemIndex: number): number | undefined {
	if (this.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = Number(this.getNodeParameter('limit', itemIndex, 50));
	if (!Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(this.getNode(), `Invalid Limit: got "${String(limit)}"`, {
			itemIndex,
			description: 'Limit must be a whole number of 1 or more, or turn on Return All.',
		});
	}
	return limit;
}

/**
 * For endpoints that can count their collection (`totalCount=true`): return the records, or
 * only the count. Return All / Limit apply to records.
 */
export function recordsOrCount(one: string, many: string): INodeProperties[] {
	const records = { show: { output: ['records'] } };
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Records', value: 'records', description: `One item per ${one}` },
				{
					name: 'Total Count Only',
					value: 'totalCount',
					description: `One item {totalCount}: how many ${many} there are (with the filter, if any), in one request`,
				},
			],
			default: 'records',
		},
		...returnAllAndLimit().map((p) => ({
			...p,
			displayOptions: { show: { ...(p.displayOptions?.show ?? {}), ...records.show } },
		})),
	];
}

/**
 * A Get Many of an endpoint that supports totalCount: the records (paged as Return All /
 * Limit say) or, with Output "Total Count Only", one item with the count. `countPageSize`: the
 * smallest limit the endpoint takes; `pageSize`: its largest, when under 100; `keep`: the
 * check records must pass here (ReadFilter.keep).
 */
export async function recordsOrTotal(
	this: IExecuteFunctions,
	itemIndex: number,
	request: AffinityRequest,
	countPageSize = 0,
	pageSize?: number,
	keep?: (record: IDataObject) => boolean,
): Promise<IDataObject[]> {
	const output = this.getNodeParameter('output', itemIndex, 'records') as string;
	// Records checked here (a filter sent wider than asked): Affinity's count would be wrong, so
	// the records that pass are read and counted.
	if (output === 'totalCount' && keep) {
		const { items } = await affinityPaginate.call(this, request, { pageSize, keep });
		return [{ totalCount: items.length }];
	}
	if (output === 'totalCount') {
		const { body } = await affinityRequest.call(this, {
			...request,
			qs: { ...(request.qs ?? {}), limit: countPageSize, totalCount: true },
		});
		const totalCount = (body as { pagination?: { totalCount?: unknown } })?.pagination?.totalCount;
		if (typeof totalCount !== 'number') {
			throw new NodeOperationError(this.getNode(), 'Affinity did not return a total count', {
				itemIndex,
				description: 'Set Output to Records and count the items instead.',
			});
		}
		return [{ totalCount }];
	}
	const { items } = await affinityPaginate.call(this, request, {
		max: maxResults.call(this, itemIndex),
		pageSize,
		keep,
	});
	return items;
}

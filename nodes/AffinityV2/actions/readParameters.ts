import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityPaginate, affinityRequest, validateId, type AffinityRequest, type IdKind } from '../transport';
import { locator, maxResults, returnAllAndLimit } from './shared';

/** Pickers of the records the read operations need besides lists, companies and list entries. */
export const personLocator = (description?: string) =>
	locator({
		name: 'personId',
		displayName: 'Person',
		what: 'person',
		searchListMethod: 'searchPersons',
		urlPath: 'persons',
		description,
	});

export const opportunityLocator = () =>
	locator({
		name: 'opportunityId',
		displayName: 'Opportunity',
		what: 'opportunity',
		searchListMethod: 'searchOpportunities',
		urlPath: 'opportunities',
	});

// Notes, transcripts and saved views have no page of their own in the Affinity web app.
export const noteLocator = () =>
	locator({
		name: 'noteId',
		displayName: 'Note',
		what: 'note',
		searchListMethod: 'searchNotes',
	});

export const transcriptLocator = () =>
	locator({
		name: 'transcriptId',
		displayName: 'Transcript',
		what: 'transcript',
		searchListMethod: 'searchTranscripts',
	});

export const savedViewLocator = () =>
	locator({
		name: 'viewId',
		displayName: 'Saved View',
		what: 'saved view',
		searchListMethod: 'searchSavedViews',
		dependsOn: ['listId.value'],
		description: "One of the chosen list's saved views. Affinity serves the entries of sheet views only.",
	});

/** A plain id parameter (no list to pick from), validated before any request. */
export function plainId(this: IExecuteFunctions, name: string, label: string, kind: IdKind, itemIndex: number): number {
	return validateId(this.getNode(), this.getNodeParameter(name, itemIndex), label, kind, itemIndex);
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
 * Limit say) or, with Output "Total Count Only", one item with the count.
 */
export async function recordsOrTotal(
	this: IExecuteFunctions,
	itemIndex: number,
	request: AffinityRequest,
	countPageSize = 0,
): Promise<IDataObject[]> {
	const output = this.getNodeParameter('output', itemIndex, 'records') as string;
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
	const { items } = await affinityPaginate.call(this, request, { max: maxResults.call(this, itemIndex) });
	return items;
}

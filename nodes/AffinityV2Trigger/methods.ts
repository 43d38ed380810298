import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listSearch } from '../AffinityV2/methods/listSearch';
import { loadOptions } from '../AffinityV2/methods/loadOptions';
import { affinityRequest, validateId } from '../AffinityV2/transport';

interface SavedViewPage {
	data?: Array<{ id: number; name: string; type?: string }>;
	pagination?: { nextUrl?: string | null };
}

/** Path and query of a nextUrl: the picker's pagination token. */
function nextToken(body: SavedViewPage): string | undefined {
	const next = body.pagination?.nextUrl;
	if (!next) return undefined;
	const url = new URL(next, 'http://placeholder');
	return url.pathname + url.search;
}

/**
 * The chosen list's saved views. Only sheet views are offered: the API returns the entries of
 * no other kind of view.
 */
async function searchSavedViews(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const rawListId = this.getCurrentNodeParameter('listId', { extractValue: true });
	if (rawListId === undefined || rawListId === '') {
		throw new NodeOperationError(this.getNode(), 'Choose a List first', {
			description: 'Saved views are picked from the list chosen above.',
		});
	}
	const listId = validateId(this.getNode(), rawListId, 'List ID', 'int64');
	const qs: IDataObject = { limit: 100 };
	const { body } = await affinityRequest.call(
		this,
		paginationToken ? { method: 'GET', path: paginationToken } : { method: 'GET', path: `/v2/lists/${listId}/saved-views`, qs, subject: `list with ID ${listId}` },
	);
	const page = (body ?? {}) as SavedViewPage;
	const term = filter?.trim().toLowerCase();
	const results = (page.data ?? [])
		.filter((view) => (view.type ?? 'sheet') === 'sheet')
		.filter((view) => !term || view.name.toLowerCase().includes(term))
		.map((view) => ({ name: view.name, value: String(view.id) }));
	return { results, paginationToken: nextToken(page) };
}

export const methods = {
	listSearch: { searchLists: listSearch.searchLists, searchSavedViews },
	loadOptions: { getListFields: loadOptions.getListFields },
};

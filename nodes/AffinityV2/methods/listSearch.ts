import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest, validateId } from '../transport';
import type { ApiListEntry } from '../helpers/types';
import { scanSearch } from './paging';
import { readListSearch } from './readSearch';

interface Paged<T> {
	data: T[];
	pagination?: { nextUrl?: string | null };
}

/** The path and query of a nextUrl: the picker's pagination token. */
function nextToken(body: Paged<unknown>): string | undefined {
	const next = body.pagination?.nextUrl;
	if (!next) return undefined;
	const url = new URL(next, 'http://placeholder');
	return url.pathname + url.search;
}

async function page<T>(ctx: ILoadOptionsFunctions, first: { path: string; qs?: IDataObject }, token?: string): Promise<Paged<T>> {
	const { body } = await affinityRequest.call(ctx, token ? { method: 'GET', path: token } : { method: 'GET', ...first });
	const paged = body as Paged<T>;
	return { data: Array.isArray(paged?.data) ? paged.data : [], pagination: paged?.pagination };
}

function entityName(entity: ApiListEntry['entity'] | undefined): string {
	if (!entity) return '';
	if (typeof entity.name === 'string') return entity.name;
	return [entity.firstName, entity.lastName].filter(Boolean).join(' ');
}

export const listSearch = {
	/** Lists by name: the API filters by `term` server-side. */
	async searchLists(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		const qs: IDataObject = { limit: 100 };
		if (filter?.trim()) qs.term = filter.trim();
		const body = await page<{ id: number; name: string; type?: string }>(this, { path: '/v2/lists', qs }, paginationToken);
		const results: INodeListSearchItems[] = body.data.map((l) => ({
			name: l.type ? `${l.name} (${l.type})` : l.name,
			value: String(l.id),
		}));
		return { results, paginationToken: nextToken(body) };
	},

	/** Companies by name or domain, through POST /v2/companies/search when there is a term. */
	async searchCompanies(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		let body: Paged<{ id: number; name: string; domain?: string | null }>;
		if (filter?.trim()) {
			// Later pages of a search are POSTed to their nextUrl with the same body.
			const response = await affinityRequest.call(this, {
				method: 'POST',
				path: paginationToken ?? '/v2/companies/search',
				qs: paginationToken ? undefined : { limit: 100 },
				body: { search: { term: filter.trim() } },
				idempotent: true,
			});
			body = response.body as typeof body;
		} else {
			body = await page(this, { path: '/v2/companies', qs: { limit: 100 } }, paginationToken);
		}
		const results = (body.data ?? []).map((c) => ({
			name: c.domain ? `${c.name} (${c.domain})` : c.name,
			value: String(c.id),
		}));
		return { results, paginationToken: nextToken(body) };
	},

	/** Entries of the chosen list, matched by the name of their company, person or opportunity. */
	async searchListEntries(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		const rawListId = this.getCurrentNodeParameter('listId', { extractValue: true });
		if (rawListId === undefined || rawListId === '') {
			throw new NodeOperationError(this.getNode(), 'Choose a List first', {
				description: 'List entries are picked from the list chosen above.',
			});
		}
		const listId = validateId(this.getNode(), rawListId, 'List ID', 'int64');
		// Read page by page (the API has no entry search), so a match beyond the first page is found.
		return scanSearch<ApiListEntry>(this, { path: `/v2/lists/${listId}/list-entries` }, filter, paginationToken, (e) => ({
			name: `${entityName(e.entity)} (${e.type} ${e.entity?.id}, entry ${e.id})`,
			value: String(e.id),
			searchText: entityName(e.entity),
		}));
	},

	...readListSearch,
};

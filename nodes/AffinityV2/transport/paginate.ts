import type { IDataObject } from 'n8n-workflow';

import { transportError } from './errors';
import { affinityRequest, type AffinityContext, type AffinityRequest } from './request';

/** The API's page size ceiling (SPEC 8.4). */
export const MAX_PAGE_SIZE = 100;

export interface Page<T> {
	data: T[];
	nextUrl: string | null;
	totalCount?: number;
}

export interface PaginateOptions {
	/** How many items at most; undefined fetches every page. */
	max?: number;
	/** Called for each page; return false to stop early. */
	onPage?: (page: Page<unknown>, pageIndex: number) => void | boolean | Promise<void | boolean>;
}

/** Path and query of a nextUrl, re-rooted on our base URL so the key only ever goes there. */
function nextPath(nextUrl: string, pageSize: number): string {
	const url = new URL(nextUrl, 'http://placeholder');
	url.searchParams.set('limit', String(pageSize));
	return url.pathname + url.search;
}

function readPage(body: unknown): Page<unknown> | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const { data, pagination } = body as { data?: unknown; pagination?: unknown };
	// Without a pagination object there is no telling whether more pages exist: treating it as
	// the last page would drop data silently, so it is refused like any unexpected shape.
	if (!Array.isArray(data) || !pagination || typeof pagination !== 'object') return undefined;
	const p = pagination as { nextUrl?: unknown; totalCount?: unknown };
	return {
		data,
		nextUrl: typeof p.nextUrl === 'string' && p.nextUrl ? p.nextUrl : null,
		totalCount: typeof p.totalCount === 'number' ? p.totalCount : undefined,
	};
}

/**
 * Follows `pagination.nextUrl` from the first page. Asks each page for exactly what is still
 * needed (at most 100), so a limit of 7 is one request of limit 7 and a page is never fetched
 * that the result does not need. Pages are handed to onPage as they come, for callers that
 * must not hold every item at once; otherwise the items are collected and returned.
 */
export async function affinityPaginate(
	this: AffinityContext,
	request: AffinityRequest,
	options: PaginateOptions = {},
): Promise<{ items: IDataObject[]; totalCount?: number; pages: number }> {
	const { max, onPage } = options;
	const items: IDataObject[] = [];
	let fetched = 0;
	let pages = 0;
	let totalCount: number | undefined;
	let path = request.path;
	let qs: IDataObject | undefined = { ...(request.qs ?? {}) };
	if (max !== undefined && max <= 0) return { items, pages };

	for (;;) {
		const pageSize = max === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, max - fetched);
		if (qs) qs.limit = pageSize;
		const response = await affinityRequest.call(this, { ...request, path, qs });
		const page = readPage(response.body);
		if (!page) {
			throw transportError(
				this.getNode(),
				'Affinity answered with an unexpected shape: no "data" array with "pagination"',
				{ method: request.method, path: path.split('?')[0], itemIndex: request.itemIndex },
				'This is not an answer the Affinity API gives; check that the Base URL points at the Affinity API.',
			);
		}
		pages++;
		if (page.totalCount !== undefined) totalCount = page.totalCount;
		const wanted = max === undefined ? page.data : page.data.slice(0, max - fetched);
		fetched += wanted.length;
		const keepGoing = onPage ? await onPage({ ...page, data: wanted }, pages - 1) : undefined;
		if (!onPage) items.push(...(wanted as IDataObject[]));
		if (keepGoing === false || !page.nextUrl || page.data.length === 0) break;
		if (max !== undefined && fetched >= max) break;
		const nextSize = max === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, max - fetched);
		path = nextPath(page.nextUrl, nextSize);
		qs = undefined;
	}
	return { items, totalCount, pages };
}

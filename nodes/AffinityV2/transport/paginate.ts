import type { IDataObject } from 'n8n-workflow';

import { PageTrail, MAX_PAGE_SIZE } from './pageTrail';
import { affinityRequest, type AffinityContext, type AffinityRequest } from './request';
import { withLimit, withQuery } from './urls';

export { MAX_PAGE_SIZE, MAX_PAGES } from './pageTrail';

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

/** A page the transport has checked (`expect: 'page'`): `data` holds records with ids. */
function readPage(body: unknown): Page<unknown> {
	const { data, pagination } = body as {
		data: unknown[];
		pagination: { nextUrl?: unknown; totalCount?: unknown };
	};
	const { totalCount } = pagination;
	return {
		data,
		nextUrl:
			typeof pagination.nextUrl === 'string' && pagination.nextUrl ? pagination.nextUrl : null,
		totalCount:
			typeof totalCount === 'number' && Number.isSafeInteger(totalCount) && totalCount >= 0
				? totalCount
				: undefined,
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
	const trail = new PageTrail(
		this.getNode(),
		{ method: request.method, path: request.path.split('?')[0], itemIndex: request.itemIndex },
		withQuery(path, qs),
	);

	for (;;) {
		const pageSize = max === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, max - fetched);
		if (qs) qs.limit = pageSize;
		const response = await affinityRequest.call(this, { ...request, path, qs, expect: 'page' });
		const page = readPage(response.body);
		pages++;
		if (page.totalCount !== undefined) totalCount = page.totalCount;
		const wanted = max === undefined ? page.data : page.data.slice(0, max - fetched);
		fetched += wanted.length;
		const keepGoing = onPage ? await onPage({ ...page, data: wanted }, pages - 1) : undefined;
		if (!onPage) items.push(...(wanted as IDataObject[]));
		if (keepGoing === false || page.data.length === 0) break;
		if (max !== undefined && fetched >= max) break;
		const next = trail.next(page);
		if (next === undefined) break;
		const nextSize = max === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, max - fetched);
		path = withLimit(next, nextSize);
		qs = undefined;
	}
	return { items, totalCount, pages };
}

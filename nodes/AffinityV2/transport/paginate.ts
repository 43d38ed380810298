import type { IDataObject } from 'n8n-workflow';

import { transportError, type FailureContext } from './errors';
import { affinityRequest, type AffinityContext, type AffinityRequest } from './request';
import { followUpPath, pageIdentity, withLimit } from './urls';

/** The API's page size ceiling (`limit` of every paged endpoint). */
export const MAX_PAGE_SIZE = 100;

/**
 * Pages one read follows at most: a million records at the page size ceiling, ten times the
 * monthly quota of many accounts. Beyond it an API that keeps sending new cursors is stopped.
 */
export const MAX_PAGES = 10000;

/**
 * Records beyond `pagination.totalCount` tolerated before the read is stopped: records added
 * while a long read goes on, plus a page of slack.
 */
function recordsAllowed(totalCount: number): number {
	return Math.ceil(totalCount * 1.1) + 2 * MAX_PAGE_SIZE;
}

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

/** A path with its query object, as one text (arrays as repeated parameters). */
function withQuery(path: string, qs: IDataObject | undefined): string {
	const params = new URLSearchParams();
	for (const [name, value] of Object.entries(qs ?? {})) {
		for (const one of Array.isArray(value) ? value : [value]) {
			if (one !== undefined && one !== null) params.append(name, String(one));
		}
	}
	const query = params.toString();
	return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

/** A page the transport has checked (`expect: 'page'`): `data` holds records with ids. */
function readPage(body: unknown): Page<unknown> {
	const { data, pagination } = body as { data: unknown[]; pagination: { nextUrl?: unknown; totalCount?: unknown } };
	const { totalCount } = pagination;
	return {
		data,
		nextUrl: typeof pagination.nextUrl === 'string' && pagination.nextUrl ? pagination.nextUrl : null,
		totalCount: typeof totalCount === 'number' && Number.isSafeInteger(totalCount) && totalCount >= 0 ? totalCount : undefined,
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
	let received = 0;
	let path = request.path;
	let qs: IDataObject | undefined = { ...(request.qs ?? {}) };
	if (max !== undefined && max <= 0) return { items, pages };
	// Every page followed, by path and query without limit: a link sent twice is a loop.
	const followed = new Set<string>();
	followed.add(pageIdentity(withQuery(path, qs)));
	const stopped = (what: string, hint: string) => {
		const ctx: FailureContext = { method: request.method, path: path.split('?')[0], itemIndex: request.itemIndex };
		return transportError(this.getNode(), what, ctx, hint);
	};

	for (;;) {
		const pageSize = max === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, max - fetched);
		if (qs) qs.limit = pageSize;
		const response = await affinityRequest.call(this, { ...request, path, qs, expect: 'page' });
		const page = readPage(response.body);
		pages++;
		received += page.data.length;
		if (page.totalCount !== undefined) totalCount = page.totalCount;
		const wanted = max === undefined ? page.data : page.data.slice(0, max - fetched);
		fetched += wanted.length;
		const keepGoing = onPage ? await onPage({ ...page, data: wanted }, pages - 1) : undefined;
		if (!onPage) items.push(...(wanted as IDataObject[]));
		if (keepGoing === false || !page.nextUrl || page.data.length === 0) break;
		if (max !== undefined && fetched >= max) break;
		const next = followUpPath(page.nextUrl);
		if ('refused' in next) {
			throw stopped(
				`Refused to follow the next-page link of page ${pages}: ${next.refused}`,
				'Nothing was sent for it: a link that is not a path under the Base URL would carry the API key elsewhere. Check that the Base URL points at the Affinity API.',
			);
		}
		const identity = pageIdentity(next.path);
		if (followed.has(identity)) {
			throw stopped(
				`Affinity sent a next-page link it had sent before (after page ${pages}): the pages loop`,
				'The read was stopped so that it does not repeat the same pages without end. Try again later; if it persists, report it to Affinity support.',
			);
		}
		followed.add(identity);
		if (pages >= MAX_PAGES || (totalCount !== undefined && received > recordsAllowed(totalCount))) {
			throw stopped(
				`Affinity kept sending pages: ${received} records in ${pages} pages, for a list of ${totalCount ?? 'unknown'} records`,
				`The read was stopped (at most ${MAX_PAGES} pages, or about the records the answer's totalCount announces) so that it does not spend the rate limit and the monthly quota without end. Try again later; if it persists, report it to Affinity support.`,
			);
		}
		const nextSize = max === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, max - fetched);
		path = withLimit(next.path, nextSize);
		qs = undefined;
	}
	return { items, totalCount, pages };
}

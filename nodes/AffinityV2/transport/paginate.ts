import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { PageTrail, MAX_PAGE_SIZE } from './pageTrail';
import {
	DEFAULT_QUOTA_GUARD,
	quotaExhausted,
	quotaLeftText,
	quotaResetText,
	type QuotaGuard,
} from './quota';
import { affinityRequest, orgQuota, type AffinityContext, type AffinityRequest } from './request';
import { followUpPath, withLimit, withQuery } from './urls';

export { MAX_PAGE_SIZE, MAX_PAGES } from './pageTrail';

export interface Page<T> {
	data: T[];
	nextUrl: string | null;
	/** The next page's path and query under the base URL (no `limit`), to resume from; null at the end. */
	resumePath?: string | null;
	totalCount?: number;
	/** The API's clock when it answered (its `Date` header, epoch ms), when it sent one. */
	serverTime?: number;
}

export interface PaginateOptions {
	/** How many items at most; undefined fetches every page. */
	max?: number;
	/** The most records a page of this endpoint may hold (its `limit` maximum); default 100. */
	pageSize?: number;
	/**
	 * Keeps only the records it accepts (a check Affinity may not have applied): the others are
	 * dropped, do not count towards `max`, and pages are read in full until `max` records passed.
	 */
	keep?: (record: IDataObject) => boolean;
	/** Called for each page; return false to stop early. */
	onPage?: (page: Page<unknown>, pageIndex: number) => void | boolean | Promise<void | boolean>;
	/**
	 * When every page is read (no `max`): stop before a further page once the account's monthly
	 * quota is down to the reserve. Default on, 10 %; a trigger passes its own setting, and
	 * `advice` says what its user can do about a stop.
	 */
	quotaGuard?: QuotaGuard & { advice?: string };
	/**
	 * Goes on with a read an earlier call stopped: the path and query of the page to read next,
	 * as `resumePath` of the last page read gave it (the request's own query is in it already).
	 */
	resumeFrom?: string;
}

const RETURN_ALL_ADVICE =
	'To read past the reserve on purpose, turn off Return All and set a Limit (a limit is read in full).';

/**
 * The monthly quota guard of a read of every page, before page `pages + 1`: what the
 * remaining pages cost is known from `totalCount` when the endpoint gave it, else at least one.
 */
export async function assertNextPageAffordable(
	this: AffinityContext,
	guard: QuotaGuard & { advice?: string },
	progress: {
		pages: number;
		fetched: number;
		totalCount?: number;
		itemIndex?: number;
		pageSize: number;
	},
): Promise<void> {
	if (!guard.enabled) return;
	const quota = await orgQuota.call(this);
	const { pages, fetched, totalCount, pageSize } = progress;
	const recordsLeft = totalCount === undefined ? undefined : Math.max(totalCount - fetched, 1);
	const pagesLeft = recordsLeft === undefined ? 1 : Math.ceil(recordsLeft / pageSize);
	if (!quota || !quotaExhausted(quota, guard, pagesLeft)) return;
	const cost =
		recordsLeft === undefined
			? `at least 1 more call (${pageSize} records a page; Affinity did not give the total)`
			: `about ${pagesLeft} more call${pagesLeft === 1 ? '' : 's'} (${recordsLeft} more records, ${pageSize} a page)`;
	throw new NodeOperationError(
		this.getNode(),
		`Stopped reading pages before the monthly API quota runs out: ${quotaLeftText(quota)}`,
		{
			itemIndex: progress.itemIndex,
			description: `${pages} page${pages === 1 ? '' : 's'} (${fetched} records) read; the remaining pages would cost ${cost}. The account's quota resets at ${quotaResetText(quota)}; the last ${guard.reservePercent} % of the month's calls are kept for everything else the account runs. Nothing was returned. ${guard.advice ?? RETURN_ALL_ADVICE}`,
		},
	);
}

/** A page the transport has checked (`expect: 'page'`): `data` holds records with ids. */
function pageOf(body: unknown): Page<unknown> {
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

/** Where a later read goes on after this page: the next page's path, checked as the trail checks it. */
function resumePathOf(page: Page<unknown>): string | null {
	if (!page.nextUrl) return null;
	const next = followUpPath(page.nextUrl);
	return 'refused' in next ? null : next.path;
}

/**
 * Follows `pagination.nextUrl` from the first page until it is null: a page may be empty and
 * still carry a `nextUrl` (the live API sends such pages), so an empty page never ends a read.
 * Asks each page for exactly what is still needed (at most the endpoint's page size, 100 by
 * default), so a limit of 7 is one request of limit 7 and a page is never fetched that the
 * result does not need; with `keep`, pages are asked in full, as any record may be dropped.
 * Pages are handed to onPage as they come, for callers that must not hold every item at once;
 * otherwise the items are collected and returned. A read of every page stops before a page that
 * would spend the monthly quota's reserve (quotaGuard).
 */
export async function affinityPaginate(
	this: AffinityContext,
	request: AffinityRequest,
	options: PaginateOptions = {},
): Promise<{ items: IDataObject[]; totalCount?: number; pages: number }> {
	const {
		max,
		onPage,
		keep,
		quotaGuard = DEFAULT_QUOTA_GUARD,
		pageSize = MAX_PAGE_SIZE,
		resumeFrom,
	} = options;
	const sizeOf = (): number =>
		max === undefined || keep ? pageSize : Math.min(pageSize, max - fetched);
	const items: IDataObject[] = [];
	let fetched = 0;
	let pages = 0;
	let totalCount: number | undefined;
	let path = resumeFrom ?? request.path;
	let qs: IDataObject | undefined =
		resumeFrom === undefined ? { ...(request.qs ?? {}) } : undefined;
	if (max !== undefined && max <= 0) return { items, pages };
	const trail = new PageTrail(
		this.getNode(),
		{ method: request.method, path: request.path.split('?')[0], itemIndex: request.itemIndex },
		withQuery(path, qs),
	);
	if (qs === undefined) path = withLimit(path, sizeOf());

	// One page a call, so that nothing of a page (its answer, its records) is still referenced
	// by this function while the next page is requested: an async function keeps its locals.
	const readPage = async (): Promise<string | undefined> => {
		const response = await affinityRequest.call(this, { ...request, path, qs, expect: 'page' });
		const page = pageOf(response.body);
		const date = Date.parse(String(response.headers?.date ?? ''));
		if (Number.isFinite(date)) page.serverTime = date;
		pages++;
		if (page.totalCount !== undefined) totalCount = page.totalCount;
		const kept = keep ? page.data.filter((record) => keep(record as IDataObject)) : page.data;
		const wanted = max === undefined ? kept : kept.slice(0, max - fetched);
		fetched += wanted.length;
		const keepGoing = onPage
			? await onPage({ ...page, data: wanted, resumePath: resumePathOf(page) }, pages - 1)
			: undefined;
		if (!onPage) for (const item of wanted) items.push(item as IDataObject);
		if (keepGoing === false) return undefined;
		if (max !== undefined && fetched >= max) return undefined;
		return trail.next(page);
	};
	for (;;) {
		if (qs) qs.limit = sizeOf();
		const next = await readPage();
		if (next === undefined) break;
		if (max === undefined)
			await assertNextPageAffordable.call(this, quotaGuard, {
				pages,
				fetched,
				totalCount,
				itemIndex: request.itemIndex,
				pageSize,
			});
		path = withLimit(next, sizeOf());
		qs = undefined;
	}
	return { items, totalCount, pages };
}

import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { matchesTerm } from '../helpers/text';
import { affinityRequest, PageTrail, withQuery } from '../transport';

/** How far one search call reads when Affinity cannot search server-side. */
export const SCAN_LIMITS = {
	/** Stop once this many records matched; the rest comes with the next token. */
	matches: 25,
	/** Records read per call at most (pages of 100), so one keystroke costs at most 20 requests. */
	pages: 20,
} as const;

/** A page of a v2 collection: `data` and `pagination.nextUrl`. */
export interface Paged<T> {
	data: T[];
	pagination?: { nextUrl?: string | null };
}

/** Path and query of a nextUrl: the picker's pagination token (never a host, so never elsewhere). */
export function pageToken(body: Paged<unknown>): string | undefined {
	const next = body.pagination?.nextUrl;
	if (!next) return undefined;
	const url = new URL(next, 'http://placeholder');
	return url.pathname + url.search;
}

/** Empty pages a picker call reads past at most before it answers with the token it got to. */
export const EMPTY_PAGES_SKIPPED = 20;

/**
 * One page for a picker: the first (path and query) or the one a token points to. A page that
 * is empty but has a `nextUrl` (the live API sends such pages) is read past, so the picker never
 * shows an empty list that has more behind it; after EMPTY_PAGES_SKIPPED of them the empty page
 * is answered with its token, for the next call.
 */
export async function fetchPage<T>(
	this: ILoadOptionsFunctions,
	first: { path: string; qs?: IDataObject },
	token?: string,
): Promise<Paged<T>> {
	const trail = new PageTrail(
		this.getNode(),
		{ method: 'GET', path: first.path },
		token ?? withQuery(first.path, first.qs ?? {}),
	);
	let next = token;
	for (let skipped = 0; ; skipped++) {
		const { body } = await affinityRequest.call(
			this,
			next ? { method: 'GET', path: next } : { method: 'GET', ...first },
		);
		const paged = body as Paged<T>;
		const page = {
			data: Array.isArray(paged?.data) ? paged.data : [],
			pagination: paged?.pagination,
		};
		if (page.data.length || skipped >= EMPTY_PAGES_SKIPPED) return page;
		next = trail.next({ data: page.data, nextUrl: page.pagination?.nextUrl });
		if (!next) return page;
	}
}

export interface Candidate extends INodeListSearchItems {
	/** The text a search term is matched against (name, email…). */
	searchText: string;
}

/**
 * A picker over an endpoint that has no search parameter: reads pages from the token on and
 * keeps the records whose text contains the term, until enough matched or the per-call read
 * budget is spent; the token returned goes on from the first unread page. Without a term it
 * is one page, as is.
 */
export async function scanSearch<T>(
	this: ILoadOptionsFunctions,
	first: { path: string; qs?: IDataObject },
	term: string | undefined,
	token: string | undefined,
	toCandidate: (record: T) => Candidate,
): Promise<INodeListSearchResult> {
	const results: INodeListSearchItems[] = [];
	let next = token;
	let pages = 0;
	const firstQs = { limit: 100, ...(first.qs ?? {}) };
	const trail = new PageTrail(
		this.getNode(),
		{ method: 'GET', path: first.path },
		next ?? withQuery(first.path, firstQs),
	);
	for (;;) {
		const body = await (fetchPage<T>).call(this, { path: first.path, qs: firstQs }, next);
		pages++;
		for (const record of body.data) {
			const { searchText, ...item } = toCandidate(record);
			if (matchesTerm(searchText, term)) results.push(item);
		}
		next = trail.next({ data: body.data, nextUrl: body.pagination?.nextUrl });
		if (
			!next ||
			!term?.trim() ||
			results.length >= SCAN_LIMITS.matches ||
			pages >= SCAN_LIMITS.pages
		)
			break;
	}
	return { results, paginationToken: next };
}

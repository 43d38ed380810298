import type { INode } from 'n8n-workflow';

import { transportError, type FailureContext } from './errors';
import { followUpPath, pageIdentity } from './urls';

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

export interface PageSeen {
	data: unknown[];
	nextUrl?: string | null;
	totalCount?: number;
}

/**
 * The pages one read has followed, so that every loop over pages ends: a next-page link is
 * followed only as a path under the Base URL, never twice (a cycle of any length, or back to
 * the first page), and not beyond what `totalCount` says the list holds or MAX_PAGES.
 */
export class PageTrail {
	private readonly followed = new Set<string>();
	private pages = 0;
	private received = 0;
	private totalCount?: number;

	/** `first`: the first page's path and query, as sent. */
	constructor(
		private readonly node: INode,
		private readonly failure: FailureContext,
		first: string,
	) {
		this.followed.add(pageIdentity(first));
	}

	/**
	 * Counts a page just read; returns the path and query of the next page (the link's own,
	 * `limit` included), or undefined when there is none. Throws when the link must not be
	 * followed.
	 */
	next(page: PageSeen): string | undefined {
		this.pages++;
		this.received += page.data.length;
		if (page.totalCount !== undefined) this.totalCount = page.totalCount;
		if (!page.nextUrl) return undefined;
		const next = followUpPath(page.nextUrl);
		if ('refused' in next) {
			throw this.stopped(
				`Refused to follow the next-page link of page ${this.pages}: ${next.refused}`,
				'Nothing was sent for it: a link that is not a path under the Base URL would carry the API key elsewhere. Check that the Base URL points at the Affinity API.',
			);
		}
		const identity = pageIdentity(next.path);
		if (this.followed.has(identity)) {
			throw this.stopped(
				`Affinity sent a next-page link it had sent before (after page ${this.pages}): the pages loop`,
				'The read was stopped so that it does not repeat the same pages without end. Try again later; if it persists, report it to Affinity support.',
			);
		}
		this.followed.add(identity);
		const { pages, received, totalCount } = this;
		if (pages >= MAX_PAGES || (totalCount !== undefined && received > recordsAllowed(totalCount))) {
			throw this.stopped(
				`Affinity kept sending pages: ${received} records in ${pages} pages, for a list of ${totalCount ?? 'unknown'} records`,
				`The read was stopped (at most ${MAX_PAGES} pages, or about the records the answer's totalCount announces) so that it does not spend the rate limit and the monthly quota without end. Try again later; if it persists, report it to Affinity support.`,
			);
		}
		return next.path;
	}

	private stopped(what: string, hint: string) {
		return transportError(this.node, what, this.failure, hint);
	}
}

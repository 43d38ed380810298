import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { assertNextPageAffordable } from './paginate';
import { MAX_PAGES } from './pageTrail';
import { DEFAULT_QUOTA_GUARD } from './quota';
import { affinityRequest, type AffinityContext, type AffinityRequest } from './request';
import { UNEXPECTED_SHAPE, describeValue, isObject } from './shape';

/** The largest `page_size` API v1 takes (GET /entity-files: "Default is the maximum value of 500"). */
export const V1_MAX_PAGE_SIZE = 500;

export interface V1PaginateOptions {
	/** The key of the answer's array: `entity_files` for GET /entity-files. */
	listKey: string;
	/** How many records at most; undefined reads every page. */
	max?: number;
}

/**
 * An API v1 paged read (`page_size` / `page_token`; the answer `{<listKey>: [...],
 * next_page_token}`): follows `next_page_token` until it is null or absent. v1 wants every
 * request of a read to carry identical parameters but `page_token`, so `page_size` is the same
 * on each page: what a limit needs, at most 500. A page may be empty and still carry a token.
 * A token seen twice or MAX_PAGES pages end the read with an error; a read of every page stops
 * before a page that would spend the monthly quota's reserve.
 */
export async function affinityPaginateV1(
	this: AffinityContext,
	request: AffinityRequest,
	options: V1PaginateOptions,
): Promise<{ items: IDataObject[]; pages: number }> {
	const { listKey, max } = options;
	const items: IDataObject[] = [];
	if (max !== undefined && max <= 0) return { items, pages: 0 };
	const pageSize = Math.min(V1_MAX_PAGE_SIZE, max ?? V1_MAX_PAGE_SIZE);
	const seen = new Set<string>();
	const fail = (message: string) =>
		new NodeOperationError(this.getNode(), message, {
			itemIndex: request.itemIndex,
			description: `${request.method} ${request.path} (API v1)`,
		});
	let token: string | undefined;
	let pages = 0;
	for (;;) {
		const qs: IDataObject = { ...(request.qs ?? {}), page_size: pageSize };
		if (token !== undefined) qs.page_token = token;
		const { body } = await affinityRequest.call(this, {
			...request,
			api: 'v1',
			qs,
			expect: 'any',
		});
		pages++;
		const list = isObject(body) ? body[listKey] : undefined;
		if (!Array.isArray(list))
			throw fail(
				`${UNEXPECTED_SHAPE}: ${isObject(body) ? `"${listKey}" is ${describeValue(list)}, not an array` : describeValue(body)}`,
			);
		const bad = list.findIndex((r) => !isObject(r) || typeof r.id !== 'number');
		if (bad >= 0) throw fail(`${UNEXPECTED_SHAPE}: item ${bad} of "${listKey}" is not a record`);
		for (const record of list) {
			if (max !== undefined && items.length >= max) break;
			items.push(record as IDataObject);
		}
		const next = isObject(body) ? body.next_page_token : undefined;
		if (typeof next !== 'string' || !next) break;
		if (max !== undefined && items.length >= max) break;
		if (seen.has(next) || pages >= MAX_PAGES)
			throw fail(
				`Stopped reading pages: Affinity ${seen.has(next) ? 'sent a page token twice' : `kept sending pages past ${MAX_PAGES}`}`,
			);
		seen.add(next);
		if (max === undefined)
			await assertNextPageAffordable.call(this, DEFAULT_QUOTA_GUARD, {
				pages,
				fetched: items.length,
				itemIndex: request.itemIndex,
				pageSize,
			});
		token = next;
	}
	return { items, pages };
}

import type { EmulatorSettings } from './context';
import { badRequest, type Query } from './http';
import { currentSettings } from './requestScope';

/**
 * Opaque cursors. A cursor holds the key of the last (or first) item of the page it follows
 * and the query that made the first page, so nextUrl needs only cursor and limit. Paging is by
 * key, not offset: entries added or removed between pages neither shift nor repeat others.
 */
interface CursorState {
	d: 'n' | 'p';
	k: number;
	/** For collections ordered by time then key (the change log): the item's time. */
	t?: number;
	q: Record<string, string[]>;
	/** The path the cursor belongs to: a cursor from another endpoint is refused. */
	p: string;
	/** Set on the nextUrl of an empty page: the page starts at `k` itself (the page it held back). */
	r?: 1;
}

export function encodeCursor(state: CursorState): string {
	return Buffer.from(JSON.stringify(state)).toString('base64url');
}

export function decodeCursor(raw: string, path: string): CursorState {
	try {
		const state = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as CursorState;
		if (
			(state.d === 'n' || state.d === 'p') &&
			typeof state.k === 'number' &&
			state.p === path &&
			state.q
		)
			return state;
	} catch {
		// fall through to the API's answer for a bad cursor
	}
	throw badRequest('Invalid cursor', 'cursor');
}

export interface PageRequest {
	/** Absolute base of the server as the client reached it: http://127.0.0.1:1234 */
	origin: string;
	path: string;
	query: Query;
	/** Query parameters that define the collection (everything but cursor and limit). */
	defining: string[];
	minLimit?: number;
	maxLimit?: number;
	defaultLimit?: number;
}

/** The effective query: from the cursor when there is one, else from the request. */
export function effectiveQuery(req: PageRequest): {
	values: Record<string, string[]>;
	cursor?: CursorState;
} {
	const raw = req.query.string('cursor');
	if (raw) {
		const cursor = decodeCursor(raw, req.path);
		return { values: cursor.q, cursor };
	}
	const values: Record<string, string[]> = {};
	for (const name of req.defining) {
		const all = req.query.list(name);
		if (all.length) values[name] = all;
	}
	return { values };
}

/** The index of the first item whose key is above k (or, `inclusive`, at least k). */
function lowerBound<T>(items: T[], key: (item: T) => number, k: number, inclusive = false): number {
	let lo = 0;
	let hi = items.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (inclusive ? key(items[mid]) < k : key(items[mid]) <= k) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

export interface PageResult<T> {
	data: T[];
	pagination: { prevUrl: string | null; nextUrl: string | null; totalCount?: number };
}

/**
 * One page of `items` (sorted by key ascending): limit validated as the API does (1..100,
 * default 100 unless the endpoint says otherwise), nextUrl/prevUrl absolute.
 */
export function page<T, R>(
	req: PageRequest,
	items: T[],
	key: (item: T) => number,
	render: (item: T) => R,
	options: { totalCount?: boolean } = {},
): PageResult<R> {
	const limit = req.query.int(
		'limit',
		req.minLimit ?? 1,
		req.maxLimit ?? 100,
		req.defaultLimit ?? 100,
	);
	const { values, cursor } = effectiveQuery(req);
	let start = 0;
	let end: number;
	if (!cursor) {
		end = Math.min(items.length, limit);
	} else if (cursor.d === 'n') {
		start = lowerBound(items, key, cursor.k, cursor.r === 1);
		end = Math.min(items.length, start + limit);
	} else {
		end = lowerBound(items, key, cursor.k - 1);
		start = Math.max(0, end - limit);
	}
	const slice = items.slice(start, end);
	const url = (d: 'n' | 'p', k: number) =>
		`${req.origin}${req.path}?cursor=${encodeCursor({ d, k, q: values, p: req.path })}&limit=${limit}`;
	const pagination: PageResult<R>['pagination'] = {
		prevUrl: start > 0 && slice.length ? url('p', key(slice[0])) : null,
		nextUrl: end < items.length && slice.length ? url('n', key(slice[slice.length - 1])) : null,
	};
	if (options.totalCount) pagination.totalCount = items.length;
	if (slice.length && (!cursor || cursor.d === 'n') && !cursor?.r && holdsBack(currentSettings())) {
		// Live, a page can come back empty and still carry a nextUrl: this one leads to the page
		// it held back (its first item included), so following nextUrl loses and repeats nothing.
		const replay = encodeCursor({ d: 'n', k: key(slice[0]), q: values, p: req.path, r: 1 });
		pagination.nextUrl = `${req.origin}${req.path}?cursor=${replay}&limit=${limit}`;
		return { data: [], pagination };
	}
	return { data: slice.map(render), pagination };
}

/** Forward pages with data answered so far, per emulator (its settings; a reset restarts them). */
const pagesAnswered = new WeakMap<EmulatorSettings, number>();

/**
 * Whether this forward page is held back (answered empty): every `emptyPageEvery`-th one. The
 * page that replays a held-back one is not counted, so paging always moves on.
 */
function holdsBack(settings: EmulatorSettings | undefined): boolean {
	const every = settings?.emptyPageEvery ?? 0;
	if (!settings || !(every > 0)) return false;
	const answered = (pagesAnswered.get(settings) ?? 0) + 1;
	pagesAnswered.set(settings, answered);
	return answered % Math.floor(every) === 0;
}

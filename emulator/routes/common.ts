import type { RouteContext } from '../context';
import { badRequest, forbidden, notFound, pathId } from '../http';
import type { FieldCategory, FieldDef, List } from '../model';
import { effectiveQuery, page, type PageResult } from '../pagination';
import type { Reply } from '../router';

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** One page of a collection sorted by key, as every paged endpoint answers. */
export function paged<T, R>(
	ctx: RouteContext,
	items: T[],
	key: (item: T) => number,
	render: (item: T) => R,
	options: {
		defining?: string[];
		totalCount?: boolean;
		minLimit?: number;
		maxLimit?: number;
		defaultLimit?: number;
	} = {},
): Reply {
	const result: PageResult<R> = page(
		{
			origin: ctx.origin,
			path: ctx.path,
			query: ctx.query,
			defining: options.defining ?? [],
			minLimit: options.minLimit,
			maxLimit: options.maxLimit,
			defaultLimit: options.defaultLimit,
		},
		items,
		key,
		render,
		{ totalCount: options.totalCount },
	);
	return ok(result);
}

/** Query values that define the collection, read from the cursor when paging on. */
export function definingValues(ctx: RouteContext, defining: string[]): Record<string, string[]> {
	return effectiveQuery({ origin: ctx.origin, path: ctx.path, query: ctx.query, defining }).values;
}

/**
 * The fields selected by fieldIds / fieldTypes among those the endpoint offers, in the order
 * the account lists them. Unknown ids and types the endpoint does not take are 400s that name
 * the parameter. No selection: undefined (the API then returns no field data).
 */
export function selectFields(
	values: Record<string, string[]>,
	universe: FieldDef[],
	allowedTypes: FieldCategory[],
): FieldDef[] | undefined {
	const ids = values.fieldIds ?? [];
	const types = values.fieldTypes ?? [];
	for (const type of types) {
		if (!allowedTypes.includes(type as FieldCategory)) {
			throw badRequest(
				`fieldTypes must be one of ${allowedTypes.join(', ')}; got "${type}"`,
				'fieldTypes',
			);
		}
	}
	for (const id of ids) {
		if (!universe.some((f) => f.id === id))
			throw badRequest(`Field "${id}" does not exist or is not available here`, 'fieldIds');
	}
	if (!ids.length && !types.length) return undefined;
	return universe.filter((f) => ids.includes(f.id) || types.includes(f.type));
}

/** The list of a path, visible to the caller: 404 if it does not exist, 403 if it is private to others. */
export function visibleList(ctx: RouteContext, raw: string): List {
	const listId = pathId(raw, 'listId', 'int64');
	const list = ctx.store.lists.get(listId);
	if (!list) throw notFound(`List ${listId} not found`);
	if (!ctx.store.canSeeList(list, ctx.user.id))
		throw forbidden(`You do not have access to list ${listId}`);
	return list;
}

export function requirePermission(allowed: boolean, what: string): void {
	if (!allowed) throw forbidden(`Missing permission: ${what}`);
}

import type { ChangeLog, ChangeView, FieldChange } from '../changeLog';
import { compileFilter, parseFilter, type FilterNode, type FilterProperties } from '../filter';
import { badRequest, notFound, pathId } from '../http';
import { encodeCursor, effectiveQuery } from '../pagination';
import type { RouteContext } from '../context';
import type { Reply, Router } from '../router';
import { companyData, personData } from '../serialize';
import type { Store } from '../store';
import { enumValues } from './support';
import { ok, visibleList } from './common';

/**
 * The change log (GET /v2/field-value-changes, GET /v2/lists/{listId}/list-entries/
 * {listEntryId}/field-value-changes; fieldValueChanges.FieldValueChangePaged). A `changedAt`
 * bound of the filter is found by binary search on the time-ordered log, and a page scans
 * forward from there, so a filter by time costs O(log n) plus the page, whatever the log's size.
 */

const TIME_OPERATORS = ['>', '<', '>=', '<='] as const;

const ENTRY_FILTER: FilterProperties<FieldChange> = {
	'field.id': { kind: 'text', operators: ['='], get: (c) => c.fieldId },
	changedAt: {
		kind: 'datetime',
		operators: TIME_OPERATORS,
		get: (c) => new Date(c.at).toISOString(),
	},
	'changer.id': { kind: 'reference', operators: ['='], get: (c) => c.changerId ?? undefined },
	actionType: { kind: 'text', operators: ['='], get: (c) => c.action },
};

const WORKSPACE_FILTER: FilterProperties<FieldChange> = {
	'field.id': ENTRY_FILTER['field.id'],
	'listEntry.id': { kind: 'reference', operators: ['='], get: (c) => c.listEntry?.id },
	'changer.id': ENTRY_FILTER['changer.id'],
	changedAt: ENTRY_FILTER.changedAt,
	actionType: ENTRY_FILTER.actionType,
};

function instant(text: string): number {
	return Date.parse(/T/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : text);
}

/** The `changedAt` bounds every match must meet: comparisons at the top level or under a top-level `&`. */
export function timeBounds(filter: string | undefined): {
	after?: { at: number; inclusive: boolean };
	before?: { at: number; inclusive: boolean };
} {
	const bounds: ReturnType<typeof timeBounds> = {};
	if (filter === undefined || filter.trim() === '') return bounds;
	const root = parseFilter(filter);
	const conjuncts: FilterNode[] = root.kind === 'and' ? root.items : [root];
	for (const node of conjuncts) {
		if (node.kind !== 'compare' || node.property !== 'changedAt' || node.operand.kind !== 'scalar')
			continue;
		const at = instant(node.operand.text);
		if (node.operator === '>' || node.operator === '>=') {
			const inclusive = node.operator === '>=';
			if (!bounds.after || at > bounds.after.at || (at === bounds.after.at && !inclusive))
				bounds.after = { at, inclusive };
		} else if (node.operator === '<' || node.operator === '<=') {
			const inclusive = node.operator === '<=';
			if (!bounds.before || at < bounds.before.at || (at === bounds.before.at && !inclusive))
				bounds.before = { at, inclusive };
		}
	}
	return bounds;
}

/** The index range of `view` inside the filter's time bounds: two binary searches. */
export function timeRange(
	log: ChangeLog,
	view: ChangeView,
	filter: string | undefined,
): { lo: number; hi: number } {
	const { after, before } = timeBounds(filter);
	const lo = after
		? log.firstIndex(view, (c) => (after.inclusive ? c.at >= after.at : c.at > after.at))
		: 0;
	const hi = before
		? log.firstIndex(view, (c) => (before.inclusive ? c.at > before.at : c.at >= before.at))
		: view.length;
	return { lo, hi: Math.max(lo, hi) };
}

function user(store: Store, id: number | null): Record<string, unknown> | null {
	if (id === null) return null;
	const found = store.users.get(id);
	if (!found) return null;
	return {
		id: found.id,
		firstName: found.firstName,
		lastName: found.lastName,
		emailAddress: found.primaryEmailAddress ?? `user${found.id}@example.com`,
	};
}

const deleted = (change: FieldChange) => ({
	referenceType: 'deleted-entity',
	displayValue: change.display ?? '',
});

function renderValue(store: Store, change: FieldChange): unknown {
	const value = change.value as unknown;
	switch (change.valueType) {
		case 'person':
		case 'person-multi': {
			const id = (value as { id: number }).id;
			const person = store.persons.get(id);
			return person ? { referenceType: 'entity', ...personData(person, id) } : deleted(change);
		}
		case 'company':
		case 'company-multi': {
			const id = (value as { id: number }).id;
			const company = store.companies.get(id);
			return company ? { referenceType: 'entity', ...companyData(company, id) } : deleted(change);
		}
		case 'dropdown':
		case 'dropdown-multi':
		case 'ranked-dropdown': {
			const id = (value as { dropdownOptionId: number }).dropdownOptionId;
			const field = store.fields.get(change.fieldId);
			const option = field?.dropdownOptions?.find((o) => o.id === id);
			if (!option) return deleted(change);
			const out: Record<string, unknown> = {
				referenceType: 'entity',
				dropdownOptionId: option.id,
				text: option.text,
			};
			if (change.valueType === 'ranked-dropdown')
				Object.assign(out, { rank: option.rank ?? 0, color: option.color ?? null });
			return out;
		}
		default:
			return value;
	}
}

/** A change in the API's shape (fieldValueChanges.FieldValueChange, by value type). */
export function renderChange(store: Store, change: FieldChange): Record<string, unknown> {
	const field = store.fields.get(change.fieldId);
	return {
		id: change.id,
		field: {
			id: change.fieldId,
			entityType: field?.entityKind ?? 'company',
			name: field?.name ?? change.fieldId,
			type: field?.type === 'list' ? 'list' : 'global',
		},
		entity: { id: change.entityId },
		listEntry: change.listEntry,
		changer: user(store, change.changerId),
		changedAt: new Date(change.at).toISOString(),
		actionType: change.action,
		type: change.valueType,
		value: renderValue(store, change),
	};
}

interface ScanOptions {
	view: ChangeView;
	range: { lo: number; hi: number };
	test: (change: FieldChange) => boolean;
	descending: boolean;
	values: Record<string, string[]>;
}

/**
 * One page of the matching changes in `range`, by cursor (the time and id of the change a page
 * ends or begins at). Costs the binary searches plus the changes scanned.
 */
function scanPage(ctx: RouteContext, log: ChangeLog, options: ScanOptions): Reply {
	const limit = ctx.query.int('limit', 1, 100, 100);
	const { view, range, test, descending, values } = options;
	const { cursor } = effectiveQuery({
		origin: ctx.origin,
		path: ctx.path,
		query: ctx.query,
		defining: [],
	});
	const n = range.hi - range.lo;
	const at = (j: number) => view.at(descending ? range.hi - 1 - j : range.lo + j);
	const clamp = (j: number) => Math.min(n, Math.max(0, j));
	/**
	 * How many changes of the range come before the change (time t, id k) in the page order
	 * (plus that change itself when `inclusive`); the log is sorted by time, then id.
	 */
	const countBefore = (t: number, k: number, inclusive: boolean) => {
		const later = (c: FieldChange) => c.at > t || (c.at === t && c.id > k);
		const notEarlier = (c: FieldChange) => c.at > t || (c.at === t && c.id >= k);
		if (!descending) return clamp(log.firstIndex(view, inclusive ? later : notEarlier) - range.lo);
		return clamp(range.hi - log.firstIndex(view, inclusive ? notEarlier : later));
	};
	const matches: FieldChange[] = [];
	let first: number;
	let end: number;
	if (!cursor || cursor.d === 'n') {
		first = cursor ? countBefore(cursor.t ?? 0, cursor.k, true) : 0;
		end = first;
		while (end < n && matches.length < limit) {
			const change = at(end++);
			if (test(change)) matches.push(change);
		}
	} else {
		end = countBefore(cursor.t ?? 0, cursor.k, false);
		first = end;
		while (first > 0 && matches.length < limit) {
			const change = at(--first);
			if (test(change)) matches.unshift(change);
		}
	}
	const anyIn = (from: number, to: number) => {
		for (let j = from; j < to; j++) if (test(at(j))) return true;
		return false;
	};
	const url = (d: 'n' | 'p', c: FieldChange) =>
		`${ctx.origin}${ctx.path}?cursor=${encodeCursor({ d, k: c.id, t: c.at, q: values, p: ctx.path })}&limit=${limit}`;
	const pagination = {
		prevUrl: matches.length && anyIn(0, first) ? url('p', matches[0]) : null,
		nextUrl: matches.length && anyIn(end, n) ? url('n', matches[matches.length - 1]) : null,
	};
	return ok({ data: matches.map((c) => renderChange(ctx.store, c)), pagination });
}

const canSee = (ctx: RouteContext) => (change: FieldChange) => {
	if (!change.listEntry) return true;
	const list = ctx.store.lists.get(change.listEntry.listId);
	return list !== undefined && ctx.store.canSeeList(list, ctx.user.id);
};

export function register(router: Router): void {
	router.get('/v2/field-value-changes', (ctx) => {
		const defining = ['filter', 'orderBy'];
		const values = effectiveQuery({
			origin: ctx.origin,
			path: ctx.path,
			query: ctx.query,
			defining,
		}).values;
		const orderBy = enumValues(values.orderBy, ['changedAt', '-changedAt'], 'orderBy');
		if (orderBy.size > 1) throw badRequest('orderBy takes one of changedAt, -changedAt', 'orderBy');
		const filter = values.filter?.[0];
		const test = filter && filter.trim() ? compileFilter(filter, WORKSPACE_FILTER) : () => true;
		const visible = canSee(ctx);
		const log = ctx.store.changes;
		const view = log.all();
		return scanPage(ctx, log, {
			view,
			range: timeRange(log, view, filter),
			test: (c) => visible(c) && test(c),
			descending: orderBy.has('-changedAt'),
			values,
		});
	});

	router.get('/v2/lists/:listId/list-entries/:listEntryId/field-value-changes', (ctx) => {
		const list = visibleList(ctx, ctx.params.listId);
		const entryId = pathId(ctx.params.listEntryId, 'listEntryId', 'int64');
		const entry = ctx.store.entries.get(entryId);
		if (!entry || entry.listId !== list.id)
			throw notFound(`List entry ${entryId} not found on list ${list.id}`);
		const defining = ['filter'];
		const values = effectiveQuery({
			origin: ctx.origin,
			path: ctx.path,
			query: ctx.query,
			defining,
		}).values;
		const filter = values.filter?.[0];
		const test = filter && filter.trim() ? compileFilter(filter, ENTRY_FILTER) : () => true;
		const log = ctx.store.changes;
		const view = log.ofEntry(entry.id);
		return scanPage(ctx, log, {
			view,
			range: timeRange(log, view, filter),
			test,
			descending: false,
			values,
		});
	});
}

import type { RouteContext } from '../context';
import type { FilterProperties } from '../filter';
import { exposedEntityFields, fieldFilterProperty, filterOperators } from '../fieldRules';
import { ApiError, notFound, pathId } from '../http';
import type { Company } from '../model';
import { decodeCursor, encodeCursor } from '../pagination';
import type { Reply, Router } from '../router';
import { compileCriteria, matchesTerm, sortRecords } from '../search';
import { renderCompany } from '../serialize';
import type { Store } from '../store';
import { definingValues, ok, paged, requirePermission, selectFields } from './common';
import { renderList } from './lists';
import { boolValue, fieldMetadataPage, filterFrom, renderEntityEntry, visibleEntriesOf, visibleListsOf } from './support';

const COMPANY_FIELD_TYPES = ['enriched', 'global', 'relationship-intelligence'] as const;
const DIRECTORY = 'Export All Organizations directory';

/**
 * What the `filter` of GET /v2/companies can name: id, name, domain, and the company fields by
 * id (those that are not filterable allow no operator). The search takes SearchCriteria instead.
 */
export function companyFilterProperties(store: Store): FilterProperties<Company> {
	const text = filterOperators('text') ?? [];
	const properties: FilterProperties<Company> = {
		id: { kind: 'reference', operators: ['=', '!=', '>', '>=', '<', '<='], get: (c) => c.id },
		name: { kind: 'text', operators: text, get: (c) => c.name },
		domain: { kind: 'text', operators: text, get: (c) => c.domain },
	};
	for (const field of exposedEntityFields(store, 'company')) {
		// A field that cannot be filtered on is still known: naming it says so ("supported operators: none").
		properties[field.id] = fieldFilterProperty<Company>(field) ?? { kind: 'text', operators: [], get: () => null };
	}
	return properties;
}

function companyOf(ctx: RouteContext): Company {
	const companyId = pathId(ctx.params.companyId, 'companyId', 'int64');
	const company = ctx.store.companies.get(companyId);
	if (!company) throw notFound(`Company ${companyId} not found`);
	return company;
}

/**
 * POST /v2/companies/search pages. The cursor carries the body, the field selection and
 * totalCount, so a POST to nextUrl with or without the body gives the next page. It points at
 * the last (or first) company of the page by id and by position: a company that moved or went
 * away between pages does not derail the paging.
 */
async function search(ctx: RouteContext): Promise<Reply> {
	requirePermission(ctx.user.permissions.exportAllOrganizations, DIRECTORY);
	const limit = ctx.query.int('limit', 1, 100, 100);
	const rawCursor = ctx.query.string('cursor');
	const cursor = rawCursor ? (decodeCursor(rawCursor, ctx.path) as ReturnType<typeof decodeCursor> & { i?: number }) : undefined;
	let values: Record<string, string[]>;
	let raw: unknown;
	if (cursor) {
		values = cursor.q;
		raw = JSON.parse(values.body?.[0] ?? 'null');
	} else {
		raw = await ctx.body();
		values = { body: [JSON.stringify(raw ?? null)] };
		for (const name of ['fieldIds', 'fieldTypes', 'totalCount']) {
			const all = ctx.query.list(name);
			if (all.length) values[name] = all;
		}
	}
	const universe = exposedEntityFields(ctx.store, 'company');
	const criteria = compileCriteria<Company>(raw, universe, ctx.version, { name: (c) => c.name });
	const fields = selectFields(values, universe, [...COMPANY_FIELD_TYPES]);
	const totalCount = boolValue(values, 'totalCount');
	let companies = ctx.store.sortedIds(ctx.store.companies).map((id) => ctx.store.companies.get(id) as Company);
	if (criteria.test) companies = companies.filter(criteria.test);
	const term = criteria.term;
	if (term) companies = companies.filter((c) => matchesTerm(c, [c.name, ...c.domains], term));
	companies = sortRecords(companies, criteria.sorts);

	const indexOf = (id: number) => companies.findIndex((c) => c.id === id);
	let start = 0;
	let end = Math.min(companies.length, limit);
	if (cursor?.d === 'n') {
		const at = indexOf(cursor.k);
		start = Math.min(companies.length, at >= 0 ? at + 1 : cursor.i ?? 0);
		end = Math.min(companies.length, start + limit);
	} else if (cursor?.d === 'p') {
		const at = indexOf(cursor.k);
		end = Math.max(0, Math.min(companies.length, at >= 0 ? at : cursor.i ?? 0));
		start = Math.max(0, end - limit);
	}
	const slice = companies.slice(start, end);
	const url = (d: 'n' | 'p', company: Company, i: number) =>
		`${ctx.origin}${ctx.path}?cursor=${encodeCursor({ d, k: company.id, q: values, p: ctx.path, i } as Parameters<typeof encodeCursor>[0])}&limit=${limit}`;
	const pagination: Record<string, unknown> = {
		prevUrl: start > 0 && slice.length ? url('p', slice[0], start) : null,
		nextUrl: end < companies.length && slice.length ? url('n', slice[slice.length - 1], end) : null,
	};
	if (totalCount) pagination.totalCount = companies.length;
	return { status: 201, body: { data: slice.map((c) => renderCompany(ctx.store, c, fields)), pagination } };
}

export function register(router: Router): void {
	router.get('/v2/companies/fields', (ctx) => fieldMetadataPage(ctx, exposedEntityFields(ctx.store, 'company')));

	router.post('/v2/companies/search', search);

	// `filter` (filter language) on GET /v2/companies: the 2026-07-15 description lists no such
	// parameter, but the API's reference says field filterability describes filter expressions
	// on this endpoint; that reference wins here, so the emulator keeps the parameter.
	router.get('/v2/companies', (ctx) => {
		requirePermission(ctx.user.permissions.exportAllOrganizations, DIRECTORY);
		const defining = ['fieldIds', 'fieldTypes', 'ids', 'filter'];
		const values = definingValues(ctx, defining);
		const fields = selectFields(values, exposedEntityFields(ctx.store, 'company'), [...COMPANY_FIELD_TYPES]);
		let ids = ctx.store.sortedIds(ctx.store.companies);
		if (values.ids?.length) {
			const wanted = new Set(values.ids.map((raw) => pathId(raw, 'ids', 'int64')));
			ids = ids.filter((id) => wanted.has(id));
		}
		let companies = ids.map((id) => ctx.store.companies.get(id) as Company);
		const test = filterFrom(values.filter?.[0], companyFilterProperties(ctx.store));
		if (test) companies = companies.filter(test);
		return paged(ctx, companies, (c) => c.id, (c) => renderCompany(ctx.store, c, fields), { defining });
	});

	router.get('/v2/companies/:companyId', (ctx) => {
		// The search endpoint exists, for POST only.
		if (ctx.params.companyId === 'search') throw new ApiError(405, 'method-not-allowed', `Method ${ctx.method} is not allowed for /v2/companies/search`);
		requirePermission(ctx.user.permissions.exportAllOrganizations, DIRECTORY);
		const company = companyOf(ctx);
		const values = { fieldIds: ctx.query.list('fieldIds'), fieldTypes: ctx.query.list('fieldTypes') };
		return ok(renderCompany(ctx.store, company, selectFields(values, exposedEntityFields(ctx.store, 'company'), [...COMPANY_FIELD_TYPES])));
	});

	router.get('/v2/companies/:companyId/lists', (ctx) => {
		const company = companyOf(ctx);
		return paged(ctx, visibleListsOf(ctx, 'company', company.id), (l) => l.id, (l) => renderList(l, false));
	});

	router.get('/v2/companies/:companyId/list-entries', (ctx) => {
		requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
		const company = companyOf(ctx);
		return paged(ctx, visibleEntriesOf(ctx, 'company', company.id), (e) => e.id, (e) => renderEntityEntry(ctx.store, e));
	});
}

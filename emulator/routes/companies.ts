import type { RouteContext } from '../context';
import type { FilterProperties } from '../filter';
import { exposedEntityFields, fieldFilterProperty, fieldSortKey, filterOperators, isSortable } from '../fieldRules';
import { ApiError, badRequest, notFound, pathId } from '../http';
import type { Company, FieldDef } from '../model';
import { decodeCursor, encodeCursor } from '../pagination';
import type { Reply, Router } from '../router';
import { renderCompany } from '../serialize';
import type { Store } from '../store';
import { definingValues, ok, paged, requirePermission, selectFields } from './common';
import { renderList } from './lists';
import { boolValue, fieldMetadataPage, filterFrom, renderEntityEntry, visibleEntriesOf, visibleListsOf } from './support';

const COMPANY_FIELD_TYPES = ['enriched', 'global', 'relationship-intelligence'] as const;
const DIRECTORY = 'Export All Organizations directory';

/**
 * What filters on companies can name (GET /v2/companies `filter`, POST /v2/companies/search
 * `filters`): id, name, domain, and the company fields by id (those that are not filterable allow no
 * operator).
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

interface SearchBody {
	filters?: string;
	term?: string;
	sorts: Array<{ fieldId: string; direction: 'asc' | 'desc' }>;
}

/** The search body, checked as the API does: each problem is a 400 naming its member. */
function searchBody(raw: unknown): SearchBody {
	if (raw === undefined || raw === null) return { sorts: [] };
	if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('The body must be a JSON object {filters?, search?, sorts?}', 'body');
	const body = raw as Record<string, unknown>;
	for (const key of Object.keys(body)) {
		if (!['filters', 'search', 'sorts'].includes(key)) throw badRequest(`Unknown body member "${key}"; expected filters, search or sorts`, key);
	}
	const out: SearchBody = { sorts: [] };
	if (body.filters !== undefined && body.filters !== null) {
		if (typeof body.filters !== 'string') throw badRequest('filters must be a string in the filter language', 'filters');
		out.filters = body.filters;
	}
	if (body.search !== undefined && body.search !== null) {
		const search = body.search as Record<string, unknown>;
		if (typeof search !== 'object' || Array.isArray(search) || Object.keys(search).some((k) => k !== 'term') || typeof search.term !== 'string') {
			throw badRequest('search must be {term: string}', 'search');
		}
		if (search.term.trim() !== '') out.term = search.term.trim().toLowerCase();
	}
	if (body.sorts !== undefined && body.sorts !== null) {
		if (!Array.isArray(body.sorts)) throw badRequest('sorts must be an array of {fieldId, direction}', 'sorts');
		for (const [i, sort] of body.sorts.entries()) {
			const s = sort as Record<string, unknown>;
			if (!s || typeof s !== 'object' || typeof s.fieldId !== 'string') throw badRequest(`sorts[${i}].fieldId must be a string`, 'sorts');
			const direction = s.direction ?? 'asc';
			if (direction !== 'asc' && direction !== 'desc') throw badRequest(`sorts[${i}].direction must be "asc" or "desc"`, 'sorts');
			out.sorts.push({ fieldId: s.fieldId, direction });
		}
	}
	return out;
}

type SortKey = (company: Company) => string | number | null;

function sortKeys(store: Store, sorts: SearchBody['sorts']): Array<{ key: SortKey; sign: number }> {
	const fields = exposedEntityFields(store, 'company');
	return sorts.map(({ fieldId, direction }) => {
		const sign = direction === 'desc' ? -1 : 1;
		if (fieldId === 'name') return { key: (c: Company) => c.name.toLowerCase(), sign };
		const field = fields.find((f: FieldDef) => f.id === fieldId);
		if (!field) throw badRequest(`Cannot sort by "${fieldId}": no such company field`, 'sorts');
		if (!isSortable(field.valueType)) throw badRequest(`Cannot sort by "${fieldId}": ${field.valueType} fields are not sortable`, 'sorts');
		return { key: fieldSortKey<Company>(field), sign };
	});
}

/** Sorted by the sorts in order (empty values last either way), then by id. */
function sortCompanies(companies: Company[], keys: Array<{ key: SortKey; sign: number }>): Company[] {
	if (!keys.length) return companies;
	const decorated = companies.map((c) => ({ c, k: keys.map(({ key }) => key(c)) }));
	decorated.sort((a, b) => {
		for (let i = 0; i < keys.length; i++) {
			const x = a.k[i];
			const y = b.k[i];
			if (x === y) continue;
			if (x === null) return 1;
			if (y === null) return -1;
			return (x < y ? -1 : 1) * keys[i].sign;
		}
		return a.c.id - b.c.id;
	});
	return decorated.map((d) => d.c);
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
	let body: SearchBody;
	if (cursor) {
		values = cursor.q;
		body = searchBody(JSON.parse(values.body?.[0] ?? '{}'));
	} else {
		const raw = await ctx.body();
		body = searchBody(raw);
		values = { body: [JSON.stringify(raw ?? {})] };
		for (const name of ['fieldIds', 'fieldTypes', 'totalCount']) {
			const all = ctx.query.list(name);
			if (all.length) values[name] = all;
		}
	}
	const fields = selectFields(values, exposedEntityFields(ctx.store, 'company'), [...COMPANY_FIELD_TYPES]);
	const totalCount = boolValue(values, 'totalCount');
	const test = filterFrom(body.filters, companyFilterProperties(ctx.store), 'filters');
	const keys = sortKeys(ctx.store, body.sorts);
	let companies = ctx.store.sortedIds(ctx.store.companies).map((id) => ctx.store.companies.get(id) as Company);
	if (test) companies = companies.filter(test);
	if (body.term) {
		const term = body.term;
		companies = companies.filter((c) => c.name.toLowerCase().includes(term) || c.domains.some((d) => d.toLowerCase().includes(term)));
	}
	companies = sortCompanies(companies, keys);

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

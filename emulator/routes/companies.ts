import type { RouteContext } from '../context';
import type { FilterProperties } from '../filter';
import { exposedEntityFields, fieldFilterProperty, filterOperators } from '../fieldRules';
import { ApiError, notFound, pathId } from '../http';
import { mergedAwayError } from '../merges';
import type { Company } from '../model';
import type { Reply, Router } from '../router';
import { searchPage } from '../search';
import { renderCompany } from '../serialize';
import type { Store } from '../store';
import { definingValues, ok, paged, requirePermission, selectFields } from './common';
import { renderList } from './lists';
import {
	fieldMetadataPage,
	filterFrom,
	renderEntityEntry,
	visibleEntriesOf,
	visibleListsOf,
} from './support';

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
		properties[field.id] = fieldFilterProperty<Company>(field) ?? {
			kind: 'text',
			operators: [],
			get: () => null,
		};
	}
	return properties;
}

function companyOf(ctx: RouteContext): Company {
	const companyId = pathId(ctx.params.companyId, 'companyId', 'int64');
	const company = ctx.store.companies.get(companyId);
	if (!company)
		throw (
			mergedAwayError(ctx.emulator, 'company', companyId) ??
			notFound(`Company ${companyId} not found`)
		);
	return company;
}

/** POST /v2/companies/search: the term always matches the name and the domains. */
async function search(ctx: RouteContext): Promise<Reply> {
	requirePermission(ctx.user.permissions.exportAllOrganizations, DIRECTORY);
	return searchPage<Company>(ctx, {
		universe: exposedEntityFields(ctx.store, 'company'),
		fieldTypes: [...COMPANY_FIELD_TYPES],
		records: () =>
			ctx.store.sortedIds(ctx.store.companies).map((id) => ctx.store.companies.get(id) as Company),
		identity: (c) => [c.name, ...c.domains],
		identitySorts: { name: (c) => c.name },
		render: (c, fields) => renderCompany(ctx.store, c, fields),
	});
}

export function register(router: Router): void {
	router.get('/v2/companies/fields', (ctx) =>
		fieldMetadataPage(ctx, exposedEntityFields(ctx.store, 'company')),
	);

	router.post('/v2/companies/search', search);

	// `filter` (filter language) on GET /v2/companies: the 2026-07-15 description lists no such
	// parameter, and live the API ignores it silently (unfiltered 200s), as on /v2/persons. The
	// reference says field filterability describes filter expressions here, so `companyFilter:
	// 'applied'` applies it.
	router.get('/v2/companies', (ctx) => {
		requirePermission(ctx.user.permissions.exportAllOrganizations, DIRECTORY);
		const defining = ['fieldIds', 'fieldTypes', 'ids', 'filter'];
		const values = definingValues(ctx, defining);
		const fields = selectFields(values, exposedEntityFields(ctx.store, 'company'), [
			...COMPANY_FIELD_TYPES,
		]);
		let ids = ctx.store.sortedIds(ctx.store.companies);
		if (values.ids?.length) {
			const wanted = new Set(values.ids.map((raw) => pathId(raw, 'ids', 'int64')));
			ids = ids.filter((id) => wanted.has(id));
		}
		let companies = ids.map((id) => ctx.store.companies.get(id) as Company);
		const test =
			ctx.emulator.settings.companyFilter === 'applied'
				? filterFrom(values.filter?.[0], companyFilterProperties(ctx.store))
				: undefined;
		if (test) companies = companies.filter(test);
		return paged(
			ctx,
			companies,
			(c) => c.id,
			(c) => renderCompany(ctx.store, c, fields),
			{ defining },
		);
	});

	router.get('/v2/companies/:companyId', (ctx) => {
		// The search endpoint exists, for POST only.
		if (ctx.params.companyId === 'search')
			throw new ApiError(
				405,
				'method-not-allowed',
				`Method ${ctx.method} is not allowed for /v2/companies/search`,
			);
		requirePermission(ctx.user.permissions.exportAllOrganizations, DIRECTORY);
		const company = companyOf(ctx);
		const values = {
			fieldIds: ctx.query.list('fieldIds'),
			fieldTypes: ctx.query.list('fieldTypes'),
		};
		return ok(
			renderCompany(
				ctx.store,
				company,
				selectFields(values, exposedEntityFields(ctx.store, 'company'), [...COMPANY_FIELD_TYPES]),
			),
		);
	});

	router.get('/v2/companies/:companyId/lists', (ctx) => {
		const company = companyOf(ctx);
		return paged(
			ctx,
			visibleListsOf(ctx, 'company', company.id),
			(l) => l.id,
			(l) => renderList(l, false),
		);
	});

	router.get('/v2/companies/:companyId/list-entries', (ctx) => {
		requirePermission(ctx.user.permissions.exportLists, 'Export data from Lists');
		const company = companyOf(ctx);
		return paged(
			ctx,
			visibleEntriesOf(ctx, 'company', company.id),
			(e) => e.id,
			(e) => renderEntityEntry(ctx.store, e),
		);
	});
}

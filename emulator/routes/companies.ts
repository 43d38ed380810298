import { badRequest, notFound, pathId } from '../http';
import type { Company } from '../model';
import type { Router } from '../router';
import { renderCompany, renderFieldMetadata } from '../serialize';
import { definingValues, ok, paged, requirePermission, selectFields } from './common';

const COMPANY_FIELD_TYPES = ['enriched', 'global', 'relationship-intelligence'] as const;

export function register(router: Router): void {
	router.get('/v2/companies/fields', (ctx) => {
		const fields = ctx.store.entityFields.company;
		return paged(ctx, fields, (f) => fields.indexOf(f) + 1, renderFieldMetadata);
	});

	router.get('/v2/companies', (ctx) => {
		requirePermission(ctx.user.permissions.exportAllOrganizations, 'Export All Organizations directory');
		const defining = ['fieldIds', 'fieldTypes', 'ids'];
		const values = definingValues(ctx, defining);
		const fields = selectFields(values, ctx.store.entityFields.company, [...COMPANY_FIELD_TYPES]);
		let ids = ctx.store.sortedIds(ctx.store.companies);
		if (values.ids?.length) {
			const wanted = new Set(values.ids.map((raw) => pathId(raw, 'ids', 'int64')));
			ids = ids.filter((id) => wanted.has(id));
		}
		const companies = ids.map((id) => ctx.store.companies.get(id) as Company);
		return paged(ctx, companies, (c) => c.id, (c) => renderCompany(ctx.store, c, fields), { defining });
	});

	router.get('/v2/companies/:companyId', (ctx) => {
		if (ctx.params.companyId === 'search') throw badRequest('Use POST /v2/companies/search');
		requirePermission(ctx.user.permissions.exportAllOrganizations, 'Export All Organizations directory');
		const companyId = pathId(ctx.params.companyId, 'companyId', 'int64');
		const company = ctx.store.companies.get(companyId);
		if (!company) throw notFound(`Company ${companyId} not found`);
		const values = { fieldIds: ctx.query.list('fieldIds'), fieldTypes: ctx.query.list('fieldTypes') };
		return ok(renderCompany(ctx.store, company, selectFields(values, ctx.store.entityFields.company, [...COMPANY_FIELD_TYPES])));
	});
}

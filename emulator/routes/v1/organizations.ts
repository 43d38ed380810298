import { notFound, pathId } from '../../http';
import type { Company } from '../../model';
import type { Router } from '../../router';
import { ID_START } from '../../seed';
import { v1Organization } from '../../v1Shapes';
import {
	entryIdsOf,
	holdFromV2,
	unprocessable,
	v1Body,
	v1Domain,
	v1Ids,
	v1ListEntriesOf,
	v1Text,
} from './common';

/**
 * API v1 Organizations (https://api-docs.affinity.co/#organizations): get, create, update and
 * delete. `person_ids` replaces the whole set of associated persons. A global organization
 * (Affinity's own dataset) keeps its name and domain, and cannot be deleted: 422. Writes are told
 * to webhooks (organization.created / .updated / .deleted) with the Organization resource.
 */
export function register(router: Router): void {
	const companyOf = (ctx: {
		params: Record<string, string>;
		store: { companies: Map<number, Company> };
	}) => {
		const id = pathId(ctx.params.organizationId, 'organization_id', 'int64');
		const company = ctx.store.companies.get(id);
		if (!company) throw notFound(`Organization ${id} not found`);
		return company;
	};

	router.get('/organizations/:organizationId', (ctx) => {
		const company = companyOf(ctx);
		const entries = v1ListEntriesOf(ctx.store, ctx.user.id, 'company', company.id);
		return { status: 200, body: { ...v1Organization(ctx.store, company), list_entries: entries } };
	});

	router.post('/organizations', async (ctx) => {
		const body = v1Body(await ctx.body(), ['name', 'domain', 'person_ids']);
		const name = v1Text(body.name, 'name', 1);
		const domain = body.domain === undefined ? null : v1Domain(body.domain, 'domain');
		const personIds =
			body.person_ids === undefined
				? []
				: v1Ids(body.person_ids, 'person_ids', (id) => ctx.store.persons.has(id), 'person');
		const company: Company = {
			id: ctx.store.nextId('company', ID_START.company),
			name,
			domain,
			domains: domain ? [domain] : [],
			isGlobal: false,
			values: new Map(),
		};
		holdFromV2(ctx, 'company', company.id);
		ctx.store.companies.set(company.id, company);
		if (personIds.length) ctx.store.setCompanyPersons(company.id, personIds);
		ctx.store.touch();
		const answer = v1Organization(ctx.store, company);
		ctx.store.announce('organization.created', () => answer);
		return { status: 200, body: answer };
	});

	router.add('PUT', '/organizations/:organizationId', async (ctx) => {
		const company = companyOf(ctx);
		const body = v1Body(await ctx.body(), ['name', 'domain', 'person_ids']);
		const name = body.name === undefined ? undefined : v1Text(body.name, 'name', 1);
		const domain = body.domain === undefined ? undefined : v1Domain(body.domain, 'domain');
		const personIds =
			body.person_ids === undefined
				? undefined
				: v1Ids(body.person_ids, 'person_ids', (id) => ctx.store.persons.has(id), 'person');
		if (company.isGlobal && (name !== undefined || domain !== undefined))
			throw unprocessable(
				`Organization ${company.id} is global (from Affinity's dataset): its name and domain cannot be changed`,
				name !== undefined ? 'name' : 'domain',
			);
		holdFromV2(ctx, 'company', company.id);
		if (name !== undefined) company.name = name;
		if (domain !== undefined) {
			const others = company.domains.filter((d) => d !== company.domain && d !== domain);
			company.domain = domain;
			company.domains = domain ? [domain, ...others] : others;
		}
		if (personIds) ctx.store.setCompanyPersons(company.id, personIds);
		ctx.store.touch();
		const answer = v1Organization(ctx.store, company);
		ctx.store.announce('organization.updated', () => answer);
		return { status: 200, body: answer };
	});

	router.delete('/organizations/:organizationId', (ctx) => {
		const company = companyOf(ctx);
		if (company.isGlobal)
			throw unprocessable(
				`Organization ${company.id} is global (from Affinity's dataset) and cannot be deleted`,
			);
		const last = v1Organization(ctx.store, company);
		holdFromV2(ctx, 'company', company.id);
		holdFromV2(ctx, 'entry', ...entryIdsOf(ctx.store, 'company', company.id));
		ctx.store.removeCompany(company.id);
		ctx.store.announce('organization.deleted', () => last);
		return { status: 200, body: { success: true } };
	});
}

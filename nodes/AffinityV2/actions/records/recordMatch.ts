import type { IExecuteFunctions } from 'n8n-workflow';

import { cachedPerRun } from '../../api/cache';
import type { ApiEntity } from '../../helpers/types';
import { affinityPaginate } from '../../transport';

/**
 * Finding the one record a key names, for Find or Create and List Entry → Create or Update
 * (the row's record and its person and company columns): a company by its primary domain, a
 * person by an email address, each searched once per run whoever asks. One search a key: the
 * search endpoints match one term, and their filters (up to 100 values) take values of fields,
 * none of which holds a company's domains or a person's email addresses.
 */

/** POST /v2/companies/search: the company whose primary domain is this one, if any. */
export async function companyWithDomain(
	this: IExecuteFunctions,
	domain: string,
	itemIndex: number,
): Promise<ApiEntity | undefined> {
	return cachedPerRun(this, `recordMatch:company:${domain}`, () =>
		searchCompany.call(this, domain, itemIndex),
	);
}

async function searchCompany(
	this: IExecuteFunctions,
	domain: string,
	itemIndex: number,
): Promise<ApiEntity | undefined> {
	let found: ApiEntity | undefined;
	await affinityPaginate.call(
		this,
		{
			method: 'POST',
			path: '/v2/companies/search',
			body: { search: { term: domain } },
			idempotent: true,
			itemIndex,
		},
		{
			onPage: (page) => {
				found = (page.data as ApiEntity[]).find(
					(c) => typeof c.domain === 'string' && c.domain.toLowerCase() === domain,
				);
				return found === undefined;
			},
		},
	);
	return found;
}

/** POST /v2/persons/search: the person with this email address (primary or not), if any. */
export async function personWithEmail(
	this: IExecuteFunctions,
	email: string,
	itemIndex: number,
): Promise<ApiEntity | undefined> {
	return cachedPerRun(this, `recordMatch:person:${email.toLowerCase()}`, () =>
		searchPerson.call(this, email, itemIndex),
	);
}

async function searchPerson(
	this: IExecuteFunctions,
	email: string,
	itemIndex: number,
): Promise<ApiEntity | undefined> {
	const wanted = email.toLowerCase();
	let found: ApiEntity | undefined;
	await affinityPaginate.call(
		this,
		{
			method: 'POST',
			path: '/v2/persons/search',
			body: { search: { term: email } },
			idempotent: true,
			itemIndex,
		},
		{
			onPage: (page) => {
				found = (page.data as ApiEntity[]).find((p) =>
					[p.primaryEmailAddress, ...((p.emailAddresses as unknown[]) ?? [])].some(
						(e) => typeof e === 'string' && e.toLowerCase() === wanted,
					),
				);
				return found === undefined;
			},
		},
	);
	return found;
}

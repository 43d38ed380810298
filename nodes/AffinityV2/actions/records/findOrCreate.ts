import type { IExecuteFunctions } from 'n8n-workflow';

import type { ApiEntity } from '../../helpers/types';
import type { V1Organization } from '../../helpers/v1/companies';
import { affinityRequest } from '../../transport';
import { rememberCreatedRecord } from '../fieldValues/columnReferences';
import { createPerson } from './personCreate';
import { companyWithDomain, personWithEmail } from './recordMatch';
import { onceInRun } from './sameRun';

/**
 * A company by its primary domain or a person by an email address, created only when there is
 * none, once per run for one domain or address (Company and Person → Find or Create, List
 * Entry → Create or Update). A v2 search right after a v1 create may not find the new record
 * yet, so a later item with the same key gets the first item's record, with `earlier: true`.
 */

/** Found (v2 `Company`) or created (v1 `Organization`), by POST /v2/companies/search, then v1 POST /organizations. */
export async function companyFoundOrCreated(
	this: IExecuteFunctions,
	company: { domain: string; name: string; nameParameter: string },
	itemIndex: number,
): Promise<{ value: { found?: ApiEntity; created?: V1Organization }; earlier: boolean }> {
	const { domain, name } = company;
	return await (onceInRun<{ found?: ApiEntity; created?: V1Organization }>).call(
		this,
		`company:${domain}`,
		itemIndex,
		async () => {
			const found = await companyWithDomain.call(this, domain, itemIndex);
			if (found) return { found };
			const { body: created } = await affinityRequest.call(this, {
				api: 'v1',
				method: 'POST',
				path: '/organizations',
				body: { name, domain },
				itemIndex,
				parameterNames: { name: company.nameParameter, domain: 'Domain' },
				checkWith: `Check with Company → Search ("${domain}") whether it was created`,
			});
			rememberCreatedRecord.call(
				this,
				{ kind: 'domain', domain },
				Number((created as V1Organization).id),
			);
			return { created: created as V1Organization };
		},
	);
}

/** Found or created (v2 `Person` either way), by POST /v2/persons/search, then POST /v2/persons. */
export async function personFoundOrCreated(
	this: IExecuteFunctions,
	person: { email: string; firstName: string; lastName: string },
	itemIndex: number,
): Promise<{ value: { person: ApiEntity; created: boolean }; earlier: boolean }> {
	const { email, firstName, lastName } = person;
	return await (onceInRun<{ person: ApiEntity; created: boolean }>).call(
		this,
		`person:${email.toLowerCase()}`,
		itemIndex,
		async () => {
			const found = await personWithEmail.call(this, email, itemIndex);
			if (found) return { person: found, created: false };
			const created = (await createPerson.call(
				this,
				{ firstName, lastName, emails: { primary: email, all: [] } },
				itemIndex,
			)) as ApiEntity;
			rememberCreatedRecord.call(this, { kind: 'email', email }, created.id);
			return { person: created, created: true };
		},
	);
}

import { COMPANY, getRecord } from '../records/companyOrPerson';

/** GET /v2/companies/{companyId}: one company with the chosen fields; built with its Person twin from one source. */
export const { description, execute, endpoint } = getRecord(COMPANY);

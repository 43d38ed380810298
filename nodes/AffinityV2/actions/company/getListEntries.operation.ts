import { COMPANY, getRecordListEntries } from '../records/companyOrPerson';

/** GET /v2/companies/{companyId}/list-entries: the lists the company is on; built with its Person twin from one source. */
export const { description, execute, endpoint } = getRecordListEntries(COMPANY);

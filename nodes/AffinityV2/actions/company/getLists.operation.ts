import { COMPANY, getRecordLists } from '../records/companyOrPerson';

/** GET /v2/companies/{companyId}/lists: the lists the company is on that you may see; built with its Person twin from one source. */
export const { description, execute, endpoint } = getRecordLists(COMPANY);

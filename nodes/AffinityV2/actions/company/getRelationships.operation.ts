import { COMPANY, getRecordRelationships } from '../records/companyOrPerson';

/** The company's relationships (GET /v2/companies/{companyId}/relationships); built with its Person twin from one source. */
export const { description, execute, endpoint } = getRecordRelationships(COMPANY);

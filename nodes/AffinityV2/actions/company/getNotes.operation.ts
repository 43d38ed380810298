import { COMPANY, getRecordNotes } from '../records/companyOrPerson';

/** The notes of the company (GET /v2/companies/{companyId}/notes); built with its Person twin from one source. */
export const { description, execute, endpoint } = getRecordNotes(COMPANY);

import { COMPANY, getRecordFieldValues } from '../records/companyOrPerson';

/** GET /v2/companies/{companyId}/fields (BETA): the company's field values; built with its Person twin from one source. */
export const { description, execute, endpoint } = getRecordFieldValues(COMPANY);

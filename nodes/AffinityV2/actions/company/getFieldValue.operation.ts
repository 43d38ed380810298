import { COMPANY, getRecordFieldValue } from '../records/companyOrPerson';

/** GET /v2/companies/{companyId}/fields/{fieldId} (BETA): one field value; built with its Person twin from one source. */
export const { description, execute, endpoint } = getRecordFieldValue(COMPANY);

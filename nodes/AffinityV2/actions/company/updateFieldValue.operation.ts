import { COMPANY, updateRecordFieldValue } from '../records/companyOrPerson';

/** POST /v2/companies/{companyId}/fields/{fieldId}: one field value; built with its Person twin from one source. */
export const { description, execute, endpoint } = updateRecordFieldValue(COMPANY);

import { COMPANY, updateRecordFieldValues } from '../records/companyOrPerson';

/** PATCH /v2/companies/{companyId}/fields (BETA): several field values in one call; built with its Person twin from one source. */
export const { description, execute, endpoint } = updateRecordFieldValues(COMPANY);

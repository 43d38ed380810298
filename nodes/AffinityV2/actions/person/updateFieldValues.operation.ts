import { PERSON, updateRecordFieldValues } from '../records/companyOrPerson';

/** PATCH /v2/persons/{personId}/fields (BETA): several field values in one call; built with its Company twin from one source. */
export const { description, execute, endpoint } = updateRecordFieldValues(PERSON);

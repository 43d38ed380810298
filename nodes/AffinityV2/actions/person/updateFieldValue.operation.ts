import { PERSON, updateRecordFieldValue } from '../records/companyOrPerson';

/** POST /v2/persons/{personId}/fields/{fieldId}: one field value; built with its Company twin from one source. */
export const { description, execute, endpoint } = updateRecordFieldValue(PERSON);

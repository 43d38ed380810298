import { PERSON, getRecordFieldValue } from '../records/companyOrPerson';

/** GET /v2/persons/{personId}/fields/{fieldId} (BETA): one field value; built with its Company twin from one source. */
export const { description, execute, endpoint } = getRecordFieldValue(PERSON);

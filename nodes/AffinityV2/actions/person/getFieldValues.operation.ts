import { PERSON, getRecordFieldValues } from '../records/companyOrPerson';

/** GET /v2/persons/{personId}/fields (BETA): the person's field values; built with its Company twin from one source. */
export const { description, execute, endpoint } = getRecordFieldValues(PERSON);

import { PERSON, getRecord } from '../records/companyOrPerson';

/** GET /v2/persons/{personId}: one person with the chosen fields; built with its Company twin from one source. */
export const { description, execute, endpoint } = getRecord(PERSON);

import { PERSON, getRecordRelationships } from '../records/companyOrPerson';

/** The person's relationships (GET /v2/persons/{personId}/relationships); built with its Company twin from one source. */
export const { description, execute, endpoint } = getRecordRelationships(PERSON);

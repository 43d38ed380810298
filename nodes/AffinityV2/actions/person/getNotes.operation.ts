import { PERSON, getRecordNotes } from '../records/companyOrPerson';

/** The notes of the person (GET /v2/persons/{personId}/notes); built with its Company twin from one source. */
export const { description, execute, endpoint } = getRecordNotes(PERSON);

import { PERSON, getRecordListEntries } from '../records/companyOrPerson';

/** GET /v2/persons/{personId}/list-entries: the lists the person is on; built with its Company twin from one source. */
export const { description, execute, endpoint } = getRecordListEntries(PERSON);

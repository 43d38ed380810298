import { PERSON, getRecordLists } from '../records/companyOrPerson';

/** GET /v2/persons/{personId}/lists: the lists the person is on that you may see; built with its Company twin from one source. */
export const { description, execute, endpoint } = getRecordLists(PERSON);

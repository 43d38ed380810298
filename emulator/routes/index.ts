import type { Router } from '../router';
import * as auth from './auth';
import * as companies from './companies';
import * as dropdownOptions from './dropdownOptions';
import * as entityFieldValues from './entityFieldValues';
import * as entryFields from './entryFields';
import * as listEntries from './listEntries';
import * as lists from './lists';
import * as listWrites from './listWrites';
import * as notes from './notes';
import * as noteWrites from './noteWrites';
import * as opportunities from './opportunities';
import * as fieldValues from './fieldValues';
import * as merges from './merges';
import * as persons from './persons';
import * as personWrites from './personWrites';
import * as reminders from './reminders';
import * as savedViews from './savedViews';
import * as transcripts from './transcripts';
import * as users from './users';

/** Every /v2 endpoint the emulator serves, one module per area. */
export function registerApi(router: Router): void {
	for (const area of [auth, lists, listEntries, savedViews, companies, persons]) area.register(router);
	for (const area of [opportunities, notes, transcripts, users, entryFields, fieldValues, merges]) area.register(router);
	for (const area of [noteWrites, personWrites, entityFieldValues, reminders, listWrites, dropdownOptions]) area.register(router);
}

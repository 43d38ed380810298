import { answerIn } from '../liveShapes';
import type { Router } from '../router';
import * as auth from './auth';
import * as companies from './companies';
import * as directory from './directory';
import * as entityNotes from './entityNotes';
import * as dropdownOptions from './dropdownOptions';
import * as entityFieldValues from './entityFieldValues';
import * as entryFields from './entryFields';
import { fromEdition } from './editionGate';
import * as fieldValuePages from './fieldValuePages';
import * as files from './files';
import * as fieldValueChanges from './fieldValueChanges';
import * as interactions from './interactions';
import * as fieldValues from './fieldValues';
import * as listEntries from './listEntries';
import * as lists from './lists';
import * as listEntryAdd from './listEntryAdd';
import * as listWrites from './listWrites';
import * as merges from './merges';
import * as notes from './notes';
import * as noteWrites from './noteWrites';
import * as opportunities from './opportunities';
import * as opportunityWrites from './opportunityWrites';
import * as persons from './persons';
import * as relationships from './relationships';
import * as personWrites from './personWrites';
import * as reminders from './reminders';
import * as reminderUpdate from './reminderUpdate';
import * as savedViews from './savedViews';
import * as searches from './searches';
import * as teams from './teams';
import * as transcriptDelete from './transcriptDelete';
import * as transcripts from './transcripts';
import * as users from './users';
import * as webhooks from './webhooks';
import { registerV1 } from './v1';

/**
 * Every /v2 area the emulator serves. To add endpoints: one file in this folder exporting
 * `register(router)` (handlers take a `RouteContext` from ../context), listed here.
 * Order matters only where two paths match the same URL: the first registered wins.
 */
const AREAS: ReadonlyArray<{ register(router: Router): void }> = [
	auth,
	// Before notes: POST /v2/notes/search is not a note id.
	searches,
	lists,
	listEntries,
	savedViews,
	companies,
	persons,
	opportunities,
	notes,
	transcripts,
	users,
	entryFields,
	fieldValues,
	merges,
	fieldValueChanges,
	interactions,
	relationships,
	entityNotes,
	directory,
	webhooks,
	noteWrites,
	personWrites,
	entityFieldValues,
	reminders,
	listWrites,
	dropdownOptions,
];

/**
 * The operations 2026-09-17 adds (all BETA). A request answered in an older edition gets what
 * that edition answers for a route it lacks (404, or 405 on a path it serves for another method).
 * Registered after every other area, so that they never shadow a route of the older editions.
 */
const AREAS_SINCE_2026_09_17: ReadonlyArray<{ register(router: Router): void }> = [
	teams,
	files,
	fieldValuePages,
	listEntryAdd,
	opportunityWrites,
	reminderUpdate,
	transcriptDelete,
];

export function registerApi(router: Router): void {
	// Every /v2 answer is rendered knowing its API version (liveShapes.answerIn).
	const v2 = Object.create(router) as Router;
	v2.add = (method, path, handler) => {
		router.add(method, path, (ctx) => answerIn(ctx.version, () => handler(ctx)));
		return v2;
	};
	for (const area of AREAS) area.register(v2);
	const current = fromEdition(router, v2, '2026-09-17');
	for (const area of AREAS_SINCE_2026_09_17) area.register(current);
	registerV1(router);
}

import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { fieldsOf } from '../AffinityV2/api/fields';
import { listSummary } from '../AffinityV2/api/lists';
import type { ApiListEntry } from '../AffinityV2/helpers/types';
import { latestChanges, type ApiFieldChange } from './changeLog/fieldValueChanges';
import { changeEvents, valueBefore } from './changeLog/changeEvents';
import { entryEvent } from './helpers/events';
import { latestEntries, reported } from './changeLog/listEntryReads';
import { snapshotRead } from './poll/listRead';
import { eventContext, stateKey, type TriggerConfig } from './config';
import { readState } from './poll/savedState';
import { pollNeeds } from './poll/pollRun';
import { asTestEvents, ManualSample, SAMPLE_SIZE } from './sample';

/**
 * "Fetch Test Event" (a manual run), in either detection: real events where there are some,
 * never a change that did not happen, each item saying what it shows (`testEvent`, see
 * sample.ts). Field changes are the list's latest changes in the change log; additions the
 * entries added last (the list-entry search sorted by the date added). Only when there is
 * nothing real of the chosen kind (a removal: the log does not record them) are the latest
 * entries shown as they are now, marked as samples. Saves nothing: n8n keeps no state of a
 * manual run.
 */
export async function manualRun(
	this: IPollFunctions,
	config: TriggerConfig,
): Promise<IDataObject[]> {
	return config.detection === 'changeLog'
		? await changeLogManualRun.call(this, config)
		: await snapshotManualRun.call(this, config);
}

/** Change-log detection: events as its polls give them (`detectedBy` and all). A few requests. */
async function changeLogManualRun(
	this: IPollFunctions,
	config: TriggerConfig,
): Promise<IDataObject[]> {
	const { event, listId } = config;
	if (event === 'fieldValueChanged' || event === 'anyChange') {
		const changes = await latestChanges.call(
			this,
			await logFieldIds.call(this, config),
			listId,
			SAMPLE_SIZE,
		);
		if (changes.length) {
			const { type } = await listSummary.call(this, listId);
			return asTestEvents(
				await changeEvents.call(this, config, changes, type ?? ''),
				'latestChange',
			);
		}
	}
	const entries = await latestEntries.call(this, config, SAMPLE_SIZE);
	const context = eventContext(config);
	if (event === 'listEntryAdded' || event === 'anyChange') {
		return asTestEvents(
			entries.map((entry) => ({
				...entryEvent('listEntryAdded', entry, reported(config, entry), context),
				detectedBy: 'listEntrySearch',
			})),
			'latestAddition',
		);
	}
	const sample = new ManualSample();
	for (const entry of entries) sample.add(entry);
	return sample.events(event, (entry) => reported(config, entry), context);
}

/**
 * The additions a manual run on a saved view looks among (one page of the search): the search
 * cannot apply the view's filters, so the latest additions that are in the view now are kept.
 */
const VIEW_ADDITIONS = 100;

/**
 * Snapshot detection: the whole list (or view) is read and compared with the saved state, as a
 * poll does. The changes since the last poll are shown when there are some; else (no saved
 * state, as for a workflow never active, or nothing changed) the latest real changes or
 * additions, shaped exactly as this detection's events: the values are the entries' own as the
 * read returns them (the view's columns, the watched fields), so an expression written against
 * the test event works on real ones. The log and the search are read first, so that the
 * entries they name are kept as the pages pass: no second read. Changes and additions of
 * entries the read does not return (removed since, or outside the view's filters) are left out.
 */
async function snapshotManualRun(
	this: IPollFunctions,
	config: TriggerConfig,
): Promise<IDataObject[]> {
	const startedAt = Date.now();
	const saved: unknown = this.getWorkflowStaticData('node').state;
	const needs = pollNeeds(config, true);
	const changes = needs.changed
		? await (unlessForbidden<ApiFieldChange>).call(this, async () =>
				latestChanges.call(this, await logFieldIds.call(this, config), config.listId, SAMPLE_SIZE),
			)
		: [];
	const additions = needs.added
		? await (unlessForbidden<ApiListEntry>).call(this, async () =>
				latestEntries.call(
					this,
					config,
					config.savedViewId === undefined ? SAMPLE_SIZE : VIEW_ADDITIONS,
				),
			)
		: [];
	const wanted = new Set([
		...changes.map((c) => c.listEntry?.id),
		...additions.map((entry) => entry.id),
	]);
	const read = new Map<number, ApiListEntry>();
	const sample = new ManualSample();
	const run = await snapshotRead.call(
		this,
		config,
		needs,
		readState.call(this, saved, stateKey(config)),
		startedAt,
		(entry) => {
			sample.add(entry);
			if (wanted.has(entry.id)) read.set(entry.id, entry);
		},
	);
	if (run.events.length) return asTestEvents(run.events, 'sinceLastPoll');

	const context = eventContext(config);
	const fieldsOf = (entry: ApiListEntry) => run.fieldsOf(entry);
	const changed: IDataObject[] = [];
	for (const [entryId, entryChanges] of byEntry(changes)) {
		const entry = read.get(entryId);
		if (!entry) continue;
		const fields = fieldsOf(entry);
		const shown = new Set(fields.map((f) => f.id));
		// The oldest shown change of each reported field: the value before it is the event's `previous`.
		const first = new Map<string, ApiFieldChange>();
		for (const c of entryChanges) if (shown.has(c.field.id)) first.set(c.field.id, c);
		if (!first.size) continue;
		const previous = new Map<string, { known: boolean; value?: unknown }>();
		if (needs.keepValues)
			for (const [fieldId, c] of first) previous.set(fieldId, await valueBefore.call(this, c));
		changed.push(
			entryEvent('fieldValueChanged', entry, fields, context, {
				changed: [...first.keys()],
				previous: (fieldId) => previous.get(fieldId) ?? { known: false },
			}),
		);
	}
	if (changed.length) return asTestEvents(changed, 'latestChange');

	const added = additions
		.map((entry) => read.get(entry.id))
		.filter((entry): entry is ApiListEntry => entry !== undefined)
		.slice(0, SAMPLE_SIZE)
		.map((entry) => entryEvent('listEntryAdded', entry, fieldsOf(entry), context));
	if (added.length) return asTestEvents(added, 'latestAddition');
	return sample.events(config.event, fieldsOf, context);
}

/**
 * Nothing from a source the key may not read (403: Affinity gates some endpoints by permission)
 * rather than a failed test event: snapshot polls need neither the change log nor the search.
 */
async function unlessForbidden<T>(this: IPollFunctions, read: () => Promise<T[]>): Promise<T[]> {
	try {
		return await read();
	} catch (error) {
		// The transport throws NodeApiErrors that already say what went wrong.
		const failure =
			error instanceof NodeApiError
				? error
				: new NodeOperationError(this.getNode(), error as Error);
		if (failure instanceof NodeApiError && failure.httpCode === '403') return [];
		throw failure;
	}
}

/** The log's changes grouped by list entry, in the order each entry first appears (newest first). */
function byEntry(changes: ApiFieldChange[]): Map<number, ApiFieldChange[]> {
	const out = new Map<number, ApiFieldChange[]>();
	for (const change of changes) {
		const id = change.listEntry?.id;
		if (id === undefined) continue;
		out.set(id, [...(out.get(id) ?? []), change]);
	}
	return out;
}

/** The fields whose changes count: the watched ones, or else the list's own (GET /v2/lists/{listId}/fields). */
async function logFieldIds(this: IPollFunctions, config: TriggerConfig): Promise<string[]> {
	if (config.watchedIds.length) return config.watchedIds;
	const fields = await fieldsOf.call(
		this,
		{ listId: config.listId },
		{ subject: `list with ID ${config.listId}` },
	);
	return fields.filter((field) => field.type === 'list').map((field) => field.id);
}

import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { fieldsOf } from '../AffinityV2/api/fields';
import { listSummary } from '../AffinityV2/api/lists';
import { latestChanges } from './changeLog';
import { changeEvents } from './changeLogPoll';
import { entryEvent } from './helpers/events';
import { latestEntries, reported } from './listEntryReads';
import { eventContext, type TriggerConfig } from './poll';
import { ManualSample, SAMPLE_SIZE } from './sample';

/**
 * "Fetch Test Event" in change-log detection: real events where there are some, never a change
 * that did not happen. Field changes are the list's latest changes in the change log; additions
 * the entries added last (the list-entry search sorted by the date added). Only when there is
 * nothing real of the chosen kind (a removal: the log does not record them) are the latest
 * entries shown as they are now, each marked `sample: true`. Saves nothing; a few requests.
 */
export async function changeLogManualRun(
	ctx: IPollFunctions,
	config: TriggerConfig,
): Promise<IDataObject[]> {
	const { event, listId } = config;
	if (event === 'fieldValueChanged' || event === 'anyChange') {
		const changes = await latestChanges(ctx, await logFieldIds(ctx, config), listId, SAMPLE_SIZE);
		if (changes.length) {
			const { type } = await listSummary(ctx, listId);
			return changeEvents(ctx, config, changes, type ?? '');
		}
	}
	const entries = await latestEntries(ctx, config, SAMPLE_SIZE);
	const context = eventContext(config);
	if (event === 'listEntryAdded' || event === 'anyChange') {
		return entries.map((entry) => ({
			...entryEvent('listEntryAdded', entry, reported(config, entry), context),
			detectedBy: 'listEntrySearch',
		}));
	}
	const sample = new ManualSample();
	for (const entry of entries) sample.add(entry);
	return sample.events(event, (entry) => reported(config, entry), context);
}

/** The fields whose changes count: the watched ones, or else the list's own (GET /v2/lists/{listId}/fields). */
async function logFieldIds(ctx: IPollFunctions, config: TriggerConfig): Promise<string[]> {
	if (config.watchedIds.length) return config.watchedIds;
	const fields = await fieldsOf(
		ctx,
		{ listId: config.listId },
		{ subject: `list with ID ${config.listId}` },
	);
	return fields.filter((field) => field.type === 'list').map((field) => field.id);
}

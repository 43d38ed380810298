import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { assertQuotaLeft } from '../../AffinityV2/api/quotaGuard';
import { pollBudget } from '../poll/budget';
import { checkOf, completeComparison, readList, readProgress } from '../poll/listRead';
import { readState, savedCount } from '../poll/savedState';
import { snapshotCost } from '../poll/listEntries';
import { stateKey, type TriggerConfig } from '../config';
import { pollNeeds } from '../poll/pollRun';
import { sameSnapshot } from '../state';

/**
 * Snapshot detection, one poll: the list (or saved view) read page by page and each entry
 * compared with the saved snapshot as it comes; additions and changes are reported by the poll
 * that reads them. A list that takes longer to read than n8n's time limit for a poll is read
 * over several polls (listRead.ts), and its removals are reported once every page is read. The
 * new snapshot replaces the saved one then, in one assignment; a snapshot that did not change
 * is not written again.
 */
export async function snapshotPoll(
	this: IPollFunctions,
	config: TriggerConfig,
): Promise<IDataObject[]> {
	const startedAt = Date.now();
	const staticData = this.getWorkflowStaticData('node');
	const saved: unknown = staticData.state;
	const savedRead: unknown = staticData.read;
	const key = stateKey(config);
	const old = readState.call(this, saved, key);
	const needs = pollNeeds(config, false);
	const against = old ? checkOf(saved) : 0;
	const progress = readProgress(savedRead, key, needs, against);
	const left = savedCount(saved) - (progress?.partial.count ?? 0);
	const cost = snapshotCost(Math.max(left, 0));
	await assertQuotaLeft.call(
		this,
		config.quotaGuard,
		cost,
		`about ${cost} calls a poll (1 per 100 entries)`,
	);
	const budget = pollBudget.call(this, startedAt);
	const read = await readList.call(this, config, needs, old, against, key, progress, budget);
	const completed =
		read.complete && (await completeComparison.call(this, config, needs, read, budget));
	// Another poll that committed meanwhile already reported these changes: this one's are dropped.
	if (staticData.state !== saved || staticData.read !== savedRead) return [];
	if (!completed) {
		staticData.read = read.progress() as unknown as IDataObject;
		return read.run.events;
	}
	const next = read.run.commit(key, read.startedAt);
	if (!sameSnapshot(saved, next)) staticData.state = next as unknown as IDataObject;
	if (savedRead !== undefined) delete staticData.read;
	return read.run.events;
}

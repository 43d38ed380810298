import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { assertQuotaLeft } from '../../AffinityV2/api/quotaGuard';
import { pollBudget } from '../poll/budget';
import { baselineCursor } from './fieldValueChanges';
import {
	changeLogCost,
	isChangeLogState,
	QUIET_CHANGE_LOG_COST,
	type ChangeLogReadProgress,
	type Commit,
} from './changeLogState';
import { checkOf, readList, readProgress } from '../poll/listRead';
import { logPart, tag } from './logPart';
import { readState } from '../poll/savedState';
import { stateKey, type TriggerConfig } from '../config';
import { pollNeeds } from '../poll/pollRun';
import { reconcilingPoll } from './reconciliation';
import { isTriggerState } from '../state';

/**
 * Change-log detection, one poll: field changes from the change log, entries added from the
 * list-entry search sorted by the date added (with `totalCount`), entries removed from a scan of
 * the list only when the count says some left, and at the set interval a reconciliation: the
 * snapshot comparison, reporting only what the other sources did not (fields without change
 * tracking, and anything they missed). A whole read (a new baseline, a reconciliation) that does
 * not fit in n8n's time limit for a poll goes on over the next polls (listRead.ts), while the log
 * is still read at each. Everything a poll changes is saved at once at its end, or nothing.
 *
 * Saved: `state`, the snapshot of the last reconciliation (the baseline it compares with),
 * `changeLog`: the cursor and what was reported since that snapshot, and `read` while a whole
 * read is in progress.
 */
export async function changeLogPoll(
	this: IPollFunctions,
	config: TriggerConfig,
): Promise<IDataObject[]> {
	const startedAt = Date.now();
	const staticData = this.getWorkflowStaticData('node');
	const savedState: unknown = staticData.state;
	const savedLog: unknown = staticData.changeLog;
	const savedRead: unknown = staticData.read;
	const snapshotKey = stateKey(config);
	const cursorKey = `${snapshotKey}|fields:${config.watchedIds.join(',')}`;
	const log =
		isChangeLogState(savedLog) && savedLog.cursor.key === cursorKey ? savedLog : undefined;
	const old = log ? readState.call(this, savedState, snapshotKey) : undefined;
	const count = isTriggerState(savedState) ? savedState.count : 0;
	const against = old ? checkOf(savedState) : 0;
	const readKey = `${snapshotKey}|changeLog`;
	const needs = old
		? { ...pollNeeds(config, false), added: true, fields: true }
		: pollNeeds(config, false);
	const progress = readProgress<ChangeLogReadProgress>(savedRead, readKey, needs, against);
	const reconcile =
		!log ||
		!old ||
		progress !== undefined ||
		log.reconcileNow === true ||
		(config.reconcileHours > 0 &&
			startedAt - Date.parse(log.reconciledAt) >= config.reconcileHours * 3_600_000);
	const cost = changeLogCost(count, reconcile);
	await assertQuotaLeft.call(
		this,
		config.quotaGuard,
		cost,
		reconcile
			? `about ${cost} calls this poll (a reconciliation reads the whole list), ${QUIET_CHANGE_LOG_COST} a quiet poll`
			: `${QUIET_CHANGE_LOG_COST} calls a quiet poll, plus 1 per 100 changes or added entries`,
	);

	const commit: Commit = (next, events) => {
		if (
			staticData.state !== savedState ||
			staticData.changeLog !== savedLog ||
			staticData.read !== savedRead
		)
			return [];
		if (next.state) staticData.state = next.state;
		if (next.log) staticData.changeLog = next.log as unknown as IDataObject;
		if (next.read) staticData.read = next.read as unknown as IDataObject;
		else if (savedRead !== undefined) delete staticData.read;
		return events;
	};
	const budget = pollBudget.call(this, startedAt);

	if (!log || !old) {
		// A new baseline: where the log is now, and the list as it is (over several polls if need be).
		const cursor =
			progress?.cursor ?? (await baselineCursor.call(this, cursorKey, config.watchedIds));
		const read = await readList.call(this, config, needs, undefined, 0, readKey, progress, budget);
		const events = tag(read.run.events, 'reconciliation');
		// The log's place is saved with the read until the baseline is complete.
		if (!read.complete) return commit({ read: { ...read.progress(), cursor } }, events);
		const state = read.run.commit(snapshotKey, read.startedAt);
		return commit(
			{
				state: state as unknown as IDataObject,
				log: {
					cursor,
					reconciledAt: read.startedAt,
					entityType: state.entityType,
					added: [],
					removed: [],
					logged: [],
				},
			},
			events,
		);
	}

	if (reconcile)
		return await reconcilingPoll.call(
			this,
			config,
			{ log, old, against, progress, readKey },
			budget,
			commit,
		);

	const part = await logPart.call(this, config, log, old, budget, { search: true });
	return commit({ log: part.log }, part.events);
}

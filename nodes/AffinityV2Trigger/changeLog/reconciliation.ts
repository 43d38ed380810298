import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { PollBudget } from '../poll/budget';
import { CLOCK_SKEW_MS } from './fieldValueChanges';
import type { ChangeLogReadProgress, ChangeLogState, Commit } from './changeLogState';
import { removedEvent } from '../helpers/events';
import { completeComparison, readList } from '../poll/listRead';
import { logPart, pairKey, tag, valueHash } from './logPart';
import { eventContext, stateKey, type TriggerConfig } from '../config';
import { pollNeeds, type PollNeeds } from '../poll/pollRun';
import type { DecodedState } from '../state';

/**
 * A change-log reconciliation: the snapshot comparison with the last reconciliation's snapshot,
 * reporting only what the log and the search did not report since (fields without change
 * tracking, and anything they missed). Each poll of it reads the list first (as much as fits),
 * then the log, whose changes are reported at once; what the comparison finds is held until the
 * read is complete and the log is read up to then, so that a change the log is still to report
 * is never reported by the comparison too.
 */
export async function reconcilingPoll(
	this: IPollFunctions,
	config: TriggerConfig,
	saved: {
		log: ChangeLogState;
		old: DecodedState;
		against: number;
		progress: ChangeLogReadProgress | undefined;
		readKey: string;
	},
	budget: PollBudget,
	commit: Commit,
): Promise<IDataObject[]> {
	const { log, old, against, progress, readKey } = saved;
	const needs = pollNeeds(config, false);
	// Additions are always compared: entries the search reported may have changed since.
	const readNeeds: PollNeeds = { ...needs, added: true, fields: true };
	const read = await readList.call(
		this,
		config,
		readNeeds,
		old,
		against,
		readKey,
		progress,
		budget,
		{
			keepMs: budget.quietPollMs(),
		},
	);
	const { run } = read;
	// The removals are part of the read: settled before the log is read.
	const compared =
		read.complete &&
		(await completeComparison.call(this, config, readNeeds, read, budget, budget.quietPollMs()));
	const entities = run.entityIds();
	const part = await logPart.call(this, config, log, old, budget, {
		search: false,
		onList: Array.from(run.entryIds(), (id, i): [number, number] => [id, entities[i]]),
	});
	// Changes the log reported from the start of the read on may be missing from the snapshot:
	// the next reconciliation must not report them again. The start is on the API's clock (the
	// first page's `Date` header), as the changes' times are; without it, every change is kept.
	const since = read.apiStartedAt === undefined ? -Infinity : read.apiStartedAt - CLOCK_SKEW_MS;
	const carried = [
		...new Set([
			...(progress?.logged ?? []),
			...part.logged.filter(([, at]) => at >= since).map(([pair]) => pair),
		]),
	];
	const sorted = sortOut([...(progress?.held ?? []), ...run.events], log, part.log, needs);
	if (!compared || !part.caughtUp) {
		return commit(
			{
				log: part.log,
				read: { ...read.progress(), held: [...sorted.added, ...sorted.missed], logged: carried },
			},
			part.events,
		);
	}

	// An entry added and then removed since the snapshot: the search saw it come, the
	// comparison does not know it, so its removal is reported here.
	const current = new Set(Array.from(run.entryIds()));
	const removedBefore = new Set(log.removed);
	const context = eventContext(config);
	const goneSinceAdded = needs.removed
		? log.added.filter(([id]) => !current.has(id) && !removedBefore.has(id))
		: [];
	for (const [id, entityId] of goneSinceAdded)
		sorted.missed.push(
			removedEvent(context, id, log.entityType || old.entityType, entityId, null, []),
		);

	const state = run.commit(stateKey(config), read.startedAt);
	// Additions first (the log's changes of an entry apply on top of it), removals last.
	return commit(
		{
			state: state as unknown as IDataObject,
			log: {
				cursor: part.log.cursor,
				reconciledAt: read.startedAt,
				entityType: state.entityType || log.entityType,
				added: [],
				removed: [],
				logged: carried,
			},
		},
		[
			...tag(sorted.added, 'reconciliation'),
			...part.events,
			...tag(sorted.missed, 'reconciliation'),
		],
	);
}

/**
 * What the comparison found, less what the log and the search reported since the snapshot:
 * entries added that the search did not report, changes the log did not report (for an entry
 * the search reported, only fields changed since it showed them), removals not reported. It
 * gives the same result when applied again to its own output, so what a poll holds is sorted
 * again when the read is complete, against all the log reported by then.
 */
function sortOut(
	events: IDataObject[],
	log: ChangeLogState,
	now: ChangeLogState,
	needs: PollNeeds,
): { added: IDataObject[]; missed: IDataObject[] } {
	const addedBefore = new Map(log.added.map(([id, , hashes]) => [id, hashes]));
	const removedBefore = new Set(log.removed);
	const logged = new Set(now.logged);
	const added: IDataObject[] = [];
	const missed: IDataObject[] = [];
	for (const event of events) {
		const id = event.listEntryId as number;
		if (event.event === 'listEntryAdded') {
			const shown = addedBefore.get(id);
			if (!shown) {
				if (needs.added) added.push(event);
				continue;
			}
			// Reported by the search already: only fields changed since then, and not by the log.
			if (!needs.changed) continue;
			const left = (event.changes as IDataObject[]).filter(
				(c) =>
					!logged.has(pairKey(id, c.fieldId as string)) &&
					shown[c.fieldId as string] !== undefined &&
					shown[c.fieldId as string] !== valueHash(c.current),
			);
			if (!left.length) continue;
			for (const c of left) delete c.previous;
			missed.push({ ...event, event: 'fieldValueChanged', changes: left });
			continue;
		}
		if (event.event === 'listEntryRemoved' && removedBefore.has(id)) continue;
		if (event.event === 'fieldValueChanged') {
			const left = (event.changes as IDataObject[]).filter(
				(c) => !logged.has(pairKey(id, c.fieldId as string)),
			);
			if (!left.length) continue;
			event.changes = left;
		}
		missed.push(event);
	}
	return { added, missed };
}

import type { IDataObject } from 'n8n-workflow';

import { isCursor, type ChangeLogCursor } from './fieldValueChanges';
import type { ReadProgress } from '../poll/listRead';
import { snapshotCost } from '../poll/listEntries';

/**
 * What change-log detection saves besides the snapshot (`changeLog` in the node's static data),
 * and what a poll costs.
 */
export interface ChangeLogState {
	cursor: ChangeLogCursor;
	/** When the last reconciliation (or the baseline) started reading. */
	reconciledAt: string;
	entityType: string;
	/**
	 * Entries added since the snapshot: [list entry id, entity id, hash of each reported field's
	 * value as the addition showed it], so a reconciliation still sees later untracked changes.
	 */
	added: Array<[number, number, Record<string, number>]>;
	/** Entries removed since the snapshot. */
	removed: number[];
	/** `listEntryId:fieldId` of every change the log reported since the snapshot was read. */
	logged: string[];
	/** A scan for removals did not fit in a poll: the next polls reconcile instead. */
	reconcileNow?: boolean;
}

/** A whole read in progress, with what change-log detection keeps beside it. */
export interface ChangeLogReadProgress extends ReadProgress {
	/** Where the log was when a new baseline's read began. */
	cursor?: ChangeLogCursor;
	/** A reconciliation: what the comparison found so far, reported at its end. */
	held?: IDataObject[];
	/** A reconciliation: `entry:field` pairs the log reported since the read began. */
	logged?: string[];
}

export type DetectedBy = 'changeLog' | 'listEntrySearch' | 'reconciliation';

export function isChangeLogState(value: unknown): value is ChangeLogState {
	const s = value as ChangeLogState | null;
	return (
		s !== null &&
		typeof s === 'object' &&
		isCursor(s.cursor) &&
		typeof s.reconciledAt === 'string' &&
		Array.isArray(s.added) &&
		Array.isArray(s.removed) &&
		Array.isArray(s.logged)
	);
}

/** What a quiet change-log poll costs: the change log and the list-entry search. */
export const QUIET_CHANGE_LOG_COST = 2;

/** The calls a poll is expected to make: a quiet poll, or a whole read when reconciling. */
export function changeLogCost(count: number, reconcile: boolean): number {
	return QUIET_CHANGE_LOG_COST + (reconcile ? snapshotCost(count) : 0);
}

/** Saves what a poll produced, unless another poll committed meanwhile (it reported these). */
export type Commit = (
	next: { state?: IDataObject; log?: ChangeLogState; read?: ChangeLogReadProgress },
	events: IDataObject[],
) => IDataObject[];

import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { simplifyValue } from '../../AffinityV2/helpers/simplifyValue';
import type { ApiListEntry } from '../../AffinityV2/helpers/types';
import type { PollBudget } from '../poll/budget';
import {
	advanceCursor,
	isBefore,
	readChanges,
	unseenChanges,
	type ApiFieldChange,
	type ChangeLogCursor,
} from './fieldValueChanges';
import { changeEvents } from './changeEvents';
import type { ChangeLogState, DetectedBy } from './changeLogState';
import { canonicalJson, hash32 } from '../helpers/hash';
import { entryEvent, removedEvent } from '../helpers/events';
import { logFields, newestEntries, reported, scanEntries } from './listEntryReads';
import { changerId, ignoredUserIds, ignoresAny, userId } from './ignoredChangers';
import { eventContext, type TriggerConfig } from '../config';
import { lookupNames } from '../poll/listEntries';
import { pollNeeds } from '../poll/pollRun';
import type { DecodedState } from '../state';

/**
 * The change log's part of a change-log poll: field changes from the log (from the cursor on),
 * and, in a quiet poll, entries added (the list-entry search) and removed (a scan of the list,
 * only when the count says some left). Under n8n's time limit for a poll it reads what fits and
 * advances the cursor over exactly what it reported.
 */

export const pairKey = (listEntryId: number, fieldId: string) => `${listEntryId}:${fieldId}`;

/** A reported value's hash, from its simplified form (what an event's `current` shows). */
export const valueHash = (simplified: unknown) => hash32(canonicalJson(simplified ?? null));

export function tag(events: IDataObject[], detectedBy: DetectedBy): IDataObject[] {
	for (const event of events) event.detectedBy = detectedBy;
	return events;
}

/** The entries the last snapshot and the log's additions and removals since say are on the list. */
export function members(log: ChangeLogState, old: DecodedState): Map<number, number> {
	const known = new Map<number, number>();
	for (let row = 0; row < old.count; row++) known.set(old.entryIds[row], old.entityIds[row]);
	for (const [entryId, entityId] of log.added) known.set(entryId, entityId);
	for (const entryId of log.removed) known.delete(entryId);
	return known;
}

/** The list's entries by entity id, from [list entry id, entity id] pairs. */
export function entriesByEntity(pairs: Iterable<[number, number]>): Map<number, number[]> {
	const byEntity = new Map<number, number[]>();
	for (const [entryId, entityId] of pairs) {
		const entries = byEntity.get(entityId);
		if (!entries) byEntity.set(entityId, [entryId]);
		else if (!entries.includes(entryId)) entries.push(entryId);
	}
	return byEntity;
}

/**
 * The log's changes of this list's entries, in log order. A list field's change names its
 * entry. A global field belongs to the person or company itself: its change is logged on the
 * entity (`listEntry` null, or the entry it was edited through, perhaps on another list) and
 * is a change of each of this list's entries of that entity, one change each.
 */
export function changesOfList(
	listId: number,
	changes: ApiFieldChange[],
	entityType: string,
	byEntity: Map<number, number[]>,
): ApiFieldChange[] {
	const out: ApiFieldChange[] = [];
	for (const change of changes) {
		if (change.field.type !== 'global') {
			if (change.listEntry?.listId === listId) out.push(change);
			continue;
		}
		if (entityType && change.field.entityType && change.field.entityType !== entityType) continue;
		for (const id of byEntity.get(change.entity?.id) ?? [])
			out.push({ ...change, listEntry: { id, listId: listId } });
	}
	return out;
}

export interface LogPart {
	/** Events in report order: additions, then the log's changes, then removals. */
	events: IDataObject[];
	/** The log state after this part (the cursor over what was reported). */
	log: ChangeLogState;
	/** Every change up to now was read and reported. */
	caughtUp: boolean;
	/** `entry:field` pairs the log reported in this part, with the change's time (epoch ms). */
	logged: Array<[string, number]>;
	/** The scan the count asked for did not fit in the poll: a reconciliation must find removals. */
	removalsUnknown: boolean;
}

/** Where the cursor goes when the changes read are reported up to (not including) `cut`. */
function cursorOver(
	log: ChangeLogState,
	read: ApiFieldChange[],
	cut: ApiFieldChange | undefined,
	readAt: number | undefined,
	next: string | undefined,
): ChangeLogCursor {
	const over = cut ? read.filter((c) => isBefore(c, cut)) : read;
	// A page link to go on from only when every change read before it was reported.
	const from = cut ? undefined : next;
	return advanceCursor(log.cursor.key, log.cursor, over, Date.parse(log.cursor.at), readAt, from);
}

/**
 * Reads the log (and, with `search`, the newest entries and a scan when the count says so) and
 * builds the events. `onList`: [entry id, entity id] of the entries known beyond `members`
 * (a reconciliation's read). Nothing is saved here.
 */
export async function logPart(
	this: IPollFunctions,
	config: TriggerConfig,
	log: ChangeLogState,
	old: DecodedState,
	budget: PollBudget,
	options: { search: boolean; onList?: Array<[number, number]> },
): Promise<LogPart> {
	const needs = pollNeeds(config, false);
	const known = members(log, old);
	const {
		changes: read,
		next,
		readAt,
	} = await readChanges.call(
		this,
		logFields(config, old),
		log.cursor,
		budget,
		2 * budget.slowestCallMs,
	);

	const added = new Map<number, ApiListEntry>();
	let removed: number[] = [];
	let removalsUnknown = false;
	if (options.search) {
		const { total, fresh } = await newestEntries.call(this, config, known);
		for (const entry of fresh) added.set(entry.id, entry);
		if (known.size + added.size !== total) {
			// Something left (or came in out of order): only a scan of the list tells which.
			const current = await scanEntries.call(this, config, budget, 2 * budget.slowestCallMs);
			if (current) {
				const present = new Set<number>();
				for (const entry of current) {
					present.add(entry.id);
					if (!known.has(entry.id)) added.set(entry.id, entry);
				}
				removed = [...known.keys()].filter((id) => !present.has(id));
			} else removalsUnknown = true;
		}
	}

	const entityType = log.entityType || old.entityType;
	const onList: Array<[number, number]> = [
		...known,
		...Array.from(added.values(), (e): [number, number] => [e.id, e.entity?.id ?? 0]),
		...(options.onList ?? []),
	];
	const listIds = new Set(onList.map(([id]) => id));
	const changes = changesOfList(
		config.listId,
		unseenChanges(log.cursor, read),
		entityType,
		entriesByEntity(onList),
	);
	const onListChanges = changes.filter((c) => c.listEntry !== null && listIds.has(c.listEntry.id));
	// Changes and additions by the users passed over are processed (the cursor goes past them,
	// a reconciliation counts them as logged) but not reported.
	const ignored = ignoresAny(config.ignoredChangers)
		? await ignoredUserIds.call(
				this,
				config.ignoredChangers,
				onListChanges.some((c) => changerId(c.changer) !== undefined) ||
					[...added.values()].some((e) => userId(e.creatorId) !== undefined),
				budget,
			)
		: new Set<number>();
	const passedOver = (id: number | undefined) => id !== undefined && ignored.has(id);
	const reportable = onListChanges.filter((c) => !passedOver(changerId(c.changer)));

	const context = eventContext(config);
	const additions = needs.added
		? Array.from(added.values())
				.filter((entry) => !passedOver(userId(entry.creatorId)))
				.map((entry) => entryEvent('listEntryAdded', entry, reported(config, entry), context))
		: [];
	let changed = needs.changed
		? await changeEvents.call(
				this,
				config,
				reportable,
				entityType || (added.values().next().value?.type ?? ''),
				budget,
			)
		: [];
	// Changes whose events did not fit in this poll are the next poll's: the cursor stops before
	// them, and before the other entries of the same logged change (a person's field on two entries).
	let done = needs.changed ? changed.length : reportable.length;
	while (done > 0 && done < reportable.length && reportable[done - 1].id === reportable[done].id)
		done--;
	changed = changed.slice(0, done);
	const cut = reportable[done];
	const processed = cut ? changes.filter((c) => isBefore(c, cut)) : changes;
	const removals: IDataObject[] = [];
	if (needs.removed && removed.length) {
		const names = await lookupNames.call(
			this,
			entityType,
			removed.map((id) => known.get(id) ?? 0),
		);
		for (const id of removed) {
			const entityId = known.get(id) ?? 0;
			removals.push(
				removedEvent(context, id, entityType, entityId, names.get(entityId) ?? null, []),
			);
		}
	}

	const addedRecords: ChangeLogState['added'] = [...added.values()].map((entry) => {
		const hashes: Record<string, number> = {};
		for (const field of reported(config, entry))
			hashes[field.id] = valueHash(simplifyValue(field.value));
		return [entry.id, entry.entity?.id ?? 0, hashes];
	});
	const logged = processed
		.filter((c) => c.listEntry)
		.map((c): [string, number] => [
			pairKey((c.listEntry as { id: number }).id, c.field.id),
			Date.parse(c.changedAt),
		]);
	return {
		events: [
			...tag(additions, 'listEntrySearch'),
			...tag(changed, 'changeLog'),
			...tag(removals, 'listEntrySearch'),
		],
		log: {
			...log,
			cursor: cursorOver(log, read, cut, readAt, next),
			entityType: log.entityType || (added.values().next().value?.type ?? ''),
			added: [...log.added, ...addedRecords],
			removed: [...log.removed, ...removed],
			logged: [...new Set([...log.logged, ...logged.map(([pair]) => pair)])],
			...(removalsUnknown ? { reconcileNow: true } : {}),
		},
		caughtUp: next === undefined && cut === undefined,
		logged,
		removalsUnknown,
	};
}

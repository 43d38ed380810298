import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { assertQuotaLeft } from '../AffinityV2/api/quotaGuard';
import type { ApiListEntry } from '../AffinityV2/helpers/types';
import {
	CLOCK_SKEW_MS,
	advanceCursor,
	baselineCursor,
	changesOfList,
	entriesByEntity,
	changeEvent,
	isCursor,
	readChanges,
	unseenChanges,
	type ApiFieldChange,
	type ChangeLogCursor,
	previousChange,
	valueAfter,
} from './changeLog';
import { entryEvent, removedEvent } from './helpers/events';
import { canonicalJson, hash32 } from './helpers/hash';
import { simplifyValue } from '../AffinityV2/helpers/simplify';
import {
	eventContext,
	lookupNames,
	readState,
	snapshotCost,
	snapshotRead,
	stateKey,
	type TriggerConfig,
} from './poll';
import { logFields, newestEntries, reported, scanEntries } from './listEntryReads';
import { pollNeeds } from './pollRun';
import { isTriggerState, type DecodedState } from './state';

/**
 * Change-log detection, one poll: field changes from the change log, entries added from the
 * list-entry search sorted by the date added (with `totalCount`), entries removed from a scan of
 * the list only when the count says some left, and at the set interval a reconciliation: the
 * snapshot comparison, reporting only what the other sources did not (fields without change
 * tracking, and anything they missed). Everything is saved at once at the end, or nothing.
 *
 * Saved: `state`, the snapshot of the last reconciliation (the baseline it compares with), and
 * `changeLog`: the cursor and what was reported since that snapshot.
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
}

export type DetectedBy = 'changeLog' | 'listEntrySearch' | 'reconciliation';

function isChangeLogState(value: unknown): value is ChangeLogState {
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

const pairKey = (listEntryId: number, fieldId: string) => `${listEntryId}:${fieldId}`;

/** A reported value's hash, from its simplified form (what an event's `current` shows). */
const valueHash = (simplified: unknown) => hash32(canonicalJson(simplified ?? null));

function tag(events: IDataObject[], detectedBy: DetectedBy): IDataObject[] {
	for (const event of events) event.detectedBy = detectedBy;
	return events;
}

export async function changeLogPoll(
	ctx: IPollFunctions,
	config: TriggerConfig,
): Promise<IDataObject[]> {
	const startedAt = Date.now();
	const staticData = ctx.getWorkflowStaticData('node');
	const savedState: unknown = staticData.state;
	const savedLog: unknown = staticData.changeLog;
	const snapshotKey = stateKey(config);
	const cursorKey = `${snapshotKey}|fields:${config.watchedIds.join(',')}`;
	const log =
		isChangeLogState(savedLog) && savedLog.cursor.key === cursorKey ? savedLog : undefined;
	const old = log ? readState(ctx, savedState, snapshotKey) : undefined;
	const count = isTriggerState(savedState) ? savedState.count : 0;
	const reconcile =
		!log ||
		!old ||
		(config.reconcileHours > 0 &&
			startedAt - Date.parse(log.reconciledAt) >= config.reconcileHours * 3_600_000);
	const cost = changeLogCost(count, reconcile);
	await assertQuotaLeft(
		ctx,
		config.quotaGuard,
		cost,
		reconcile
			? `about ${cost} calls this poll (a reconciliation reads the whole list), ${QUIET_CHANGE_LOG_COST} a quiet poll`
			: `${QUIET_CHANGE_LOG_COST} calls a quiet poll, plus 1 per 100 changes or added entries`,
	);

	const commit = (state: IDataObject | undefined, next: ChangeLogState, events: IDataObject[]) => {
		// One assignment each, after everything that can fail; a poll that committed meanwhile
		// already reported these changes.
		if (staticData.state !== savedState || staticData.changeLog !== savedLog) return [];
		if (state) staticData.state = state;
		staticData.changeLog = next as unknown as IDataObject;
		return events;
	};

	if (!log || !old) {
		// A new baseline: where the log is now, and the list as it is.
		const cursor = await baselineCursor(ctx, cursorKey, config.watchedIds);
		const run = await snapshotRead(
			ctx,
			config,
			pollNeeds(config, false),
			undefined,
			count,
			startedAt,
		);
		const state = run.commit(snapshotKey, new Date(startedAt).toISOString());
		return commit(
			state as unknown as IDataObject,
			{
				cursor,
				reconciledAt: new Date(startedAt).toISOString(),
				entityType: state.entityType,
				added: [],
				removed: [],
				logged: [],
			},
			tag(run.events, 'reconciliation'),
		);
	}

	return reconcile
		? await reconcilingPoll(ctx, config, log, old, startedAt, commit)
		: await quietPoll(ctx, config, log, old, commit);
}

type Commit = (
	state: IDataObject | undefined,
	next: ChangeLogState,
	events: IDataObject[],
) => IDataObject[];

/** This list's changes among those read; `onList`: [entry id, entity id] of its known entries. */
function listChanges(
	config: TriggerConfig,
	log: ChangeLogState,
	old: DecodedState,
	read: ApiFieldChange[],
	onList: Array<[number, number]>,
): ApiFieldChange[] {
	const entityType = log.entityType || old.entityType;
	const byEntity = entriesByEntity(onList);
	return changesOfList(config.listId, unseenChanges(log.cursor, read), entityType, byEntity);
}

/**
 * The events of the log's changes, each naming its entity: the log gives only the entity's id
 * (fieldValueChanges.FieldValueChange `entity: {id}`), so the names are read together, 100 ids
 * a request (GET /v2/companies|persons|opportunities?ids=…), once per poll.
 */
export async function changeEvents(
	ctx: IPollFunctions,
	config: TriggerConfig,
	changes: ApiFieldChange[],
	listEntityType: string,
): Promise<IDataObject[]> {
	const events = changes.map((c) => changeEvent(config.listId, c));
	for (const event of events) event.entityType ??= listEntityType || null;
	const byType = new Map<string, number[]>();
	for (const event of events)
		if (typeof event.entityType === 'string' && typeof event.entityId === 'number')
			byType.set(event.entityType, [...(byType.get(event.entityType) ?? []), event.entityId]);
	const names = new Map<string, Map<number, string>>();
	for (const [type, ids] of byType) names.set(type, await lookupNames(ctx, type, ids));
	for (const event of events)
		event.entityName = names.get(event.entityType as string)?.get(event.entityId as number) ?? null;
	if (config.keepPreviousValues) await withPreviousValues(ctx, changes, events);
	return events;
}

/**
 * Keep Previous Values in change-log detection: the value before each change of a single-value
 * field. An `add` had none (null); an `update` follows the change before it of the same field
 * and record: in this poll's changes, or else read from the log (one call per such change). A
 * `delete` carries its value already; a multi-value field's change is one item, with none.
 */
async function withPreviousValues(
	ctx: IPollFunctions,
	changes: ApiFieldChange[],
	events: IDataObject[],
): Promise<void> {
	const last = new Map<string, ApiFieldChange>();
	const keyOf = (c: ApiFieldChange) => `${c.listEntry?.id ?? 0} ${c.field.id}`;
	for (const [i, change] of changes.entries()) {
		const item = (events[i].changes as IDataObject[])[0];
		const earlier = last.get(keyOf(change));
		last.set(keyOf(change), change);
		// A delete's event carries the value it removed already.
		if (change.actionType === 'delete') continue;
		const before = await valueBefore(ctx, change, earlier);
		if (!before.known) continue;
		const { current, ...rest } = item;
		(events[i].changes as IDataObject[])[0] = {
			...rest,
			previous: before.value as IDataObject,
			current,
		};
	}
}

/**
 * What a single-value field held just before `change`, from the log: nothing for an `add`
 * (null), the value a `delete` removed, and for an `update` the value the change before it left
 * (`earlier` when known, or else read from the log: one call). Unknown for a multi-value
 * field's change (one item added or removed) and when the log holds no change before it.
 */
export async function valueBefore(
	ctx: IPollFunctions,
	change: ApiFieldChange,
	earlier?: ApiFieldChange,
): Promise<{ known: boolean; value?: unknown }> {
	const item = (changeEvent(0, change).changes as IDataObject[])[0];
	if (item.multiValueItem) return { known: false };
	if (change.actionType === 'delete') return { known: true, value: item.previous };
	if (change.actionType === 'add') return { known: true, value: null };
	const before = earlier ?? (await previousChange(ctx, change));
	return before ? { known: true, value: valueAfter(before) } : { known: false };
}

/** Field changes, additions from the search, removals from a scan when the count says so. */
async function quietPoll(
	ctx: IPollFunctions,
	config: TriggerConfig,
	log: ChangeLogState,
	old: DecodedState,
	commit: Commit,
): Promise<IDataObject[]> {
	const needs = pollNeeds(config, false);
	const members = new Map<number, number>();
	for (let row = 0; row < old.count; row++) members.set(old.entryIds[row], old.entityIds[row]);
	for (const [entryId, entityId] of log.added) members.set(entryId, entityId);
	for (const entryId of log.removed) members.delete(entryId);

	const read = await readChanges(ctx, logFields(config, old), log.cursor);

	const { total, fresh } = await newestEntries(ctx, config, members);
	const added = new Map<number, ApiListEntry>(fresh.map((e) => [e.id, e]));
	let removed: number[] = [];
	if (members.size + added.size !== total) {
		// Something left (or came in out of order): only a scan of the list tells which.
		const current = await scanEntries(ctx, config);
		const present = new Set<number>();
		for (const entry of current) {
			present.add(entry.id);
			if (!members.has(entry.id)) added.set(entry.id, entry);
		}
		removed = [...members.keys()].filter((id) => !present.has(id));
	}

	const changes = listChanges(config, log, old, read, [
		...members,
		...Array.from(added.values(), (e): [number, number] => [e.id, e.entity?.id ?? 0]),
	]);

	const context = eventContext(config);
	const events: IDataObject[] = [];
	if (needs.added) {
		for (const entry of added.values())
			events.push(entryEvent('listEntryAdded', entry, reported(config, entry), context));
	}
	const known = (id: number | undefined) => id !== undefined && (members.has(id) || added.has(id));
	if (needs.changed)
		events.push(
			...(await changeEvents(
				ctx,
				config,
				changes.filter((c) => known(c.listEntry?.id)),
				log.entityType || old.entityType || (added.values().next().value?.type ?? ''),
			)),
		);
	tag(events, 'changeLog');
	for (const event of events)
		if (event.event === 'listEntryAdded') event.detectedBy = 'listEntrySearch';
	if (needs.removed && removed.length) {
		const entityType = log.entityType || old.entityType;
		const names = await lookupNames(
			ctx,
			entityType,
			removed.map((id) => members.get(id) ?? 0),
		);
		for (const id of removed) {
			const entityId = members.get(id) ?? 0;
			events.push({
				...removedEvent(context, id, entityType, entityId, names.get(entityId) ?? null, []),
				detectedBy: 'listEntrySearch',
			});
		}
	}

	const addedRecords: ChangeLogState['added'] = [...added.values()].map((entry) => {
		const hashes: Record<string, number> = {};
		for (const field of reported(config, entry))
			hashes[field.id] = valueHash(simplifyValue(field.value));
		return [entry.id, entry.entity?.id ?? 0, hashes];
	});
	const logged = new Set(log.logged);
	for (const c of changes) if (c.listEntry) logged.add(pairKey(c.listEntry.id, c.field.id));
	return commit(
		undefined,
		{
			cursor: advanceCursor(log.cursor.key, log.cursor, read, Date.parse(log.cursor.at)),
			reconciledAt: log.reconciledAt,
			entityType: log.entityType || (added.values().next().value?.type ?? ''),
			added: [...log.added, ...addedRecords],
			removed: [...log.removed, ...removed],
			logged: [...logged],
		},
		events,
	);
}

/**
 * The snapshot comparison with the last reconciliation's snapshot, then the log: what the
 * log or the search already reported since that snapshot is left out, so each change is
 * reported once. The list is read first, so a change made while it is read is the log's
 * (reported now) and is remembered for the next reconciliation.
 */
async function reconcilingPoll(
	ctx: IPollFunctions,
	config: TriggerConfig,
	log: ChangeLogState,
	old: DecodedState,
	startedAt: number,
	commit: Commit,
): Promise<IDataObject[]> {
	const needs = pollNeeds(config, false);
	// Additions are always compared: entries the search reported may have changed since.
	const run = await snapshotRead(
		ctx,
		config,
		{ ...needs, added: true, fields: true },
		old,
		old.count,
		startedAt,
	);
	const read = await readChanges(ctx, logFields(config, old), log.cursor);
	const entities = run.entityIds();
	const changes = listChanges(config, log, old, read, [
		...Array.from({ length: old.count }, (_, row): [number, number] => [
			old.entryIds[row],
			old.entityIds[row],
		]),
		...log.added.map(([id, entityId]): [number, number] => [id, entityId]),
		...Array.from(run.entryIds(), (id, i): [number, number] => [id, entities[i]]),
	]);

	const addedBefore = new Map(log.added.map(([id, , hashes]) => [id, hashes]));
	const removedBefore = new Set(log.removed);
	const logged = new Set(log.logged);
	for (const c of changes) if (c.listEntry) logged.add(pairKey(c.listEntry.id, c.field.id));
	const current = new Set(Array.from(run.entryIds()));
	const oldIds = new Set(Array.from(old.entryIds));
	const everKnown = (id: number | undefined) =>
		id !== undefined && (current.has(id) || addedBefore.has(id) || oldIds.has(id));

	const addedNow: IDataObject[] = [];
	const missed: IDataObject[] = [];
	for (const event of run.events) {
		const id = event.listEntryId as number;
		if (event.event === 'listEntryAdded') {
			const shown = addedBefore.get(id);
			if (!shown) {
				if (needs.added) addedNow.push(event);
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
	// An entry added and then removed since the snapshot: the search saw it come, the
	// comparison does not know it, so its removal is reported here.
	const context = eventContext(config);
	const goneSinceAdded = needs.removed
		? log.added.filter(([id]) => !current.has(id) && !removedBefore.has(id))
		: [];
	for (const [id, entityId] of goneSinceAdded)
		missed.push(removedEvent(context, id, log.entityType || old.entityType, entityId, null, []));

	// Additions first (the log's changes of an entry apply on top of it), removals last.
	const events = [
		...tag(addedNow, 'reconciliation'),
		...(needs.changed
			? tag(
					await changeEvents(
						ctx,
						config,
						changes.filter((c) => everKnown(c.listEntry?.id)),
						log.entityType || old.entityType,
					),
					'changeLog',
				)
			: []),
		...tag(missed, 'reconciliation'),
	];
	// Changes the log reported from the start of the read on may be missing from the snapshot:
	// the next reconciliation must not report them again. The start is on the API's clock (the
	// first page's `Date` header), as the changes' times are; without it, every change is kept.
	const since = run.apiStartedAt === undefined ? -Infinity : run.apiStartedAt - CLOCK_SKEW_MS;
	const carried = changes
		.filter((c) => c.listEntry && Date.parse(c.changedAt) >= since)
		.map((c) => pairKey((c.listEntry as { id: number }).id, c.field.id));
	const state = run.commit(stateKey(config), new Date(startedAt).toISOString());
	return commit(
		state as unknown as IDataObject,
		{
			cursor: advanceCursor(log.cursor.key, log.cursor, read, Date.parse(log.cursor.at)),
			reconciledAt: new Date(startedAt).toISOString(),
			entityType: state.entityType || log.entityType,
			added: [],
			removed: [],
			logged: [...new Set(carried)],
		},
		events,
	);
}

import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiField, ApiListEntry } from '../../AffinityV2/helpers/types';
import type { TriggerEvent } from '../description';
import { Differ } from '../state/diff';
import { entryEvent, removedEvent, type EventContext } from '../helpers/events';
import { SnapshotBuilder, storableEntityId, type DecodedState, type TriggerState } from '../state';

/** What a poll must do, from the chosen event and options. */
export interface PollNeeds {
	event: TriggerEvent;
	added: boolean;
	removed: boolean;
	changed: boolean;
	/** Keep values for `previous`: only where an event shows them, changes and removals. */
	keepValues: boolean;
	/** Fingerprint the reported fields (to see changes, or to keep their values). */
	trackFields: boolean;
	/** Ask the API for field values at all. */
	fields: boolean;
	/** On a new baseline, report every entry as added. */
	emitCurrentEntries: boolean;
	/** Watched field ids; empty: every field the list (or the view) returns. */
	watchedIds: string[];
	savedViewId?: number;
}

export function pollNeeds(
	config: {
		event: TriggerEvent;
		keepPreviousValues: boolean;
		includeEntry: boolean;
		emitCurrentEntries: boolean;
		watchedIds: string[];
		savedViewId?: number;
	},
	manual: boolean,
): PollNeeds {
	const { event } = config;
	const added = event === 'listEntryAdded' || event === 'anyChange';
	const removed = event === 'listEntryRemoved' || event === 'anyChange';
	const changed = event === 'fieldValueChanged' || event === 'anyChange';
	const keepValues = config.keepPreviousValues && (changed || removed);
	const trackFields = changed || keepValues;
	return {
		event,
		added,
		removed,
		changed,
		keepValues,
		trackFields,
		fields: trackFields || added || config.includeEntry || manual,
		// A manual run ("Fetch Test Event") shows samples instead of a whole baseline.
		emitCurrentEntries: config.emitCurrentEntries && !manual,
		watchedIds: config.watchedIds,
		savedViewId: config.savedViewId,
	};
}

/** The name lookup for removed entries' companies, persons or opportunities. */
export type NameLookup = (entityType: string, ids: number[]) => Promise<Map<number, string>>;

function emptyField(id: string, name: string): ApiField {
	return { id, name, type: 'list', enrichmentSource: null, value: { type: 'text', data: null } };
}

/** The fields events report on, in order, and their names (kept with a read that spans polls). */
export interface ReportedFields {
	ids: string[];
	names: Record<string, string>;
}

/**
 * The fields a read reports on, from its first entry (the list or view returns the same fields
 * for every entry): the watched ones, or all it returns. A saved view returns only its own
 * columns: a watched field that is not one of them is refused.
 */
export function reportedFields(
	node: INode,
	needs: PollNeeds,
	first: ApiListEntry | undefined,
): ReportedFields {
	const returned = first?.entity?.fields ?? [];
	const names: Record<string, string> = {};
	for (const f of returned) names[f.id] = f.name;
	const { watchedIds, savedViewId } = needs;
	if (first && savedViewId !== undefined) {
		const missing = watchedIds.filter((id) => names[id] === undefined);
		if (missing.length) {
			throw new NodeOperationError(
				node,
				`Watched field ${missing.map((id) => `"${id}"`).join(', ')} is not a column of saved view ${savedViewId}`,
				{
					description:
						'A saved view returns only its own columns. Add the field to the view in Affinity, or remove it from Watched Fields.',
				},
			);
		}
	}
	return { ids: watchedIds.length ? watchedIds : returned.map((f) => f.id), names };
}

/**
 * One poll's comparison, built when the first entry arrives (its fields say which fields the
 * list or view returns): `visit` each entry as pages come, then `removals`, then `commit`.
 * Events collect in `events`; nothing is written here, the caller stores what `commit` gives.
 */
export class PollRun {
	/** The fields events report on, in order; the first `tracked` of them are fingerprinted. */
	private readonly fieldIds: string[];
	private readonly names: Map<string, string>;
	private readonly builder: SnapshotBuilder;
	/** Undefined on a new baseline: nothing to compare with. */
	private differ: Differ | undefined;
	private old: DecodedState | undefined;
	/** Entry ids seen, kept only once the pages come out of order (see visit). */
	private seen: Set<number> | undefined;
	private lastId = -Infinity;
	private finished = false;
	readonly events: IDataObject[] = [];
	/** The API's clock when the first page came (its `Date` header), when it sent one. */
	apiStartedAt: number | undefined;

	/**
	 * `fields`: what events report on (ReportedFields.of the first entry, or a resumed read's).
	 * `expected`: about how many entries to expect (the previous poll's count), so that arrays
	 * are sized once.
	 */
	constructor(
		private readonly needs: PollNeeds,
		private readonly about: EventContext,
		old: DecodedState | undefined,
		readonly fields: ReportedFields,
		expected: number,
	) {
		this.fieldIds = fields.ids;
		this.names = new Map(Object.entries(fields.names));
		const trackedIds = needs.trackFields ? this.fieldIds : [];
		this.builder = new SnapshotBuilder(
			trackedIds.map((id) => ({ id, keepValues: needs.keepValues })),
			expected,
		);
		this.old = old;
		this.differ = old ? new Differ(old, trackedIds) : undefined;
	}

	/**
	 * Goes on from the entries an earlier poll of the same read collected (`partial`): they are
	 * part of the new state, count as seen, and are never compared again.
	 */
	resume(partial: DecodedState): void {
		this.builder.addDecoded(partial);
		for (let row = 0; row < partial.count; row++) {
			const id = partial.entryIds[row];
			this.differ?.markSeen(id);
			if (id > this.lastId) this.lastId = id;
		}
		// Resumed rows come sorted: an entry of an earlier page must be looked up among them.
		if (partial.count) this.seen = new Set(partial.entryIds);
	}

	/**
	 * The entries collected so far, encoded as a state (what a read that stops keeps); the run
	 * is done, and gives its arrays back as `commit` does.
	 */
	partial(key: string, startedAt: string): TriggerState {
		return this.finish(key, startedAt);
	}

	/** The ids of the entries visited so far. */
	entryIds(): ArrayLike<number> {
		return this.builder.entryIds();
	}

	/** The entity ids of the entries visited so far, aligned with entryIds(). */
	entityIds(): ArrayLike<number> {
		return this.builder.entityIdsSoFar();
	}

	/** Entries counted so far (repeats skipped). */
	get count(): number {
		return this.builder.count;
	}

	/**
	 * The entry's fields that events report on, in order. The API returns the same fields in
	 * the same order for every entry: take them as they come, and look them up by id only when
	 * they do not line up.
	 */
	fieldsOf(entry: ApiListEntry): ApiField[] {
		const own = entry.entity?.fields ?? [];
		const fieldIds = this.fieldIds;
		let aligned = own.length === fieldIds.length;
		for (let i = 0; aligned && i < own.length; i++) aligned = own[i].id === fieldIds[i];
		if (aligned) return own;
		const byId = new Map(own.map((f) => [f.id, f]));
		return fieldIds.map((id) => byId.get(id) ?? emptyField(id, this.names.get(id) ?? id));
	}

	/** Compares one entry with the previous state; returns false for a repeat, which is skipped. */
	visit(entry: ApiListEntry): boolean {
		// Pages come in ascending id order, so an id at or below the last one is a repeat or
		// out of order: only then are ids kept in a set, to never count an entry twice.
		if (entry.id <= this.lastId) {
			this.seen ??= new Set(this.builder.entryIds());
			if (this.seen.has(entry.id)) return false;
		}
		this.seen?.add(entry.id);
		this.lastId = Math.max(this.lastId, entry.id);
		const fields = this.fieldsOf(entry);
		const hashes = this.builder.add(entry.id, storableEntityId(entry.entity?.id), fields);
		if (!this.builder.entityType && typeof entry.type === 'string')
			this.builder.entityType = entry.type;

		const { needs, about, differ } = this;
		if (!differ) {
			if (needs.emitCurrentEntries)
				this.events.push(entryEvent('listEntryAdded', entry, fields, about));
			return true;
		}
		const comparison = differ.compare(entry.id, hashes);
		if (comparison.kind === 'added' && needs.added) {
			this.events.push(entryEvent('listEntryAdded', entry, fields, about));
		} else if (comparison.kind === 'changed' && needs.changed) {
			const { row } = comparison;
			this.events.push(
				entryEvent('fieldValueChanged', entry, fields, about, {
					changed: comparison.fields,
					previous: (fieldId) => differ.previousValue(row, fieldId),
				}),
			);
		}
		return true;
	}

	/** Entries of the previous state this read has not seen (so far): removed, or not read yet. */
	unseenEntryIds(): number[] {
		const { differ } = this;
		return differ ? differ.removedRows().map((row) => differ.entryId(row)) : [];
	}

	/** The records of the entries removed (the previous state's entries not seen), for their names. */
	removedRecords(): { entityType: string; entityIds: number[] } {
		const { differ, old, needs } = this;
		if (!differ || !old || !needs.removed) return { entityType: '', entityIds: [] };
		return {
			entityType: old.entityType || this.builder.entityType,
			entityIds: differ.removedRows().map((row) => differ.entityId(row)),
		};
	}

	/** After the last page: an event for each entry of the previous state this poll did not see. */
	async removals(lookupNames: NameLookup): Promise<void> {
		const { differ, old, needs } = this;
		if (!differ || !old || !needs.removed) return;
		const gone = differ.removedRows();
		if (!gone.length) return;
		const entityType = old.entityType || this.builder.entityType;
		const names = await lookupNames(
			entityType,
			gone.map((row) => differ.entityId(row)),
		);
		const watched = needs.watchedIds;
		const kept = differ.keptFields().filter((id) => !watched.length || watched.includes(id));
		for (const row of gone) {
			const entityId = differ.entityId(row);
			const values = kept.map((fieldId) => ({
				fieldId,
				fieldName: this.names.get(fieldId) ?? fieldId,
				value: differ.previousValue(row, fieldId).value,
			}));
			this.events.push(
				removedEvent(
					this.about,
					differ.entryId(row),
					entityType,
					entityId,
					names.get(entityId) ?? null,
					values,
				),
			);
		}
	}

	/**
	 * The new state. The previous one is let go first, so that both are never held at once, and
	 * the collected arrays are given back once encoded: the run is done.
	 */
	commit(key: string, polledAt: string): TriggerState {
		this.old = undefined;
		this.differ = undefined;
		return this.finish(key, polledAt);
	}

	private finish(key: string, polledAt: string): TriggerState {
		if (this.finished) throw new Error('a poll run is encoded once: its arrays are given back');
		this.finished = true;
		const state = this.builder.encode(key, polledAt);
		this.builder.release();
		return state;
	}
}

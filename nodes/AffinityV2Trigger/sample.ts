import type { IDataObject } from 'n8n-workflow';

import { entityDisplayName } from '../AffinityV2/helpers/entities';
import type { ApiField, ApiListEntry } from '../AffinityV2/helpers/types';
import type { TriggerEvent } from './description';
import { entryEvent, removedEvent, type EventContext } from './helpers/events';

/** How many of the latest entries a manual "Fetch Test Event" shows when nothing changed. */
export const SAMPLE_SIZE = 5;

/**
 * The latest entries (highest ids: the latest added) a manual run saw, to show as test events
 * when nothing changed. Holds a few times SAMPLE_SIZE entries at most, whatever the list size.
 * Each event says `sample: true`: it has the chosen event's shape and the entry's values as they
 * are now, but it did not happen.
 */
export class ManualSample {
	private entries: ApiListEntry[] = [];

	add(entry: ApiListEntry): void {
		this.entries.push(entry);
		if (this.entries.length > SAMPLE_SIZE * 4) this.keepLatest();
	}

	/** Test events shaped as the chosen event; `fieldsOf`: the fields events report on. */
	events(
		event: TriggerEvent,
		fieldsOf: (entry: ApiListEntry) => ApiField[],
		context: EventContext,
	): IDataObject[] {
		return this.keepLatest().map((entry) => {
			const item = this.event(event, entry, fieldsOf, context);
			return { event: item.event, sample: true, ...item };
		});
	}

	private event(
		event: TriggerEvent,
		entry: ApiListEntry,
		fieldsOf: (entry: ApiListEntry) => ApiField[],
		context: EventContext,
	): IDataObject {
		switch (event) {
			case 'listEntryRemoved':
				return removedEvent(
					context,
					entry.id,
					entry.type,
					entry.entity?.id ?? 0,
					entityDisplayName(entry.entity),
					[],
				);
			case 'fieldValueChanged':
				return entryEvent('fieldValueChanged', entry, fieldsOf(entry), context, {
					previous: () => ({ known: false }),
				});
			default:
				return entryEvent('listEntryAdded', entry, fieldsOf(entry), context);
		}
	}

	/** Keeps the SAMPLE_SIZE entries with the highest ids, newest first. */
	private keepLatest(): ApiListEntry[] {
		this.entries.sort((a, b) => b.id - a.id);
		this.entries.length = Math.min(this.entries.length, SAMPLE_SIZE);
		return this.entries;
	}
}

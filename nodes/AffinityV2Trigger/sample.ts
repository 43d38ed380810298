import type { IDataObject } from 'n8n-workflow';

import { entityDisplayName } from '../AffinityV2/helpers/entities';
import type { ApiField, ApiListEntry } from '../AffinityV2/helpers/types';
import type { TriggerEvent } from './description';
import { entryEvent, removedEvent, type EventContext } from './helpers/events';

/** How many items a manual "Fetch Test Event" shows at most. */
export const SAMPLE_SIZE = 5;

/**
 * What a manual run's item shows, as its `testEvent` (never on a real poll's items):
 * - `sinceLastPoll`: a change since the last poll, which the next poll reports as well;
 * - `latestChange`: the list's latest real field change, from Affinity's change log;
 * - `latestAddition`: one of the entries added to the list last;
 * - `sample`: nothing real of the chosen event to show: an entry as it is now (`sample: true`).
 */
export type TestEventKind = 'sinceLastPoll' | 'latestChange' | 'latestAddition' | 'sample';

/** Marks a manual run's items with what they show, right after `event`. */
export function asTestEvents(events: IDataObject[], kind: TestEventKind): IDataObject[] {
	return events.map(({ event, ...rest }) => ({ event, testEvent: kind, ...rest }));
}

/**
 * The latest entries (highest ids: the latest added) a manual run saw, to show as test events
 * when nothing real can be shown. Holds a few times SAMPLE_SIZE entries at most, whatever the
 * list size. Each event says `testEvent: "sample"` and `sample: true`: it has the chosen event's
 * shape and the entry's values as they are now, but it did not happen.
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
		about: EventContext,
	): IDataObject[] {
		return this.keepLatest().map((entry) => {
			const item = this.event(event, entry, fieldsOf, about);
			return { event: item.event, testEvent: 'sample', sample: true, ...item };
		});
	}

	private event(
		event: TriggerEvent,
		entry: ApiListEntry,
		fieldsOf: (entry: ApiListEntry) => ApiField[],
		about: EventContext,
	): IDataObject {
		switch (event) {
			case 'listEntryRemoved':
				return removedEvent(
					about,
					entry.id,
					entry.type,
					entry.entity?.id ?? 0,
					entityDisplayName(entry.entity),
					[],
				);
			case 'fieldValueChanged':
				return entryEvent('fieldValueChanged', entry, fieldsOf(entry), about, {
					previous: () => ({ known: false }),
				});
			default:
				return entryEvent('listEntryAdded', entry, fieldsOf(entry), about);
		}
	}

	/** Keeps the SAMPLE_SIZE entries with the highest ids, newest first. */
	private keepLatest(): ApiListEntry[] {
		this.entries.sort((a, b) => b.id - a.id);
		this.entries.length = Math.min(this.entries.length, SAMPLE_SIZE);
		return this.entries;
	}
}

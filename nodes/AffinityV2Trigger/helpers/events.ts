import type { IDataObject } from 'n8n-workflow';

import { entityDisplayName, valuesLeftOut } from '../../AffinityV2/helpers/entities';
import { simplifyListEntry } from '../../AffinityV2/helpers/simplify';
import { mayBeTruncated, simplifyValue } from '../../AffinityV2/helpers/simplifyValue';
import { displayText } from '../../AffinityV2/helpers/text';
import type { ApiEntity, ApiField, ApiListEntry } from '../../AffinityV2/helpers/types';

export type EventName = 'listEntryAdded' | 'listEntryRemoved' | 'fieldValueChanged';

export interface EventContext {
	listId: number;
	savedViewId?: number;
	/** Add the whole current entry, simplified as the action node does, as `entry`. */
	includeEntry: boolean;
}

export interface Change {
	fieldId: string;
	fieldName: string;
	/** Present when known: always for additions (null), with kept values for changes and removals. */
	previous?: unknown;
	current: unknown;
	/** The value holds (or, at the API's cut-off of 100 associations, may hold) more than shown. */
	possiblyTruncated?: true;
	/** How many values the API left out of `current` (its `totalCount` minus those shown). */
	moreValues?: number;
}

function base(
	event: EventName,
	about: EventContext,
	listEntryId: number,
	entityType: string,
	entityId: number,
	name: string | null,
): IDataObject {
	const item: IDataObject = { event, listId: about.listId };
	if (about.savedViewId !== undefined) item.savedViewId = about.savedViewId;
	Object.assign(item, { listEntryId, entityType, entityId, entityName: name });
	return item;
}

/** A field's name as text (its id when it has none). */
function fieldName(field: ApiField): string {
	return typeof field.name === 'string' ? field.name : displayText(field.name) || field.id;
}

function change(field: ApiField, previous: { known: boolean; value?: unknown }): Change {
	const item: Change = { fieldId: field.id, fieldName: fieldName(field) } as Change;
	if (previous.known) item.previous = previous.value ?? null;
	item.current = simplifyValue(field.value);
	if (mayBeTruncated(field.value)) item.possiblyTruncated = true;
	const more = valuesLeftOut(field.value);
	if (more > 0) item.moreValues = more;
	return item;
}

/**
 * An event for an entry the API returned: added (changes: the fields' values, previous null) or
 * changed (changes: the changed fields; previous where kept). `fields` are the entry's fields
 * the trigger reports on, `changed` the ids among them that changed (undefined: all, for an
 * addition).
 */
export function entryEvent(
	event: 'listEntryAdded' | 'fieldValueChanged',
	entry: ApiListEntry,
	fields: ApiField[],
	about: EventContext,
	options: {
		changed?: string[];
		previous?: (fieldId: string) => { known: boolean; value?: unknown };
	} = {},
): IDataObject {
	const entity =
		entry.entity && typeof entry.entity === 'object' ? entry.entity : ({ id: 0 } as ApiEntity);
	const item = base(event, about, entry.id, entry.type, entity.id, entityDisplayName(entity));
	const changed = options.changed ? new Set(options.changed) : undefined;
	const previous = options.previous ?? (() => ({ known: event === 'listEntryAdded', value: null }));
	const usable = fields.filter((f) => !!f && typeof f === 'object');
	item.changes = usable
		.filter((f) => !changed || changed.has(f.id))
		.map((f) => change(f, previous(f.id))) as unknown as IDataObject[];
	const truncated = usable.filter((f) => mayBeTruncated(f.value)).map(fieldName);
	if (truncated.length) item.possiblyTruncated = truncated;
	if (about.includeEntry) item.entry = simplifyListEntry(entry);
	return item;
}

/**
 * An event for an entry that is gone (from the list, or from the saved view's filter). What is
 * known of it comes from the saved state: its ids, and its kept values (as `previous`, with
 * `current` null).
 */
export function removedEvent(
	about: EventContext,
	listEntryId: number,
	entityType: string,
	entityId: number,
	name: string | null,
	kept: Array<{ fieldId: string; fieldName: string; value: unknown }>,
): IDataObject {
	const item = base('listEntryRemoved', about, listEntryId, entityType, entityId, name);
	item.changes = kept.map((k) => ({
		fieldId: k.fieldId,
		fieldName: k.fieldName,
		previous: k.value ?? null,
		current: null,
	}));
	return item;
}

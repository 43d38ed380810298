import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { PollBudget } from '../poll/budget';
import { changeEvent, previousChange, valueAfter, type ApiFieldChange } from './fieldValueChanges';
import { lookupNames } from '../poll/listEntries';
import { type TriggerConfig } from '../config';

/**
 * The events of the log's changes, each naming its entity: the log gives only the entity's id
 * (fieldValueChanges.FieldValueChange `entity: {id}`), so the names are read together, 100 ids
 * a request (GET /v2/companies|persons|opportunities?ids=…), once per poll. With Keep Previous
 * Values, a change may need a call of its own (valueBefore): under n8n's time limit for a poll,
 * the changes whose call no longer fits are left for the next poll, and `events` covers the
 * first changes only (in log order).
 */
export async function changeEvents(
	this: IPollFunctions,
	config: TriggerConfig,
	changes: ApiFieldChange[],
	listEntityType: string,
	budget?: PollBudget,
): Promise<IDataObject[]> {
	let events = changes.map((c) => changeEvent(config.listId, c));
	if (config.keepPreviousValues) {
		const done = await withPreviousValues.call(this, changes, events, budget);
		events = events.slice(0, done);
	}
	for (const event of events) event.entityType ??= listEntityType || null;
	const byType = new Map<string, number[]>();
	for (const event of events)
		if (typeof event.entityType === 'string' && typeof event.entityId === 'number')
			byType.set(event.entityType, [...(byType.get(event.entityType) ?? []), event.entityId]);
	const names = new Map<string, Map<number, string>>();
	for (const [type, ids] of byType) names.set(type, await lookupNames.call(this, type, ids));
	for (const event of events)
		event.entityName = names.get(event.entityType as string)?.get(event.entityId as number) ?? null;
	return events;
}

/**
 * Keep Previous Values in change-log detection: the value before each change of a single-value
 * field. An `add` had none (null); an `update` follows the change before it of the same field
 * and record: in this poll's changes, or else read from the log (one call per such change). A
 * `delete` carries its value already; a multi-value field's change is one item, with none.
 * Returns how many changes were completed (all, unless the budget ran out first).
 */
async function withPreviousValues(
	this: IPollFunctions,
	changes: ApiFieldChange[],
	events: IDataObject[],
	budget?: PollBudget,
): Promise<number> {
	const last = new Map<string, ApiFieldChange>();
	const keyOf = (c: ApiFieldChange) => `${c.listEntry?.id ?? 0} ${c.field.id}`;
	for (const [i, change] of changes.entries()) {
		const item = (events[i].changes as IDataObject[])[0];
		const earlier = last.get(keyOf(change));
		last.set(keyOf(change), change);
		// A delete's event carries the value it removed already.
		if (change.actionType === 'delete') continue;
		const needsCall = change.actionType === 'update' && !earlier && !item.multiValueItem;
		// Names are read after these calls: two calls' time is kept for them.
		if (needsCall && budget && !budget.fits(3)) return i;
		if (needsCall) budget?.callStarting();
		const before = await valueBefore.call(this, change, earlier);
		if (needsCall) budget?.callDone();
		if (!before.known) continue;
		const { current, ...rest } = item;
		(events[i].changes as IDataObject[])[0] = {
			...rest,
			previous: before.value as IDataObject,
			current,
		};
	}
	return changes.length;
}

/**
 * What a single-value field held just before `change`, from the log: nothing for an `add`
 * (null), the value a `delete` removed, and for an `update` the value the change before it left
 * (`earlier` when known, or else read from the log: one call). Unknown for a multi-value
 * field's change (one item added or removed) and when the log holds no change before it.
 */
export async function valueBefore(
	this: IPollFunctions,
	change: ApiFieldChange,
	earlier?: ApiFieldChange,
): Promise<{ known: boolean; value?: unknown }> {
	const item = (changeEvent(0, change).changes as IDataObject[])[0];
	if (item.multiValueItem) return { known: false };
	if (change.actionType === 'delete') return { known: true, value: item.previous };
	if (change.actionType === 'add') return { known: true, value: null };
	const before = earlier ?? (await previousChange.call(this, change));
	return before ? { known: true, value: valueAfter(before) } : { known: false };
}

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { entityNames, type NamedEntity } from '../../api/entityNames';

/** A reminder's references (reminders.Reminder: `{id}` only) and whose ids they hold. */
const REFERENCES: Array<[key: string, kind: NamedEntity]> = [
	['owner', 'person'],
	['creator', 'person'],
	['completer', 'person'],
	['person', 'person'],
	['company', 'company'],
	['opportunity', 'opportunity'],
];

const referenceId = (reminder: IDataObject, key: string): number | undefined => {
	const ref = reminder[key] as { id?: unknown } | null | undefined;
	return ref && typeof ref.id === 'number' ? ref.id : undefined;
};

/**
 * The reminders with a `name` beside each reference's id (owner, creator, completer, person,
 * company, opportunity), as other outputs name their records. The API returns ids only: each
 * distinct id is read once per run, at most one request per kind for a page of reminders.
 */
export async function withReminderNames(
	this: IExecuteFunctions,
	reminders: IDataObject[],
	itemIndex: number,
): Promise<IDataObject[]> {
	const ids = new Map<NamedEntity, number[]>();
	for (const reminder of reminders)
		for (const [key, kind] of REFERENCES) {
			const id = referenceId(reminder, key);
			if (id !== undefined) ids.set(kind, [...(ids.get(kind) ?? []), id]);
		}
	const names = new Map<NamedEntity, Map<number, string | null>>();
	for (const [kind, kindIds] of ids)
		names.set(kind, await entityNames.call(this, kind, kindIds, itemIndex));
	return reminders.map((reminder) => {
		const named: IDataObject = { ...reminder };
		for (const [key, kind] of REFERENCES) {
			const id = referenceId(reminder, key);
			if (id !== undefined)
				named[key] = { ...(reminder[key] as IDataObject), name: names.get(kind)?.get(id) ?? null };
		}
		return named;
	});
}

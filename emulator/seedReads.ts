import type { ChangeAction } from './changeLog';
import type { ListEntry, StoredData } from './model';
import { createRandom, type Random } from './random';
import type { Store } from './store';

/**
 * Seed data of the edition's other reads: the change log's history (GET /v2/field-value-changes).
 * Deterministic for a seed, like the rest of the account.
 */

const BASE_TIME = Date.parse('2026-01-15T17:00:00.000Z');
const DAY = 86_400_000;

export function seedReads(store: Store, seed: number): void {
	const rng = createRandom((seed ^ 0x7ead_5eed) >>> 0);
	seedChangeHistory(store, rng);
}

interface PastChange {
	at: number;
	entry: ListEntry;
	fieldId: string;
	action: ChangeAction;
	value: StoredData;
	changerId: number | null;
}

/**
 * How the seeded values of the first entries of each list came to be: an earlier value, then
 * the current one, each by one of the users over the 60 days before the seed's "now".
 */
function seedChangeHistory(store: Store, rng: Random): void {
	const users = [...store.users.values()].filter((u) => u.status === 'active').map((u) => u.id);
	const past: PastChange[] = [];
	for (const list of store.lists.values()) {
		const tracked = list.fields.filter((f) => ['ranked-dropdown', 'dropdown', 'number', 'text'].includes(f.valueType));
		for (const entry of (store.entriesByList.get(list.id) ?? []).slice(0, 30)) {
			for (const field of tracked) {
				const current = entry.values.get(field.id);
				if (!current || current.data === null) continue;
				const changerId = rng.chance(0.1) ? null : rng.pick(users);
				const first = BASE_TIME - rng.int(20, 60) * DAY + rng.int(0, 86_399) * 1000;
				const earlier = field.dropdownOptions?.length ? { dropdownOptionId: rng.pick(field.dropdownOptions).id } : null;
				if (earlier && JSON.stringify(earlier) !== JSON.stringify(current.data)) {
					past.push({ at: first, entry, fieldId: field.id, action: 'add', value: earlier, changerId });
					const later = first + rng.int(1, 15) * DAY;
					past.push({ at: later, entry, fieldId: field.id, action: 'update', value: current.data, changerId: rng.pick(users) });
				} else past.push({ at: first, entry, fieldId: field.id, action: 'add', value: current.data, changerId });
			}
		}
	}
	past.sort((a, b) => a.at - b.at);
	for (const change of past) {
		const field = store.fields.get(change.fieldId);
		if (!field) continue;
		store.changes.append({
			at: change.at,
			fieldId: change.fieldId,
			entityId: change.entry.entityId,
			listEntry: { id: change.entry.id, listId: change.entry.listId },
			changerId: change.changerId,
			action: change.action,
			valueType: field.valueType,
			value: change.value,
		});
	}
}

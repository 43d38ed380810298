import type { EntityKind, FieldDef, StoredValue, ValueType } from './model';
import type { Store } from './store';

/**
 * The value types 2026-09-17 added, seeded as global fields of companies and persons: the
 * record's latest note (NoteValue), its next reminder (ReminderValue) and the lists it is on
 * (ListsValue). Affinity computes them, so they are read-only; older editions do not see these
 * fields at all (fieldRules.inEdition). Ids outside the field sequence, so fields created later
 * keep the ids they had before these existed.
 */
const FIELDS: Array<{ id: string; name: string; valueType: ValueType; description: string }> = [
	{
		id: 'field-90001',
		name: 'Latest Note',
		valueType: 'note',
		description: 'The most recent note about this record',
	},
	{
		id: 'field-90002',
		name: 'Next Reminder',
		valueType: 'reminder',
		description: 'The earliest open reminder about this record',
	},
	{
		id: 'field-90003',
		name: 'Lists',
		valueType: 'list-multi',
		description: 'The lists this record is on',
	},
];

const CREATED_AT = '2026-09-17T16:00:00.000Z';

/** Per record (`company:3000001`), what its values are made of. */
function index(store: Store) {
	const latestNote = new Map<string, { id: number; createdAt: string }>();
	for (const note of store.notes.values()) {
		if (note.parentId !== undefined || note.sharingType !== 'public') continue;
		for (const [kind, ids] of [
			['company', note.companyIds],
			['person', note.personIds],
		] as const) {
			for (const id of ids) {
				const key = `${kind}:${id}`;
				const seen = latestNote.get(key);
				if (!seen || note.createdAt > seen.createdAt) latestNote.set(key, note);
			}
		}
	}
	const nextReminder = new Map<string, { id: number; dueDate: string }>();
	for (const reminder of store.reminders.values()) {
		if (reminder.completedAt !== null) continue;
		const key = `${reminder.entity.type}:${reminder.entity.id}`;
		const seen = nextReminder.get(key);
		if (!seen || reminder.dueDate < seen.dueDate) nextReminder.set(key, reminder);
	}
	const lists = new Map<string, Set<number>>();
	for (const [listId, entries] of store.entriesByList) {
		for (const entry of entries) {
			const key = `${entry.entityType}:${entry.entityId}`;
			if (!lists.has(key)) lists.set(key, new Set());
			lists.get(key)?.add(listId);
		}
	}
	return { latestNote, nextReminder, lists };
}

function value(
	found: ReturnType<typeof index>,
	key: string,
	field: FieldDef,
): StoredValue | undefined {
	const type = field.valueType;
	if (type === 'note') {
		const note = found.latestNote.get(key);
		return note && { type, data: { id: note.id } };
	}
	if (type === 'reminder') {
		const reminder = found.nextReminder.get(key);
		return reminder && { type, data: { id: reminder.id } };
	}
	const lists = [...(found.lists.get(key) ?? [])].sort((a, b) => a - b);
	return lists.length ? { type, data: lists.map((id) => ({ id })) } : undefined;
}

export function seedValueTypes(store: Store): void {
	const found = index(store);
	for (const kind of ['company', 'person'] as const satisfies EntityKind[]) {
		const fields = FIELDS.map((spec) => {
			const field: FieldDef = {
				id: kind === 'company' ? spec.id : spec.id.replace('9000', '9001'),
				name: spec.name,
				type: 'global',
				valueType: spec.valueType,
				enrichmentSource: null,
				createdAt: CREATED_AT,
				entityKind: kind,
				readOnly: true,
				description: spec.description,
				isRequired: false,
			};
			store.addField(field);
			return field;
		});
		const records = kind === 'company' ? store.companies : store.persons;
		for (const record of records.values()) {
			for (const field of fields) {
				const stored = value(found, `${kind}:${record.id}`, field);
				if (stored) record.values.set(field.id, stored);
			}
		}
	}
}

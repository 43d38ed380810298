import { actingUser, ChangeLog, diffValues, isChangeTracked } from './changeLog';
import { inEdition } from './editionFields';
import type { StoreEvents } from './webhookDeliveries';
import type {
	Company,
	DuplicateSuggestion,
	InferredTarget,
	Interaction,
	Relationship,
	StoredFile,
	Webhook,
	EntityKind,
	FieldDef,
	List,
	ListEntry,
	MergeState,
	MergeTask,
	Note,
	Opportunity,
	Person,
	Reminder,
	SavedView,
	StoredValue,
	Tenant,
	Transcript,
	User,
	ViewCondition,
} from './model';

/** The enriched field of a person's current organizations (Affinity Data). */
const CURRENT_ORGANIZATIONS = 'affinity-data-current-organization';

/** Sorted-by-id insert: ids only grow, so this is an append in practice. */
function insertSorted<T extends { id: number }>(items: T[], item: T): void {
	if (items.length === 0 || items[items.length - 1].id < item.id) {
		items.push(item);
		return;
	}
	let lo = 0;
	let hi = items.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (items[mid].id < item.id) lo = mid + 1;
		else hi = mid;
	}
	items.splice(lo, 0, item);
}

/** A copy of a record as it is now (its values, arrays and nested objects too). */
function snapshot<T>(record: T): T {
	return structuredClone(record);
}

function removeSorted<T extends { id: number }>(items: T[], id: number): boolean {
	let lo = 0;
	let hi = items.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (items[mid].id < id) lo = mid + 1;
		else hi = mid;
	}
	if (items[lo]?.id !== id) return false;
	items.splice(lo, 1);
	return true;
}

/** Records whose v1 writes v2 reads see late (settings.v1ReadDelayMs). */
export type LaggedKind =
	| 'company'
	| 'person'
	| 'opportunity'
	| 'entry'
	| 'file'
	| 'note'
	| 'reminder'
	| 'interaction'
	| 'field';

/** The collection of each lagged kind, by the Store property that holds it. */
const LAGGED = {
	company: 'companies',
	person: 'persons',
	opportunity: 'opportunities',
	entry: 'entries',
	file: 'files',
	note: 'notes',
	reminder: 'reminders',
	interaction: 'interactions',
	field: 'fields',
} as const satisfies Record<LaggedKind, keyof Store>;

/** A record's id: a number, or a field's `field-N`. */
type LaggedId = number | string;

/** A record as v2 still sees it after a v1 write, until `until`; `before` undefined: absent. */
interface Lag {
	until: number;
	before: unknown;
}

/**
 * Everything the emulated Affinity account holds. Routes read it; the control API and the
 * write endpoints change it through the methods below, which keep the indexes and the
 * version (used to invalidate saved-view caches) right.
 */
export class Store {
	tenant: Tenant = { id: 1, name: 'Emulated Ventures', subdomain: 'emulated-ventures' };
	users = new Map<number, User>();
	persons = new Map<number, Person>();
	companies = new Map<number, Company>();
	opportunities = new Map<number, Opportunity>();
	lists = new Map<number, List>();
	entries = new Map<number, ListEntry>();
	/** Entries of each list, sorted by id (the order the API pages them in). */
	entriesByList = new Map<number, ListEntry[]>();
	savedViews = new Map<number, SavedView>();
	/** Global, enriched and relationship-intelligence fields of persons and companies. */
	entityFields: Record<'person' | 'company', FieldDef[]> = { person: [], company: [] };
	/** Every field by id: entity fields and every list's fields. */
	fields = new Map<string, FieldDef>();
	notes = new Map<number, Note>();
	reminders = new Map<number, Reminder>();
	transcripts = new Map<number, Transcript>();
	merges = new Map<number, MergeState>();
	mergeTasks = new Map<string, MergeTask>();
	/** Every change of a change-tracked field, recorded by setValue. */
	changes = new ChangeLog();
	interactions = new Map<number, Interaction>();
	relationships: Relationship[] = [];
	inferredTargets: InferredTarget[] = [];
	duplicateSuggestions: DuplicateSuggestion[] = [];
	files = new Map<number, StoredFile>();
	webhooks = new Map<number, Webhook>();
	/** Told of entry and value mutations while webhooks exist (deliveries to subscribed URLs). */
	events?: StoreEvents;
	/** Bumped by every change, so derived data (saved-view membership) can be cached. */
	version = 0;
	private nextIds = new Map<string, number>();
	/** v1 writes that v2 reads do not see yet (kind → record id → the state v2 still reads). */
	private lags = new Map<LaggedKind, Map<LaggedId, Lag>>();
	private viewCache = new Map<number, { version: number; entries: ListEntry[] }>();

	/** Next id of a kind; `start` is where the sequence begins. */
	nextId(kind: string, start: number): number {
		const id = this.nextIds.get(kind) ?? start;
		this.nextIds.set(kind, id + 1);
		return id;
	}

	touch(): void {
		this.version++;
	}

	/**
	 * Called by a v1 write before it changes (or creates) a record: for `delayMs`, v2 reads keep
	 * seeing the record as it is now (absent if it does not exist yet). Live, v1 writes reach v2
	 * reads late: a v2 GET right after a v1 create can 404, after an update read the old values.
	 * A record already held keeps its earliest state and is held for `delayMs` more.
	 */
	holdFromV2(kind: LaggedKind, id: LaggedId, delayMs: number): void {
		if (!(delayMs > 0)) return;
		const now = Date.now();
		let held = this.lags.get(kind);
		if (!held) this.lags.set(kind, (held = new Map()));
		const lag = held.get(id);
		if (lag && lag.until > now) {
			lag.until = now + delayMs;
			return;
		}
		const current = (this[LAGGED[kind]] as Map<LaggedId, unknown>).get(id);
		held.set(id, { until: now + delayMs, before: current && snapshot(current) });
	}

	/**
	 * The account as v2 reads see it now: this store itself, or, while v1 writes are held back,
	 * a view whose held collections show the records as they were before those writes.
	 */
	v2View(): Store {
		const now = Date.now();
		const overlays = new Map<string | symbol, unknown>();
		for (const [kind, held] of this.lags) {
			for (const [id, lag] of held) if (lag.until <= now) held.delete(id);
			if (!held.size) continue;
			const property = LAGGED[kind];
			const view = new Map<LaggedId, unknown>(this[property] as Map<LaggedId, unknown>);
			for (const [id, lag] of held) {
				if (lag.before === undefined) view.delete(id);
				else view.set(id, lag.before);
			}
			overlays.set(property, view);
			if (kind === 'entry')
				overlays.set('entriesByList', this.entriesByListWithout(held as Map<number, Lag>));
			if (kind === 'field') {
				const { entityFields, lists } = this.fieldHoldersWithout(held);
				overlays.set('entityFields', entityFields);
				overlays.set('lists', lists);
			}
		}
		if (!overlays.size) return this;
		// Saved-view membership computed on the view must not be cached for the store.
		overlays.set('viewCache', new Map());
		return new Proxy(this, {
			get: (target, property, receiver) =>
				overlays.has(property)
					? overlays.get(property)
					: (Reflect.get(target, property, receiver) as unknown),
		});
	}

	/** entriesByList with the held entries as they were (absent ones out, earlier ones back). */
	private entriesByListWithout(held: Map<number, Lag>): Map<number, ListEntry[]> {
		const view = new Map(this.entriesByList);
		const lists = new Set<number>();
		for (const [id, lag] of held) {
			const now = this.entries.get(id);
			if (now) lists.add(now.listId);
			if (lag.before) lists.add((lag.before as ListEntry).listId);
		}
		for (const listId of lists) {
			const items = (this.entriesByList.get(listId) ?? []).filter((e) => !held.has(e.id));
			for (const lag of held.values()) {
				const before = lag.before as ListEntry | undefined;
				if (before && before.listId === listId) insertSorted(items, before);
			}
			view.set(listId, items);
		}
		return view;
	}

	/**
	 * The entity fields and lists with the held fields as they were: a field created since is
	 * not among them, a deleted one is back (in its list's fields, or its entity's).
	 */
	private fieldHoldersWithout(held: Map<LaggedId, Lag>): {
		entityFields: Store['entityFields'];
		lists: Map<number, List>;
	} {
		const entityFields = {
			person: [...this.entityFields.person],
			company: [...this.entityFields.company],
		};
		const lists = new Map(this.lists);
		// Where a field is listed (as addField puts it): its list's fields, or its entity's.
		const holderOf = (field: FieldDef): FieldDef[] | undefined => {
			if (field.type === 'list' && field.listId !== undefined) {
				const list = lists.get(field.listId);
				if (!list) return undefined;
				const copy =
					list === this.lists.get(field.listId) ? { ...list, fields: [...list.fields] } : list;
				lists.set(field.listId, copy);
				return copy.fields;
			}
			return field.entityKind === 'opportunity' ? undefined : entityFields[field.entityKind];
		};
		for (const [id, lag] of held) {
			const now = this.fields.get(id as string);
			if (now) {
				const fields = holderOf(now);
				const at = fields?.findIndex((f) => f.id === now.id) ?? -1;
				if (fields && at >= 0) fields.splice(at, 1);
			}
			const before = lag.before as FieldDef | undefined;
			if (before) holderOf(before)?.push(before);
		}
		return { entityFields, lists };
	}

	sortedIds<T>(map: Map<number, T>): number[] {
		return [...map.keys()].sort((a, b) => a - b);
	}

	addField(field: FieldDef): void {
		this.fields.set(field.id, field);
		if (field.type === 'list' && field.listId !== undefined)
			this.lists.get(field.listId)?.fields.push(field);
		else if (field.entityKind === 'person' || field.entityKind === 'company')
			this.entityFields[field.entityKind].push(field);
		this.touch();
	}

	addList(list: List): void {
		this.lists.set(list.id, list);
		this.entriesByList.set(list.id, []);
		this.touch();
	}

	addEntry(entry: ListEntry): ListEntry {
		this.entries.set(entry.id, entry);
		const items = this.entriesByList.get(entry.listId);
		if (!items) throw new Error(`no list ${entry.listId}`);
		insertSorted(items, entry);
		this.touch();
		if (this.webhooks.size) this.events?.entryAdded(entry);
		return entry;
	}

	removeEntry(entryId: number): ListEntry | undefined {
		const entry = this.entries.get(entryId);
		if (!entry) return undefined;
		this.entries.delete(entryId);
		removeSorted(this.entriesByList.get(entry.listId) ?? [], entryId);
		this.touch();
		if (this.webhooks.size) this.events?.entryRemoved(entry);
		return entry;
	}

	/**
	 * Deletes a field with every value it holds (on entities and entries) and its place in
	 * saved views. Values go without change-log entries: the field they belonged to is gone.
	 */
	removeField(fieldId: string): FieldDef | undefined {
		const field = this.fields.get(fieldId);
		if (!field) return undefined;
		this.fields.delete(fieldId);
		const without = (fields: FieldDef[]) => {
			const at = fields.indexOf(field);
			if (at >= 0) fields.splice(at, 1);
		};
		if (field.listId !== undefined) without(this.lists.get(field.listId)?.fields ?? []);
		if (field.entityKind !== 'opportunity') without(this.entityFields[field.entityKind]);
		const holders: Array<{ values: Map<string, StoredValue> }> = [
			...this.entries.values(),
			...this.persons.values(),
			...this.companies.values(),
		];
		for (const holder of holders) holder.values.delete(fieldId);
		for (const view of this.savedViews.values()) {
			view.fieldIds = view.fieldIds.filter((id) => id !== fieldId);
			view.conditions = view.conditions.filter((c) => c.fieldId !== fieldId);
		}
		this.touch();
		return field;
	}

	/** Deletes a person with its list entries; false when there is no such person. */
	removePerson(personId: number): boolean {
		if (!this.persons.delete(personId)) return false;
		for (const entry of [...this.entries.values()])
			if (entry.entityType === 'person' && entry.entityId === personId) this.removeEntry(entry.id);
		this.touch();
		return true;
	}

	/** Deletes a company with its list entries; false when there is no such company. */
	removeCompany(companyId: number): boolean {
		if (!this.companies.delete(companyId)) return false;
		for (const entry of [...this.entries.values()])
			if (entry.entityType === 'company' && entry.entityId === companyId)
				this.removeEntry(entry.id);
		for (const person of this.persons.values())
			if (person.organizationIds?.includes(companyId))
				person.organizationIds = person.organizationIds.filter((id) => id !== companyId);
		this.touch();
		return true;
	}

	/**
	 * The organizations of a person as API v1 shows them (organization_ids): those a v1 write
	 * set, else the companies of its Current Organizations value.
	 */
	organizationIdsOf(person: Person): number[] {
		if (person.organizationIds) return [...person.organizationIds];
		const data = person.values.get(CURRENT_ORGANIZATIONS)?.data;
		if (!Array.isArray(data)) return [];
		return (data as Array<{ id?: unknown }>)
			.map((ref) => ref?.id)
			.filter((id): id is number => typeof id === 'number' && this.companies.has(id));
	}

	/** The persons associated with a company (v1 Organization resource, person_ids). */
	personIdsOf(companyId: number): number[] {
		const ids: number[] = [];
		for (const person of this.persons.values())
			if (this.organizationIdsOf(person).includes(companyId)) ids.push(person.id);
		return ids.sort((a, b) => a - b);
	}

	/** Sets a person's organizations (v1 PUT /persons/{id} organization_ids). */
	setOrganizationIds(person: Person, companyIds: number[]): void {
		person.organizationIds = [...new Set(companyIds)];
		this.touch();
	}

	/** Sets a company's persons (v1 organization person_ids): each person gains or loses it. */
	setCompanyPersons(companyId: number, personIds: number[]): void {
		const wanted = new Set(personIds);
		for (const person of this.persons.values()) {
			const current = this.organizationIdsOf(person);
			const has = current.includes(companyId);
			if (wanted.has(person.id) && !has) this.setOrganizationIds(person, [...current, companyId]);
			else if (!wanted.has(person.id) && has)
				this.setOrganizationIds(
					person,
					current.filter((id) => id !== companyId),
				);
		}
		this.touch();
	}

	/**
	 * Tells webhooks of a record's change (person.updated, organization.created, …) with its
	 * v1 body, rendered only while webhooks exist.
	 */
	announce(type: string, body: () => Record<string, unknown>): void {
		if (this.webhooks.size) this.events?.announced(type, body());
	}

	entityExists(kind: EntityKind, id: number): boolean {
		if (kind === 'person') return this.persons.has(id);
		if (kind === 'company') return this.companies.has(id);
		return this.opportunities.has(id);
	}

	/**
	 * Sets or clears a value on an entity (global fields) or an entry (list fields): the one
	 * place every field value mutation goes through, so the change log records each of them.
	 * `via` is the list entry a global field was written through.
	 */
	setValue(
		target: { values: Map<string, StoredValue> },
		fieldId: string,
		value: StoredValue | null,
		via?: ListEntry,
	): void {
		const before = target.values.get(fieldId);
		if (value === null || value.data === null) target.values.delete(fieldId);
		else target.values.set(fieldId, value);
		this.recordChanges(target, fieldId, before, value, via);
		this.touch();
		const field = this.webhooks.size ? this.fields.get(fieldId) : undefined;
		if (field) this.events?.valueChanged(target, field, before, value, via);
	}

	private recordChanges(
		target: { values: Map<string, StoredValue> },
		fieldId: string,
		before: StoredValue | undefined,
		after: StoredValue | null,
		via?: ListEntry,
	): void {
		const field = this.fields.get(fieldId);
		if (!field || !isChangeTracked(field)) return;
		// The target is a list entry (list fields) or the person or company itself (global fields).
		const ownEntry = 'listId' in target && 'entityId' in target ? (target as ListEntry) : undefined;
		const entry = ownEntry ?? via;
		const entityId = ownEntry ? ownEntry.entityId : (target as unknown as { id: number }).id;
		const changerId = actingUser.getStore() ?? null;
		for (const { action, value } of diffValues(field.valueType, before, after)) {
			this.changes.append({
				fieldId,
				entityId,
				listEntry: entry ? { id: entry.id, listId: entry.listId } : null,
				changerId,
				action,
				valueType: field.valueType,
				value,
				display: this.displayOf(field, value),
			});
		}
	}

	/** The text of a referenced person, company or dropdown option as it is now. */
	private displayOf(field: FieldDef, value: unknown): string | undefined {
		if (!value || typeof value !== 'object') return undefined;
		if ('dropdownOptionId' in value) {
			return field.dropdownOptions?.find(
				(o) => o.id === (value as { dropdownOptionId: number }).dropdownOptionId,
			)?.text;
		}
		if (!('id' in value)) return undefined;
		const id = (value as { id: number }).id;
		if (field.valueType.startsWith('company')) return this.companies.get(id)?.name;
		const person = this.persons.get(id);
		return person ? [person.firstName, person.lastName].filter(Boolean).join(' ') : undefined;
	}

	canSeeList(list: List, userId: number): boolean {
		return list.isPublic || list.ownerId === userId || list.sharedWith.includes(userId);
	}

	canSeeNote(note: Note, userId: number): boolean {
		return (
			note.sharingType === 'public' ||
			note.ownerUserId === userId ||
			note.visibleTo.includes(userId)
		);
	}

	/**
	 * A person or company field by id (enriched and RI ids are shared by both kinds); a field of
	 * a value type the edition answered does not have is none.
	 */
	entityField(kind: EntityKind, fieldId: string): FieldDef | undefined {
		if (kind === 'opportunity') return undefined;
		return this.entityFields[kind].find((f) => f.id === fieldId && inEdition(f));
	}

	/** The value of a field for an entry: list fields on the entry, others on its entity. */
	entryValue(entry: ListEntry, field: FieldDef): StoredValue | undefined {
		if (field.type === 'list') return entry.values.get(field.id);
		if (entry.entityType === 'company')
			return this.companies.get(entry.entityId)?.values.get(field.id);
		if (entry.entityType === 'person')
			return this.persons.get(entry.entityId)?.values.get(field.id);
		return undefined;
	}

	/** The entries a saved view shows: its list's entries that meet all its conditions. */
	viewEntries(view: SavedView): ListEntry[] {
		const cached = this.viewCache.get(view.id);
		if (cached && cached.version === this.version) return cached.entries;
		const all = this.entriesByList.get(view.listId) ?? [];
		const entries = all.filter((entry) => view.conditions.every((c) => this.meets(entry, c)));
		this.viewCache.set(view.id, { version: this.version, entries });
		return entries;
	}

	private comparable(entry: ListEntry, condition: ViewCondition): Array<string | number> {
		const field = this.fields.get(condition.fieldId);
		if (!field) return [];
		const value = this.entryValue(entry, field);
		if (!value || value.data === null) return [];
		const items = Array.isArray(value.data) ? value.data : [value.data];
		return items.map((item) => {
			if (typeof item === 'string' || typeof item === 'number') return item;
			if (item && typeof item === 'object' && 'dropdownOptionId' in item) {
				const option = field.dropdownOptions?.find((o) => o.id === item.dropdownOptionId);
				return option?.text ?? '';
			}
			if (item && typeof item === 'object' && 'id' in item) return (item as { id: number }).id;
			return JSON.stringify(item);
		});
	}

	private meets(entry: ListEntry, condition: ViewCondition): boolean {
		const values = this.comparable(entry, condition);
		switch (condition.operator) {
			case 'notEmpty':
				return values.length > 0;
			case 'isEmpty':
				return values.length === 0;
			case 'equals':
				return values.some((v) => v === condition.value);
			case 'notEquals':
				return !values.some((v) => v === condition.value);
			case 'greaterThan':
				return values.some((v) => typeof v === 'number' && v > Number(condition.value));
			case 'lessThan':
				return values.some((v) => typeof v === 'number' && v < Number(condition.value));
		}
	}
}

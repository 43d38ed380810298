import type {
	Company,
	EntityKind,
	FieldDef,
	InteractionData,
	ListEntry,
	Note,
	Opportunity,
	Person,
	Reminder,
	StoredValue,
	User,
} from './model';
import { isExposed } from './fieldRules';
import {
	answerVersion,
	arrayOrNull,
	shapeSettings,
	shownDomain,
	shownDomains,
	shownEmail,
	shownEmails,
} from './liveShapes';
import type { Store } from './store';
import { EDITION_2026_09_17, isAtLeast, type ApiVersion } from './versions';

/** Nested association arrays (persons, companies, opportunities of a value) are cut at 100. */
export const ASSOCIATION_LIMIT = 100;

/** How many values a multi-value answers (the Value schemas' data maxItems). */
export const MULTI_VALUE_LIMIT = 100;

/** The edition that gives multi-values `totalCount` (2024-01-01's Value schemas have none). */
export const VALUE_TOTAL_COUNT_SINCE: ApiVersion = '2026-07-15';

function valueTotalCounts(): boolean {
	const version = answerVersion() as ApiVersion | undefined;
	return !version || isAtLeast(version, VALUE_TOTAL_COUNT_SINCE);
}

/** Whether the v2 request being answered named 2026-09-17 or later (outside a v2 request: no). */
function answering20260917(): boolean {
	const version = answerVersion() as ApiVersion | undefined;
	return !!version && isAtLeast(version, EDITION_2026_09_17);
}

/** The filterable-text-multi fields whose texts come from LinkedIn (person Job Titles). */
const LINKED_IN_FIELDS: ReadonlySet<string> = new Set(['affinity-data-job-titles']);

/**
 * Live, texts taken from LinkedIn come back as `{link, text}` objects instead of strings
 * (TextsValue declares strings): with the setting linkedInTexts, they are answered so.
 */
function linkedInText(item: unknown): unknown {
	if (!shapeSettings().linkedInTexts || typeof item !== 'string') return item;
	return {
		link: `https://www.linkedin.com/search/results/all/?keywords=${encodeURIComponent(item)}`,
		text: item,
	};
}

export function personData(person: Person | undefined, id: number): Record<string, unknown> {
	return {
		id,
		firstName: person?.firstName ?? null,
		lastName: person?.lastName ?? null,
		primaryEmailAddress: shownEmail(id, person?.primaryEmailAddress ?? null),
		type: person?.type ?? 'external',
	};
}

export function companyData(company: Company | undefined, id: number): Record<string, unknown> {
	return { id, name: company?.name ?? '', domain: shownDomain(id, company?.domain ?? null) };
}

function attendee(store: Store, personId: number): Record<string, unknown> {
	const person = store.persons.get(personId);
	return {
		emailAddress: shownEmail(personId, person?.primaryEmailAddress ?? null),
		person: person ? personData(person, personId) : null,
	};
}

export function renderInteraction(
	store: Store,
	interaction: InteractionData,
): Record<string, unknown> {
	const [first, ...rest] = interaction.participantPersonIds;
	if (interaction.type === 'email') {
		return {
			type: 'email',
			id: interaction.id,
			sentAt: interaction.sentAt,
			subject: interaction.subject ?? null,
			from: attendee(store, first),
			to: rest.map((id) => attendee(store, id)),
			cc: [],
		};
	}
	return {
		type: 'meeting',
		id: interaction.id,
		startTime: interaction.startTime,
		endTime: interaction.endTime ?? null,
		title: interaction.title ?? null,
		allDay: false,
		attendees: interaction.participantPersonIds.map((id) => attendee(store, id)),
	};
}

/** Weighted Value: a formula over the entry's Deal Size and Status rank, as Affinity computes it. */
function formulaValue(store: Store, entry?: ListEntry): number | null {
	if (!entry) return null;
	const list = store.lists.get(entry.listId);
	const deal = list?.fields.find((f) => f.name === 'Deal Size');
	const status = list?.fields.find((f) => f.name === 'Status');
	const dealValue = deal ? entry.values.get(deal.id)?.data : undefined;
	if (typeof dealValue !== 'number') return null;
	const statusValue = status ? entry.values.get(status.id)?.data : undefined;
	const option =
		statusValue && typeof statusValue === 'object' && 'dropdownOptionId' in statusValue
			? status?.dropdownOptions?.find((o) => o.id === statusValue.dropdownOptionId)
			: undefined;
	const weight = option?.rank !== undefined ? Math.min(1, (option.rank + 1) / 5) : 0.1;
	return Math.round(dealValue * weight * 100) / 100;
}

/** A stored value in the API's form: references resolved to current names, empty arrays null. */
export function renderValue(
	store: Store,
	field: FieldDef,
	stored: StoredValue | undefined,
	entry?: ListEntry,
): Record<string, unknown> {
	const type = field.valueType;
	if (type === 'formula-number') {
		const calculated = formulaValue(store, entry);
		return { type, data: calculated === null ? null : { calculatedValue: calculated } };
	}
	if (!stored || stored.data === null)
		return type === 'interaction'
			? withInternalPerson(store, { type, data: null }, undefined)
			: { type, data: null };
	const data = stored.data as unknown;
	const option = (ref: unknown) => {
		const id = (ref as { dropdownOptionId: number }).dropdownOptionId;
		const found = field.dropdownOptions?.find((o) => o.id === id);
		return type === 'ranked-dropdown'
			? {
					dropdownOptionId: id,
					text: found?.text ?? '',
					rank: found?.rank ?? 0,
					color: found?.color ?? null,
				}
			: { dropdownOptionId: id, text: found?.text ?? '' };
	};
	// A multi-value answers at most 100 values; when it holds more, a sibling totalCount gives
	// how many it holds (CompaniesValue, DropdownsValue, FloatsValue, LocationsValue,
	// PersonsValue, TextsValue: data maxItems 100, totalCount). Empty arrays read back as null.
	const many = (items: unknown, map: (item: unknown) => unknown): Record<string, unknown> => {
		if (!Array.isArray(items) || items.length === 0) return { type, data: null };
		const shown = items.slice(0, MULTI_VALUE_LIMIT).map(map);
		return items.length > MULTI_VALUE_LIMIT && valueTotalCounts()
			? { type, data: shown, totalCount: items.length }
			: { type, data: shown };
	};
	switch (type) {
		case 'dropdown':
		case 'ranked-dropdown':
			return { type, data: option(data) };
		case 'dropdown-multi':
			return many(data, option);
		case 'person':
			return {
				type,
				data: personData(
					store.persons.get((data as { id: number }).id),
					(data as { id: number }).id,
				),
			};
		case 'person-multi':
			return many(data, (ref) =>
				personData(store.persons.get((ref as { id: number }).id), (ref as { id: number }).id),
			);
		case 'company':
			return {
				type,
				data: companyData(
					store.companies.get((data as { id: number }).id),
					(data as { id: number }).id,
				),
			};
		case 'company-multi':
			return many(data, (ref) =>
				companyData(store.companies.get((ref as { id: number }).id), (ref as { id: number }).id),
			);
		case 'filterable-text-multi':
			return many(data, LINKED_IN_FIELDS.has(field.id) ? linkedInText : (x) => x);
		case 'number-multi':
		case 'location-multi':
			return many(data, (x) => x);
		case 'interaction':
			return withInternalPerson(
				store,
				{ type, data: renderInteraction(store, data as InteractionData) },
				data as InteractionData,
			);
		case 'note': {
			const note = store.notes.get((data as { id: number }).id);
			return { type, data: note ? baseNote(store, note) : null };
		}
		case 'reminder': {
			const reminder = store.reminders.get((data as { id: number }).id);
			return { type, data: reminder ? reminderData(reminder) : null };
		}
		case 'list-multi':
			return many(
				(data as Array<{ id: number }>).filter((ref) => store.lists.has(ref.id)),
				(ref) => listData(store, (ref as { id: number }).id),
			);
		default:
			return { type, data };
	}
}

/**
 * InteractionValue from 2026-09-17: `internalPerson`, the team member Affinity attributes the
 * interaction to (its first internal participant), or null.
 */
function withInternalPerson(
	store: Store,
	value: Record<string, unknown>,
	interaction: InteractionData | undefined,
): Record<string, unknown> {
	if (!answering20260917()) return value;
	const internal = interaction?.participantPersonIds.find(
		(id) => store.persons.get(id)?.type === 'internal',
	);
	return {
		...value,
		internalPerson:
			internal === undefined ? null : personData(store.persons.get(internal), internal),
	};
}

/** notes.BaseNote: what a NoteValue carries (2026-09-17). */
function baseNote(store: Store, note: Note): Record<string, unknown> {
	return {
		id: note.id,
		content: { html: note.html },
		creator: personData(store.persons.get(note.creatorPersonId), note.creatorPersonId),
		// Mention ids as GET /v2/notes/{noteId} gives them: the note's id and the mention's place.
		mentions: note.mentionedPersonIds.slice(0, 100).map((personId, i) => ({
			id: note.id * 100 + i + 1,
			type: 'person',
			person: personData(store.persons.get(personId), personId),
		})),
		createdAt: note.createdAt,
		updatedAt: note.updatedAt,
	};
}

/** ReminderData: what a ReminderValue carries (2026-09-17). */
function reminderData(reminder: Reminder): Record<string, unknown> {
	return {
		id: reminder.id,
		type: reminder.type,
		content: reminder.content,
		createdAt: reminder.createdAt,
		dueDate: reminder.dueDate,
	};
}

/** ListData: one list of a ListsValue (2026-09-17), with how many entries it has. */
function listData(store: Store, listId: number): Record<string, unknown> {
	const list = store.lists.get(listId);
	return {
		id: listId,
		name: list?.name ?? '',
		type: list?.type ?? 'company',
		entityCount: store.entriesByList.get(listId)?.length ?? 0,
	};
}

export function renderField(
	store: Store,
	field: FieldDef,
	stored: StoredValue | undefined,
	entry?: ListEntry,
): Record<string, unknown> {
	return {
		id: field.id,
		name: field.name,
		type: field.type,
		enrichmentSource: field.enrichmentSource,
		value: renderValue(store, field, stored, entry),
	};
}

export function renderFieldMetadata(field: FieldDef): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: field.id,
		name: field.name,
		type: field.type,
		enrichmentSource: field.enrichmentSource,
		valueType: field.valueType,
		createdAt: field.createdAt,
	};
	// FieldMetadata from 2026-09-17: the field's description (null when none was given) and
	// whether creating a record requires a value.
	if (answering20260917()) {
		out.description = field.description ?? null;
		out.isRequired = field.isRequired ?? false;
	}
	return out;
}

export function renderCompany(
	store: Store,
	company: Company,
	fields?: FieldDef[],
): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: company.id,
		name: company.name,
		domain: shownDomain(company.id, company.domain),
		domains: arrayOrNull(shownDomains(company.id, company.domains)),
		isGlobal: company.isGlobal,
	};
	if (fields) out.fields = fields.map((f) => renderField(store, f, company.values.get(f.id)));
	return out;
}

export function renderPerson(
	store: Store,
	person: Person,
	fields?: FieldDef[],
): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: person.id,
		firstName: person.firstName,
		lastName: person.lastName,
		primaryEmailAddress: shownEmail(person.id, person.primaryEmailAddress),
		emailAddresses: arrayOrNull(shownEmails(person.id, person.emailAddresses)),
		type: person.type,
	};
	if (fields) out.fields = fields.map((f) => renderField(store, f, person.values.get(f.id)));
	return out;
}

/** Who reads, in which API version: what redaction and the edition's shapes depend on. */
export interface Viewer {
	user: { id: number };
	version: ApiVersion;
}

/** The version whose Opportunity carries listName, isRestricted, isRedacted, and hides fields. */
export const RESTRICTED_OPPORTUNITIES_SINCE: ApiVersion = '2026-07-15';

/** A restricted opportunity the viewer is not one of the few allowed to see in full. */
export function isRedactedFor(opportunity: Opportunity | undefined, viewer: Viewer): boolean {
	return !!opportunity?.restrictedTo && !opportunity.restrictedTo.includes(viewer.user.id);
}

/**
 * Opportunity: from 2026-07-15 with its list's name and the restriction flags; a redacted one's
 * name is the literal `[Hidden]`. Before 2026-07-15: id, name, listId.
 */
export function renderOpportunity(
	store: Store,
	opportunity: Opportunity,
	viewer: Viewer,
): Record<string, unknown> {
	const redacted = isRedactedFor(opportunity, viewer);
	const base = {
		id: opportunity.id,
		name: redacted ? '[Hidden]' : opportunity.name,
		listId: opportunity.listId,
	};
	if (!isAtLeast(viewer.version, RESTRICTED_OPPORTUNITIES_SINCE)) return base;
	return {
		...base,
		listName: store.lists.get(opportunity.listId)?.name ?? '',
		isRestricted: !!opportunity.restrictedTo,
		isRedacted: redacted,
	};
}

/**
 * A field of a restricted opportunity the viewer cannot manage, from 2026-07-15: type `hidden`
 * (a redaction state, not a category) and no data. Sources disagree on the live shape; with
 * the setting hiddenFieldShape 'value-type' the field keeps its category and the value says
 * `{type: "hidden", data: null}` (a value type FieldValue does not declare).
 */
export function renderHiddenField(field: FieldDef): Record<string, unknown> {
	const onValue = shapeSettings().hiddenFieldShape === 'value-type';
	return {
		id: field.id,
		name: field.name,
		type: onValue ? field.type : 'hidden',
		enrichmentSource: field.enrichmentSource,
		value: { type: onValue ? 'hidden' : field.valueType, data: null },
	};
}

/** An opportunity list entry's entity (OpportunityWithFields): no fields when redacted. */
function opportunityWithFields(
	store: Store,
	entry: ListEntry,
	fields: Array<Record<string, unknown>>,
	viewer: Viewer,
): Record<string, unknown> {
	const opportunity = store.opportunities.get(entry.entityId);
	const redacted = isRedactedFor(opportunity, viewer);
	const out: Record<string, unknown> = {
		id: entry.entityId,
		name: redacted ? '[Hidden]' : (opportunity?.name ?? ''),
		listId: entry.listId,
	};
	if (isAtLeast(viewer.version, RESTRICTED_OPPORTUNITIES_SINCE)) {
		out.isRestricted = !!opportunity?.restrictedTo;
		out.isRedacted = redacted;
	}
	out.fields = redacted ? [] : fields;
	return out;
}

/** A list entry with its entity; `fields` are the selected fields (entity's and the list's). */
export function renderListEntry(
	store: Store,
	entry: ListEntry,
	fields: FieldDef[],
	viewer: Viewer,
): Record<string, unknown> {
	const fieldData = fields.map((f) => renderField(store, f, store.entryValue(entry, f), entry));
	let entity: Record<string, unknown>;
	if (entry.entityType === 'company') {
		const company = store.companies.get(entry.entityId);
		entity = company
			? renderCompany(store, company)
			: { id: entry.entityId, name: '', domain: null, domains: [], isGlobal: false };
	} else if (entry.entityType === 'person') {
		const person = store.persons.get(entry.entityId);
		entity = person
			? renderPerson(store, person)
			: {
					id: entry.entityId,
					firstName: '',
					lastName: null,
					primaryEmailAddress: null,
					emailAddresses: [],
					type: 'external',
				};
	} else {
		entity = opportunityWithFields(store, entry, fieldData, viewer);
	}
	entity.fields ??= fieldData;
	return {
		id: entry.id,
		type: entry.entityType,
		listId: entry.listId,
		createdAt: entry.createdAt,
		creatorId: entry.creatorId,
		entity,
	};
}

export function renderUser(user: User, withPrivate: boolean): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: user.id,
		firstName: user.firstName,
		lastName: user.lastName,
		primaryEmailAddress: user.primaryEmailAddress,
		photoUrl: user.photoUrl,
		status: user.status,
	};
	if (withPrivate) {
		out.emailAddresses = arrayOrNull(user.emailAddresses.slice(0, 100));
		out.role = user.role;
	}
	return out;
}

/** The fields an entity kind offers on a list: its own (not for opportunities) and the list's. */
export function listFieldUniverse(store: Store, listId: number, kind: EntityKind): FieldDef[] {
	const list = store.lists.get(listId);
	const own = kind === 'opportunity' ? [] : store.entityFields[kind].filter(isExposed);
	return [...own, ...(list?.fields ?? [])];
}

/** The emulator's in-memory data model: what Affinity stores, not what the API returns. */

export type EntityKind = 'person' | 'company' | 'opportunity';
export type FieldCategory = 'enriched' | 'global' | 'list' | 'relationship-intelligence';
export type ValueType =
	| 'text'
	| 'filterable-text'
	| 'filterable-text-multi'
	| 'number'
	| 'number-multi'
	| 'datetime'
	| 'location'
	| 'location-multi'
	| 'dropdown'
	| 'dropdown-multi'
	| 'ranked-dropdown'
	| 'person'
	| 'person-multi'
	| 'company'
	| 'company-multi'
	| 'formula-number'
	| 'interaction'
	// From 2026-09-17: a note, a reminder, the lists a record is on (NoteValue, ReminderValue,
	// ListsValue).
	| 'note'
	| 'reminder'
	| 'list-multi';

/** Value types the API refuses to write (computed by Affinity). */
export const READ_ONLY_VALUE_TYPES: ReadonlySet<ValueType> = new Set([
	'formula-number',
	'interaction',
	'note',
	'reminder',
	'list-multi',
]);

export type StatusCategory = 'open' | 'won' | 'lost' | 'on-hold';

export interface DropdownOption {
	id: number;
	text: string;
	rank?: number;
	color?: string | null;
	/** Options of a status field (dropdownOptions.StatusDropdownOption). */
	statusCategory?: StatusCategory;
	/** Set only on open statuses. */
	winRate?: number | null;
}

export interface FieldDef {
	id: string;
	name: string;
	type: FieldCategory;
	valueType: ValueType;
	enrichmentSource: string | null;
	createdAt: string | null;
	/** The entity kind the field describes; list fields also name their list. */
	entityKind: EntityKind;
	listId?: number;
	dropdownOptions?: DropdownOption[];
	/** A status field: a ranked dropdown whose options carry a status category and win rate. */
	statusDropdown?: boolean;
	/** Enriched and relationship-intelligence fields are computed; users cannot write them. */
	readOnly: boolean;
	/** Whether the change log records this field's changes; unset: the default of its kind. */
	changeTracked?: boolean;
	/** FieldMetadata.description from 2026-09-17; unset: null. */
	description?: string | null;
	/** FieldMetadata.isRequired from 2026-09-17; unset: false. */
	isRequired?: boolean;
}

/**
 * A stored value, kept in the API's `{type, data}` form with references by id only, so that a
 * renamed person or company shows its new name wherever it is referenced.
 */
export type StoredData =
	| string
	| number
	| number[]
	| string[]
	| LocationData
	| LocationData[]
	| { dropdownOptionId: number }
	| Array<{ dropdownOptionId: number }>
	| { id: number }
	| Array<{ id: number }>
	| InteractionData
	| null;

export interface StoredValue {
	type: ValueType;
	data: StoredData;
}

export interface LocationData {
	streetAddress: string | null;
	city: string | null;
	state: string | null;
	country: string | null;
	continent: string | null;
}

export interface InteractionData {
	type: 'email' | 'meeting' | 'call' | 'chat-message';
	id: number;
	sentAt?: string;
	startTime?: string;
	endTime?: string | null;
	title?: string | null;
	subject?: string | null;
	participantPersonIds: number[];
}

export interface User {
	id: number;
	firstName: string;
	lastName: string | null;
	primaryEmailAddress: string | null;
	emailAddresses: string[];
	photoUrl: string | null;
	status: 'active' | 'invited' | 'deactivated';
	role: string;
	/** The internal person record of this user. */
	personId: number;
	permissions: {
		manageUsers: boolean;
		exportAllOrganizations: boolean;
		exportAllPeople: boolean;
		exportLists: boolean;
		/** "Edit Global Field Values": needed to set fields when creating a person. */
		editGlobalFieldValues: boolean;
		/** "Share accessible Lists globally": needed to create a public list. */
		shareListsGlobally: boolean;
	};
}

export interface Person {
	id: number;
	firstName: string;
	lastName: string | null;
	primaryEmailAddress: string | null;
	emailAddresses: string[];
	type: 'internal' | 'external';
	values: Map<string, StoredValue>;
	/**
	 * The organizations API v1 associates the person with (Person resource, organization_ids),
	 * once a v1 write set them; until then they are the person's Current Organizations.
	 */
	organizationIds?: number[];
}

export interface Company {
	id: number;
	name: string;
	domain: string | null;
	domains: string[];
	isGlobal: boolean;
	values: Map<string, StoredValue>;
}

export interface Opportunity {
	id: number;
	name: string;
	listId: number;
	/**
	 * A restricted opportunity (Restricted Opportunities feature): only these users may see its
	 * details and manage it; anyone else gets it redacted. Undefined: not restricted.
	 */
	restrictedTo?: number[];
	/** The persons and companies associated with it (API v1 Opportunity: person_ids, organization_ids). */
	personIds?: number[];
	companyIds?: number[];
}

export interface List {
	id: number;
	name: string;
	type: EntityKind;
	isPublic: boolean;
	ownerId: number;
	creatorId: number;
	createdAt: string;
	/** Users who can see a private list besides its owner. */
	sharedWith: number[];
	fields: FieldDef[];
}

export interface ListEntry {
	id: number;
	listId: number;
	entityType: EntityKind;
	entityId: number;
	createdAt: string;
	creatorId: number | null;
	/** List-specific values; global/enriched/RI values live on the entity. */
	values: Map<string, StoredValue>;
}

/** A saved view's filter: every condition must hold (the web app's "all of"). */
export interface ViewCondition {
	fieldId: string;
	/** equals: value matches (dropdown option text, text, number); notEmpty: has a value. */
	operator: 'equals' | 'notEquals' | 'notEmpty' | 'isEmpty' | 'greaterThan' | 'lessThan';
	value?: string | number;
}

export interface SavedView {
	id: number;
	listId: number;
	name: string;
	type: 'sheet' | 'board' | 'dashboard';
	createdAt: string;
	/** The columns pulled into the view: the only fields its entries return. */
	fieldIds: string[];
	conditions: ViewCondition[];
}

export interface Note {
	id: number;
	type: 'entities' | 'interaction' | 'ai-notetaker' | 'user-reply' | 'ai-notetaker-reply';
	html: string | null;
	creatorPersonId: number;
	mentionedPersonIds: number[];
	createdAt: string;
	updatedAt: string | null;
	/** For replies: the note replied to. */
	parentId?: number;
	personIds: number[];
	companyIds: number[];
	opportunityIds: number[];
	sharingType: 'private' | 'public' | 'custom';
	/** Users a private or custom note is visible to (its owner always). */
	visibleTo: number[];
	ownerUserId: number;
	transcriptId?: number;
	interaction?: InteractionData;
}

export interface TranscriptFragment {
	speaker: string;
	content: string;
	startTimestamp: string;
	endTimestamp: string;
}

export interface Transcript {
	id: number;
	noteId: number;
	languageCode: string;
	createdAt: string;
	fragments: TranscriptFragment[];
}

export interface MergeState {
	id: number;
	entityType: 'person' | 'company';
	status: 'in-progress' | 'success' | 'failed';
	taskId: string;
	startedAt: string;
	completedAt: string | null;
	primaryId: number;
	duplicateId: number;
	errorMessage: string | null;
	/** Caller that started it. */
	userId: number;
}

export interface MergeTask {
	id: string;
	entityType: 'person' | 'company';
	mergeIds: number[];
}

export interface Tenant {
	id: number;
	name: string;
	subdomain: string;
}

/** A call, chat message, email or meeting (interactions.Call, .ChatMessage, .Email, .Meeting). */
export interface Interaction {
	id: number;
	type: 'call' | 'chat-message' | 'email' | 'meeting';
	/** sentAt of emails and chat messages, startTime of calls and meetings. */
	time: string;
	endTime: string | null;
	/** The title of a call or meeting, the subject of an email. */
	title: string | null;
	/** Emails: the sender, then the To participants; others: every attendee or participant. */
	personIds: number[];
	ccPersonIds: number[];
	creatorPersonId: number | null;
	organizerPersonId: number | null;
	loggingType: 'automated' | 'manual';
	direction: 'sent' | 'received';
	allDay: boolean;
	createdAt: string;
	updatedAt: string | null;
}

/** Two persons who know each other (Relationship), and the companies it counts for. */
export interface Relationship {
	personIds: [number, number];
	interactionScore: number;
	linkedInConnectedOn: string | null;
	companyIds: number[];
}

/** A person not in the account whom someone in it might know (InferredConnectionTarget). */
export interface InferredTarget {
	kind: 'coworker' | 'investor-executive';
	fullName: string | null;
	title: string | null;
	linkedinUrl: string | null;
	currentCompanyId: number;
	/** Strongest first. */
	connections: Array<{
		sourcePersonId: number;
		strength: number;
		sharedEmployerId: number;
		startDate: string;
		endDate: string;
		investingFirmId: number | null;
		series: string | null;
		amount: number | null;
	}>;
}

export interface DuplicateSuggestion {
	id: string;
	entityType: 'person' | 'company';
	primaryId: number;
	duplicateId: number;
	matchCriteria: 'name' | 'domain-redirect' | 'domain-match' | 'intelligent';
	createdAt: string;
}

/** A file attached to a company, with its text by page (files.SearchResult). */
export interface StoredFile {
	id: number;
	name: string;
	companyId: number | null;
	/** One text per page; a single page for files without page structure (pageNumber null). */
	pages: string[];
	paged: boolean;
	/** Files uploaded through API v1 (POST /entity-files): attached to a person or an opportunity instead. */
	personId?: number | null;
	opportunityId?: number | null;
	/** The bytes as uploaded, with their type; seeded files have only their text. */
	content?: Buffer;
	contentType?: string;
	uploaderId?: number;
	createdAt?: string;
}

export interface Webhook {
	id: number;
	url: string;
	subscriptions: string[];
	status: 'active' | 'disabled';
	creatorUserId: number;
	createdAt: string;
	updatedAt: string | null;
}

export interface Reminder {
	id: number;
	type: 'one-time' | 'recurring';
	content: string | null;
	dueDate: string;
	creatorPersonId: number;
	ownerPersonId: number;
	completerPersonId: number | null;
	completedAt: string | null;
	/** The one company, person or opportunity the reminder is about. */
	entity: { type: EntityKind; id: number };
	recurrence: { periodDays: number; resetTrigger: 'interaction' | 'email' | 'event' } | null;
	createdAt: string;
	updatedAt: string | null;
}

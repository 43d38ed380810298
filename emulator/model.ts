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
	| 'interaction';

/** Value types the API refuses to write (computed by Affinity). */
export const READ_ONLY_VALUE_TYPES: ReadonlySet<ValueType> = new Set(['formula-number', 'interaction']);

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

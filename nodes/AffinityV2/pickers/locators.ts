/**
 * Record pickers (resource locators): one builder and one named picker per record kind.
 *
 * Shared by the three nodes (the Affinity v2 Trigger builds its list and saved-view pickers here),
 * so it stands beside api/ and transport/, not under actions/; it imports only n8n-workflow types.
 */
import type { INodeProperties } from 'n8n-workflow';

/** Where a record can be picked from: its list-search method and its Affinity web URL path. */
export interface LocatorSpec {
	name: string;
	displayName: string;
	what: string;
	searchListMethod: string;
	urlPath?: string;
	description?: string;
	dependsOn?: string[];
}

/** What a caller may change of a named picker: another parameter name, label or description. */
export interface LocatorOptions {
	name?: string;
	displayName?: string;
	description?: string;
}

/**
 * A resource locator with "From list" (searchable, paged; the default), "By ID" and, where
 * Affinity has a web page for the record, "By URL".
 */
export function locator(spec: LocatorSpec): INodeProperties {
	// The id is the whole path segment: …/companies/12abc or …/companies/1.5 is not company 12 or 1.
	const pattern = `https://[^/]+\\.affinity\\.(?:co|com)/${spec.urlPath}/([0-9]+)(?:[/?#]|$)`;
	const property: INodeProperties = {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${spec.what}...`,
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 12345',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*[0-9]+\\s*$',
							errorMessage: `A ${spec.what} ID is a whole number`,
						},
					},
				],
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `https://yourteam.affinity.co/${spec.urlPath}/12345`,
				validation: [
					{
						type: 'regex',
						properties: { regex: `${pattern}.*`, errorMessage: `Not an Affinity ${spec.what} URL` },
					},
				],
				extractValue: { type: 'regex', regex: pattern },
			},
		],
	};
	// Only records with an Affinity web page can be given by URL.
	if (!spec.urlPath) property.modes = property.modes?.filter((mode) => mode.name !== 'url');
	if (spec.dependsOn) property.typeOptions = { loadOptionsDependsOn: spec.dependsOn };
	return property;
}

export const listLocator = (description?: string) =>
	locator({
		name: 'listId',
		displayName: 'List',
		what: 'list',
		searchListMethod: 'searchLists',
		urlPath: 'lists',
		description,
	});

/** A named picker whose parameter name, label and description a caller may change. */
function namedLocator(spec: LocatorSpec) {
	return (options: LocatorOptions = {}) =>
		locator({
			...spec,
			name: options.name ?? spec.name,
			displayName: options.displayName ?? spec.displayName,
			description: options.description ?? spec.description,
		});
}

export const companyLocator = namedLocator({
	name: 'companyId',
	displayName: 'Company',
	what: 'company',
	searchListMethod: 'searchCompanies',
	urlPath: 'companies',
});

export const personLocator = namedLocator({
	name: 'personId',
	displayName: 'Person',
	what: 'person',
	searchListMethod: 'searchPersons',
	urlPath: 'persons',
});

export const opportunityLocator = (options: LocatorOptions = {}) =>
	locator({
		name: options.name ?? 'opportunityId',
		displayName: options.displayName ?? 'Opportunity',
		what: 'opportunity',
		searchListMethod: 'searchOpportunities',
		urlPath: 'opportunities',
		description: options.description,
	});

/** A member of the organization: an internal person (a user's own person record). */
export const internalPersonLocator = (options: LocatorOptions = {}) =>
	locator({
		name: options.name ?? 'personId',
		displayName: options.displayName ?? 'Team Member',
		what: 'team member',
		searchListMethod: 'searchInternalPersons',
		urlPath: 'persons',
		description: options.description,
	});

/**
 * A reminder's owner: an active user of the organization (Affinity refuses an invited or
 * deactivated one as a reminder's owner), read from the users (GET /v2/users); a user's id is
 * its person's id.
 */
export const reminderOwnerLocator = (options: LocatorOptions = {}) =>
	locator({
		name: options.name ?? 'owner',
		displayName: options.displayName ?? 'Owner',
		what: 'team member',
		searchListMethod: 'searchReminderOwners',
		urlPath: 'persons',
		description: options.description,
	});

// List entries, notes, reminders, transcripts and saved views have no page of their own in the Affinity web app.
export const listEntryLocator = () =>
	locator({
		name: 'listEntryId',
		displayName: 'List Entry',
		what: 'list entry',
		searchListMethod: 'searchListEntries',
		dependsOn: ['listId.value'],
	});

export const noteLocator = (options: LocatorOptions = {}) =>
	locator({
		name: options.name ?? 'noteId',
		displayName: options.displayName ?? 'Note',
		what: 'note',
		searchListMethod: 'searchNotes',
		description: options.description,
	});

/** A reminder (Affinity has no page per reminder); a plain ID saved before the picker still reads. */
export const reminderLocator = () =>
	locator({
		name: 'reminderId',
		displayName: 'Reminder',
		what: 'reminder',
		searchListMethod: 'searchReminders',
	});

export const transcriptLocator = () =>
	locator({
		name: 'transcriptId',
		displayName: 'Transcript',
		what: 'transcript',
		searchListMethod: 'searchTranscripts',
	});

/**
 * A saved view of the list chosen in `listId`. The parameter name is the caller's: the action
 * node calls it `viewId`, the trigger `savedViewId` (both are public names in saved workflows).
 */
export const savedViewLocator = (name: string, description: string) =>
	locator({
		name,
		displayName: 'Saved View',
		what: 'saved view',
		searchListMethod: 'searchSavedViews',
		dependsOn: ['listId.value'],
		description,
	});

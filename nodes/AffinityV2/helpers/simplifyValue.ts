import type { IDataObject } from 'n8n-workflow';

import { atAssociationLimit, entityDisplayName, valuesLeftOut } from './entities';
import { displayText, htmlText } from './text';
import type { FieldValue, Location } from './types';

/**
 * One field value as Simplify shows it: people and companies as {id, name}, a dropdown by its
 * text, a location as one line, dates as calendar days where the field has no time.
 */

export function locationLine(location: Partial<Location> | null | undefined): string {
	if (!location) return '';
	return [location.streetAddress, location.city, location.state, location.country]
		.filter((part) => typeof part === 'string' && part.trim() !== '')
		.join(', ');
}

function simplifyLocation(location: unknown): IDataObject | null {
	if (!location || typeof location !== 'object') return null;
	const parts = location as Location;
	return {
		line: locationLine(parts),
		streetAddress: parts.streetAddress ?? null,
		city: parts.city ?? null,
		state: parts.state ?? null,
		country: parts.country ?? null,
		continent: parts.continent ?? null,
	};
}

/**
 * The text of a change log value whose person, company or dropdown option has been deleted
 * from Affinity since (fieldValueChanges.DeletedEntityReference: `{referenceType:
 * "deleted-entity", displayValue}`, the text as it was when the change was made); undefined for
 * any other value.
 */
export function deletedReferenceText(value: unknown): string | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const { referenceType, displayValue } = value as {
		referenceType?: unknown;
		displayValue?: unknown;
	};
	if (referenceType !== 'deleted-entity') return undefined;
	return typeof displayValue === 'string' ? displayValue : '';
}

/** An id as the API should send it (a number), or null: never an object shown as text. */
function idOrNull(id: unknown): number | null {
	return typeof id === 'number' ? id : null;
}

/** A described string as text (a LinkedIn entry, a number…), or null when there is none. */
function textOrNull(value: unknown): string | null {
	const text = displayText(value);
	return text === '' ? null : text;
}

function personReference(person: unknown): IDataObject | null {
	if (!person || typeof person !== 'object') return null;
	const deleted = deletedReferenceText(person);
	if (deleted !== undefined) return { id: null, name: deleted, email: null, deleted: true };
	const p = person as {
		id?: unknown;
		firstName?: unknown;
		lastName?: unknown;
		primaryEmailAddress?: unknown;
	};
	return {
		id: idOrNull(p.id),
		name: entityDisplayName(p),
		email: textOrNull(p.primaryEmailAddress),
	};
}

function companyReference(company: unknown): IDataObject | null {
	if (!company || typeof company !== 'object') return null;
	const deleted = deletedReferenceText(company);
	if (deleted !== undefined) return { id: null, name: deleted, domain: null, deleted: true };
	const c = company as { id?: unknown; name?: unknown; domain?: unknown };
	return {
		id: idOrNull(c.id),
		name: displayText(c.name),
		domain: textOrNull(c.domain),
	};
}

function dropdownText(option: unknown): string | null {
	if (!option || typeof option !== 'object') return null;
	const deleted = deletedReferenceText(option);
	if (deleted !== undefined) return deleted;
	return textOrNull((option as { text?: unknown }).text);
}

/**
 * A note value (2026-09-17, NoteValue: notes.BaseNote): its text, its creator and when it was
 * written. The text is the note's HTML as plain text.
 */
function noteReference(note: unknown): IDataObject | null {
	if (!note || typeof note !== 'object') return null;
	const n = note as { id?: unknown; content?: unknown; creator?: unknown; createdAt?: unknown };
	const content = n.content && typeof n.content === 'object' ? (n.content as IDataObject) : {};
	return {
		id: idOrNull(n.id),
		text: htmlText(content.html),
		creator: personReference(n.creator),
		createdAt: textOrNull(n.createdAt),
	};
}

/** A reminder value (2026-09-17, ReminderValue: ReminderData): its content and due date. */
function reminderReference(reminder: unknown): IDataObject | null {
	if (!reminder || typeof reminder !== 'object') return null;
	const r = reminder as { id?: unknown; content?: unknown; dueDate?: unknown; type?: unknown };
	return {
		id: idOrNull(r.id),
		content: textOrNull(r.content),
		dueDate: textOrNull(r.dueDate),
		type: textOrNull(r.type),
	};
}

/** A list of a list-multi value (2026-09-17, ListsValue: ListData): its name and kind. */
function listReference(list: unknown): IDataObject | null {
	if (!list || typeof list !== 'object') return null;
	const l = list as { id?: unknown; name?: unknown; type?: unknown };
	return { id: idOrNull(l.id), name: displayText(l.name), type: textOrNull(l.type) };
}

function mapArray<T>(data: unknown, map: (item: unknown) => T): T[] | null {
	return Array.isArray(data) ? data.map(map) : null;
}

/**
 * One field value as a workflow wants it: text as a string, dropdowns as their text, location
 * as a line plus parts, person and company references as id and name, multi types as arrays.
 * A null stays null (the API sends null, not [], for an empty array value).
 */
export function simplifyValue(value: FieldValue | null | undefined): unknown {
	if (!value || value.data === null || value.data === undefined) return null;
	const { data } = value;
	switch (value.type) {
		case 'text':
		case 'filterable-text':
			// Text as text, whatever came (a LinkedIn entry {link, text} included).
			return typeof data === 'string' ? data : textOrNull(data);
		case 'number':
		case 'datetime':
			return data;
		case 'filterable-text-multi':
			return mapArray(data, displayText);
		case 'number-multi':
			return Array.isArray(data) ? [...data] : null;
		case 'location':
			return simplifyLocation(data);
		case 'location-multi':
			return mapArray(data, simplifyLocation);
		case 'dropdown':
		case 'ranked-dropdown':
			return dropdownText(data);
		case 'dropdown-multi':
			return mapArray(data, dropdownText);
		case 'person':
			return personReference(data);
		case 'person-multi':
			return mapArray(data, personReference);
		case 'company':
			return companyReference(data);
		case 'company-multi':
			return mapArray(data, companyReference);
		case 'note':
			return noteReference(data);
		case 'reminder':
			return reminderReference(data);
		case 'list-multi':
			return mapArray(data, listReference);
		case 'formula-number':
			return data && typeof data === 'object'
				? ((data as { calculatedValue?: unknown }).calculatedValue ?? null)
				: data;
		default:
			// interaction (with its internalPerson from 2026-09-17) and any type a newer API
			// adds: kept as the API gives it.
			return data;
	}
}

/**
 * True when a value holds more than it shows: its `totalCount` says so, or it is an association
 * array at the API's cut-off of 100 (which may hold more).
 */
export function mayBeTruncated(value: FieldValue | null | undefined): boolean {
	if (!value || typeof value !== 'object') return false;
	// A value that gives its totalCount says exactly whether it holds more than it shows (a
	// completed one holds all of them).
	if (typeof value.totalCount === 'number' && Number.isFinite(value.totalCount))
		return valuesLeftOut(value) > 0;
	return (
		(value.type === 'person-multi' || value.type === 'company-multi') &&
		Array.isArray(value.data) &&
		atAssociationLimit(value.data.length)
	);
}

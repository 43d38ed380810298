/**
 * How the pickers show records: one pure function per record kind, from the record as the API
 * answers it (real answers included: a name that is not text, emails as null) to the option
 * the editor lists. Never "[object Object]", never a throw.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { entityDisplayName } from '../helpers/entities';
import { htmlText, shorten, displayText } from '../helpers/text';
import { valueTypeName } from '../helpers/valueTypes';

/** A picker option before the search term is matched: `searchText` is what the term is looked for in. */
export interface PickerItem {
	name: string;
	value: string;
	searchText: string;
}

type Raw = Record<string, unknown>;

const record = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});
const day = (iso: unknown) => (typeof iso === 'string' ? iso.slice(0, 10) : '');
const texts = (value: unknown): string[] =>
	Array.isArray(value) ? value.map(displayText).filter((t) => t !== '') : [];

/** Options sorted by name, whatever the names are. */
export function byName<T extends { name: string }>(options: T[]): T[] {
	return options.sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

/** A list (ListWithType): "name (type)". */
export function listItem(raw: unknown): PickerItem {
	const l = record(raw);
	const name = displayText(l.name) || `List ${displayText(l.id)}`;
	const type = displayText(l.type);
	return { name: type ? `${name} (${type})` : name, value: displayText(l.id), searchText: name };
}

/** A company (Company): "name (domain)". */
export function companyItem(raw: unknown): PickerItem {
	const c = record(raw);
	const name = entityDisplayName(c) || `Company ${displayText(c.id)}`;
	const domain = displayText(c.domain);
	return {
		name: domain ? `${name} (${domain})` : name,
		value: displayText(c.id),
		searchText: `${name} ${domain} ${texts(c.domains).join(' ')}`,
	};
}

/** A person (Person): "first last (primary email)", found by any of its emails. */
export function personItem(raw: unknown): PickerItem {
	const p = record(raw);
	const name = entityDisplayName(p) || `Person ${displayText(p.id)}`;
	const email = displayText(p.primaryEmailAddress);
	return {
		name: email ? `${name} (${email})` : name,
		value: displayText(p.id),
		searchText: [name, ...texts(p.emailAddresses), email].join(' '),
	};
}

/**
 * A user (UserData): name and email, and the account status where it is not `active` ("·
 * invited", "· deactivated"), so that the picker says who is who.
 */
export function userItem(raw: unknown): PickerItem & { status: string } {
	const item = personItem(raw);
	const status = displayText(record(raw).status) || 'active';
	return {
		...item,
		name: status === 'active' ? item.name : `${item.name} · ${status}`,
		status,
	};
}

/** An opportunity (Opportunity): its name. */
export function opportunityItem(raw: unknown): PickerItem {
	const o = record(raw);
	const name = displayText(o.name);
	return {
		name: name || `Opportunity ${displayText(o.id)}`,
		value: displayText(o.id),
		searchText: name,
	};
}

/**
 * A list entry (ListEntryWithEntity), found by its entity's name: `label` is what tells entries
 * apart ("company 12, entry 34"), shown after the list's name.
 */
export function listEntryItem(raw: unknown): PickerItem & { label: string } {
	const e = record(raw);
	const entity = record(e.entity);
	const type = displayText(e.type) || 'entry';
	const name = entityDisplayName(entity);
	return {
		name: name || `${type} ${displayText(entity.id)}`,
		value: displayText(e.id),
		searchText: name,
		label: `${type} ${displayText(entity.id)}, entry ${displayText(e.id)}`,
	};
}

/** A note (notes.Note): its date and the start of its text. */
export function noteItem(raw: unknown): PickerItem {
	const n = record(raw);
	const text = htmlText(record(n.content).html);
	return {
		name: `${day(n.createdAt)} · ${shorten(text || `(${displayText(n.type) || 'note'} without text)`)}`,
		value: displayText(n.id),
		searchText: `${text} ${displayText(n.id)}`,
	};
}

/** A reminder (reminders.Reminder): due date, text and status. */
export function reminderItem(raw: unknown): PickerItem {
	const r = record(raw);
	const text = shorten(displayText(r.content).trim() || '(no text)', 60);
	const status = displayText(r.status);
	const label = `Due ${day(r.dueDate)} · ${text}${status ? ` (${status})` : ''}`;
	return { name: label, value: displayText(r.id), searchText: `${label} ${displayText(r.id)}` };
}

/** A transcript (transcripts.Transcript): its date, language and the start of its note. */
export function transcriptItem(raw: unknown): PickerItem {
	const t = record(raw);
	const text = htmlText(record(record(t.note).content).html);
	const label = `${day(t.createdAt)} · ${displayText(t.languageCode)}${text ? ` · ${shorten(text, 60)}` : ''}`;
	return {
		name: `Transcript ${displayText(t.id)} (${label})`,
		value: displayText(t.id),
		searchText: `${label} ${text} ${displayText(t.id)}`,
	};
}

/** A saved view (SavedView): says which are sheet views, the only kind the API serves. */
export function savedViewItem(raw: unknown): PickerItem {
	const v = record(raw);
	const name = displayText(v.name) || `Saved view ${displayText(v.id)}`;
	const type = displayText(v.type);
	return {
		name:
			type === 'sheet' || !type
				? `${name} (sheet view)`
				: `${name} (${type} view: the API serves only sheet views)`,
		value: displayText(v.id),
		searchText: name,
	};
}

/** How a field is described in every option list: "Dropdown · list field · field-1027". */
export function fieldDescriptor(raw: unknown): string {
	const f = record(raw);
	const type = valueTypeName(displayText(f.valueType));
	const kind = `${displayText(f.type) || 'unknown'} field`;
	const source = displayText(f.enrichmentSource);
	return [type, source ? `${kind} (${source})` : kind, displayText(f.id)].join(' · ');
}

/** A field (FieldMetadata) as an option: its name, its id as value. */
export function fieldOption(raw: unknown, value?: string): INodePropertyOptions {
	const f = record(raw);
	const id = displayText(f.id);
	return { name: displayText(f.name) || id, value: value ?? id, description: fieldDescriptor(f) };
}

/** A dropdown option (DropdownOption): its text, its id as value. */
export function dropdownOptionItem(raw: unknown): INodePropertyOptions {
	const o = record(raw);
	const id = typeof o.id === 'number' ? o.id : displayText(o.id);
	return { name: displayText(o.text) || `Option ${id}`, value: id };
}

import type { IDataObject } from 'n8n-workflow';

/**
 * Which records a request takes by id and which a write changed, read from its path and answer,
 * in both APIs' names: the map transport/recordLag.ts follows writes with.
 */

export type RecordKind =
	| 'company'
	| 'person'
	| 'opportunity'
	| 'listEntry'
	| 'note'
	| 'reminder'
	| 'interaction'
	| 'file'
	| 'field';

/** A record by id: a field's id is `field-N`; a list entry's reads name its list. */
export interface RecordRef {
	kind: RecordKind;
	id: string;
	listId?: string;
}

export type Change = 'created' | 'updated' | 'deleted';

const LABEL: Record<RecordKind, string> = {
	company: 'company',
	person: 'person',
	opportunity: 'opportunity',
	listEntry: 'list entry',
	note: 'note',
	reminder: 'reminder',
	// v2 reads meetings by id (GET /v2/meetings/{meetingId}): the interactions followed here.
	interaction: 'meeting',
	file: 'file',
	field: 'field',
};

export const label = (ref: RecordRef) =>
	ref.kind === 'listEntry' && ref.listId
		? `list entry ${ref.id} (list ${ref.listId})`
		: `${LABEL[ref.kind]} ${ref.id}`;

/** v2 collections whose records the node reads or writes by id: GET /v2/companies/{companyId}, … */
const V2_KINDS: Record<string, RecordKind> = {
	companies: 'company',
	persons: 'person',
	opportunities: 'opportunity',
	notes: 'note',
	reminders: 'reminder',
	// GET /v2/meetings/{meetingId}: Interaction → Get (meetings, v1 type 0).
	meetings: 'interaction',
	files: 'file',
};

/** v1 collections (https://api-docs.affinity.co): the same records, the same ids. */
const V1_KINDS: Record<string, RecordKind> = {
	organizations: 'company',
	persons: 'person',
	opportunities: 'opportunity',
	notes: 'note',
	reminders: 'reminder',
	interactions: 'interaction',
	'entity-files': 'file',
	fields: 'field',
};

/** The record a v2 path takes by id, whether it reads the record itself, and a field it names. */
export interface PathRecords {
	main: RecordRef;
	whole: boolean;
	field?: RecordRef;
}

export function v2Records(path: string): PathRecords | undefined {
	const entry = /^\/v2\/lists\/(\d+)\/list-entries\/(\d+)(\/.*)?$/.exec(path);
	const record = entry ? undefined : /^\/v2\/([a-z-]+)\/(\d+)(\/.*)?$/.exec(path);
	let main: RecordRef | undefined;
	let rest: string | undefined;
	if (entry) {
		main = { kind: 'listEntry', id: entry[2], listId: entry[1] };
		rest = entry[3];
	} else if (record && V2_KINDS[record[1]]) {
		main = { kind: V2_KINDS[record[1]], id: record[2] };
		rest = record[3];
	}
	if (!main) return undefined;
	// A field of the record (GET …/fields/field-12): user-made fields are the ones v1 creates.
	const field = /^\/fields\/(field-\d+)(\/|$)/.exec(rest ?? '');
	return {
		main,
		whole: !rest,
		field: field ? { kind: 'field', id: field[1] } : undefined,
	};
}

/**
 * The API v1 read of the record (GET /organizations/{organization_id}, /lists/{list_id}/list-entries/
 * {list_entry_id}, /interactions/{id}?type=0, …), which sees a write at once; none for a field:
 * v1's GET /fields lags a created field itself.
 */
export function v1ReadPath(ref: RecordRef): string | undefined {
	switch (ref.kind) {
		case 'listEntry':
			return ref.listId ? `/lists/${ref.listId}/list-entries/${ref.id}` : undefined;
		case 'interaction':
			return `/interactions/${ref.id}?type=0`;
		case 'field':
			return undefined;
		default: {
			const collection = Object.keys(V1_KINDS).find((c) => V1_KINDS[c] === ref.kind);
			return collection ? `/${collection}/${ref.id}` : undefined;
		}
	}
}

const idOf = (value: unknown): string | undefined =>
	typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))
		? String(value)
		: undefined;

const listOf = (value: unknown): IDataObject[] =>
	Array.isArray(value) ? value.filter((v): v is IDataObject => !!v && typeof v === 'object') : [];

/**
 * The records a write answered 2xx changed: the record its path names (PUT, POST or DELETE
 * /organizations/{organization_id}, /v2/notes/{noteId}, …), or the one a POST to a collection
 * created (its id in the answer), with what v1's creates make besides: an opportunity's list
 * entry (`list_entries`), an interaction's note (`notes`), each uploaded file (`entity_files`).
 */
export function writtenBy(
	api: 'v1' | 'v2',
	method: string,
	pathAndQuery: string,
	answer: unknown,
): Array<{ ref: RecordRef; change: Change; entityId?: string }> {
	const [path, query] = pathAndQuery.split('?');
	const body = (answer && typeof answer === 'object' ? answer : {}) as IDataObject;
	const change: Change = method === 'DELETE' ? 'deleted' : 'updated';
	const created = (ref: RecordRef | undefined) =>
		ref ? [{ ref, change: 'created' as Change }] : [];
	const entryPath = /^(?:\/v2)?\/lists\/(\d+)\/list-entries(?:\/(\d+))?$/.exec(path);
	if (entryPath) {
		if (entryPath[2])
			return [{ ref: { kind: 'listEntry', id: entryPath[2], listId: entryPath[1] }, change }];
		const id = idOf(body.id);
		// Its record: v1's `entity_id`, v2's `entity.id` (ListEntryWithEntity).
		const entityId = idOf(body.entity_id) ?? idOf((body.entity as IDataObject | undefined)?.id);
		return method === 'POST' && id
			? [{ ref: { kind: 'listEntry', id, listId: entryPath[1] }, change: 'created', entityId }]
			: [];
	}
	const kinds = api === 'v2' ? V2_KINDS : V1_KINDS;
	const match = (api === 'v2' ? /^\/v2\/([a-z-]+)(?:\/(\d+))?$/ : /^\/([a-z-]+)(?:\/(\d+))?$/).exec(
		path,
	);
	const kind = match && kinds[match[1]];
	if (!match || !kind) return [];
	// v1 interactions are of a type (the answer's, or DELETE's `type`); v2 reads meetings by id.
	if (
		api === 'v1' &&
		kind === 'interaction' &&
		String(body.type ?? new URLSearchParams(query ?? '').get('type')) !== '0'
	)
		return (Array.isArray(body.notes) ? body.notes : []).flatMap((note) =>
			idOf(note)
				? [
						{
							ref: { kind: 'note' as const, id: idOf(note)! },
							change: match[2] ? change : 'created',
						},
					]
				: [],
		);
	const fieldId = (id: string) => (kind === 'field' ? `field-${id}` : id);
	if (match[2]) {
		const written = [{ ref: { kind, id: fieldId(match[2]) }, change }];
		// v1 PUT /interactions/{id} may add the note of its content.
		for (const note of Array.isArray(body.notes) ? body.notes : [])
			if (idOf(note)) written.push({ ref: { kind: 'note', id: idOf(note)! }, change });
		return written;
	}
	if (method !== 'POST') return [];
	if (kind === 'file')
		return listOf(body.entity_files).flatMap((f) =>
			created(idOf(f.id) ? { kind: 'file', id: idOf(f.id)! } : undefined),
		);
	const id = idOf(body.id);
	if (!id) return [];
	const out: Array<{ ref: RecordRef; change: Change; entityId?: string }> = created({
		kind,
		id: fieldId(id),
	});
	for (const entry of listOf(body.list_entries))
		if (idOf(entry.id) && idOf(entry.list_id))
			out.push({
				ref: { kind: 'listEntry', id: idOf(entry.id)!, listId: idOf(entry.list_id) },
				change: 'created',
				entityId: idOf(entry.entity_id),
			});
	for (const note of Array.isArray(body.notes) ? body.notes : [])
		out.push(...created(idOf(note) ? { kind: 'note', id: idOf(note)! } : undefined));
	return out;
}

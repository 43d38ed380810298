/**
 * What API v1 documents of the endpoints the node calls (affinity-v1-docs.md: each endpoint's
 * path, method, payload parameters and example response). v1 has no machine-readable
 * description, so each endpoint is a row here: its path template, the body keys it takes, and
 * the keys its documented answer has. The node's v1 exchanges are checked against it.
 */
import type { Exchange } from '../../emulator';

export interface V1Endpoint {
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	/** As documented, with `{name}` for path parameters: `/lists/{list_id}/list-entries`. */
	path: string;
	/** Payload parameters the endpoint documents; a body key outside them is a mistake. */
	bodyKeys?: readonly string[];
	/** Payload parameters documented as required. */
	requiredBodyKeys?: readonly string[];
	/** Keys of the documented success answer (an object); checked on 2xx answers. */
	responseKeys?: readonly string[];
	/** Documented success status (200 unless said). */
	status?: number;
}

/** Rows are added by area, each block citing the doc section it comes from. */
export const V1_ENDPOINTS: V1Endpoint[] = [
	// List Entries: "Create a New List Entry", "Delete a Specific List Entry".
	{
		method: 'POST',
		path: '/lists/{list_id}/list-entries',
		bodyKeys: ['entity_id', 'creator_id'],
		requiredBodyKeys: ['entity_id'],
		responseKeys: ['id', 'list_id', 'creator_id', 'entity_id', 'entity', 'created_at'],
	},
	{
		method: 'DELETE',
		path: '/lists/{list_id}/list-entries/{list_entry_id}',
		responseKeys: ['success'],
	},
	// "Get a Specific List Entry": read (as those of notes, reminders and interactions below) when
	// API v2 answers 404 for a record by id: v1 sees a write at once, so it tells a record v2
	// does not show yet from one that does not exist.
	{
		method: 'GET',
		path: '/lists/{list_id}/list-entries/{list_entry_id}',
		responseKeys: ['id', 'list_id', 'creator_id', 'entity_id', 'created_at', 'entity'],
	},
	// Organizations: "Get a Specific Organization", "Create a New Organization", "Update an
	// Organization", "Delete an Organization". Live answers also carry crunchbase_uuid (null).
	{
		method: 'GET',
		path: '/organizations/{organization_id}',
		responseKeys: [
			'id',
			'name',
			'domain',
			'domains',
			'crunchbase_uuid',
			'global',
			'person_ids',
			'list_entries',
		],
	},
	{
		method: 'POST',
		path: '/organizations',
		bodyKeys: ['name', 'domain', 'person_ids'],
		requiredBodyKeys: ['name'],
		responseKeys: ['id', 'name', 'domain', 'domains', 'crunchbase_uuid', 'global', 'person_ids'],
	},
	{
		method: 'PUT',
		path: '/organizations/{organization_id}',
		bodyKeys: ['name', 'domain', 'person_ids'],
		responseKeys: ['id', 'name', 'domain', 'domains', 'crunchbase_uuid', 'global', 'person_ids'],
	},
	{ method: 'DELETE', path: '/organizations/{organization_id}', responseKeys: ['success'] },
	// Persons: "Get a Specific Person", "Update a person".
	{
		method: 'GET',
		path: '/persons/{person_id}',
		responseKeys: [
			'id',
			'type',
			'first_name',
			'last_name',
			'primary_email',
			'emails',
			'organization_ids',
			'list_entries',
		],
	},
	{
		method: 'PUT',
		path: '/persons/{person_id}',
		bodyKeys: ['first_name', 'last_name', 'emails', 'organization_ids'],
		responseKeys: [
			'id',
			'type',
			'first_name',
			'last_name',
			'primary_email',
			'emails',
			'organization_ids',
		],
	},
	// Opportunities: Get a Specific Opportunity, Create a New Opportunity, Update an Opportunity,
	// Delete an Opportunity.
	{
		method: 'GET',
		path: '/opportunities/{opportunity_id}',
		responseKeys: ['id', 'name', 'person_ids', 'organization_ids', 'list_entries'],
	},
	{
		method: 'POST',
		path: '/opportunities',
		bodyKeys: ['name', 'list_id', 'person_ids', 'organization_ids'],
		requiredBodyKeys: ['name', 'list_id'],
		responseKeys: ['id', 'name', 'list_entries'],
	},
	{
		method: 'PUT',
		path: '/opportunities/{opportunity_id}',
		bodyKeys: ['name', 'person_ids', 'organization_ids'],
		responseKeys: ['id', 'name', 'person_ids', 'organization_ids', 'list_entries'],
	},
	{ method: 'DELETE', path: '/opportunities/{opportunity_id}', responseKeys: ['success'] },
	// Fields: Create Field, Delete a Field.
	{
		method: 'POST',
		path: '/fields',
		bodyKeys: [
			'name',
			'entity_type',
			'value_type',
			'list_id',
			'allows_multiple',
			'is_list_specific',
			'is_required',
		],
		requiredBodyKeys: ['name', 'entity_type', 'value_type'],
		responseKeys: [
			'id',
			'name',
			'list_id',
			'enrichment_source',
			'value_type',
			'allows_multiple',
			'track_changes',
			'dropdown_options',
		],
	},
	{ method: 'DELETE', path: '/fields/{field_id}', responseKeys: ['success'] },
	// Reminders: Get a Specific Reminder, Update a Reminder (The Reminder Resource for the answers).
	{
		method: 'GET',
		path: '/reminders/{reminder_id}',
		responseKeys: [
			'id',
			'type',
			'created_at',
			'completed_at',
			'content',
			'due_date',
			'reset_type',
			'reminder_days',
			'status',
			'creator',
			'owner',
			'completer',
			'person',
			'organization',
			'opportunity',
		],
	},
	{
		method: 'PUT',
		path: '/reminders/{reminder_id}',
		bodyKeys: [
			'owner_id',
			'content',
			'type',
			'reset_type',
			'due_date',
			'reminder_days',
			'is_completed',
		],
		responseKeys: [
			'id',
			'type',
			'created_at',
			'completed_at',
			'content',
			'due_date',
			'reset_type',
			'reminder_days',
			'status',
			'creator',
			'owner',
			'completer',
			'person',
			'organization',
			'opportunity',
		],
	},
	// Interactions: Create a New Interaction, Update an Interaction, Delete an Interaction.
	{
		method: 'POST',
		path: '/interactions',
		bodyKeys: ['type', 'person_ids', 'content', 'direction', 'date'],
		requiredBodyKeys: ['type', 'person_ids', 'content', 'date'],
		responseKeys: ['id', 'type', 'date', 'persons', 'notes', 'manual_creator_id'],
	},
	{
		method: 'PUT',
		path: '/interactions/{id}',
		bodyKeys: ['type', 'person_ids', 'content', 'date'],
		requiredBodyKeys: ['type', 'person_ids'],
		responseKeys: ['id', 'type', 'date', 'persons', 'notes', 'manual_creator_id'],
	},
	{ method: 'DELETE', path: '/interactions/{id}', responseKeys: ['success'] },
	// Interactions: Get a Specific Interaction (with its `type`).
	{
		method: 'GET',
		path: '/interactions/{id}',
		responseKeys: ['id', 'type', 'date', 'persons', 'notes', 'manual_creator_id'],
	},
	// Notes: Get a Specific Note (The Note Resource).
	{
		method: 'GET',
		path: '/notes/{note_id}',
		responseKeys: [
			'id',
			'creator_id',
			'person_ids',
			'associated_person_ids',
			'interaction_person_ids',
			'interaction_id',
			'interaction_type',
			'is_meeting',
			'mentioned_person_ids',
			'organization_ids',
			'opportunity_ids',
			'parent_id',
			'content',
			'type',
			'created_at',
			'updated_at',
		],
	},
	// Entity Files: Upload Files (form data: `file` or `files[]` as the examples send them, and
	// one entity id), Get All Files (of one entity: person_id, organization_id or
	// opportunity_id; page_size and page_token), Get a Specific File, Download File (a redirect
	// to the file's location).
	{
		method: 'POST',
		path: '/entity-files',
		bodyKeys: ['file', 'files[]', 'person_id', 'organization_id', 'opportunity_id'],
		responseKeys: ['success'],
	},
	{ method: 'GET', path: '/entity-files', responseKeys: ['entity_files', 'next_page_token'] },
	{
		method: 'GET',
		path: '/entity-files/{entity_file_id}',
		responseKeys: [
			'id',
			'name',
			'size',
			'person_id',
			'organization_id',
			'opportunity_id',
			'uploader_id',
			'created_at',
		],
	},
	{ method: 'GET', path: '/entity-files/download/{entity_file_id}', status: 302 },
];

function templateRegex(path: string): RegExp {
	return new RegExp('^' + path.replace(/\{[a-z_]+\}/g, '[^/]+') + '/?$');
}

export function v1EndpointOf(method: string, path: string): V1Endpoint | undefined {
	return V1_ENDPOINTS.find((e) => e.method === method && templateRegex(e.path).test(path));
}

/** What is wrong with one v1 exchange, or undefined when it conforms to the documentation. */
export function v1NonConformance(exchange: Exchange): string | undefined {
	const { method, path, status } = exchange;
	const where = `v1 ${method} ${path}${exchange.query} (${status})`;
	const endpoint = v1EndpointOf(method, path);
	if (!endpoint) return `${where}: no such v1 endpoint among those the node may call`;
	const body = exchange.requestBody;
	if (body !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body)) {
		const keys = Object.keys(body);
		const unknown = keys.filter((k) => !(endpoint.bodyKeys ?? []).includes(k));
		if (unknown.length) return `${where}: body keys not documented: ${unknown.join(', ')}`;
		const missing = (endpoint.requiredBodyKeys ?? []).filter((k) => !keys.includes(k));
		if (missing.length) return `${where}: required body keys missing: ${missing.join(', ')}`;
	}
	if (status >= 200 && status < 300) {
		if (status !== (endpoint.status ?? 200)) return `${where}: status not documented`;
		const answer = exchange.responseBody;
		if (endpoint.responseKeys) {
			if (!answer || typeof answer !== 'object' || Array.isArray(answer))
				return `${where}: answer is not an object`;
			const missing = endpoint.responseKeys.filter((k) => !(k in answer));
			if (missing.length) return `${where}: answer lacks documented keys: ${missing.join(', ')}`;
		}
	}
	return undefined;
}

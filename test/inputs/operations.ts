import type { IDataObject } from 'n8n-workflow';

import { SEEDED_USERS } from '../../emulator/seed';
import { resources } from '../../nodes/AffinityV2/actions/resources';
import type { EmulatorFixture } from '../harness/emulator';
import type { RunOptions } from '../../testkit/engine';
import { TARGET_ACCOUNTS } from '../harness/ids';

export { TARGET_ACCOUNTS };
/** The first entry of Target Accounts (company 3000001), seeded beyond int32. */
export const ENTRY = 2147483540;
export const HOT_ACCOUNTS_VIEW = 503;
export const NOTE = 400001;
export const TRANSCRIPT = 801;
export const TASK_ID = '123e4567-e89b-12d3-a456-426614174000';

export const byId = (value: unknown) => ({ __rl: true, mode: 'id', value });
export const byUrl = (value: string) => ({ __rl: true, mode: 'url', value });

/** Ids the valid parameters need that are not fixed by the seed. */
export interface Seeded {
	notesField: string;
	/** Target Accounts' Stage (a dropdown list field) and its first option. */
	stageField: string;
	stageOption: number;
	/** Reads of the 2026-07-15 edition: a meeting, a company and a person with relationships, a company with inferred connections. */
	meetingId: number;
	relatedCompanyId: number;
	relatedPersonId: number;
	connectedCompanyId: number;
	/** A URL that answers Affinity's webhook test delivery (the emulator's sink). */
	webhookUrl: string;
	/** A company the team created (not global): one API v1 may rename and delete. */
	ownCompanyId: number;
}

export async function seeded(fixture: EmulatorFixture): Promise<Seeded> {
	const fields = fixture.emulator.store.lists.get(TARGET_ACCOUNTS)?.fields ?? [];
	const notes = fields.find((f) => f.name === 'Notes');
	const stage = fields.find((f) => f.name === 'Stage');
	if (!notes || !stage?.dropdownOptions?.length)
		throw new Error('no Notes or Stage field on Target Accounts');
	const { store } = fixture.emulator;
	const meeting = [...store.interactions.values()].find((i) => i.type === 'meeting');
	const related = store.relationships[0];
	const connected = store.inferredTargets.find((t) => t.kind === 'coworker');
	if (!meeting || !related || !connected)
		throw new Error('no seeded meeting, relationship or inferred connection');
	const own = [...store.companies.values()].find((c) => !c.isGlobal && c.id > 3000010);
	if (!own) throw new Error('no seeded company of the team');
	return {
		ownCompanyId: own.id,
		notesField: notes.id,
		stageField: stage.id,
		stageOption: stage.dropdownOptions[0].id,
		meetingId: meeting.id,
		relatedCompanyId: related.companyIds[0],
		relatedPersonId: related.personIds[1],
		connectedCompanyId: connected.currentCompanyId,
		webhookUrl: `${fixture.baseUrl}/_emulator/webhook-sink`,
	};
}

/**
 * Valid parameters of every operation of the action node, each answering with a success on
 * the seeded emulator (merge.get needs a merge first: startMerge). Kept complete by a test.
 */
export function validParameters(s: Seeded): Record<string, IDataObject> {
	const few = { returnAll: false, limit: 2 };
	const list = { listId: byId(String(TARGET_ACCOUNTS)) };
	const entry = { ...list, listEntryId: byId(String(ENTRY)) };
	return {
		'company.get': { companyId: byId('3000001') },
		'company.getAll': { ...few },
		'company.search': { term: 'north', ...few },
		'company.getLists': { companyId: byId('3000001'), ...few },
		'company.getListEntries': { companyId: byId('3000001'), ...few },
		'company.getFieldValues': { companyId: byId('3000001') },
		'company.getFieldValue': { companyId: byId('3000001'), fieldId: 'field-1003' },
		'company.updateFieldValue': {
			companyId: byId('3000001'),
			fieldId: 'field-1002|text',
			textValue: 'valid',
		},
		'company.updateFieldValues': {
			companyId: byId('3000001'),
			inputMode: 'json',
			updatesJson: JSON.stringify([{ id: 'field-1002', value: { type: 'text', data: 'valid' } }]),
		},
		'dropdownOption.getAll': { entity: 'list', ...list, fieldId: s.stageField, ...few },
		'dropdownOption.get': { ...list, fieldId: s.stageField, dropdownOptionId: s.stageOption },
		'dropdownOption.create': {
			...list,
			fieldId: s.stageField,
			optionType: 'dropdown',
			text: 'Valid',
		},
		'dropdownOption.update': {
			...list,
			fieldId: s.stageField,
			dropdownOptionId: s.stageOption,
			optionType: 'dropdown',
			text: 'Valid',
		},
		'dropdownOption.delete': {
			...list,
			fieldId: s.stageField,
			dropdownOptionId: s.stageOption,
			confirmClearValues: true,
		},
		'company.semanticSearch': { prompt: 'robotics', limit: 2 },
		'file.search': { prompt: 'pricing', limit: 2 },
		'note.search': { prompt: 'roadmap', limit: 2 },
		'company.getNotes': { companyId: byId('3000001'), ...few },
		'company.getRelationships': { companyId: byId(String(s.relatedCompanyId)), ...few },
		'company.getInferredConnections': {
			companyId: byId(String(s.connectedCompanyId)),
			connectionType: 'coworkers',
			limit: 2,
		},
		'interaction.getAll': { interactionType: 'meeting', ...few },
		'interaction.get': { meetingId: String(s.meetingId) },
		'opportunity.getNotes': { opportunityId: byId('7000001'), ...few },
		'person.getLists': { personId: byId('5000007'), ...few },
		'person.getNotes': { personId: byId('5000007'), ...few },
		'person.getRelationships': { personId: byId(String(s.relatedPersonId)), ...few },
		'field.getAll': { entity: 'list', ...list, ...few },
		'list.getAll': { ...few },
		'list.getFields': { ...list },
		'list.get': { ...list },
		'list.getSavedViews': { ...list, ...few },
		'list.create': { name: 'Valid', type: 'company' },
		'listEntry.get': { ...entry },
		'listEntry.getAll': { ...list, ...few },
		'listEntry.search': { ...list, term: 'north', ...few },
		'listEntry.getAllInSavedView': { ...list, viewId: byId(String(HOT_ACCOUNTS_VIEW)), ...few },
		'listEntry.getFieldValues': { ...entry },
		'listEntry.getFieldValue': { ...entry, fieldId: s.notesField },
		'listEntry.updateFieldValue': { ...entry, fieldId: `${s.notesField}|text`, textValue: 'valid' },
		'listEntry.getFieldValueChanges': { ...entry, ...few },
		'fieldValueChange.getAll': { ...few },
		'listEntry.updateFieldValues': {
			...entry,
			inputMode: 'json',
			updatesJson: JSON.stringify([{ id: s.notesField, value: { type: 'text', data: 'valid' } }]),
		},
		'merge.start': {
			entityType: 'company',
			primaryCompanyId: byId('3000030'),
			duplicateCompanyId: byId('3000031'),
		},
		'merge.get': { entityType: 'company', mergeId: '1' },
		'merge.getAll': { entityType: 'company', ...few },
		'merge.getTask': { entityType: 'company', taskId: TASK_ID },
		'merge.getAllTasks': { entityType: 'company', ...few },
		'merge.getSuggestions': { entityType: 'company', ...few },
		'note.get': { noteId: byId(String(NOTE)) },
		'note.getAll': { ...few },
		'note.getReplies': { noteId: byId(String(NOTE)), ...few },
		'note.getAttachedCompanies': { noteId: byId(String(NOTE)), ...few },
		'note.getAttachedOpportunities': { noteId: byId(String(NOTE)), ...few },
		'note.getAttachedPersons': { noteId: byId(String(NOTE)), ...few },
		'note.create': {
			about: 'entities',
			content: 'valid',
			companies: { company: [{ company: byId('3000001') }] },
		},
		'note.update': { noteId: byId('400047'), content: 'valid' },
		'note.delete': { noteId: byId('400047') },
		'opportunity.get': { opportunityId: byId('7000001') },
		'opportunity.getAll': { ...few },
		'person.get': { personId: byId('5000007') },
		'person.getAll': { ...few },
		'person.search': { term: 'example', ...few },
		'person.getListEntries': { personId: byId('5000007'), ...few },
		'person.updateFieldValue': {
			personId: byId('5000007'),
			fieldId: 'field-1014|text',
			textValue: 'valid',
		},
		'person.updateFieldValues': {
			personId: byId('5000007'),
			inputMode: 'json',
			updatesJson: JSON.stringify([{ id: 'field-1014', value: { type: 'text', data: 'valid' } }]),
		},
		'person.getFieldValues': { personId: byId('5000007') },
		'person.getFieldValue': { personId: byId('5000007'), fieldId: 'field-1014' },
		'person.create': { firstName: 'Valid', email: 'valid@example.com' },
		'person.delete': { personId: byId('5000150') },
		'rateLimit.get': {},
		'reminder.create': {
			type: 'one-time',
			dueDate: '2030-01-02T09:00:00Z',
			owner: byId('5000001'),
			about: { company: byId('3000001') },
		},
		'reminder.get': { reminderId: '1' },
		'reminder.getAll': { ...few },
		'reminder.delete': { reminderId: '1' },
		'transcript.get': { transcriptId: byId(String(TRANSCRIPT)) },
		'transcript.getAll': { ...few },
		'transcript.getFragments': { transcriptId: byId(String(TRANSCRIPT)), ...few },
		// 2026-09-17 (operationApiVersion): the admin's own transcript, teams and v2 files.
		'transcript.delete': { transcriptId: byId(String(TRANSCRIPT)) },
		'team.get': { teamId: '1' },
		'team.getAll': { ...few },
		'file.get': { fileId: '1' },
		'file.getAll': { ...few },
		'user.get': { userId: String(SEEDED_USERS.admin) },
		'user.getAll': { ...few },
		'webhook.create': { url: s.webhookUrl, subscriptions: ['list_entry.created'] },
		'webhook.get': { webhookId: '1' },
		'webhook.getAll': { ...few },
		'webhook.update': { webhookId: '1', updateFields: { status: 'disabled' } },
		'webhook.delete': { webhookId: '1' },
		// API v1 writes (list entries, companies, persons).
		'listEntry.add': { ...list, entityType: 'company', companyId: byId('3000005') },
		'listEntry.remove': { ...entry },
		'listEntry.upsert': {
			...list,
			matchOn: 'domain',
			// A seeded company that is not on the list: found, then added (the API v1 write).
			domain: 'meridianai15.example.com',
			columns: {
				mappingMode: 'defineBelow',
				value: {},
				matchingColumns: [],
				schema: [],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		},
		'company.create': { name: 'Valid Co', domain: 'valid.example' },
		'company.update': { companyId: byId(String(s.ownCompanyId)), updateFields: { name: 'Valid' } },
		'company.delete': { companyId: byId(String(s.ownCompanyId)) },
		'company.findOrCreate': { domain: 'valid.example', name: 'Valid Co' },
		'person.update': { personId: byId('5000150'), updateFields: { firstName: 'Valid' } },
		'person.findOrCreate': { email: 'valid@example.com', firstName: 'Valid' },
		// API v1 writes: opportunities, fields, reminder updates.
		'opportunity.create': {
			name: 'Valid',
			listId: byId('101'),
			persons: { person: [{ person: byId('5000101') }] },
			companies: { company: [{ company: byId('3000001') }] },
		},
		'opportunity.update': { opportunityId: byId('7000001'), name: 'Valid' },
		'opportunity.delete': { opportunityId: byId('7000002') },
		'field.create': {
			name: 'Valid',
			entityType: 'company',
			scope: 'list',
			listId: byId(String(TARGET_ACCOUNTS)),
			valueType: 'text',
		},
		'field.delete': { fieldId: s.notesField },
		'reminder.update': { reminderId: '1', updateFields: { content: 'Valid' } },
		// API v1 interactions and entity files (user 5000001, the admin, is a team member).
		'interaction.create': {
			interactionType: 'meeting',
			persons: { person: [{ person: byId('5000001') }, { person: byId('5000007') }] },
			date: '2026-03-10T09:30:00',
			content: 'valid',
		},
		'interaction.update': {
			interactionId: String(s.meetingId),
			interactionType: 'meeting',
			persons: { person: [{ person: byId('5000001') }] },
		},
		'interaction.delete': { interactionId: String(s.meetingId), interactionType: 'meeting' },
		'file.upload': {
			entityType: 'company',
			companyId: byId('3000001'),
			binaryPropertyName: 'data',
		},
		'file.download': { fileId: '1' },
		'file.getAllForRecord': { entityType: 'company', companyId: byId('3000001'), ...few },
	};
}

/** Input files an operation needs (file.upload reads the item's binary field "data"). */
export function validInputFiles(operation: string): RunOptions['binary'] {
	if (operation !== 'file.upload') return undefined;
	return [{ data: { base64: Buffer.from('valid').toString('base64'), fileName: 'valid.txt' } }];
}

/**
 * The API Version a credential needs for an operation to succeed: 2026-09-17 for those built
 * only on its endpoints (Team, File → Get, …), else '' (the key's default).
 */
export function operationApiVersion(name: string): string {
	const [resource, operation] = name.split('.');
	const endpoints = resources[resource]?.operations[operation]?.endpoint ?? [];
	return endpoints.length > 0 && endpoints.every((e) => e.since === '2026-09-17')
		? '2026-09-17'
		: '';
}

/** Every operation of the node, as resource.operation. */
export function allOperations(): string[] {
	return Object.entries(resources).flatMap(([resource, module]) =>
		Object.keys(module.operations).map((op) => `${resource}.${op}`),
	);
}

export function nodeParameters(name: string, parameters: IDataObject): IDataObject {
	const [resource, operation] = name.split('.');
	return { resource, operation, ...parameters };
}

/** Starts a company merge (the emulator's first is merge 1), once; returns its task id. */
export async function startMerge(fixture: EmulatorFixture): Promise<string> {
	const existing = await fixture.api<{ data: Array<{ taskId: string }> }>('/v2/company-merges');
	if (existing.body.data.length) return existing.body.data[0].taskId;
	const res = await fixture.api<{ taskUrl: string }>('/v2/company-merges', undefined, {
		method: 'POST',
		body: { primaryCompanyId: 3000040, duplicateCompanyId: 3000041 },
	});
	if (res.status !== 202) throw new Error(`merge: ${res.status}`);
	return res.body.taskUrl.split('/').pop() as string;
}

/**
 * The valid parameters of an operation, with what they need in the emulator: the merge reads
 * need a merge to read (merge 1, and its task). Clears the request log after.
 */
export async function prepare(
	fixture: EmulatorFixture,
	s: Seeded,
	operation: string,
): Promise<IDataObject> {
	const parameters = validParameters(s)[operation];
	if (operation.startsWith('webhook.') && operation !== 'webhook.create') {
		// The webhook reads and writes need a webhook: the emulator's first is webhook 1.
		if (!(await fixture.api<{ data: unknown[] }>('/v2/webhooks')).body.data.length) {
			await fixture.api('/v2/webhooks', undefined, {
				method: 'POST',
				body: { url: `${s.webhookUrl}?for=${operation}`, subscriptions: [] },
			});
		}
		await fixture.clearRequests();
		return parameters;
	}
	if (operation.startsWith('merge.') && operation !== 'merge.start') {
		const taskId = await startMerge(fixture);
		await fixture.clearRequests();
		return operation === 'merge.getTask' ? { ...parameters, taskId } : parameters;
	}
	return parameters;
}

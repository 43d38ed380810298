import type { IDataObject } from 'n8n-workflow';

import {
	byId,
	needs,
	records,
	skip,
	SMALL,
	type Answer,
	type DirectCall,
	type Entity,
	type Found,
	type Runs,
} from './plan';

/**
 * The read plan: one case per read operation of the node, in the order they run. Each case
 * says how to run the operation with ids the account's own earlier answers gave (`finds`), so
 * no id is hard-coded and every account can be checked. An operation of the node without a
 * case here is reported as "not covered".
 */
export interface ReadCase {
	operation: string;
	/** Reads the check makes itself before the runs (ids no node read operation gives). */
	discover?: (call: DirectCall, found: Found) => Promise<void>;
	runs: (found: Found) => Runs;
	/** What the raw answers make known to later cases. */
	finds?: (answers: Answer[], found: Found) => void;
}

const first = (items: Entity[]) => items[0]?.id;
const id = (found: Found, name: string) => found[name] as string | number;
const LISTS_TRIED = 3;

/** Remembers the first id of the answers' records under `name`. */
const firstRecord =
	(name: string, path?: RegExp) =>
	(answers: Answer[], found: Found): void => {
		found[name] ??= first(records(answers, path));
	};

const entityReads = (resource: 'company' | 'person', idName: string, field: string): ReadCase[] => {
	const locator = `${resource}Id`;
	const what = resource === 'company' ? 'company' : 'person';
	const one = (operation: string, extra: IDataObject = {}): ReadCase => ({
		operation: `${resource}.${operation}`,
		runs: (found) =>
			needs(found, { [idName]: what }, () => [
				{ resource, operation, [locator]: byId(id(found, idName)), ...extra },
			]),
	});
	return [
		{
			operation: `${resource}.getAll`,
			runs: () => [{ resource, operation: 'getAll', ...SMALL }],
			finds: firstRecord(idName),
		},
		one('get'),
		one('getFieldValues'),
		{
			operation: `${resource}.getFieldValue`,
			runs: (found) =>
				needs(found, { [idName]: what, [field]: `${what} field` }, () => [
					{
						resource,
						operation: 'getFieldValue',
						[locator]: byId(id(found, idName)),
						fieldId: String(found[field]),
					},
				]),
		},
		one('getLists', SMALL),
		one('getListEntries', SMALL),
		one('getNotes', SMALL),
		one('getRelationships', SMALL),
		{
			operation: `${resource}.search`,
			runs: () => [{ resource, operation: 'search', ...SMALL }],
		},
	];
};

export const READS: ReadCase[] = [
	{ operation: 'rateLimit.get', runs: () => [{ resource: 'rateLimit', operation: 'get' }] },
	{
		operation: 'user.getAll',
		runs: () => [{ resource: 'user', operation: 'getAll', ...SMALL }],
		finds: firstRecord('userId'),
	},
	{
		operation: 'user.get',
		runs: (found) =>
			needs(found, { userId: 'user' }, () => [
				{ resource: 'user', operation: 'get', userId: String(found.userId) },
			]),
	},
	{
		operation: 'list.getAll',
		runs: () => [{ resource: 'list', operation: 'getAll', returnAll: false, limit: 10 }],
		finds: (answers, found) => {
			found.lists = records(answers).slice(0, LISTS_TRIED);
			found.listId = first(records(answers));
		},
	},
	{
		operation: 'list.get',
		runs: (found) =>
			needs(found, { listId: 'list' }, () => [
				{ resource: 'list', operation: 'get', listId: byId(id(found, 'listId')) },
			]),
	},
	{
		operation: 'list.getFields',
		runs: (found) =>
			needs(found, { listId: 'list' }, () =>
				(found.lists as Entity[]).map((list) => ({
					resource: 'list',
					operation: 'getFields',
					listId: byId(list.id),
				})),
			),
		finds: (answers, found) => {
			const byList: Record<string, Entity[]> = {};
			for (const answer of answers) {
				const listId = /\/v2\/lists\/(\d+)\/fields/.exec(answer.path)?.[1];
				if (listId) (byList[listId] ??= []).push(...records([answer]));
			}
			found.fieldsByList = byList;
			for (const [listId, fields] of Object.entries(byList)) {
				const dropdown = fields.find(
					(f) => /dropdown/.test(String(f.valueType)) && f.type === 'list',
				);
				if (dropdown && found.dropdownFieldId === undefined) {
					found.dropdownListId = listId;
					found.dropdownFieldId = dropdown.id;
				}
			}
		},
	},
	{
		operation: 'listEntry.getAll',
		runs: (found) =>
			needs(found, { listId: 'list' }, () =>
				(found.lists as Entity[]).map((list) => ({
					resource: 'listEntry',
					operation: 'getAll',
					listId: byId(list.id),
					...SMALL,
				})),
			),
		finds: (answers, found) => {
			for (const answer of answers) {
				const entry = records([answer])[0];
				const listId = /\/v2\/lists\/(\d+)\//.exec(answer.path)?.[1];
				if (entry && listId && found.listEntryId === undefined) {
					found.listEntryId = entry.id;
					found.entryListId = listId;
				}
			}
		},
	},
	...(['get', 'getFieldValues', 'getFieldValueChanges'] as const).map(
		(operation): ReadCase => ({
			operation: `listEntry.${operation}`,
			runs: (found) =>
				needs(found, { listEntryId: 'list entry' }, () => [
					{
						resource: 'listEntry',
						operation,
						listId: byId(id(found, 'entryListId')),
						listEntryId: byId(id(found, 'listEntryId')),
						...(operation === 'getFieldValueChanges' ? SMALL : {}),
					},
				]),
		}),
	),
	{
		operation: 'listEntry.getFieldValue',
		runs: (found) => {
			const fields = (found.fieldsByList as Record<string, Entity[]> | undefined)?.[
				String(found.entryListId)
			];
			if (!fields?.length) return skip('no list entry with a field found to read');
			return [
				{
					resource: 'listEntry',
					operation: 'getFieldValue',
					listId: byId(id(found, 'entryListId')),
					listEntryId: byId(id(found, 'listEntryId')),
					fieldId: String(fields[0].id),
				},
			];
		},
	},
	{
		operation: 'listEntry.search',
		runs: (found) =>
			needs(found, { listId: 'list' }, () => [
				{
					resource: 'listEntry',
					operation: 'search',
					listId: byId(id(found, 'entryListId') ?? id(found, 'listId')),
					...SMALL,
				},
			]),
	},
	{
		operation: 'list.getSavedViews',
		runs: (found) =>
			needs(found, { listId: 'list' }, () =>
				(found.lists as Entity[]).map((list) => ({
					resource: 'list',
					operation: 'getSavedViews',
					listId: byId(list.id),
					...SMALL,
				})),
			),
		// A view whose entries can be read: Affinity serves those of sheet views only.
		finds: (answers, found) => {
			for (const answer of answers) {
				const listId = /\/v2\/lists\/(\d+)\/saved-views/.exec(answer.path)?.[1];
				const views = records([answer]);
				const view = views.find((v) => v.type === 'sheet') ?? views[0];
				if (listId && view && found.viewId === undefined) {
					found.viewId = view.id;
					found.viewListId = listId;
				}
			}
		},
	},
	{
		operation: 'listEntry.getAllInSavedView',
		runs: (found) =>
			needs(found, { viewId: 'saved view' }, () => [
				{
					resource: 'listEntry',
					operation: 'getAllInSavedView',
					listId: byId(id(found, 'viewListId')),
					viewId: byId(id(found, 'viewId')),
					...SMALL,
				},
			]),
	},
	{
		operation: 'field.getAll',
		runs: (found) => [
			{ resource: 'field', operation: 'getAll', entity: 'company', returnAll: false, limit: 20 },
			{ resource: 'field', operation: 'getAll', entity: 'person', returnAll: false, limit: 20 },
			...(found.listId === undefined
				? []
				: [
						{
							resource: 'field',
							operation: 'getAll',
							entity: 'list',
							listId: byId(id(found, 'listId')),
							...SMALL,
						},
					]),
		],
		finds: (answers, found) => {
			found.companyFieldId = first(records(answers, /^\/v2\/companies\/fields/));
			found.personFieldId = first(records(answers, /^\/v2\/persons\/fields/));
		},
	},
	...entityReads('company', 'companyId', 'companyFieldId'),
	{
		operation: 'company.getInferredConnections',
		runs: (found) =>
			needs(found, { companyId: 'company' }, () => [
				{
					resource: 'company',
					operation: 'getInferredConnections',
					companyId: byId(id(found, 'companyId')),
					...SMALL,
				},
			]),
	},
	{
		operation: 'company.semanticSearch',
		runs: () => [
			{ resource: 'company', operation: 'semanticSearch', prompt: 'software company', limit: 3 },
		],
	},
	...entityReads('person', 'personId', 'personFieldId'),
	{
		operation: 'opportunity.getAll',
		runs: () => [{ resource: 'opportunity', operation: 'getAll', ...SMALL }],
		finds: firstRecord('opportunityId'),
	},
	...(['get', 'getNotes'] as const).map(
		(operation): ReadCase => ({
			operation: `opportunity.${operation}`,
			runs: (found) =>
				needs(found, { opportunityId: 'opportunity' }, () => [
					{
						resource: 'opportunity',
						operation,
						opportunityId: byId(id(found, 'opportunityId')),
						...(operation === 'getNotes' ? SMALL : {}),
					},
				]),
		}),
	),
	{
		operation: 'fieldValueChange.getAll',
		runs: () => [{ resource: 'fieldValueChange', operation: 'getAll', ...SMALL }],
	},
	{
		operation: 'dropdownOption.getAll',
		runs: (found) =>
			needs(found, { dropdownFieldId: 'dropdown field of a list' }, () => [
				{
					resource: 'dropdownOption',
					operation: 'getAll',
					entity: 'list',
					listId: byId(id(found, 'dropdownListId')),
					fieldId: String(found.dropdownFieldId),
					...SMALL,
				},
			]),
		// Get Many also reads the list's fields (to pick the field's endpoint): the options' answer.
		finds: firstRecord('dropdownOptionId', /\/dropdown-options(\?|$)/),
	},
	{
		operation: 'dropdownOption.get',
		runs: (found) =>
			needs(found, { dropdownOptionId: 'dropdown option' }, () => [
				{
					resource: 'dropdownOption',
					operation: 'get',
					listId: byId(id(found, 'dropdownListId')),
					fieldId: String(found.dropdownFieldId),
					dropdownOptionId: found.dropdownOptionId as number,
				},
			]),
	},
	{
		operation: 'note.getAll',
		runs: () => [{ resource: 'note', operation: 'getAll', ...SMALL }],
		finds: firstRecord('noteId'),
	},
	...(
		[
			'get',
			'getReplies',
			'getAttachedCompanies',
			'getAttachedOpportunities',
			'getAttachedPersons',
		] as const
	).map(
		(operation): ReadCase => ({
			operation: `note.${operation}`,
			runs: (found) =>
				needs(found, { noteId: 'note' }, () => [
					{
						resource: 'note',
						operation,
						noteId: byId(id(found, 'noteId')),
						...(operation === 'get' ? {} : SMALL),
					},
				]),
		}),
	),
	{
		operation: 'note.search',
		runs: () => [{ resource: 'note', operation: 'search', prompt: 'meeting', limit: 3 }],
	},
	{
		operation: 'file.search',
		runs: () => [{ resource: 'file', operation: 'search', prompt: 'pricing deck', limit: 3 }],
		// Each result is {file: {id, name}, pageNumber, preview}.
		finds: (answers, found) => {
			const results = answers.flatMap(
				(a) =>
					((a.body as { data?: unknown[] } | undefined)?.data ?? []) as Array<{ file?: Entity }>,
			);
			found.fileId = results.find((r) => r?.file?.id !== undefined)?.file?.id;
		},
	},
	{
		// API v1: the file's metadata, then its bytes through the redirect to a signed link.
		operation: 'file.download',
		runs: (found) =>
			needs(found, { fileId: 'file' }, () => [
				{ resource: 'file', operation: 'download', fileId: String(found.fileId) },
			]),
	},
	{
		// API v1 GET /entity-files with organization_id: a company's files, paged.
		operation: 'file.getAllForRecord',
		runs: (found) =>
			needs(found, { companyId: 'company' }, () => [
				{
					resource: 'file',
					operation: 'getAllForRecord',
					entityType: 'company',
					companyId: byId(id(found, 'companyId')),
					...SMALL,
				},
			]),
	},
	// Files and teams are read through API v2 from edition 2026-09-17 on (skipped before it).
	{
		operation: 'file.getAll',
		runs: () => [{ resource: 'file', operation: 'getAll', ...SMALL }],
		finds: firstRecord('v2FileId', /^\/v2\/files/),
	},
	{
		operation: 'file.get',
		runs: (found) =>
			needs(found, { v2FileId: 'file' }, () => [
				{ resource: 'file', operation: 'get', fileId: String(found.v2FileId) },
			]),
	},
	{
		operation: 'team.getAll',
		runs: () => [{ resource: 'team', operation: 'getAll', ...SMALL }],
		finds: firstRecord('teamId', /^\/v2\/teams/),
	},
	{
		operation: 'team.get',
		runs: (found) =>
			needs(found, { teamId: 'team' }, () => [
				{ resource: 'team', operation: 'get', teamId: String(found.teamId) },
			]),
	},
	{
		operation: 'reminder.getAll',
		runs: () => [{ resource: 'reminder', operation: 'getAll', ...SMALL }],
		finds: firstRecord('reminderId'),
	},
	{
		operation: 'reminder.get',
		runs: (found) =>
			needs(found, { reminderId: 'reminder' }, () => [
				{ resource: 'reminder', operation: 'get', reminderId: String(found.reminderId) },
			]),
	},
	{
		operation: 'interaction.getAll',
		runs: () =>
			['meeting', 'call', 'email', 'chatMessage'].map((interactionType) => ({
				resource: 'interaction',
				operation: 'getAll',
				interactionType,
				...SMALL,
			})),
		finds: firstRecord('meetingId', /meetings/),
	},
	{
		operation: 'interaction.get',
		runs: (found) =>
			needs(found, { meetingId: 'meeting' }, () => [
				{ resource: 'interaction', operation: 'get', meetingId: String(found.meetingId) },
			]),
	},
	{
		operation: 'transcript.getAll',
		runs: () => [{ resource: 'transcript', operation: 'getAll', ...SMALL }],
		finds: firstRecord('transcriptId'),
	},
	...(['get', 'getFragments'] as const).map(
		(operation): ReadCase => ({
			operation: `transcript.${operation}`,
			runs: (found) =>
				needs(found, { transcriptId: 'transcript' }, () => [
					{
						resource: 'transcript',
						operation,
						transcriptId: byId(id(found, 'transcriptId')),
						...(operation === 'get' ? {} : SMALL),
					},
				]),
		}),
	),
	...(['getAll', 'getAllTasks'] as const).map(
		(operation): ReadCase => ({
			operation: `merge.${operation}`,
			runs: () =>
				['company', 'person'].map((entityType) => ({
					resource: 'merge',
					operation,
					entityType,
					...SMALL,
				})),
			finds: (answers, found) => {
				const name = operation === 'getAll' ? 'merge' : 'mergeTask';
				for (const entityType of ['company', 'person']) {
					const path = new RegExp(`${entityType}-merges`);
					const found1 = first(records(answers, path));
					if (found1 !== undefined && found[name] === undefined)
						found[name] = { id: found1, entityType };
				}
			},
		}),
	),
	{
		operation: 'merge.get',
		runs: (found) =>
			needs(found, { merge: 'merge' }, () => {
				const merge = found.merge as Entity;
				return [
					{
						resource: 'merge',
						operation: 'get',
						entityType: String(merge.entityType),
						mergeId: String(merge.id),
					},
				];
			}),
	},
	{
		operation: 'merge.getTask',
		runs: (found) =>
			needs(found, { mergeTask: 'merge task' }, () => {
				const task = found.mergeTask as Entity;
				return [
					{
						resource: 'merge',
						operation: 'getTask',
						entityType: String(task.entityType),
						taskId: String(task.id),
					},
				];
			}),
	},
	{
		operation: 'merge.getSuggestions',
		runs: () =>
			['company', 'person'].map((entityType) => ({
				resource: 'merge',
				operation: 'getSuggestions',
				entityType,
				...SMALL,
			})),
	},
	{
		operation: 'webhook.getAll',
		runs: () => [{ resource: 'webhook', operation: 'getAll', ...SMALL }],
		finds: firstRecord('webhookId'),
	},
	{
		operation: 'webhook.get',
		runs: (found) =>
			needs(found, { webhookId: 'webhook subscription' }, () => [
				{ resource: 'webhook', operation: 'get', webhookId: String(found.webhookId) },
			]),
	},
];

import type { IDataObject } from 'n8n-workflow';

import { binaryBytes } from '../../testkit/engine';
import { byId, skip, type Entity, type Id, type Runs } from './plan';
import {
	gone,
	has,
	lacks,
	made,
	marker,
	people,
	shows,
	type ReadBack,
	type Sandbox,
	type WriteStep,
} from './writeStep';

/**
 * The steps of the operations on API v1 (v2 cannot create or change these records), and the v2
 * writes that need a record only v1 makes (a company, an entry of a list). Their answers are
 * checked against v1's documented shape (conformance.ts), v2's read-backs against the schemas.
 */

/** v1 answers a field's id as a number; v2 (and the node's field pickers) name it field-N. */
const v2FieldId = (s: Sandbox, name: string) => `field-${made(s, name)}`;
export const dropdownFieldId = (s: Sandbox) => v2FieldId(s, 'dropdownField');

const companyDomain = (s: Sandbox) => `live-check-${s.runId}.example.com`;
const secondEmail = (s: Sandbox) => `live-check-${s.runId}-2@example.com`;

const needing = (s: Sandbox, names: Record<string, string>, runs: () => IDataObject[]): Runs => {
	const missing = Object.entries(names).filter(([name]) => !has(s, name));
	return missing.length
		? skip(`no ${missing.map(([, what]) => what).join(', ')} was made`)
		: runs();
};

/** The node's one output item of a run. */
const itemOf = (outputs: Array<{ items: IDataObject[] }>) => outputs[0]?.items[0];

/** A find-or-create found the check's record and did not create another. */
const foundExisting =
	(name: string) =>
	(outputs: Array<{ items: IDataObject[] }>, s: Sandbox): string | undefined => {
		const item = itemOf(outputs);
		if (item?.created !== false) return 'it created a record instead of finding the existing one';
		return String(item.id) === String(made(s, name))
			? undefined
			: 'it found another record than the one the check made';
	};

const removeCompany = (id: Id) => ({
	resource: 'company',
	operation: 'delete',
	companyId: byId(id),
});
const removePerson = (id: Id) => ({ resource: 'person', operation: 'delete', personId: byId(id) });

const readPerson: ReadBack['parameters'] = (s) => ({
	resource: 'person',
	operation: 'get',
	personId: byId(made(s, 'person')),
});
const readCompany: ReadBack['parameters'] = (s) => ({
	resource: 'company',
	operation: 'get',
	companyId: byId(made(s, 'company')),
});

export const PERSON_V1_STEPS: WriteStep[] = [
	{
		operation: 'person.update',
		runs: (s) =>
			needing(s, { person: 'person' }, () => [
				{
					resource: 'person',
					operation: 'update',
					personId: byId(made(s, 'person')),
					// Add reads the person first (GET /persons/{id}): v1 replaces the whole set.
					emailsChange: 'add',
					emails: secondEmail(s),
				},
			]),
		readBack: { parameters: readPerson, expect: shows(secondEmail) },
	},
	{
		operation: 'person.findOrCreate',
		runs: (s) =>
			needing(s, { person: 'person' }, () => [
				{
					resource: 'person',
					operation: 'findOrCreate',
					email: `live-check-${s.runId}@example.com`,
					firstName: 'Live check',
					lastName: s.runId,
				},
			]),
		// Created only when the search misses the check's person: removed then.
		makes: { name: 'foundPerson', from: /^\/v2\/persons$/, maybe: true, remove: removePerson },
		verify: foundExisting('person'),
	},
];

export const COMPANY_STEPS: WriteStep[] = [
	{
		operation: 'company.create',
		runs: (s) => [
			{
				resource: 'company',
				operation: 'create',
				name: marker(s.runId, 'company'),
				domain: companyDomain(s),
			},
		],
		makes: { name: 'company', from: /^\/organizations$/, remove: removeCompany },
		readBack: { parameters: readCompany, expect: shows((s) => marker(s.runId, 'company')) },
	},
	{
		operation: 'company.update',
		runs: (s) =>
			needing(s, { company: 'company', person: 'person' }, () => [
				{
					resource: 'company',
					operation: 'update',
					companyId: byId(made(s, 'company')),
					updateFields: { name: marker(s.runId, 'company updated') },
					// Add reads the company first (GET /organizations/{id}).
					peopleChange: 'add',
					personIds: String(made(s, 'person')),
				},
			]),
		readBack: {
			parameters: readCompany,
			expect: shows((s) => marker(s.runId, 'company updated')),
		},
	},
	{
		operation: 'company.findOrCreate',
		runs: (s) =>
			needing(s, { company: 'company' }, () => [
				{
					resource: 'company',
					operation: 'findOrCreate',
					domain: companyDomain(s),
					name: marker(s.runId, 'company'),
				},
			]),
		makes: { name: 'foundCompany', from: /^\/organizations$/, maybe: true, remove: removeCompany },
		verify: foundExisting('company'),
	},
];

/** v2's value writes on the check's company: a global text field of companies. */
const companyText = (s: Sandbox, runs: () => IDataObject[]): Runs =>
	!has(s, 'company')
		? skip('no company was made to write to (see company.create)')
		: s.fields.companyText === undefined
			? skip('the account has no global text field of companies to write to')
			: runs();

const readCompanyText = (what: string): ReadBack => ({
	parameters: (s) => ({
		resource: 'company',
		operation: 'getFieldValue',
		companyId: byId(made(s, 'company')),
		fieldId: String(s.fields.companyText),
	}),
	expect: shows((s) => marker(s.runId, what)),
});

export const COMPANY_VALUE_STEPS: WriteStep[] = [
	{
		operation: 'company.updateFieldValue',
		runs: (s) =>
			companyText(s, () => [
				{
					resource: 'company',
					operation: 'updateFieldValue',
					companyId: byId(made(s, 'company')),
					fieldId: `${s.fields.companyText}|text`,
					textValue: marker(s.runId, 'company value'),
				},
			]),
		readBack: readCompanyText('company value'),
	},
	{
		operation: 'company.updateFieldValues',
		runs: (s) =>
			companyText(s, () => [
				{
					resource: 'company',
					operation: 'updateFieldValues',
					companyId: byId(made(s, 'company')),
					updates: {
						update: [
							{
								fieldId: `${s.fields.companyText}|text`,
								textValue: marker(s.runId, 'company values'),
							},
						],
					},
				},
			]),
		readBack: readCompanyText('company values'),
	},
];

export const REMINDER_UPDATE: WriteStep = {
	operation: 'reminder.update',
	runs: (s) =>
		needing(s, { reminder: 'reminder' }, () => [
			{
				resource: 'reminder',
				operation: 'update',
				reminderId: byId(made(s, 'reminder')),
				updateFields: { content: marker(s.runId, 'reminder updated') },
			},
		]),
	readBack: {
		parameters: (s) => ({
			resource: 'reminder',
			operation: 'get',
			reminderId: String(made(s, 'reminder')),
		}),
		expect: shows((s) => marker(s.runId, 'reminder updated')),
	},
};

/** Fields of the sandbox lists: a dropdown for the option writes, a text column for the entry. */
const FIELDS = [
	{
		name: 'dropdownField',
		list: 'sandboxList',
		entityType: 'person',
		valueType: 'dropdown',
		what: 'dropdown field',
	},
	{
		name: 'entryTextField',
		list: 'sandboxCompanyList',
		entityType: 'company',
		valueType: 'text',
		what: 'text field',
	},
] as const;

const listFields = (s: Sandbox, list: string) => ({
	resource: 'field',
	operation: 'getAll',
	entity: 'list',
	listId: byId(made(s, list)),
	returnAll: true,
});

export const FIELD_STEPS: WriteStep[] = FIELDS.map(
	(field): WriteStep => ({
		operation: 'field.create',
		runs: (s) =>
			needing(s, { [field.list]: 'sandbox list' }, () => [
				{
					resource: 'field',
					operation: 'create',
					name: marker(s.runId, field.what),
					entityType: field.entityType,
					scope: 'list',
					listId: byId(made(s, field.list)),
					valueType: field.valueType,
					allowsMultiple: false,
				},
			]),
		makes: {
			name: field.name,
			from: /^\/fields$/,
			remove: (id) => ({ resource: 'field', operation: 'delete', fieldId: `field-${id}` }),
		},
		readBack: {
			parameters: (s) => listFields(s, field.list),
			expect: shows((s) => v2FieldId(s, field.name)),
		},
	}),
);

export const FIELD_DELETES: WriteStep[] = [...FIELDS].reverse().map(
	(field): WriteStep => ({
		operation: 'field.delete',
		runs: (s) =>
			needing(s, { [field.name]: field.what }, () => [
				{ resource: 'field', operation: 'delete', fieldId: v2FieldId(s, field.name) },
			]),
		removes: field.name,
		readBack: {
			parameters: (s) => listFields(s, field.list),
			expect: lacks((s) => `"${v2FieldId(s, field.name)}"`),
		},
	}),
);

const entryParameters = (s: Sandbox) => ({
	resource: 'listEntry',
	listId: byId(made(s, 'sandboxCompanyList')),
	listEntryId: byId(made(s, 'entry')),
});

const readEntryText = (what: string): ReadBack => ({
	parameters: (s) => ({
		...entryParameters(s),
		operation: 'getFieldValue',
		fieldId: v2FieldId(s, 'entryTextField'),
	}),
	expect: shows((s) => marker(s.runId, what)),
});

const entryText = (s: Sandbox, runs: () => IDataObject[]): Runs =>
	needing(
		s,
		{ entry: 'list entry', entryTextField: 'text field of the sandbox company list' },
		runs,
	);

export const LIST_ENTRY_STEPS: WriteStep[] = [
	{
		operation: 'listEntry.add',
		runs: (s) =>
			needing(s, { company: 'company', sandboxCompanyList: 'sandbox company list' }, () => [
				{
					resource: 'listEntry',
					operation: 'add',
					listId: byId(made(s, 'sandboxCompanyList')),
					entityType: 'company',
					companyId: byId(made(s, 'company')),
				},
			]),
		makes: {
			name: 'entry',
			// API v1 before 2026-09-17, API v2 from it on.
			from: /^(\/v2)?\/lists\/\d+\/list-entries$/,
			remove: (id, s) => ({ ...entryParameters(s), operation: 'remove', listEntryId: byId(id) }),
		},
		readBack: {
			parameters: (s) => ({ ...entryParameters(s), operation: 'get' }),
			expect: shows((s) => marker(s.runId, 'company updated')),
		},
	},
	{
		operation: 'listEntry.updateFieldValue',
		runs: (s) =>
			entryText(s, () => [
				{
					...entryParameters(s),
					operation: 'updateFieldValue',
					fieldId: `${v2FieldId(s, 'entryTextField')}|text`,
					textValue: marker(s.runId, 'entry value'),
				},
			]),
		readBack: readEntryText('entry value'),
	},
	{
		operation: 'listEntry.updateFieldValues',
		runs: (s) =>
			entryText(s, () => [
				{
					...entryParameters(s),
					operation: 'updateFieldValues',
					updates: {
						update: [
							{
								fieldId: `${v2FieldId(s, 'entryTextField')}|text`,
								textValue: marker(s.runId, 'entry values'),
							},
						],
					},
				},
			]),
		readBack: readEntryText('entry values'),
	},
	{
		// The check's company is on the sandbox list by now: found by its id, nothing is created
		// or added, and the mapped text field is written.
		operation: 'listEntry.upsert',
		runs: (s) =>
			entryText(s, () => [
				{
					resource: 'listEntry',
					operation: 'upsert',
					listId: byId(made(s, 'sandboxCompanyList')),
					matchOn: 'entityId',
					entityId: String(made(s, 'company')),
					columns: {
						mappingMode: 'defineBelow',
						value: {
							[`${v2FieldId(s, 'entryTextField')}|text`]: marker(s.runId, 'entry upserted'),
						},
						matchingColumns: [],
						schema: [],
						attemptToConvertTypes: false,
						convertFieldsToString: false,
					},
				},
			]),
		readBack: readEntryText('entry upserted'),
		verify: (outputs) => {
			const item = itemOf(outputs);
			return item?.created === false && item?.addedToList === false
				? undefined
				: 'Create or Update created or added what was already on the list';
		},
	},
];

export const LIST_ENTRY_REMOVE: WriteStep = {
	operation: 'listEntry.remove',
	runs: (s) =>
		needing(s, { entry: 'list entry' }, () => [{ ...entryParameters(s), operation: 'remove' }]),
	removes: 'entry',
	readBack: gone((s) => ({ ...entryParameters(s), operation: 'get' })),
};

const readOpportunity: ReadBack['parameters'] = (s) => ({
	resource: 'opportunity',
	operation: 'get',
	opportunityId: byId(made(s, 'opportunity')),
});

export const OPPORTUNITY_STEPS: WriteStep[] = [
	{
		operation: 'opportunity.create',
		runs: (s) =>
			needing(
				s,
				{
					sandboxOpportunityList: 'sandbox opportunity list',
					person: 'person',
					company: 'company',
				},
				() => [
					{
						resource: 'opportunity',
						operation: 'create',
						name: marker(s.runId, 'opportunity'),
						listId: byId(made(s, 'sandboxOpportunityList')),
						persons: people(made(s, 'person')),
						companies: { company: [{ company: byId(made(s, 'company')) }] },
					},
				],
			),
		makes: {
			name: 'opportunity',
			from: /^\/opportunities$/,
			remove: (id) => ({ resource: 'opportunity', operation: 'delete', opportunityId: byId(id) }),
		},
		readBack: { parameters: readOpportunity, expect: shows((s) => marker(s.runId, 'opportunity')) },
	},
	{
		operation: 'opportunity.update',
		runs: (s) =>
			needing(s, { opportunity: 'opportunity' }, () => [
				{
					resource: 'opportunity',
					operation: 'update',
					opportunityId: byId(made(s, 'opportunity')),
					name: marker(s.runId, 'opportunity updated'),
				},
			]),
		readBack: {
			parameters: readOpportunity,
			expect: shows((s) => marker(s.runId, 'opportunity updated')),
		},
	},
];

export const OPPORTUNITY_DELETE: WriteStep = {
	operation: 'opportunity.delete',
	runs: (s) =>
		needing(s, { opportunity: 'opportunity' }, () => [
			{ resource: 'opportunity', operation: 'delete', opportunityId: byId(made(s, 'opportunity')) },
		]),
	removes: 'opportunity',
	readBack: gone(readOpportunity),
};

/** A meeting of the check's person with the key's user (v1 wants a member among the people). */
const MEETING = { resource: 'interaction', interactionType: 'meeting' };
const MET = '2026-01-05T10:00:00';
const MET_AGAIN = '2026-01-06T10:00:00';
const readMeeting: ReadBack['parameters'] = (s) => ({
	resource: 'interaction',
	operation: 'get',
	meetingId: String(made(s, 'interaction')),
});

export const INTERACTION_STEPS: WriteStep[] = [
	{
		operation: 'interaction.create',
		runs: (s) =>
			needing(s, { person: 'person', me: 'member of the team (the key’s user)' }, () => [
				{
					...MEETING,
					operation: 'create',
					persons: people(made(s, 'me'), made(s, 'person')),
					date: `${MET}Z`,
					content: marker(s.runId, 'interaction'),
				},
			]),
		makes: {
			name: 'interaction',
			from: /^\/interactions$/,
			remove: (id) => ({ ...MEETING, operation: 'delete', interactionId: String(id) }),
		},
		readBack: { parameters: readMeeting, expect: shows(() => MET) },
	},
	{
		operation: 'interaction.update',
		runs: (s) =>
			needing(s, { interaction: 'interaction' }, () => [
				{
					...MEETING,
					operation: 'update',
					interactionId: String(made(s, 'interaction')),
					persons: people(made(s, 'me'), made(s, 'person')),
					updateFields: { date: `${MET_AGAIN}Z`, content: marker(s.runId, 'interaction updated') },
				},
			]),
		readBack: { parameters: readMeeting, expect: shows(() => MET_AGAIN) },
	},
];

export const INTERACTION_DELETE: WriteStep = {
	operation: 'interaction.delete',
	runs: (s) =>
		needing(s, { interaction: 'interaction' }, () => [
			{ ...MEETING, operation: 'delete', interactionId: String(made(s, 'interaction')) },
		]),
	removes: 'interaction',
	readBack: gone(readMeeting),
};

/** The small text file the check uploads to its company, and downloads again. */
const fileText = (s: Sandbox) => `${marker(s.runId, 'file')}\n`;
const fileName = (s: Sandbox) => `n8n-live-check-${s.runId}.txt`;

export const FILE_STEPS: WriteStep[] = [
	{
		operation: 'file.upload',
		runs: (s) =>
			needing(s, { company: 'company' }, () => [
				{
					resource: 'file',
					operation: 'upload',
					entityType: 'company',
					companyId: byId(made(s, 'company')),
					binaryPropertyName: 'data',
				},
			]),
		files: (s) => ({
			data: {
				base64: Buffer.from(fileText(s), 'utf8').toString('base64'),
				fileName: fileName(s),
				mimeType: 'text/plain',
			},
		}),
		// POST /entity-files answers {success: true, entity_files: [{id, …}]}: the file's id.
		makes: {
			name: 'file',
			from: /^\/entity-files$/,
			idOf: (body) => ((body as unknown as { entity_files?: Entity[] }).entity_files ?? [])[0]?.id,
			maybe: true,
			unremovable: (_id, s) =>
				`API v1 has no way to delete a file: it was attached to the check's company ${made(s, 'company')}, deleted at the end`,
		},
	},
	// Older answers were only {success: true}: then the file's id comes from a search of the
	// company's files (which, live, can lag the upload).
	{
		operation: 'file.search',
		runs: (s) =>
			needing(s, { company: 'company' }, () => [
				{
					resource: 'file',
					operation: 'search',
					prompt: marker(s.runId, 'file'),
					scope: 'company',
					companyId: byId(made(s, 'company')),
					limit: 5,
				},
			]),
		makes: {
			name: 'file',
			from: /^\/v2\/files\/search$/,
			idOf: (body) =>
				((body as unknown as { data?: Array<{ file?: Entity }> }).data ?? [])[0]?.file?.id,
			maybe: true,
			unremovable: (_id, s) =>
				`API v1 has no way to delete a file: it was attached to the check's company ${made(s, 'company')}, deleted at the end`,
		},
	},
	{
		operation: 'file.download',
		runs: (s) =>
			needing(s, { file: 'file found by search' }, () => [
				{ resource: 'file', operation: 'download', fileId: String(made(s, 'file')) },
			]),
		verify: async (outputs, s) => {
			const binary = outputs[0]?.binary[0]?.data;
			if (!binary) return 'the download gave no file';
			if (binary.fileName !== fileName(s)) return 'the downloaded file has another name';
			const bytes = await binaryBytes(binary);
			return bytes.equals(Buffer.from(fileText(s), 'utf8'))
				? undefined
				: `the downloaded bytes differ from those uploaded (${bytes.length} bytes, ${Buffer.byteLength(fileText(s))} uploaded)`;
		},
	},
];

export const COMPANY_DELETE: WriteStep = {
	operation: 'company.delete',
	runs: (s) => needing(s, { company: 'company' }, () => [removeCompany(made(s, 'company'))]),
	removes: 'company',
	readBack: gone(readCompany),
};

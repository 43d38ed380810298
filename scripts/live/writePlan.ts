import type { IDataObject } from 'n8n-workflow';

import { byId, skip, type Runs } from './plan';
import {
	COMPANY_STEPS,
	COMPANY_VALUE_STEPS,
	FIELD_STEPS,
	FIELD_DELETES,
	FILE_STEPS,
	INTERACTION_STEPS,
	INTERACTION_DELETE,
	LIST_ENTRY_STEPS,
	LIST_ENTRY_REMOVE,
	OPPORTUNITY_STEPS,
	OPPORTUNITY_DELETE,
	PERSON_V1_STEPS,
	REMINDER_UPDATE,
	COMPANY_DELETE,
	dropdownFieldId,
} from './v1Writes';
import {
	gone,
	has,
	made,
	marker,
	SANDBOX_LISTS,
	shows,
	type ReadBack,
	type Sandbox,
	type WriteStep,
} from './writeStep';

export {
	marker,
	prepareSandbox,
	SANDBOX_COMPANY_LIST,
	SANDBOX_LIST,
	SANDBOX_LISTS,
	SANDBOX_OPPORTUNITY_LIST,
	type Sandbox,
	type WriteStep,
} from './writeStep';

/**
 * The write plan: a table of steps, each exercising one write operation of the node on records
 * the check made itself (or on its sandbox lists), reading the write back, and saying how to
 * remove what it made. Steps run in order; whatever any step made is removed at the end, even
 * when a step failed. A write operation of the node without a step is reported as "not covered".
 * The steps of the operations on API v1 are in v1Writes.ts; what a step is, in writeStep.ts.
 */

const personText = (s: Sandbox, runs: () => IDataObject[]): Runs =>
	!has(s, 'person')
		? skip('no person was made to write to')
		: s.fields.personText === undefined
			? skip('the account has no global text field of people to write to')
			: runs();

const readPersonText = (what: string): ReadBack => ({
	parameters: (s) => ({
		resource: 'person',
		operation: 'getFieldValue',
		personId: byId(made(s, 'person')),
		fieldId: String(s.fields.personText),
	}),
	expect: shows((s) => marker(s.runId, what)),
});

/** The dropdown field the check made on the sandbox list (field.create, API v1). */
const dropdown = (s: Sandbox, runs: () => IDataObject[]): Runs =>
	!has(s, 'sandboxList')
		? skip('there is no sandbox list')
		: !has(s, 'dropdownField')
			? skip('no dropdown field was made on the sandbox list (see field.create)')
			: runs();

const optionParameters = (s: Sandbox) => ({
	resource: 'dropdownOption',
	listId: byId(made(s, 'sandboxList')),
	fieldId: dropdownFieldId(s),
	optionType: 'dropdown',
});

/** list.create for each sandbox list: made once, then found by name and reused. */
const SANDBOX_STEPS: WriteStep[] = Object.entries(SANDBOX_LISTS).map(
	([name, list]): WriteStep => ({
		operation: 'list.create',
		runs: (s) =>
			has(s, name)
				? skip(
						`the sandbox list exists (id ${s.made[name]}): it is made once and reused, as the API cannot delete lists`,
					)
				: [{ resource: 'list', operation: 'create', ...list, isPublic: false }],
		makes: { name, from: /^\/v2\/lists$/ },
		readBack: {
			parameters: (s) => ({ resource: 'list', operation: 'get', listId: byId(made(s, name)) }),
			expect: shows(() => list.name),
		},
	}),
);

const PERSON_STEPS: WriteStep[] = [
	{
		operation: 'person.create',
		runs: (s) => [
			{
				resource: 'person',
				operation: 'create',
				firstName: 'Live check',
				lastName: s.runId,
				email: `live-check-${s.runId}@example.com`,
			},
		],
		makes: {
			name: 'person',
			from: /^\/v2\/persons$/,
			remove: (id) => ({ resource: 'person', operation: 'delete', personId: byId(id) }),
		},
		readBack: {
			parameters: (s) => ({
				resource: 'person',
				operation: 'get',
				personId: byId(made(s, 'person')),
			}),
			expect: shows((s) => s.runId),
		},
	},
	{
		operation: 'person.updateFieldValue',
		runs: (s) =>
			personText(s, () => [
				{
					resource: 'person',
					operation: 'updateFieldValue',
					personId: byId(made(s, 'person')),
					fieldId: `${s.fields.personText}|text`,
					textValue: marker(s.runId, 'field value'),
				},
			]),
		readBack: readPersonText('field value'),
	},
	{
		operation: 'person.updateFieldValues',
		runs: (s) =>
			personText(s, () => [
				{
					resource: 'person',
					operation: 'updateFieldValues',
					personId: byId(made(s, 'person')),
					updates: {
						update: [
							{
								fieldId: `${s.fields.personText}|text`,
								textValue: marker(s.runId, 'field values'),
							},
						],
					},
				},
			]),
		readBack: readPersonText('field values'),
	},
];

const NOTE_STEPS: WriteStep[] = [
	{
		operation: 'note.create',
		runs: (s) =>
			has(s, 'person')
				? [
						{
							resource: 'note',
							operation: 'create',
							about: 'entities',
							content: marker(s.runId, 'note'),
							persons: { person: [{ person: byId(made(s, 'person')) }] },
						},
					]
				: skip('no person was made to write a note about'),
		makes: {
			name: 'note',
			from: /^\/v2\/notes$/,
			remove: (id) => ({ resource: 'note', operation: 'delete', noteId: byId(id) }),
		},
		readBack: {
			parameters: (s) => ({ resource: 'note', operation: 'get', noteId: byId(made(s, 'note')) }),
			expect: shows((s) => marker(s.runId, 'note')),
		},
	},
	{
		operation: 'note.create',
		runs: (s) =>
			has(s, 'note')
				? [
						{
							resource: 'note',
							operation: 'create',
							about: 'reply',
							parentNoteId: byId(made(s, 'note')),
							content: marker(s.runId, 'reply'),
						},
					]
				: skip('no note was made to reply to'),
		makes: {
			name: 'reply',
			from: /^\/v2\/notes$/,
			remove: (id) => ({ resource: 'note', operation: 'delete', noteId: byId(id) }),
		},
		readBack: {
			parameters: (s) => ({ resource: 'note', operation: 'get', noteId: byId(made(s, 'reply')) }),
			expect: shows((s) => marker(s.runId, 'reply')),
		},
	},
	{
		operation: 'note.update',
		runs: (s) =>
			has(s, 'note')
				? [
						{
							resource: 'note',
							operation: 'update',
							noteId: byId(made(s, 'note')),
							content: marker(s.runId, 'note updated'),
						},
					]
				: skip('no note was made to update'),
		readBack: {
			parameters: (s) => ({ resource: 'note', operation: 'get', noteId: byId(made(s, 'note')) }),
			expect: shows((s) => marker(s.runId, 'note updated')),
		},
	},
];

const REMINDER_CREATE: WriteStep = {
	operation: 'reminder.create',
	runs: (s) =>
		has(s, 'person', 'me')
			? [
					{
						resource: 'reminder',
						operation: 'create',
						type: 'one-time',
						dueDate: '2099-01-01T09:00:00Z',
						owner: byId(made(s, 'me')),
						about: { person: byId(made(s, 'person')) },
						options: { content: marker(s.runId, 'reminder') },
					},
				]
			: skip('no person was made to set a reminder about'),
	makes: {
		name: 'reminder',
		from: /^\/v2\/reminders$/,
		remove: (id) => ({ resource: 'reminder', operation: 'delete', reminderId: String(id) }),
	},
	readBack: {
		parameters: (s) => ({
			resource: 'reminder',
			operation: 'get',
			reminderId: String(made(s, 'reminder')),
		}),
		expect: shows((s) => marker(s.runId, 'reminder')),
	},
};

const OPTION_STEPS: WriteStep[] = [
	{
		operation: 'dropdownOption.create',
		runs: (s) =>
			dropdown(s, () => [
				{ ...optionParameters(s), operation: 'create', text: marker(s.runId, 'option') },
			]),
		makes: {
			name: 'option',
			from: /\/dropdown-options$/,
			// Removing it clears it from records that hold it: none, the check just made it.
			remove: (id, s) => ({
				...optionParameters(s),
				operation: 'delete',
				dropdownOptionId: id,
				confirmClearValues: true,
			}),
		},
		readBack: {
			parameters: (s) => ({
				...optionParameters(s),
				operation: 'get',
				dropdownOptionId: made(s, 'option'),
			}),
			expect: shows((s) => marker(s.runId, 'option')),
		},
	},
	{
		operation: 'dropdownOption.update',
		runs: (s) =>
			has(s, 'option')
				? [
						{
							...optionParameters(s),
							operation: 'update',
							dropdownOptionId: made(s, 'option'),
							text: marker(s.runId, 'option updated'),
						},
					]
				: skip('no dropdown option was made to update'),
		readBack: {
			parameters: (s) => ({
				...optionParameters(s),
				operation: 'get',
				dropdownOptionId: made(s, 'option'),
			}),
			expect: shows((s) => marker(s.runId, 'option updated')),
		},
	},
];

const OPTION_DELETE: WriteStep = {
	operation: 'dropdownOption.delete',
	runs: (s) =>
		has(s, 'option')
			? [
					{
						...optionParameters(s),
						operation: 'delete',
						dropdownOptionId: made(s, 'option'),
						confirmClearValues: true,
					},
				]
			: skip('no dropdown option was made to delete'),
	removes: 'option',
	readBack: gone((s) => ({
		...optionParameters(s),
		operation: 'get',
		dropdownOptionId: made(s, 'option'),
	})),
};

/** The webhook round trip: subscribe the public URL, change a value, wait for the delivery. */
const WEBHOOK_STEPS: WriteStep[] = [
	{
		operation: 'webhook.create',
		runs: (s) =>
			!s.webhookUrl
				? skip('no --webhook-url: the round trip needs a URL Affinity can reach')
				: [
						{
							resource: 'webhook',
							operation: 'create',
							url: s.webhookUrl,
							subscriptions: ['field_value.created', 'field_value.updated'],
						},
					],
		makes: {
			name: 'webhook',
			from: /^\/v2\/webhooks$/,
			remove: (id) => ({ resource: 'webhook', operation: 'delete', webhookId: String(id) }),
		},
		readBack: {
			parameters: (s) => ({
				resource: 'webhook',
				operation: 'get',
				webhookId: String(made(s, 'webhook')),
			}),
			expect: shows((s) => String(s.webhookUrl)),
		},
	},
	{
		operation: 'person.updateFieldValue',
		runs: (s) =>
			!has(s, 'webhook')
				? skip('no webhook subscription was made (see webhook.create)')
				: personText(s, () => [
						{
							resource: 'person',
							operation: 'updateFieldValue',
							personId: byId(made(s, 'person')),
							fieldId: `${s.fields.personText}|text`,
							textValue: marker(s.runId, 'for the webhook'),
						},
					]),
		then: async (s) => {
			const type = await s.awaitDelivery?.(made(s, 'person'));
			return type ? undefined : 'no webhook delivery about the change arrived in time';
		},
	},
	{
		operation: 'webhook.update',
		runs: (s) =>
			has(s, 'webhook')
				? [
						{
							resource: 'webhook',
							operation: 'update',
							webhookId: String(made(s, 'webhook')),
							updateFields: { status: 'disabled' },
						},
					]
				: skip('no webhook subscription was made (see webhook.create)'),
		readBack: {
			parameters: (s) => ({
				resource: 'webhook',
				operation: 'get',
				webhookId: String(made(s, 'webhook')),
			}),
			expect: shows(() => '"disabled"'),
		},
	},
	{
		operation: 'webhook.delete',
		runs: (s) =>
			has(s, 'webhook')
				? [{ resource: 'webhook', operation: 'delete', webhookId: String(made(s, 'webhook')) }]
				: skip('no webhook subscription was made (see webhook.create)'),
		removes: 'webhook',
		readBack: gone((s) => ({
			resource: 'webhook',
			operation: 'get',
			webhookId: String(made(s, 'webhook')),
		})),
	},
];

/** A merge of two people the check made: the duplicate is gone afterwards. */
const MERGE_STEPS: WriteStep[] = [
	{
		operation: 'person.create',
		runs: (s) => [
			{
				resource: 'person',
				operation: 'create',
				firstName: 'Live check duplicate',
				lastName: s.runId,
			},
		],
		makes: {
			name: 'duplicate',
			from: /^\/v2\/persons$/,
			remove: (id) => ({ resource: 'person', operation: 'delete', personId: byId(id) }),
		},
	},
	{
		operation: 'merge.start',
		runs: (s) =>
			has(s, 'person', 'duplicate')
				? [
						{
							resource: 'merge',
							operation: 'start',
							entityType: 'person',
							primaryPersonId: byId(made(s, 'person')),
							duplicatePersonId: byId(made(s, 'duplicate')),
							waitForCompletion: true,
							waitTimeout: 60,
						},
					]
				: skip('the two people to merge were not made'),
		removes: 'duplicate',
		// POST /v2/person-merges answers 202 {taskUrl}: the merge task, read below.
		makes: {
			name: 'mergeTask',
			from: /^\/v2\/person-merges$/,
			idOf: (body) =>
				String(body.taskUrl ?? '')
					.split('/')
					.pop() || undefined,
		},
		// Live, a merged-away person reads as 422 "<id> no longer exists as it has been merged
		// into <id>", not 404.
		readBack: {
			...gone((s) => ({
				resource: 'person',
				operation: 'get',
				personId: byId(made(s, 'duplicate')),
			})),
			goneAs: [422],
		},
	},
	{
		operation: 'merge.getTask',
		runs: (s) =>
			has(s, 'mergeTask')
				? [
						{
							resource: 'merge',
							operation: 'getTask',
							entityType: 'person',
							taskId: String(made(s, 'mergeTask')),
						},
					]
				: skip('no merge was started'),
	},
];

const REMINDER_DELETE: WriteStep = {
	operation: 'reminder.delete',
	runs: (s) =>
		has(s, 'reminder')
			? [{ resource: 'reminder', operation: 'delete', reminderId: String(made(s, 'reminder')) }]
			: skip('no reminder was made to delete'),
	removes: 'reminder',
	readBack: gone((s) => ({
		resource: 'reminder',
		operation: 'get',
		reminderId: String(made(s, 'reminder')),
	})),
};

const NOTE_DELETES: WriteStep[] = (['reply', 'note'] as const).map(
	(name): WriteStep => ({
		operation: 'note.delete',
		runs: (s) =>
			has(s, name)
				? [{ resource: 'note', operation: 'delete', noteId: byId(made(s, name)) }]
				: skip(`no ${name} was made to delete`),
		removes: name,
		readBack: gone((s) => ({ resource: 'note', operation: 'get', noteId: byId(made(s, name)) })),
	}),
);

const PERSON_DELETE: WriteStep = {
	operation: 'person.delete',
	runs: (s) =>
		has(s, 'person')
			? [{ resource: 'person', operation: 'delete', personId: byId(made(s, 'person')) }]
			: skip('no person was made to delete'),
	removes: 'person',
	readBack: gone((s) => ({
		resource: 'person',
		operation: 'get',
		personId: byId(made(s, 'person')),
	})),
};

/**
 * A transcript is deleted only when the check made it itself, and no endpoint makes one (API v2
 * has GET and DELETE /v2/transcripts/{transcriptId} only): never run, whatever the account has.
 */
const TRANSCRIPT_DELETE: WriteStep = {
	operation: 'transcript.delete',
	runs: () => skip('the API cannot make a transcript to delete'),
};

/**
 * In order: the sandbox lists; the check's person and company and what is written on them;
 * notes, the reminder, the fields of the sandbox lists and their values and options, the list
 * entry, the opportunity, the interaction and the file; the webhook round trip and the merge;
 * then every delete, newest first.
 */
export const WRITES: WriteStep[] = [
	...SANDBOX_STEPS,
	...PERSON_STEPS,
	...PERSON_V1_STEPS,
	...COMPANY_STEPS,
	...COMPANY_VALUE_STEPS,
	...NOTE_STEPS,
	REMINDER_CREATE,
	REMINDER_UPDATE,
	...FIELD_STEPS,
	...OPTION_STEPS,
	...LIST_ENTRY_STEPS,
	...OPPORTUNITY_STEPS,
	...INTERACTION_STEPS,
	...FILE_STEPS,
	...WEBHOOK_STEPS,
	...MERGE_STEPS,
	OPTION_DELETE,
	...FIELD_DELETES,
	INTERACTION_DELETE,
	OPPORTUNITY_DELETE,
	LIST_ENTRY_REMOVE,
	REMINDER_DELETE,
	...NOTE_DELETES,
	COMPANY_DELETE,
	PERSON_DELETE,
	TRANSCRIPT_DELETE,
];

import type { IDataObject } from 'n8n-workflow';

import {
	byId,
	records,
	skip,
	type Answer,
	type DirectCall,
	type Entity,
	type Id,
	type Runs,
} from './plan';

/**
 * The write plan: a table of steps, each exercising one write operation of the node on records
 * the check made itself (or on its sandbox list), reading the write back, and saying how to
 * remove what it made. Steps run in order; whatever any step made is removed at the end, even
 * when a step failed. A write operation of the node without a step is reported as "not covered".
 *
 * To cover an operation, add a step: `operation`, its `runs` from what earlier steps made
 * (`s.made`), what it `makes` (a name for later steps and the parameters of the operation that
 * removes it), and a `readBack`.
 */

/** The sandbox list: created once, found again by this name (the API cannot delete lists). */
export const SANDBOX_LIST = {
	name: 'n8n-nodes-affinity-v2 live check sandbox (safe to delete)',
	type: 'person',
};

/** A text the check writes, recognisable in the account and on read-back. */
export const marker = (runId: string, what: string) => `n8n live check ${runId}: ${what}`;

export interface Sandbox {
	runId: string;
	/** Ids of what the steps made (and the sandbox list, the user of the key, fields found). */
	made: Record<string, Id | undefined>;
	/** The field kinds the sandbox uses, found in the account (ids and value types only). */
	fields: {
		personText?: Id;
		/** A dropdown field of the sandbox list and the option kind it takes. */
		sandboxDropdown?: { id: Id; optionType: string };
	};
	/** The public URL the webhook round trip subscribes, when --webhook-url is given. */
	webhookUrl?: string;
	/** Waits for a delivery about the record with this id; resolves to its event type. */
	awaitDelivery?: (recordId: Id) => Promise<string | undefined>;
}

export interface ReadBack {
	parameters: (s: Sandbox) => IDataObject;
	/** What is wrong with the raw answers of the read-back, or undefined when they show the write. */
	expect: (answers: Answer[], s: Sandbox) => string | undefined;
	/** The record is expected to be gone: the read-back's own 404 is the proof. */
	gone?: boolean;
}

export interface WriteStep {
	operation: string;
	runs: (s: Sandbox) => Runs;
	/** The name later steps know the made record by, and how to remove it. */
	makes?: {
		name: string;
		/** The path of the POST that answers with it. */
		from: RegExp;
		/** Its id in that answer (default: the answer's `id`). */
		idOf?: (body: Entity) => Id | undefined;
		remove?: (id: Id, s: Sandbox) => IDataObject;
	};
	/** The step removes the record an earlier step made under this name (a delete). */
	removes?: string;
	readBack?: ReadBack;
	/** Something to wait for after the runs (a webhook delivery); a message when it failed. */
	then?: (s: Sandbox) => Promise<string | undefined>;
}

const has = (s: Sandbox, ...names: string[]) => names.every((n) => s.made[n] !== undefined);
const made = (s: Sandbox, name: string) => s.made[name] as Id;

/** The read-back's answers hold this text. */
const shows =
	(text: (s: Sandbox) => string) =>
	(answers: Answer[], s: Sandbox): string | undefined =>
		answers.some((a) => JSON.stringify(a.body).includes(text(s)))
			? undefined
			: 'the read-back does not show what was written';

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

const dropdown = (s: Sandbox, runs: () => IDataObject[]): Runs =>
	!has(s, 'sandboxList')
		? skip('there is no sandbox list')
		: !s.fields.sandboxDropdown
			? skip(
					`the sandbox list has no dropdown field: add one in Affinity (any name) to cover dropdown options`,
				)
			: runs();

const optionParameters = (s: Sandbox) => ({
	resource: 'dropdownOption',
	listId: byId(made(s, 'sandboxList')),
	fieldId: String(s.fields.sandboxDropdown?.id),
	optionType: s.fields.sandboxDropdown?.optionType,
});

const gone = (parameters: (s: Sandbox) => IDataObject): ReadBack => ({
	parameters,
	gone: true,
	expect: () => undefined,
});

export const WRITES: WriteStep[] = [
	{
		operation: 'list.create',
		runs: (s) =>
			has(s, 'sandboxList')
				? skip(
						`the sandbox list exists (id ${s.made.sandboxList}): it is made once and reused, as the API cannot delete lists`,
					)
				: [{ resource: 'list', operation: 'create', ...SANDBOX_LIST, isPublic: false }],
		makes: { name: 'sandboxList', from: /^\/v2\/lists$/ },
		readBack: {
			parameters: (s) => ({
				resource: 'list',
				operation: 'get',
				listId: byId(made(s, 'sandboxList')),
			}),
			expect: shows(() => SANDBOX_LIST.name),
		},
	},
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
	{
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
	},
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
	// The webhook round trip: subscribe the public URL, change a value, wait for the delivery.
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
	// A merge of two people the check made: the duplicate is gone afterwards.
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
		readBack: gone((s) => ({
			resource: 'person',
			operation: 'get',
			personId: byId(made(s, 'duplicate')),
		})),
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
	{
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
	},
	{
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
	},
	...(['reply', 'note'] as const).map(
		(name): WriteStep => ({
			operation: 'note.delete',
			runs: (s) =>
				has(s, name)
					? [{ resource: 'note', operation: 'delete', noteId: byId(made(s, name)) }]
					: skip(`no ${name} was made to delete`),
			removes: name,
			readBack: gone((s) => ({ resource: 'note', operation: 'get', noteId: byId(made(s, name)) })),
		}),
	),
	{
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
	},
	// API v2 writes only existing records: these need a record of the check's own, which only
	// API v1 makes (a company; an entry of the sandbox list).
	{
		operation: 'company.updateFieldValue',
		runs: () => skip('needs a company the check made (company create, API v1)'),
	},
	{
		operation: 'company.updateFieldValues',
		runs: () => skip('needs a company the check made (company create, API v1)'),
	},
	{
		operation: 'listEntry.updateFieldValue',
		runs: () => skip('needs an entry of the sandbox list (list entry add, API v1)'),
	},
	{
		operation: 'listEntry.updateFieldValues',
		runs: () => skip('needs an entry of the sandbox list (list entry add, API v1)'),
	},
];

/**
 * The person of the key's user (a reminder's owner must be a member: an internal person). The
 * persons endpoint cannot filter on type: a few pages are read for the user's e-mail address.
 */
async function ownPerson(call: DirectCall): Promise<Id | undefined> {
	const me = (await call('GET', '/v2/auth/whoami')).body as
		| { user?: { emailAddress?: string } }
		| undefined;
	const email = me?.user?.emailAddress?.toLowerCase();
	let path: string | undefined = '/v2/persons?limit=100';
	let member: Id | undefined;
	for (let page = 0; path && page < 3; page++) {
		const answer = await call('GET', path);
		for (const p of records([{ method: 'GET', path, body: answer.body }])) {
			if (p.type !== 'internal') continue;
			const emails = [p.primaryEmailAddress, ...((p.emailAddresses as unknown[]) ?? [])].map((e) =>
				String(e).toLowerCase(),
			);
			if (email && emails.includes(email)) return p.id;
			member ??= p.id;
		}
		const next = (answer.body as { pagination?: { nextUrl?: string | null } })?.pagination?.nextUrl;
		path = next ? next.replace(/^https?:\/\/[^/]+/, '') : undefined;
	}
	return member;
}

/** Finds the sandbox list by name and the fields the plan writes to; ids only. */
export async function prepareSandbox(call: DirectCall, s: Sandbox): Promise<void> {
	s.made.me = await ownPerson(call);
	const lists = await call(
		'GET',
		`/v2/lists?term=${encodeURIComponent(SANDBOX_LIST.name)}&limit=100`,
	);
	const sandbox = records([{ method: 'GET', path: '', body: lists.body }]).find(
		(l) => l.name === SANDBOX_LIST.name,
	);
	s.made.sandboxList = sandbox?.id;
	const personFields = await call('GET', '/v2/persons/fields?limit=100');
	s.fields.personText = records([{ method: 'GET', path: '', body: personFields.body }]).find(
		(f) => f.type === 'global' && f.valueType === 'text' && !f.enrichmentSource,
	)?.id;
	await findSandboxDropdown(call, s);
}

/** A dropdown field of the sandbox list (made in Affinity by a maintainer, or by a v1 step). */
export async function findSandboxDropdown(call: DirectCall, s: Sandbox): Promise<void> {
	if (s.made.sandboxList === undefined) return;
	const fields = await call('GET', `/v2/lists/${s.made.sandboxList}/fields?limit=100`);
	const field = records([{ method: 'GET', path: '', body: fields.body }]).find(
		(f: Entity) => f.type === 'list' && /dropdown/.test(String(f.valueType)),
	);
	if (field)
		s.fields.sandboxDropdown = {
			id: field.id,
			optionType: field.valueType === 'ranked-dropdown' ? 'ranked-dropdown' : 'dropdown',
		};
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { instantOf } from '../../helpers/dates';
import {
	reminderFromV1,
	V1_REMINDER_TYPES,
	V1_RESET_TYPES,
	type V1Reminder,
} from '../../helpers/v1/reminders';
import { ValueInputError } from '../../helpers/valueTypes';
import { affinityRequest, validateId } from '../../transport';
import type { OperationEndpoint } from '../types';
import { editionAllows } from '../../api/edition';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { readBack } from '../records/readBack';
import { pickKeys, showsAfter, v2Keys } from '../records/recordShows';
import { reminderLocator, reminderOwnerLocator } from '../../pickers/locators';
import { withReminderNames } from './reminderNames';
import { RESET_TRIGGER_OPTIONS } from './reminderResetTrigger';
import { v1SimplifyParameter } from '../inputs/simplifyParameters';

export const endpoint: OperationEndpoint[] = [
	{
		api: 'v2',
		method: 'POST',
		path: '/v2/reminders/{reminderId}',
		beta: true,
		since: '2026-09-17',
	},
	{
		api: 'v2',
		method: 'GET',
		path: '/v2/reminders/{reminderId}',
		beta: true,
		since: '2026-09-17',
	},
	{ api: 'v1', method: 'PUT', path: '/reminders/{reminder_id}' },
];

/** reminders.ReminderToBeUpdated: recurrence.periodDays is at most 3650. */
const V2_PERIOD_DAYS_MAX = 3650;

/** The time a completion is stamped with: whole seconds in UTC, as Affinity writes its times. */
const nowWholeSecond = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The v1 update body (PUT /reminders/{reminder_id}) as `reminders.ReminderToBeUpdated`: owner
 * by id, dueDate, recurrence {periodDays, resetTrigger}; completing sets completedAt (now),
 * reopening sends null. v2 cannot change a reminder's type, so a body with `type` has none.
 */
function v2UpdateBody(v1: IDataObject): IDataObject {
	const body: IDataObject = {};
	if (v1.owner_id !== undefined) body.owner = { id: v1.owner_id };
	if (v1.content !== undefined) body.content = v1.content;
	if (v1.due_date !== undefined) body.dueDate = v1.due_date;
	const recurrence: IDataObject = {};
	if (v1.reminder_days !== undefined) recurrence.periodDays = v1.reminder_days;
	if (v1.reset_type !== undefined)
		recurrence.resetTrigger = Object.entries(V1_RESET_TYPES).find(
			([, code]) => code === v1.reset_type,
		)?.[0];
	if (Object.keys(recurrence).length) body.recurrence = recurrence;
	if (v1.is_completed !== undefined) body.completedAt = v1.is_completed ? nowWholeSecond() : null;
	return body;
}

export const description: INodeProperties[] = forOperation('reminder', 'update', [
	reminderLocator(),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Completed',
				name: 'completed',
				type: 'boolean',
				default: true,
				description:
					'Whether the reminder is done. Completing a recurring reminder moves its due date on by its period.',
			},
			{
				displayName: 'Content',
				name: 'content',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'What to do',
			},
			{
				displayName: 'Due Date',
				name: 'dueDate',
				type: 'dateTime',
				default: '',
				description:
					'When the reminder is due; required to make it One-Time. Without a time zone it is in the workflow’s time zone.',
			},
			{
				displayName: 'Every (Days)',
				name: 'periodDays',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 30,
				description: 'For a recurring reminder: how many days between due dates',
			},
			{
				...reminderOwnerLocator({
					name: 'owner',
					displayName: 'Owner',
					description: 'The team member who is reminded',
				}),
				required: false,
			},
			{
				displayName: 'Reset By',
				name: 'resetTrigger',
				type: 'options',
				options: RESET_TRIGGER_OPTIONS,
				default: 'interaction',
				description: 'For a recurring reminder: what resets its clock',
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: [
					{ name: 'One-Time', value: 'one-time', description: 'Due once, on the due date' },
					{
						name: 'Recurring',
						value: 'recurring',
						description: 'Due every N days; needs Every (Days) and Reset By',
					},
				],
				default: 'one-time',
			},
		],
	},
	v1SimplifyParameter,
]);

/** A picker's id inside a collection: its raw value, from which a person URL gives the id. */
function pickedId(value: unknown): unknown {
	const raw = value && typeof value === 'object' ? (value as IDataObject).value : value;
	const fromUrl =
		typeof raw === 'string' ? /\.affinity\.(?:co|com)\/persons\/(\d+)(?:[/?#]|$)/.exec(raw) : null;
	return fromUrl ? fromUrl[1] : raw;
}

/**
 * On 2026-09-17 and later, POST /v2/reminders/{reminderId} (`reminders.ReminderToBeUpdated`,
 * 204), then the reminder read back (GET /v2/reminders/{reminderId}). v2 cannot change a
 * reminder's type, and older versions cannot change a reminder at all: then PUT
 * /reminders/{reminder_id} (API v1) with owner_id, content, type, reset_type, due_date,
 * reminder_days and is_completed. v1 requires a due_date with type 0 (one-time) and reset_type
 * and reminder_days with type 1 (recurring): checked before the request. Sent once; the answer
 * in v2's Reminder shape.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const node = this.getNode();
	const fail = (message: string, description?: string): never => {
		throw new NodeOperationError(node, message, { itemIndex, description });
	};
	const reminderId = idParameter.call(this, 'reminderId', 'Reminder', 'int64', itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.owner !== undefined && pickedId(fields.owner) !== '')
		body.owner_id = validateId(
			node,
			pickedId(fields.owner),
			'Update Fields → Owner',
			'int64',
			itemIndex,
		);
	if (typeof fields.content === 'string') body.content = fields.content;
	const type = fields.type as keyof typeof V1_REMINDER_TYPES | undefined;
	if (type !== undefined) {
		if (!(type in V1_REMINDER_TYPES))
			fail(`Update Fields → Type: "${String(type)}" is not one`, 'Choose One-Time or Recurring.');
		body.type = V1_REMINDER_TYPES[type];
	}
	if (fields.dueDate !== undefined && fields.dueDate !== '') {
		try {
			body.due_date = instantOf(fields.dueDate, this.getTimezone());
		} catch (error) {
			const problem = error instanceof ValueInputError ? error : undefined;
			fail(
				`Update Fields → Due Date: ${problem?.message ?? String(error)}`,
				problem?.hint ?? 'Use an ISO 8601 date-time.',
			);
		}
	}
	if (fields.periodDays !== undefined) {
		const days = Number(fields.periodDays);
		if (!Number.isInteger(days) || days < 1)
			fail(
				`Update Fields → Every (Days): a recurring reminder repeats every 1 day or more; got ${String(fields.periodDays)}`,
			);
		body.reminder_days = days;
	}
	if (fields.resetTrigger !== undefined) {
		const code = V1_RESET_TYPES[fields.resetTrigger as keyof typeof V1_RESET_TYPES];
		if (code === undefined)
			fail(
				`Update Fields → Reset By: "${String(fields.resetTrigger)}" is not one`,
				'Choose Any Interaction, An Email or An Event.',
			);
		body.reset_type = code;
	}
	if (typeof fields.completed === 'boolean') body.is_completed = fields.completed ? 1 : 0;
	if (type === 'one-time') {
		if (body.due_date === undefined)
			fail(
				'Update Fields → Due Date: required to make the reminder One-Time',
				'Add Due Date to Update Fields.',
			);
		if (body.reminder_days !== undefined || body.reset_type !== undefined)
			fail(
				'Update Fields: Every (Days) and Reset By are for a recurring reminder',
				'Remove them, or set Type to Recurring.',
			);
	}
	if (type === 'recurring' && (body.reminder_days === undefined || body.reset_type === undefined))
		fail(
			'Update Fields: a Recurring reminder needs Every (Days) and Reset By',
			'Add both to Update Fields.',
		);
	if (!Object.keys(body).length)
		fail('Update Fields: nothing to update', 'Add at least one field to change.');
	const subject = `reminder with ID ${reminderId}`;
	const checkWith = `Check the reminder with Reminder → Get (reminder ${reminderId})`;
	if (type === undefined && (await editionAllows.call(this, '2026-09-17', itemIndex))) {
		if (typeof body.reminder_days === 'number' && body.reminder_days > V2_PERIOD_DAYS_MAX)
			fail(
				`Update Fields → Every (Days): at most ${V2_PERIOD_DAYS_MAX} days; got ${body.reminder_days}`,
			);
		const v2Body = v2UpdateBody(body);
		await affinityRequest.call(this, {
			method: 'POST',
			path: `/v2/reminders/${reminderId}`,
			body: v2Body,
			subject,
			itemIndex,
			parameterNames: {
				owner: 'Owner',
				'owner.id': 'Owner',
				content: 'Content',
				dueDate: 'Due Date',
				recurrence: 'Every (Days), Reset By',
				'recurrence.periodDays': 'Every (Days)',
				'recurrence.resetTrigger': 'Reset By',
				completedAt: 'Completed',
			},
			checkWith,
			shows: () => pickKeys(v2Body, ['content', 'dueDate']),
		});
		// Updated (204): read back, or, while API v2 does not show the reminder yet, what was written.
		const read = await readBack.call(
			this,
			{ method: 'GET', path: `/v2/reminders/${reminderId}`, subject, itemIndex },
			{ id: reminderId, ...v2Body },
		);
		if (read.readBackLagged || !this.getNodeParameter('simplify', itemIndex, true)) return read;
		const [shown] = await withReminderNames.call(this, [read], itemIndex);
		return shown;
	}
	const { body: updated } = await affinityRequest.call(this, {
		api: 'v1',
		method: 'PUT',
		path: `/reminders/${reminderId}`,
		body,
		subject,
		itemIndex,
		parameterNames: {
			owner_id: 'Owner',
			content: 'Content',
			type: 'Type',
			reset_type: 'Reset By',
			due_date: 'Due Date',
			reminder_days: 'Every (Days)',
			is_completed: 'Completed',
		},
		checkWith,
		expect: 'record',
		shows: showsAfter(
			reminderFromV1,
			v2Keys(body, { content: 'content', due_date: 'dueDate', type: 'type' }),
		),
	});
	if (!this.getNodeParameter('simplify', itemIndex, true)) return updated as IDataObject;
	const [named] = await withReminderNames.call(
		this,
		[reminderFromV1(updated as V1Reminder)],
		itemIndex,
	);
	return named;
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { affinityRequest, validateId } from '../../transport';
import { instantParameter } from '../inputs/dateTimes';
import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import {
	companyLocator,
	reminderOwnerLocator,
	opportunityLocator,
	personLocator,
} from '../../pickers/locators';
import { withReminderNames } from './reminderNames';
import { RESET_TRIGGER_OPTIONS } from './reminderResetTrigger';
import type { OperationEndpoint } from '../types';

const recurring = { show: { type: ['recurring'] } };
const ABOUT = [
	{ key: 'company', label: 'Company', picker: companyLocator },
	{ key: 'person', label: 'Person', picker: personLocator },
	{ key: 'opportunity', label: 'Opportunity', picker: opportunityLocator },
] as const;

export const description: INodeProperties[] = forOperation('reminder', 'create', [
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'One-Time', value: 'one-time', description: 'Due once, on the due date' },
			{
				name: 'Recurring',
				value: 'recurring',
				description: 'Due every N days; an interaction, email or event resets the clock',
			},
		],
		default: 'one-time',
	},
	{
		displayName: 'Due Date',
		name: 'dueDate',
		type: 'dateTime',
		required: true,
		default: '',
		displayOptions: { show: { type: ['one-time'] } },
	},
	{
		displayName: 'Every (Days)',
		name: 'periodDays',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 30,
		displayOptions: recurring,
		description: 'How many days between due dates',
	},
	{
		displayName: 'Reset By',
		name: 'resetTrigger',
		type: 'options',
		options: RESET_TRIGGER_OPTIONS,
		default: 'interaction',
		displayOptions: recurring,
	},
	{
		...reminderOwnerLocator({
			name: 'owner',
			displayName: 'Owner',
			description: 'The team member who is reminded',
		}),
	},
	{
		displayName: 'About',
		name: 'about',
		type: 'collection',
		placeholder: 'Add Record',
		default: {},
		description: 'Exactly one company, person or opportunity',
		options: ABOUT.map(({ key, picker }) => ({ ...picker({ name: key }), required: false })),
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Content',
				name: 'content',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'What to do',
			},
			{
				displayName: 'First Due Date',
				name: 'firstDueDate',
				type: 'dateTime',
				default: '',
				// Inside a collection a condition names a top-level parameter with a leading slash.
				displayOptions: { show: { '/type': ['recurring'] } },
				description: 'When a recurring reminder is first due (default: in Every (Days) days)',
			},
		],
	},
]);

function pickedId(value: unknown): unknown {
	return value && typeof value === 'object' ? (value as IDataObject).value : value;
}

/**
 * POST /v2/reminders (reminders.ReminderToBeCreated): 201 with the reminder. Checked before the
 * request: exactly one record, a period of at least 1 day. Sent once.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const node = this.getNode();
	const type = this.getNodeParameter('type', itemIndex, 'one-time') as string;
	const about = this.getNodeParameter('about', itemIndex, {}) as IDataObject;
	const given = ABOUT.filter(
		({ key }) => pickedId(about[key]) !== undefined && pickedId(about[key]) !== '',
	);
	if (given.length !== 1) {
		throw new NodeOperationError(
			node,
			`About: ${given.length ? `${given.map((g) => g.label).join(' and ')} given; pick only one` : 'pick a company, a person or an opportunity'}`,
			{
				itemIndex,
				description: 'A reminder is about exactly one company, person or opportunity.',
			},
		);
	}
	const [{ key, label }] = given;
	const body: IDataObject = {
		type,
		owner: { id: idParameter.call(this, 'owner', 'Owner (person ID)', 'int64', itemIndex) },
		entity: {
			type: key,
			id: validateId(node, pickedId(about[key]), `About → ${label}`, 'int64', itemIndex),
		},
	};
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (typeof options.content === 'string' && options.content.trim()) body.content = options.content;
	if (type === 'recurring') {
		const periodDays = Number(this.getNodeParameter('periodDays', itemIndex, 30));
		if (!Number.isInteger(periodDays) || periodDays < 1) {
			throw new NodeOperationError(
				node,
				`Every (Days): a recurring reminder repeats every 1 day or more; got ${String(periodDays)}`,
				{ itemIndex },
			);
		}
		body.recurrence = {
			periodDays,
			resetTrigger: this.getNodeParameter('resetTrigger', itemIndex, 'interaction') as string,
		};
		if (options.firstDueDate)
			body.dueDate = instantParameter.call(
				this,
				options.firstDueDate,
				'Options → First Due Date',
				itemIndex,
			);
	} else
		body.dueDate = instantParameter.call(
			this,
			this.getNodeParameter('dueDate', itemIndex, ''),
			'Due Date',
			itemIndex,
		);
	const { body: reminder } = await affinityRequest.call(this, {
		method: 'POST',
		path: '/v2/reminders',
		body,
		subject: `${key} with ID ${(body.entity as IDataObject).id}`,
		itemIndex,
		checkWith: `Check with Reminder → Get Many (filter ${key}.id) whether the reminder was created`,
	});
	const [named] = await withReminderNames.call(this, [reminder as IDataObject], itemIndex);
	return named;
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'POST', path: '/v2/reminders', beta: true },
];

import type { INodeProperties } from 'n8n-workflow';

/** A reminder by ID (Affinity has no page per reminder; Get Many lists them with their IDs). */
export const reminderIdParameter: INodeProperties = {
	displayName: 'Reminder ID',
	name: 'reminderId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 12',
	description: 'The ID of the reminder, as Reminder → Get Many or Create gives it',
};

import type { INodePropertyOptions } from 'n8n-workflow';

/** What resets a recurring reminder's clock (the API's `resetType` / v1's `reset_type`). */
export const RESET_TRIGGER_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Any Interaction',
		value: 'interaction',
		description: 'An email or a calendar event',
	},
	{ name: 'An Email', value: 'email' },
	{ name: 'An Event', value: 'event', description: 'A calendar event' },
];

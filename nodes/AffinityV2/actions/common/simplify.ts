import type { INodeProperties } from 'n8n-workflow';

export const simplifyParameter: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return field values by field name, unwrapped (dropdowns as text, people and companies as ID and name, dates with their calendar date) instead of the raw API shape',
};

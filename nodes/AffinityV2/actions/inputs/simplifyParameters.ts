import type { INodeProperties } from 'n8n-workflow';

export const simplifyParameter: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return field values by field name, unwrapped (dropdowns as text, people and companies as ID and name, dates with their calendar date) instead of the raw API shape. "possiblyTruncated" names fields that came back with 100 people or companies, the most the API returns: they may hold more.',
};

/** Simplify for a write answered by API v1: the pack's names and shapes, or Affinity's raw answer. */
export const v1SimplifyParameter: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return the record with the names and shapes of the other operations (ID, listId, camelCase) instead of Affinity’s raw answer',
};

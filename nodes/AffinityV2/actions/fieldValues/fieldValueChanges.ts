import { operatorsFor, type FilterTarget, type FixedFilterProperty } from '../search/filters';

/**
 * The change log's filter properties (GET /v2/field-value-changes and a list entry's
 * field-value-changes): field, changer, time and action; the workspace log also by list entry.
 */

const TIME = ['>', '<', '>=', '<='];

const entryProperties: Record<string, FixedFilterProperty> = {
	'field.id': {
		label: 'Field ID',
		operators: ['='],
		valueType: 'text',
		collection: false,
		description: 'The field whose value changed, e.g. field-1234',
	},
	'changer.id': {
		label: 'Changer ID',
		operators: ['='],
		valueType: 'int',
		collection: false,
		description: 'The user who made the change',
	},
	changedAt: {
		label: 'Changed At',
		operators: TIME,
		valueType: 'datetime',
		collection: false,
		description: 'When the change was made (ISO 8601)',
	},
	actionType: {
		label: 'Action Type',
		operators: ['='],
		valueType: 'text',
		collection: false,
		description: 'add, update or delete',
	},
};

const workspaceProperties: Record<string, FixedFilterProperty> = {
	...entryProperties,
	'listEntry.id': {
		label: 'List Entry ID',
		operators: ['='],
		valueType: 'int',
		collection: false,
		description: 'The list entry the change was made on',
	},
};

/** GET /v2/lists/{listId}/list-entries/{listEntryId}/field-value-changes. */
export const entryChangeFilter: FilterTarget = {
	properties: entryProperties,
	operators: operatorsFor(entryProperties),
	what: 'changes',
};

/** GET /v2/field-value-changes. */
export const workspaceChangeFilter: FilterTarget = {
	properties: workspaceProperties,
	operators: operatorsFor(workspaceProperties),
	what: 'changes',
};

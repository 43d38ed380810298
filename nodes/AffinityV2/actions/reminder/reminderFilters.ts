import { operatorsFor, type FilterTarget, type FixedFilterProperty } from '../search/filters';

const RANGE = ['>', '<', '>=', '<='];
const id = (label: string, description: string): FixedFilterProperty => ({
	label,
	operators: ['='],
	valueType: 'int',
	collection: false,
	description,
});
const time = (label: string, description: string): FixedFilterProperty => ({
	label,
	operators: RANGE,
	valueType: 'datetime',
	collection: false,
	description,
});
const choice = (label: string, description: string): FixedFilterProperty => ({
	label,
	operators: ['='],
	valueType: 'text',
	collection: false,
	description,
});

/** GET /v2/reminders: the properties and operators its description lists. */
const reminderProperties: Record<string, FixedFilterProperty> = {
	id: id('ID', 'The reminder ID'),
	type: choice('Type', 'one-time or recurring'),
	status: choice('Status', 'active, overdue or completed'),
	resetTrigger: choice('Reset Trigger', 'Of recurring reminders: interaction, email or event'),
	dueDate: time('Due Date', 'When it is due (ISO 8601)'),
	completedAt: time('Completed At', 'When it was completed (ISO 8601)'),
	createdAt: time('Created At', 'When it was created (ISO 8601)'),
	updatedAt: time('Updated At', 'When it was last changed (ISO 8601)'),
	'owner.id': {
		label: 'Owner ID',
		operators: ['=', '!='],
		valueType: 'int',
		collection: false,
		description: 'The person ID of its owner',
	},
	'creator.id': id('Creator ID', 'The person ID of who created it'),
	'completer.id': id('Completer ID', 'The person ID of who completed it'),
	'company.id': id('Company ID', 'The company it is about'),
	'person.id': id('Person ID', 'The person it is about'),
	'opportunity.id': id('Opportunity ID', 'The opportunity it is about'),
};

export const reminderFilter: FilterTarget = {
	properties: reminderProperties,
	operators: operatorsFor(reminderProperties),
	what: 'reminders',
};

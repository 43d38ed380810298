import { operatorsFor, type FilterTarget, type FixedFilterProperty } from '../search/filters';

const RANGE = ['>', '<', '>=', '<='];

const creatorId: FixedFilterProperty = {
	label: 'Creator ID',
	operators: ['='],
	valueType: 'int',
	collection: false,
	description: 'The person ID of who wrote it',
};
const createdAt: FixedFilterProperty = {
	label: 'Created At',
	operators: RANGE,
	valueType: 'datetime',
	collection: false,
	description: 'When it was written (ISO 8601)',
};
const updatedAt: FixedFilterProperty = {
	label: 'Updated At',
	operators: RANGE,
	valueType: 'datetime',
	collection: false,
	description: 'When it was last edited (ISO 8601)',
};

const noteProperties: Record<string, FixedFilterProperty> = {
	id: {
		label: 'ID',
		operators: ['='],
		valueType: 'int',
		collection: false,
		description: 'The note ID',
	},
	'creator.id': creatorId,
	createdAt,
	updatedAt,
};

const replyProperties: Record<string, FixedFilterProperty> = {
	'creator.id': creatorId,
	createdAt,
	updatedAt,
};

/** GET /v2/notes: id and creator.id (=), createdAt and updatedAt (>, <, >=, <=). */
export const noteFilter: FilterTarget = {
	properties: noteProperties,
	operators: operatorsFor(noteProperties),
	what: 'notes',
};

/** GET /v2/notes/{noteId}/replies: creator.id, createdAt, updatedAt. */
export const replyFilter: FilterTarget = {
	properties: replyProperties,
	operators: operatorsFor(replyProperties),
	what: 'replies',
};

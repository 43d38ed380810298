import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as deleteNote from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getAttachedCompanies from './getAttachedCompanies.operation';
import * as getAttachedOpportunities from './getAttachedOpportunities.operation';
import * as getAttachedPersons from './getAttachedPersons.operation';
import * as getReplies from './getReplies.operation';
import * as search from './search.operation';
import * as update from './update.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['note'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a note',
			description:
				'Write a note about people, companies or opportunities, on a meeting, call or chat message, or as a reply (BETA endpoint)',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a note',
			description: 'Delete a note you created, with its replies (BETA endpoint)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a note',
			description: 'Get one note by ID: its HTML content, creator, mentions and dates',
		},
		{
			name: 'Get Attached Companies',
			value: 'getAttachedCompanies',
			action: 'Get companies attached to a note',
			description: 'Get the companies a note is directly attached to',
		},
		{
			name: 'Get Attached Opportunities',
			value: 'getAttachedOpportunities',
			action: 'Get opportunities attached to a note',
			description: 'Get the opportunities a note is directly attached to',
		},
		{
			name: 'Get Attached People',
			value: 'getAttachedPersons',
			action: 'Get people attached to a note',
			description: 'Get the people a note is directly attached to',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many notes',
			description:
				'List notes (not replies), optionally filtered by ID, creator or dates, or count them',
		},
		{
			name: 'Get Replies',
			value: 'getReplies',
			action: 'Get replies to a note',
			description:
				'List the replies to a note, optionally filtered by creator or dates, or count them',
		},
		{
			name: 'Search',
			value: 'search',
			action: 'Search notes',
			description:
				'Find notes by keyword, in the whole account, chosen notes or one company; one matching passage each (BETA endpoint)',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a note',
			description: 'Change a note’s text and what it is attached to (BETA endpoint)',
		},
	],
	default: 'get',
};

export const note: ResourceModule = {
	displayName: 'Note',
	operations: {
		get,
		getAll,
		getReplies,
		getAttachedCompanies,
		getAttachedOpportunities,
		getAttachedPersons,
		search,
		create,
		update,
		delete: deleteNote,
	},
	description: [
		operation,
		...get.description,
		...getAll.description,
		...getReplies.description,
		...getAttachedCompanies.description,
		...getAttachedOpportunities.description,
		...getAttachedPersons.description,
		...search.description,
		...create.description,
		...update.description,
		...deleteNote.description,
	],
};

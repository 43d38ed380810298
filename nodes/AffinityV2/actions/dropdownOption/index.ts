import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as deleteOption from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['dropdownOption'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a dropdown option',
			description: 'Add an option to a dropdown, ranked or status field of a list (BETA endpoint)',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a dropdown option',
			description:
				'Delete an option of a list field; every value set to it is cleared (needs a confirmation; BETA endpoint)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a dropdown option',
			description: 'Get one option of a list field (BETA endpoint)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many dropdown options',
			description:
				'List the options of a dropdown field of a list, of people or of companies (BETA endpoints)',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a dropdown option',
			description:
				'Rename an option, or change its rank, colour, status category or win rate (BETA endpoint)',
		},
	],
	default: 'getAll',
};

export const dropdownOption: ResourceModule = {
	displayName: 'Dropdown Option',
	operations: { getAll, get, create, update, delete: deleteOption },
	description: [
		operation,
		...getAll.description,
		...get.description,
		...create.description,
		...update.description,
		...deleteOption.description,
	],
};

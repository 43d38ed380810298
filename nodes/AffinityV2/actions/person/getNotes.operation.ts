import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { entityNotesParameters, readEntityNotes } from '../common/entityNotes';
import { forOperation } from '../common/forOperation';
import { personLocator } from '../common/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation(
	'person',
	'getNotes',
	entityNotesParameters(personLocator()),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return readEntityNotes.call(this, itemIndex, 'person');
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/persons/{personId}/notes' },
];

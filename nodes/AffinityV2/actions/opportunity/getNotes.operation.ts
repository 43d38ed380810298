import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { entityNotesParameters, readEntityNotes } from '../records/entityNotes';
import { forOperation } from '../inputs/forOperation';
import { opportunityLocator } from '../../pickers/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation(
	'opportunity',
	'getNotes',
	entityNotesParameters(opportunityLocator()),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return readEntityNotes.call(this, itemIndex, 'opportunity');
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/opportunities/{opportunityId}/notes' },
];

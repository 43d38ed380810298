import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { entityNotesParameters, readEntityNotes } from '../common/entityNotes';
import { forOperation } from '../common/forOperation';
import { companyLocator } from '../common/locators';
import type { OperationEndpoint } from '../types';

export const description: INodeProperties[] = forOperation(
	'company',
	'getNotes',
	entityNotesParameters(companyLocator()),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return readEntityNotes.call(this, itemIndex, 'company');
}

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/companies/{companyId}/notes' },
];

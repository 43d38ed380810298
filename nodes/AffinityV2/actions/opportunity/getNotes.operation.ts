import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { entityNotesParameters, readEntityNotes } from '../common/entityNotes';
import { forOperation } from '../common/forOperation';
import { opportunityLocator } from '../common/locators';

export const description: INodeProperties[] = forOperation(
	'opportunity',
	'getNotes',
	entityNotesParameters(opportunityLocator()),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return readEntityNotes.call(this, itemIndex, 'opportunity');
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../common/forOperation';
import { idParameter } from '../common/ids';
import { transcriptLocator } from '../common/locators';
import { recordsOrCount, recordsOrTotal } from '../common/paging';

export const description: INodeProperties[] = forOperation('transcript', 'getFragments', [
	transcriptLocator(),
	...recordsOrCount('fragment (one speaker turn)', 'fragments'),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const transcriptId = idParameter.call(this, 'transcriptId', 'Transcript ID', 'int32', itemIndex);
	return recordsOrTotal.call(this, itemIndex, {
		method: 'GET',
		path: `/v2/transcripts/${transcriptId}/fragments`,
		subject: `transcript with ID ${transcriptId}`,
		itemIndex,
	});
}

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../inputs/forOperation';
import { idParameter } from '../inputs/ids';
import { transcriptLocator } from '../../pickers/locators';
import { recordsOrCount, recordsOrTotal } from '../inputs/paging';
import type { OperationEndpoint } from '../types';

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

export const endpoint: OperationEndpoint[] = [
	{ api: 'v2', method: 'GET', path: '/v2/transcripts/{transcriptId}/fragments', beta: true },
];
